// What the recommendation tests do to a test app: a site with its credentials, products, a
// recommendation campaign, events (browser events with the runtime token, server events with the
// secret key, through /events/batch), a refresh, and GET /recommendations.
import assert from 'node:assert/strict';
import { bearer, ORIGIN, type TestApp } from '../../helpers/app.js';
import type { SyntheticEvent } from '../../helpers/synthetic-sessions.js';

export async function shop(t: TestApp) {
  const site = await t.createSite();
  const key = await t.createKey(site.siteId);
  return {
    ...site,
    ownerH: bearer(await t.idToken(site.owner)),
    browser: { ...bearer(await t.runtimeToken(site.siteId)), origin: ORIGIN },
    server: { 'x-api-key': key.apiKey },
  };
}

export type Shop = Awaited<ReturnType<typeof shop>>;

export const product = (id: string, extra: Record<string, unknown> = {}) => ({
  product_id: id,
  title: `Product ${id}`,
  url: `https://shop.example/p/${id}`,
  price: { amount: 10.5, currency: 'EUR' },
  availability: 'in_stock',
  categories: ['Shoes > Running'],
  ...extra,
});

export async function catalog(t: TestApp, s: Shop, products: object[]): Promise<void> {
  for (let k = 0; k < products.length; k += 500) {
    const res = await t.inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/products/bulk`, headers: s.ownerH, payload: { products: products.slice(k, k + 500) } });
    assert.equal(res.statusCode, 201, res.body);
  }
}

export async function campaign(t: TestApp, s: Shop, content: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/sites/${s.siteId}/campaigns`,
    headers: s.ownerH,
    payload: { name: 'Slot', kind: 'recommendation', status: 'active', content: { placement: 'product', strategy: 'similar', limit: 4, ...content }, ...extra },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.campaign_id as string;
}

/** The API's form of a synthetic event. */
export function payloadOf(e: SyntheticEvent): Record<string, unknown> {
  const properties =
    e.eventType === 'purchase' ? { order_id: e.orderId ?? `o-${e.sessionId}`, total: 10, currency: 'EUR', items: e.productIds.map((product_id) => ({ product_id, quantity: 1, price: 10 })) } : { product_id: e.productIds[0] };
  return { event_type: e.eventType, session_id: e.sessionId, occurred_at: new Date(e.at).toISOString(), properties, context: { page_url: 'https://shop.example/', user_agent: 'test' } };
}

/**
 * Sends events in order: runs of one credential, in batches of at most 100 that never hold two
 * events of one session (so that the stream's order within a batch, which is by event id, never
 * reorders a session's events).
 */
export async function send(t: TestApp, s: Shop, events: readonly SyntheticEvent[]): Promise<void> {
  let batch: SyntheticEvent[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const res = await t.inject({ method: 'POST', url: '/api/v1/events/batch', headers: batch[0]!.trusted ? s.server : s.browser, payload: { events: batch.map(payloadOf) } });
    assert.equal(res.statusCode, 201, res.body);
    batch = [];
  };
  for (const e of events) {
    if (batch.length >= 100 || (batch.length > 0 && batch[0]!.trusted !== e.trusted) || batch.some((b) => b.sessionId === e.sessionId)) await flush();
    batch.push(e);
  }
  await flush();
}

/** A handcrafted event, `minutesAgo` before now. */
/** An event `minutesAgo` before `now` (give one `now` to events whose sessions must weigh exactly alike: the model's decay reads milliseconds). */
export function ev(sessionId: string, eventType: SyntheticEvent['eventType'], productIds: string[], minutesAgo: number, trusted = false, now = Date.now()): SyntheticEvent {
  return { sessionId, eventType, productIds, at: now - minutesAgo * 60_000, trusted, ...(eventType === 'purchase' ? { orderId: `o-${sessionId}-${productIds.join('-')}` } : {}) };
}

export const recommendations = (t: TestApp, headers: Record<string, string>, query: string) => t.inject({ method: 'GET', url: `/api/v1/recommendations?${query}`, headers });

export const idsOf = (res: { json(): { data: { items: { product_id: string }[] } } }) => res.json().data.items.map((i) => i.product_id);

/** Waits until every answer given so far is stored (answers are stored behind the response). */
export async function answersStored(t: TestApp): Promise<void> {
  await t.app.services.recommendations.drainAnswers();
}
