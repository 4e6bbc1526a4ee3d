// Campaigns in the core: the public configuration (its ETag and freshness honoured), targeting,
// frequency caps, the experiment gate and the triggers. The renderer (sdk/src/render.ts) is loaded
// only when a campaign is to be shown: a page that shows nothing never fetches it.
import { capped, countImpression, localDay, maxAgeSeconds, scrolledPercent, targeted, type Shown } from './campaign-rules.js';
import type { Campaign, Device, PublicConfig, RenderHost, Trigger } from './campaign-types.js';
import { read, write } from './storage.js';

export interface CoreHost extends Omit<RenderHost, 'closed'> {
  siteId: string;
  renderUrl: string;
  device: Device;
  newVisitor: boolean;
  api(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response | undefined>;
  variant(experimentId: string): Promise<'control' | 'treatment'>;
}

interface Renderer {
  render(host: RenderHost, campaign: Campaign, slots: Element[]): void;
}

interface CachedConfig {
  etag: string | null;
  fresh: number;
  data: PublicConfig;
}

let renderer: Promise<Renderer> | undefined;
let order: Campaign[] = [];
let visible: Campaign | undefined;
const waiting: Campaign[] = [];

/** `GET /runtime/config`, kept in sessionStorage with its ETag for its max-age, then revalidated (304 keeps it). */
export async function loadConfig(host: CoreHost): Promise<PublicConfig | undefined> {
  const key = `sf:cfg:${host.siteId}`;
  let cached: CachedConfig | null = null;
  try {
    cached = JSON.parse(sessionStorage.getItem(key) ?? 'null') as CachedConfig | null;
  } catch {
    // no storage: ask every time
  }
  if (cached && Date.now() < cached.fresh) return cached.data;
  const res = await host.api('/runtime/config', undefined, cached?.etag ? { 'if-none-match': cached.etag } : {});
  if (!res || (res.status !== 200 && (res.status !== 304 || !cached))) return res ? undefined : cached?.data;
  const data = res.status === 200 ? ((await res.json()) as { data: PublicConfig }).data : cached!.data;
  const fresh = Date.now() + maxAgeSeconds(res.headers.get('cache-control')) * 1000;
  try {
    sessionStorage.setItem(key, JSON.stringify({ etag: res.headers.get('etag') ?? cached?.etag ?? null, fresh, data }));
  } catch {
    // no storage
  }
  return data;
}

const isCapped = (host: CoreHost, c: Campaign) =>
  capped(read<Record<string, Shown>>('f', {})[c.campaign_id], c.frequency, host.sessionId(), localDay(new Date()));

function countShown(host: CoreHost, c: Campaign) {
  const all = read<Record<string, Shown>>('f', {});
  all[c.campaign_id] = countImpression(all[c.campaign_id], host.sessionId(), localDay(new Date()));
  write('f', all);
}

/** Resolves when the campaign's trigger fires (exit intent: the pointer leaves through the top, desktop only). */
function fired(t: Trigger | undefined, device: Device): Promise<void> {
  return new Promise((resolve) => {
    const on = t?.on ?? 'page_load';
    if (on === 'delay') {
      setTimeout(resolve, t?.delay_ms ?? 0);
    } else if (on === 'scroll') {
      const check = () => {
        const root = document.documentElement;
        if (scrolledPercent(scrollY, innerHeight, root.scrollHeight) < (t?.scroll_percent ?? 50)) return;
        removeEventListener('scroll', check);
        resolve();
      };
      addEventListener('scroll', check, { passive: true });
      check();
    } else if (on === 'exit_intent') {
      if (device !== 'desktop') return;
      const out = (e: MouseEvent) => {
        if (e.relatedTarget || e.clientY > 0) return;
        document.removeEventListener('mouseout', out);
        resolve();
      };
      document.addEventListener('mouseout', out);
    } else {
      resolve();
    }
  });
}

async function show(host: CoreHost, c: Campaign, slots: Element[] = []) {
  try {
    renderer ??= import(host.renderUrl) as Promise<Renderer>;
    const r = await renderer;
    countShown(host, c);
    r.render({ ...host, closed: (gone) => closed(host, gone) }, c, slots);
  } catch {
    renderer = undefined; // a failed load is tried again by the next campaign
    if (visible === c) closed(host, c);
  }
}

/** At most one overlay at a time: triggered overlays wait their turn in configuration order. */
function nextOverlay(host: CoreHost) {
  waiting.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  while (!visible && waiting.length > 0) {
    const c = waiting.shift()!;
    if (isCapped(host, c)) continue;
    visible = c;
    void show(host, c);
  }
}

function closed(host: CoreHost, c: Campaign) {
  if (visible !== c) return;
  visible = undefined;
  nextOverlay(host);
}

async function arm(host: CoreHost, c: Campaign) {
  const slots = c.kind === 'recommendation' ? [...document.querySelectorAll('[data-sf-slot]')].filter((el) => el.getAttribute('data-sf-slot') === c.content.placement) : [];
  if (c.kind === 'recommendation' && slots.length === 0) return;
  // The gate (spec 2.6): asked before anything loads; `control` is the holdout and sees nothing.
  if (c.experiment_id && (await host.variant(c.experiment_id)) !== 'treatment') return;
  await fired(c.trigger, host.device);
  if (c.kind === 'overlay') {
    waiting.push(c);
    nextOverlay(host);
  } else if (!isCapped(host, c)) {
    void show(host, c, slots);
  }
}

export async function startCampaigns(host: CoreHost): Promise<void> {
  const config = await loadConfig(host);
  if (!config) return;
  if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
  const visit = { path: location.pathname, device: host.device, newVisitor: host.newVisitor };
  order = config.campaigns.filter((c) => targeted(c, visit) && !isCapped(host, c));
  for (const c of order) void arm(host, c);
}
