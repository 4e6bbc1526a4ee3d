// GET /sites/{siteId}/analytics/{summary,timeseries,top,funnel} on both engines (CONTRACT §12,
// issue #18): figures checked against a hand-computed site in America/New_York around its
// spring-forward day (2026-03-08 has 23 hours), zero-filled local buckets, the trusted ledger net
// of a refund with a cancelled order left out, and every refusal of the routes.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adjustment, cancellation, CONVERSIONS_URL, purchase } from '../../helpers/attribution.js';
import { bearer, forEachEngine, type TestApp } from '../../helpers/app.js';
import { shop, type Shop } from '../recommendations/shop-client.js';

const TZ = 'America/New_York';

export interface RawEvent {
  type: string;
  session: string;
  at: string;
  device?: string;
  url?: string;
  referrer?: string;
  deviceType?: string;
  product?: string;
}

export const eventPayload = (e: RawEvent) => ({
  event_type: e.type,
  session_id: e.session,
  occurred_at: e.at,
  ...(e.device ? { device_id: e.device } : {}),
  properties: e.type === 'purchase' ? { order_id: `o-${e.session}`, total: 10, currency: 'EUR' } : e.product ? { product_id: e.product } : {},
  context: { page_url: e.url ?? 'https://shop.example/a', user_agent: 'test', ...(e.referrer ? { referrer: e.referrer } : {}), ...(e.deviceType ? { device_type: e.deviceType } : {}) },
});

export async function sendEvents(t: TestApp, headers: Record<string, string>, events: readonly RawEvent[]): Promise<void> {
  for (let k = 0; k < events.length; k += 100) {
    const res = await t.inject({ method: 'POST', url: '/api/v1/events/batch', headers, payload: { events: events.slice(k, k + 100).map(eventPayload) } });
    assert.equal(res.statusCode, 201, res.body);
  }
}

/** The hand-computed site: three sessions of two visitors in [03-07, 03-10) New York time, one before. */
export const EVENTS: RawEvent[] = [
  { type: 'page_view', session: 's1', device: 'd1', at: '2026-03-07T15:00:00Z', url: 'https://shop.example/a?utm_source=news&utm_campaign=spring', referrer: 'https://www.Google.com/search?q=x', deviceType: 'mobile' },
  { type: 'product_view', session: 's1', device: 'd1', at: '2026-03-07T15:05:00Z', product: 'p1', url: 'https://shop.example/p/p1' },
  { type: 'add_to_cart', session: 's1', device: 'd1', at: '2026-03-07T15:10:00Z', product: 'p1' },
  { type: 'purchase', session: 's1', device: 'd1', at: '2026-03-07T15:20:00Z' },
  { type: 'page_view', session: 's2', device: 'd1', at: '2026-03-08T06:30:00Z', url: 'https://shop.example/b', referrer: 'https://news.example/', deviceType: 'mobile' },
  { type: 'page_view', session: 's2', device: 'd1', at: '2026-03-08T07:30:00Z', url: 'https://shop.example/b?x=1' },
  { type: 'page_view', session: 's3', at: '2026-03-09T03:59:00Z', url: 'https://shop.example/a', deviceType: 'desktop' }, // 23:59 EDT on the 8th
  { type: 'product_view', session: 's3', at: '2026-03-09T04:00:00Z', product: 'p2' }, // 00:00 EDT on the 9th
  { type: 'page_view', session: 's4', device: 'd2', at: '2026-03-07T04:59:59Z' }, // 23:59:59 EST on the 6th: the previous period
  { type: 'page_view', session: 's5', device: 'd3', at: '2026-03-10T04:00:00Z' }, // 00:00 EDT on the 10th: after the period
];

forEachEngine('traffic analytics', (t) => {
  const get = (s: Shop, route: string, query: string, headers: Record<string, string> = s.ownerH) => t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/analytics/${route}?${query}`, headers });
  const data = async (s: Shop, route: string, query: string) => {
    const res = await get(s, route, query);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  };
  const ledger = async (s: Shop, body: object) => {
    const res = await t().inject({ method: 'POST', url: CONVERSIONS_URL, headers: s.server, payload: body });
    assert.equal(res.statusCode, 201, res.body);
  };
  const site = async () => {
    const s = await shop(t());
    await sendEvents(t(), s.browser, EVENTS);
    const eur = purchase(s.siteId, { occurred_at: '2026-03-08T12:00:00Z' });
    const usd = purchase(s.siteId, { occurred_at: '2026-03-07T20:00:00Z', currency: 'USD' });
    const cancelled = purchase(s.siteId, { occurred_at: '2026-03-09T12:00:00Z' });
    const outside = purchase(s.siteId, { occurred_at: '2026-03-10T12:00:00Z' });
    for (const p of [eur, usd, cancelled, outside]) await ledger(s, { event_type: 'purchase', conversion: p });
    await ledger(s, { event_type: 'adjustment', adjustment: adjustment(s.siteId, String(eur.order_id)) }); // −5.00 revenue, −4.00 commissionable
    await ledger(s, { event_type: 'cancellation', cancellation: cancellation(s.siteId, String(cancelled.order_id)) });
    return s;
  };

  it('summary: exact figures of the period and of the previous one', async () => {
    const s = await site();
    const d = await data(s, 'summary', `from=2026-03-07&to=2026-03-10&tz=${TZ}`);
    assert.equal(d.from, '2026-03-07T05:00:00.000Z');
    assert.equal(d.to, '2026-03-10T04:00:00.000Z');
    assert.equal(d.tz, TZ);
    assert.deepEqual(
      { v: d.visitors, s: d.sessions, pv: d.page_views, prv: d.product_views, atc: d.add_to_carts, bp: d.browser_purchases },
      { v: 2, s: 3, pv: 4, prv: 2, atc: 1, bp: 1 },
    );
    assert.deepEqual(d.conversions, { count: 2, revenue: { EUR: 47.43, USD: 52.43 }, commissionable: { EUR: 38.98, USD: 42.98 } });
    assert.equal(d.conversion_rate, 2 / 3);
    assert.deepEqual(d.average_order_value, { EUR: 47.43, USD: 52.43 });
    // The previous period: [03-04 06:00Z, 03-07 05:00Z) holds s4's page view.
    assert.equal(d.previous.from, '2026-03-04T06:00:00.000Z'); // 71 hours before from
    assert.equal(d.previous.to, '2026-03-07T05:00:00.000Z');
    assert.deepEqual({ v: d.previous.visitors, s: d.previous.sessions, pv: d.previous.page_views }, { v: 1, s: 1, pv: 1 });
    assert.deepEqual(d.previous.conversions, { count: 0, revenue: {}, commissionable: {} });
    assert.equal(d.previous.conversion_rate, 0);
    const eur = await data(s, 'summary', `from=2026-03-07&to=2026-03-10&tz=${TZ}&currency=eur`);
    assert.deepEqual(eur.conversions, { count: 1, revenue: 47.43, commissionable: 38.98 });
    assert.equal(eur.average_order_value, 47.43);
    assert.equal(eur.conversion_rate, 1 / 3);
    assert.deepEqual(eur.previous.conversions, { count: 0, revenue: 0, commissionable: 0 });
  });

  it('timeseries: local days of 24, 23 and 24 hours; real hours of the spring-forward day, zero-filled', async () => {
    const s = await site();
    const days = await data(s, 'timeseries', `from=2026-03-07&to=2026-03-10&tz=${TZ}&metric=page_views&interval=day`);
    assert.deepEqual(days, [
      { bucket_start: '2026-03-07T05:00:00.000Z', value: 1 },
      { bucket_start: '2026-03-08T05:00:00.000Z', value: 3 },
      { bucket_start: '2026-03-09T04:00:00.000Z', value: 0 },
    ]);
    const visitors = await data(s, 'timeseries', `from=2026-03-07&to=2026-03-10&tz=${TZ}&metric=visitors`);
    assert.deepEqual(visitors.map((p: { value: number }) => p.value), [1, 2, 1]);
    const sessions = await data(s, 'timeseries', `from=2026-03-07&to=2026-03-10&tz=${TZ}&metric=sessions`);
    assert.deepEqual(sessions.map((p: { value: number }) => p.value), [1, 2, 1]);
    const hours = await data(s, 'timeseries', `from=2026-03-08&to=2026-03-09&tz=${TZ}&metric=page_views&interval=hour`);
    assert.equal(hours.length, 23);
    assert.equal(hours[0].bucket_start, '2026-03-08T05:00:00.000Z');
    assert.equal(hours[2].bucket_start, '2026-03-08T07:00:00.000Z'); // 03:00 EDT follows 01:00 EST
    const expected = hours.map(() => 0);
    expected[1] = 1; // 01:30 EST
    expected[2] = 1; // 03:30 EDT
    expected[22] = 1; // 23:59 EDT
    assert.deepEqual(hours.map((p: { value: number }) => p.value), expected);
    const revenue = await data(s, 'timeseries', `from=2026-03-07&to=2026-03-10&tz=${TZ}&metric=revenue&currency=EUR`);
    assert.deepEqual(revenue.map((p: { value: number }) => p.value), [0, 47.43, 0]);
    const orders = await data(s, 'timeseries', `from=2026-03-07&to=2026-03-10&tz=${TZ}&metric=conversions`);
    assert.deepEqual(orders.map((p: { value: number }) => p.value), [1, 1, 0]);
    const weeks = await data(s, 'timeseries', `from=2026-03-07&to=2026-03-10&tz=${TZ}&metric=product_views&interval=week`);
    assert.deepEqual(weeks, [
      { bucket_start: '2026-03-02T05:00:00.000Z', value: 1 }, // Monday 2 March, 00:00 EST; the 7th and 8th
      { bucket_start: '2026-03-09T04:00:00.000Z', value: 1 },
    ]);
  });

  it('top: pages by path, products, and sessions by their first event; rows without a value left out', async () => {
    const s = await site();
    const q = `from=2026-03-07&to=2026-03-10&tz=${TZ}&dimension=`;
    assert.deepEqual(await data(s, 'top', `${q}page`), [{ value: '/a', count: 2 }, { value: '/b', count: 2 }]);
    assert.deepEqual(await data(s, 'top', `${q}page&limit=1`), [{ value: '/a', count: 2 }]);
    assert.deepEqual(await data(s, 'top', `${q}product`), [{ value: 'p1', count: 1 }, { value: 'p2', count: 1 }]);
    assert.deepEqual(await data(s, 'top', `${q}referrer_host`), [{ value: 'news.example', count: 1 }, { value: 'www.google.com', count: 1 }]);
    assert.deepEqual(await data(s, 'top', `${q}utm_source`), [{ value: 'news', count: 1 }]);
    assert.deepEqual(await data(s, 'top', `${q}utm_campaign`), [{ value: 'spring', count: 1 }]);
    assert.deepEqual(await data(s, 'top', `${q}device_type`), [{ value: 'mobile', count: 2 }, { value: 'desktop', count: 1 }]);
  });

  it('funnel: steps strictly later, within the window of the first', async () => {
    const s = await site();
    const q = `from=2026-03-07&to=2026-03-10&tz=${TZ}`;
    assert.deepEqual(await data(s, 'funnel', `${q}&steps=page_view,product_view,add_to_cart,purchase`), [
      { step: 'page_view', sessions: 3 },
      { step: 'product_view', sessions: 2 },
      { step: 'add_to_cart', sessions: 1 },
      { step: 'purchase', sessions: 1 },
    ]);
    // s1's purchase is 20 minutes after its page view.
    assert.deepEqual(await data(s, 'funnel', `${q}&steps=page_view,add_to_cart,purchase&window_minutes=15`), [
      { step: 'page_view', sessions: 3 },
      { step: 'add_to_cart', sessions: 1 },
      { step: 'purchase', sessions: 0 },
    ]);
    assert.deepEqual(await data(s, 'funnel', `${q}&steps=product_view,page_view`), [
      { step: 'product_view', sessions: 2 },
      { step: 'page_view', sessions: 0 },
    ]);
  });

  it('refuses what the contract refuses, at the parameter’s path, and stores nothing', async () => {
    const s = await shop(t());
    const cases: [string, string, string][] = [
      ['summary', 'tz=Mars/Olympus', '/tz'],
      ['summary', 'from=2026-03-02&to=2026-03-01', '/from'],
      ['summary', 'from=2026-03-01&to=2026-03-01', '/from'],
      ['timeseries', 'metric=visitors&from=2025-01-01&to=2026-01-03', '/to'],
      ['timeseries', 'metric=visitors&interval=hour&from=2026-01-01&to=2026-02-02', '/interval'],
      ['timeseries', 'metric=bounces', '/metric'],
      ['timeseries', 'metric=revenue', '/currency'],
      ['timeseries', 'metric=revenue&currency=XXY', '/currency'],
      ['timeseries', 'metric=visitors&interval=month', '/interval'],
      ['timeseries', '', '/metric'],
      ['top', 'dimension=colour', '/dimension'],
      ['top', 'dimension=page&limit=0', '/limit'],
      ['top', 'dimension=page&limit=101', '/limit'],
      ['funnel', 'steps=page_view,checkout', '/steps'],
      ['funnel', 'steps=page_view', '/steps'],
      ['funnel', 'steps=page_view,page_view', '/steps'],
      ['funnel', 'steps=page_view,product_view,add_to_cart,remove_from_cart,purchase,search,custom,chatbot_message,quiz_start', '/steps'],
      ['funnel', 'steps=page_view,purchase&window_minutes=0', '/window_minutes'],
      ['funnel', 'steps=page_view,purchase&window_minutes=10081', '/window_minutes'],
      ['funnel', '', '/steps'],
    ];
    for (const [route, query, path] of cases) {
      const res = await get(s, route, query);
      assert.equal(res.statusCode, 400, `${route}?${query}: ${res.body}`);
      assert.equal(res.json().success, false);
      assert.equal(res.json().error.details[0].path, path, `${route}?${query}: ${res.body}`);
    }
    for (const route of ['summary', 'timeseries?metric=visitors', 'top?dimension=page', 'funnel?steps=page_view,purchase']) {
      const [name, query = ''] = route.split('?');
      assert.equal((await get(s, name!, query, s.browser)).statusCode, 401, `${route}: a runtime token`);
      assert.equal((await get(s, name!, query, s.server)).statusCode, 401, `${route}: a secret key`);
      assert.equal((await get(s, name!, query, {})).statusCode, 401, `${route}: no credential`);
      const stranger = bearer(await t().idToken('stranger'));
      assert.equal((await get(s, name!, query, stranger)).statusCode, 403, `${route}: not a member`);
      assert.equal((await get(s, name!, query, bearer(await t().idToken(s.member)))).statusCode, 200, `${route}: a member`);
      const other = await shop(t());
      const res = await t().inject({ method: 'GET', url: `/api/v1/sites/site_AAAAAAAAAAAAAAAAAAAA/analytics/${name}?${query}`, headers: s.ownerH });
      assert.equal(res.statusCode, 404, `${route}: an unknown site`);
      const theirs = await t().inject({ method: 'GET', url: `/api/v1/sites/${other.siteId}/analytics/${name}?${query}`, headers: s.ownerH });
      assert.equal(theirs.statusCode, 403, `${route}: another owner's site`);
    }
    const empty = await data(s, 'summary', 'from=2026-03-01&to=2026-03-02');
    assert.deepEqual({ v: empty.visitors, c: empty.conversions, aov: empty.average_order_value }, { v: 0, c: { count: 0, revenue: {}, commissionable: {} }, aov: {} });
  });
});
