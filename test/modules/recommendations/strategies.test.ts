// GET /recommendations with the model, on both engines (CONTRACT §10): similar products from
// sessions' co-occurrence (neighbours seen in two sessions at least, best first, the slot's rules
// kept, popular products filling the rest), an out-of-stock or archived anchor still served its
// neighbours, an anchor without neighbours or unknown served by popularity; frequently bought
// together from server-trusted orders only; personalized from the session's recent views; new
// events change the answers once refreshed; `strategy` names what served the first item.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { forEachEngine } from '../../helpers/app.js';
import { answersStored, campaign, catalog, ev, idsOf, product, recommendations, send, shop, type Shop } from './shop-client.js';

forEachEngine('recommendation strategies', (t) => {
  const refresh = (siteId: string) => t().app.services.recommendations.refresh(siteId);
  let views: Shop;
  let orders: Shop;

  before(async () => {
    views = await shop(t());
    await catalog(t(), views, [
      ...['a', 'b', 'c', 'd', 'g', 'h', 'n'].map((id) => product(id)),
      product('e', { availability: 'out_of_stock' }),
      product('f'),
      product('z', { categories: ['Hats'] }),
    ]);
    const sessions: [string, string[]][] = [
      ['s1', ['a', 'b', 'c']],
      ['s2', ['a', 'b', 'c']],
      ['s3', ['a', 'b']],
      ['s4', ['a', 'd']],
      ['s5', ['a', 'e']],
      ['s6', ['a', 'e']],
      ['s7', ['a', 'f']],
      ['s8', ['a', 'f']],
      ...Array.from({ length: 10 }, (_, k): [string, string[]] => [`z${k}`, ['z']]),
    ];
    // One clock for all: c (s1, s2) and e (s5, s6) tie exactly only if their sessions start at the same time.
    const now = Date.now();
    await send(t(), views, sessions.flatMap(([s, products]) => products.map((p, k) => ev(s, 'product_view', [p], 30 - k, false, now))).sort((x, y) => x.at - y.at));
    await t().inject({ method: 'DELETE', url: `/api/v1/sites/${views.siteId}/products/f`, headers: views.ownerH });

    orders = await shop(t());
    await catalog(t(), orders, ['a', 'g', 'h', 'x'].map((id) => product(id)));
    await send(t(), orders, [
      ev('p1', 'purchase', ['a', 'g'], 20, true),
      ev('p2', 'purchase', ['g', 'a'], 19, true),
      // Browser purchases are observations, never orders.
      ev('p3', 'purchase', ['a', 'h'], 18),
      ev('p4', 'purchase', ['a', 'h'], 17),
      ev('p5', 'purchase', ['a', 'h'], 16),
      ev('c1', 'add_to_cart', ['a'], 5),
    ]);
    for (const s of [views, orders]) {
      const r = await refresh(s.siteId);
      assert.ok(r.events > 0 && !r.busy, JSON.stringify(r));
    }
  });

  it('similar: the anchor’s neighbours first (seen in two sessions, live, in stock), then popular ones of its category', async () => {
    const id = await campaign(t(), views, { strategy: 'similar', limit: 4 });
    const res = await recommendations(t(), views.browser, `campaign_id=${id}&product_id=a`);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.strategy, 'similar');
    // b (3 sessions), c (2); e is out of stock, f archived, d seen with a once: d comes as popular, of a's category.
    assert.deepEqual(idsOf(res).slice(0, 3), ['b', 'c', 'd']);
    assert.equal(data.items.length, 4);
    for (const gone of ['a', 'e', 'f']) assert.ok(!idsOf(res).includes(gone), gone);
    await answersStored(t());
    const stored = await t().database.db.query<{ strategy: string }>('SELECT strategy FROM recommendation_answers WHERE site_id = $1 AND recommendation_id = $2', [views.siteId, data.recommendation_id]);
    assert.equal(stored.rows[0]!.strategy, 'similar');

    const withStock = await campaign(t(), views, { strategy: 'similar', limit: 4, filters: { in_stock_only: false } });
    assert.deepEqual(idsOf(await recommendations(t(), views.server, `campaign_id=${withStock}&product_id=a`)).slice(0, 3), ['b', 'c', 'e'], 'out of stock allowed by the slot');
  });

  it('similar: an out-of-stock or archived anchor still gets its neighbours; one without neighbours, or unknown, is served by popularity', async () => {
    const id = await campaign(t(), views, { strategy: 'similar', limit: 3 });
    for (const anchor of ['e', 'f']) {
      const res = await recommendations(t(), views.browser, `campaign_id=${id}&product_id=${anchor}`);
      assert.equal(res.json().data.strategy, 'similar', anchor);
      assert.equal(idsOf(res)[0], 'a', anchor);
    }
    for (const anchor of ['d', 'nope', 'x'.repeat(128)]) {
      const res = await recommendations(t(), views.browser, `campaign_id=${id}&product_id=${anchor}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.strategy, 'popular', anchor);
      assert.equal(res.json().data.items.length, 3);
      assert.ok(!idsOf(res).includes(anchor));
    }
  });

  it('frequently bought together: from server-trusted orders, for an anchor or what the session carted', async () => {
    const id = await campaign(t(), orders, { strategy: 'frequently_bought_together', limit: 2 });
    const anchored = await recommendations(t(), orders.browser, `campaign_id=${id}&product_id=a`);
    assert.equal(anchored.json().data.strategy, 'frequently_bought_together');
    assert.equal(idsOf(anchored)[0], 'g');
    // h was bought with a three times, by browsers only: no order, no neighbour.
    const h = await recommendations(t(), orders.browser, `campaign_id=${id}&product_id=h`);
    assert.equal(h.json().data.strategy, 'popular');
    const carted = await recommendations(t(), orders.browser, `campaign_id=${id}&session_id=c1`);
    assert.equal(carted.json().data.strategy, 'frequently_bought_together');
    assert.equal(idsOf(carted)[0], 'g');
    const nothing = await recommendations(t(), orders.browser, `campaign_id=${id}&session_id=unknown`);
    assert.equal(nothing.json().data.strategy, 'popular');
  });

  it('personalized: from the session’s recent views, the latest counting most', async () => {
    const id = await campaign(t(), views, { strategy: 'personalized', limit: 3 });
    // s1 viewed a, b, c: c's neighbours (b, a) first.
    const res = await recommendations(t(), views.browser, `campaign_id=${id}&session_id=s1`);
    assert.equal(res.json().data.strategy, 'personalized');
    assert.deepEqual(idsOf(res), ['b', 'a', 'c']);
    // The anchor is the latest view, and never shown.
    const anchored = await recommendations(t(), views.browser, `campaign_id=${id}&session_id=s1&product_id=b`);
    assert.equal(anchored.json().data.strategy, 'personalized');
    assert.ok(!idsOf(anchored).includes('b'));
    const stranger = await recommendations(t(), views.browser, `campaign_id=${id}&session_id=nobody`);
    assert.equal(stranger.json().data.strategy, 'popular');
    assert.deepEqual(idsOf(stranger)[0], 'z');
  });

  it('new events change the answers once refreshed', async () => {
    const id = await campaign(t(), views, { strategy: 'similar', limit: 2 });
    const before = await recommendations(t(), views.browser, `campaign_id=${id}&product_id=d`);
    assert.equal(before.json().data.strategy, 'popular');
    await send(t(), views, [ev('n1', 'product_view', ['d'], 3), ev('n2', 'product_view', ['d'], 3), ev('n1', 'product_view', ['n'], 2), ev('n2', 'product_view', ['n'], 2)]);
    await refresh(views.siteId);
    const after = await recommendations(t(), views.browser, `campaign_id=${id}&product_id=d`);
    assert.equal(after.json().data.strategy, 'similar');
    assert.equal(idsOf(after)[0], 'n');
  });
});
