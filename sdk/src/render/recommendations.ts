// Recommendation slots: every `[data-sf-slot="<placement>"]` of the page gets the campaign's items
// (GET /recommendations, CONTRACT §10) in a shadow root of its own; the slot's light content stays
// as the fallback when there is nothing to show.
import type { Campaign, RenderHost } from '../campaign-types.js';
import { h, img, safeUrl, shadow } from './dom.js';

type RecCampaign = Extract<Campaign, { kind: 'recommendation' }>;

interface Answer {
  recommendation_id: string;
  items: { product_id: string; title: string; url: string; image_url?: string | null; price?: { amount: number; currency: string } | null }[];
}

const money = (p: { amount: number; currency: string }) => {
  try {
    return new Intl.NumberFormat(document.documentElement.lang || navigator.language, { style: 'currency', currency: p.currency }).format(p.amount);
  } catch {
    return `${p.amount} ${p.currency}`;
  }
};

async function fill(host: RenderHost, c: RecCampaign, slot: Element) {
  const q = new URLSearchParams({ campaign_id: c.campaign_id });
  const product = slot.getAttribute('data-sf-product-id');
  if (product) q.set('product_id', product);
  q.set('session_id', host.sessionId());
  q.set('limit', String(c.content.limit || 8));
  const res = await host.api(`/recommendations?${q}`);
  if (!res?.ok) return;
  const data = ((await res.json()) as { data: Answer }).data;
  const ids = { recommendation_id: data.recommendation_id, campaign_id: c.campaign_id };
  const items = data.items.filter((i) => safeUrl(i.url));
  if (items.length === 0 || slot.shadowRoot) return;
  const list = h('ul', {}, ...items.map((i) => h('li', {}, h(
    'a',
    { href: i.url, onclick: () => host.track('recommendation_click', { ...ids, product_id: i.product_id }) },
    img(i.image_url ?? undefined),
    h('span', {}, i.title),
    i.price && h('b', {}, money(i.price)),
  ))));
  shadow(slot).append(h('section', { class: 'r rec', 'aria-label': c.content.title || 'Recommended for you' }, c.content.title && h('h2', {}, c.content.title), list));
  host.track('recommendation_impression', ids);
}

export function fillSlots(host: RenderHost, c: RecCampaign, slots: Element[]): void {
  for (const slot of slots) void fill(host, c, slot).catch(() => undefined);
}
