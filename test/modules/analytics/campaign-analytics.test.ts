// GET /sites/{siteId}/analytics/campaigns on both engines (CONTRACT §12 `campaigns`, issue #16): a
// recommendation campaign's impressions and clicks tie to the answers GET /recommendations gave;
// after a click, the session's add-to-carts and server-trusted orders (valued by the ledger, net of
// a refund) count, and nothing before the click, nor a browser purchase; an unknown
// recommendation_id is accepted as an event and counted apart; every refusal of the route.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adjustment, CONVERSIONS_URL, purchase } from '../../helpers/attribution.js';
import { bearer, forEachEngine } from '../../helpers/app.js';
import { EMAIL_FORM, liveCampaign } from '../submissions/campaigns.js';
import { campaign, catalog, product, shop, type Shop } from '../recommendations/shop-client.js';

forEachEngine('campaign analytics', (t) => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const event = (type: string, session: string, m: number, properties: Record<string, unknown>) => ({
    event_type: type,
    session_id: session,
    occurred_at: minutesAgo(m),
    properties,
    context: { page_url: 'https://shop.example/p/a', user_agent: 'test' },
  });
  const send = async (headers: Record<string, string>, events: object[]) => {
    const res = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers, payload: { events } });
    assert.equal(res.statusCode, 201, res.body);
  };
  const report = (s: Shop, query = '', headers: Record<string, string> = s.ownerH) => t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/analytics/campaigns${query}`, headers });
  const answer = async (s: Shop, campaignId: string, session: string): Promise<string> => {
    const res = await t().inject({ method: 'GET', url: `/api/v1/recommendations?campaign_id=${campaignId}&session_id=${session}`, headers: s.browser });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.recommendation_id as string;
  };

  it('ties impressions and clicks to answers and credits what the session did after its click', async () => {
    const s = await shop(t());
    await catalog(t(), s, [product('a'), product('b'), product('c')]);
    const slot = await campaign(t(), s, { strategy: 'popular', limit: 3 });
    const other = await campaign(t(), s, { strategy: 'popular', placement: 'cart' });
    const rec = await answer(s, slot, 's1');
    const rec2 = await answer(s, slot, 's2');
    const otherRec = await answer(s, other, 's3');
    const ids = (r: string, c = slot) => ({ recommendation_id: r, campaign_id: c });
    await send(s.browser, [
      event('add_to_cart', 's1', 30, { product_id: 'b' }), // before the click: not credited
      event('recommendation_impression', 's1', 20, ids(rec)),
      event('recommendation_click', 's1', 19, { ...ids(rec), product_id: 'a' }),
      event('add_to_cart', 's1', 18, { product_id: 'a' }),
      event('recommendation_click', 's1', 17, { ...ids(rec), product_id: 'c' }), // a second click of the session
      event('add_to_cart', 's1', 16, { product_id: 'c' }),
      event('purchase', 's1', 15, { order_id: 'o-browser', total: 99, currency: 'EUR' }), // browser: never revenue
      event('recommendation_impression', 's2', 20, ids(rec2)),
      event('recommendation_impression', 's9', 20, ids('rec_unknown000000000000')), // unknown: apart
      event('recommendation_click', 's9', 19, { ...ids(otherRec), product_id: 'a' }), // another campaign's answer: apart
      event('recommendation_impression', 's3', 20, ids(otherRec, other)),
    ]);
    const order = purchase(s.siteId, { occurred_at: minutesAgo(14) });
    await send(s.server, [
      event('purchase', 's1', 40, { order_id: 'o-before', total: 10, currency: 'EUR' }), // before the click
      event('purchase', 's1', 14, { order_id: order.order_id, total: 52.43, currency: 'EUR' }),
      event('purchase', 's1', 13, { order_id: 'o-unledgered', total: 7.5, currency: 'EUR' }),
      event('add_to_cart', 's2', 10, { product_id: 'a' }), // s2 never clicked
    ]);
    for (const body of [{ event_type: 'purchase', conversion: order }, { event_type: 'adjustment', adjustment: adjustment(s.siteId, String(order.order_id), { occurred_at: minutesAgo(5) }) }]) {
      const res = await t().inject({ method: 'POST', url: CONVERSIONS_URL, headers: s.server, payload: body });
      assert.equal(res.statusCode, 201, res.body);
    }
    // A form campaign with one submission (and one spam, never counted).
    const form = await liveCampaign(t(), s, EMAIL_FORM);
    for (const [n, website] of [[1, ''], [2, 'http://spam.example']] as const) {
      const res = await t().inject({ method: 'POST', url: '/api/v1/submissions', headers: s.browser, payload: { campaign_id: form, form_id: 'f1', client_submission_id: `c${n}`, session_id: 's1', fields: { email: `x${n}@shop.example`, website } } });
      assert.equal(res.statusCode, 202, res.body);
    }

    await t().app.services.recommendations.drainAnswers(); // answers are stored behind their response
    const res = await report(s, '?tz=Europe/Paris');
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.tz, 'Europe/Paris');
    assert.deepEqual(data.unattributed, { impressions: 1, clicks: 1 });
    const byId = new Map(data.campaigns.map((c: { campaign_id: string }) => [c.campaign_id, c]));
    assert.deepEqual(byId.get(slot), {
      campaign_id: slot, name: 'Slot', kind: 'recommendation', status: 'active', experiment: null,
      impressions: 2, clicks: 2, ctr: 1, submissions: 0, add_to_carts: 2, orders: 2,
      revenue: { EUR: 54.93 }, // the ledger's 52.43 − 5.00 refund, and 7.50 the ledger doesn't have
    });
    assert.deepEqual(byId.get(other), { campaign_id: other, name: 'Slot', kind: 'recommendation', status: 'active', experiment: null, impressions: 1, clicks: 0, ctr: 0, submissions: 0, add_to_carts: 0, orders: 0, revenue: {} });
    assert.equal((byId.get(form) as { submissions: number }).submissions, 1);
    assert.equal(data.campaigns[0].campaign_id, slot, 'most impressions first');

    // A period that ends before the clicks has none of it.
    const before = await report(s, `?to=${encodeURIComponent(minutesAgo(25))}`);
    assert.equal(before.json().data.campaigns.find((c: { campaign_id: string }) => c.campaign_id === slot).impressions, 0);
  });

  it('refuses what the contract refuses, stores nothing', async () => {
    const s = await shop(t());
    const cases: [string, number, string?][] = [
      ['?tz=Mars/Olympus', 400, '/tz'],
      ['?from=2026-11-02&to=2026-11-01', 400, '/from'],
      ['?from=2026-11-01&to=2026-11-01', 400, '/from'],
      ['?from=2025-01-01&to=2026-01-03', 400, '/to'],
      ['?from=2026-13-01', 400, '/from'],
      ['?to=soon', 400, '/to'],
    ];
    for (const [query, status, path] of cases) {
      const res = await report(s, query);
      assert.equal(res.statusCode, status, `${query}: ${res.body}`);
      assert.equal(res.json().error.details[0].path, path, query);
    }
    assert.equal((await report(s, '', s.browser)).statusCode, 401, 'a runtime token');
    assert.equal((await report(s, '', s.server)).statusCode, 401, 'a secret key');
    assert.equal((await report(s, '', {})).statusCode, 401, 'no credential');
    const stranger = bearer(await t().idToken('stranger'));
    assert.equal((await report(s, '', stranger)).statusCode, 403, 'not a member');
    const member = bearer(await t().idToken(s.member));
    assert.equal((await report(s, '', member)).statusCode, 200, 'a member');
    const unknown = await t().inject({ method: 'GET', url: '/api/v1/sites/site_AAAAAAAAAAAAAAAAAAAA/analytics/campaigns', headers: s.ownerH });
    assert.equal(unknown.statusCode, 404);
  });
});
