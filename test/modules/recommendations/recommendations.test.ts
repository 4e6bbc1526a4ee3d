// GET /recommendations on both engines (CONTRACT §10, the popularity fallback): a live recommendation
// campaign's slot filled with the site's most popular live products (weighted views, carts and
// purchases), never the anchor, archived, out-of-stock or another site's products; each answer stored
// under its recommendation_id; every bad input of the issue.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachEngine } from '../../helpers/app.js';
import { answersStored, campaign as slotCampaign, catalog as bulk, product, shop, type Shop } from './shop-client.js';

forEachEngine('recommendations', (t) => {
  const catalog = (s: Shop, products: object[]) => bulk(t(), s, products);
  const campaign = (s: Shop, content: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    slotCampaign(t(), s, { placement: 'home', strategy: 'popular', limit: 3, ...content }, extra);
  const views = async (s: Shop, productId: string, n: number, type = 'product_view') => {
    const properties = type === 'purchase' ? { order_id: `o-${productId}`, total: 10, items: [{ product_id: productId }] } : { product_id: productId };
    const events = Array.from({ length: n }, (_, i) => ({ event_type: type, session_id: `s-${productId}-${type}-${i}`, occurred_at: new Date().toISOString(), properties, context: { page_url: 'https://shop.example/', user_agent: 'test' } }));
    const res = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: s.server, payload: { events } });
    assert.equal(res.statusCode, 201, res.body);
  };
  const get = (headers: Record<string, string>, query: string) => t().inject({ method: 'GET', url: `/api/v1/recommendations?${query}`, headers });

  it('fills a slot with the most popular live products, stores the answer, and never shows the anchor', async () => {
    const s = await shop(t());
    await catalog(s, [product('a'), product('b'), product('c', { availability: 'out_of_stock' }), product('d'), product('e', { categories: ['Hats'] })]);
    await views(s, 'b', 5);
    await views(s, 'c', 9);
    await views(s, 'd', 1, 'add_to_cart');
    await views(s, 'e', 1, 'purchase');
    const id = await campaign(s);
    const res = await get(s.browser, `campaign_id=${id}&session_id=s1`);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.match(data.recommendation_id, /^rec_/);
    assert.equal(data.strategy, 'popular');
    // b: 5 views and e: a purchase in its items (5 each; created together, so by id); d: a cart (3); c is out of stock.
    const ids = data.items.map((i: { product_id: string }) => i.product_id);
    assert.deepEqual(ids, ['b', 'e', 'd']);
    assert.deepEqual(data.items[0].price, { amount: 10.5, currency: 'EUR' });
    assert.deepEqual(data.items.map((i: { position: number }) => i.position), [1, 2, 3]);
    await answersStored(t());
    const stored = await t().database.db.query<{ items: { product_id: string; position: number }[]; campaign_id: string; strategy: string; session_id: string | null; anchor_product_id: string | null }>(
      'SELECT items, campaign_id, strategy, session_id, anchor_product_id FROM recommendation_answers WHERE site_id = $1 AND recommendation_id = $2',
      [s.siteId, data.recommendation_id],
    );
    assert.deepEqual(stored.rows[0]!.items.map((i) => i.product_id), ids);
    assert.deepEqual(stored.rows[0]!.items.map((i) => i.position), [1, 2, 3]);
    assert.deepEqual({ ...stored.rows[0]!, items: undefined }, { items: undefined, campaign_id: id, strategy: 'popular', session_id: 's1', anchor_product_id: null });

    const anchored = await get(s.server, `campaign_id=${id}&product_id=b&limit=5`);
    assert.equal(anchored.statusCode, 200, anchored.body);
    const anchoredIds = anchored.json().data.items.map((i: { product_id: string }) => i.product_id);
    assert.ok(!anchoredIds.includes('b'), 'never the anchor');
    assert.deepEqual(anchoredIds.slice(0, 2).sort(), ['a', 'd'], 'the anchor’s category first');
    await answersStored(t());
    const anchoredStored = await t().database.db.query<{ anchor_product_id: string | null; session_id: string | null }>('SELECT anchor_product_id, session_id FROM recommendation_answers WHERE site_id = $1 AND recommendation_id = $2', [s.siteId, anchored.json().data.recommendation_id]);
    assert.deepEqual({ ...anchoredStored.rows[0]! }, { anchor_product_id: 'b', session_id: null });
  });

  it('answers a site without activity with its newest products, and an archived product never', async () => {
    const s = await shop(t());
    await catalog(s, [product('old'), product('new')]);
    await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}/products/old`, headers: s.ownerH });
    const id = await campaign(s, { filters: { in_stock_only: false } });
    const res = await get(s.browser, `campaign_id=${id}`);
    assert.deepEqual(res.json().data.items.map((i: { product_id: string }) => i.product_id), ['new']);
  });

  it('shows each item’s image, price and position, the same in an answer asked again', async () => {
    const s = await shop(t());
    await catalog(s, [product('a'), product('b', { image_url: 'https://cdn.shop.example/b.jpg', price: { amount: 1234, currency: 'JPY' } }), product('c', { price: { amount: 7.5, currency: 'EUR' } })]);
    await views(s, 'b', 3);
    await views(s, 'c', 2);
    const id = await campaign(s, { limit: 2 });
    for (let i = 0; i < 2; i += 1) {
      const res = await get(s.server, `campaign_id=${id}&product_id=a`);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        res.json().data.items.map((x: object) => ({ ...x, title: undefined, url: undefined })),
        [
          { product_id: 'b', title: undefined, url: undefined, image_url: 'https://cdn.shop.example/b.jpg', price: { amount: 1234, currency: 'JPY' }, position: 1 },
          { product_id: 'c', title: undefined, url: undefined, image_url: null, price: { amount: 7.5, currency: 'EUR' }, position: 2 },
        ],
      );
    }
  });

  it('refuses what the contract refuses', async () => {
    const s = await shop(t());
    const other = await shop(t());
    const id = await campaign(s);
    const similar = await campaign(s, { strategy: 'similar' });
    const overlay = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/campaigns`, headers: s.ownerH, payload: { name: 'O', kind: 'overlay', status: 'active', content: { template: 'banner', title: 'Hi' } } });
    const archived = await campaign(s);
    await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}/campaigns/${archived}`, headers: s.ownerH, payload: { status: 'archived' } });
    for (const [query, status, path] of [
      [`campaign_id=${id}&limit=0`, 400, '/limit'],
      [`campaign_id=${id}&limit=25`, 400, '/limit'],
      [`campaign_id=${id}&product_id=${'x'.repeat(129)}`, 400, '/product_id'],
      [`campaign_id=${similar}`, 400, '/product_id'],
      ['campaign_id=cmp_unknown0000', 404, undefined],
      [`campaign_id=${archived}`, 404, undefined],
      [`campaign_id=${overlay.json().data.campaign_id}`, 404, undefined],
      ['limit=3', 400, '/campaign_id'],
    ] as const) {
      const res = await get(s.browser, query);
      assert.equal(res.statusCode, status, `${query}: ${res.body}`);
      if (path) assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), res.body);
    }
    const theirs = await get(other.browser, `campaign_id=${id}`);
    assert.equal(theirs.statusCode, 404, 'another site’s campaign');
    assert.equal((await get(s.ownerH, `campaign_id=${id}`)).statusCode, 401, 'a merchant token is not a credential here');
    assert.equal((await get({ ...s.browser, origin: 'https://evil.example' }, `campaign_id=${id}`)).statusCode, 401);
    await answersStored(t());
    const count = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM recommendation_answers WHERE site_id = $1', [s.siteId]);
    assert.equal(count.rows[0]!.n, 0, 'nothing stored for a refusal');
  });
});
