// Bulk upserts (CONTRACT §8), on both engines: 1–500 products each alone, 201 all good, 207
// otherwise (the good ones stored), created/updated/unchanged/error per item, an older updated_at
// unchanged, a product named twice, 0 and 501 items (400), a 6 MiB body (413) and a large one under
// 5 MiB accepted, archived products revived, and concurrent bulks over the same products.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachEngine } from '../../helpers/app.js';
import { catalogClient, catalogSite, item } from './catalog-client.js';

forEachEngine('catalog: bulk', (t) => {
  it('writes each product alone: 201 when all succeed, then created / updated / unchanged by version', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.key);
    const v = (id: string, day: number, title = `${id} on day ${day}`) => item(id, { title, updated_at: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z` });
    const first = await c.bulk([v('a', 10), v('b', 10), v('c', 10)]);
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual(first.json().data, {
      results: [
        { index: 0, product_id: 'a', status: 'created' },
        { index: 1, product_id: 'b', status: 'created' },
        { index: 2, product_id: 'c', status: 'created' },
      ],
      created: 3,
      updated: 0,
      unchanged: 0,
      failed: 0,
    });
    // a: newer (updated); b: older (a late sync: unchanged); c: identical (unchanged); d: new.
    const second = await c.bulk([v('a', 11), v('b', 9, 'stale'), v('c', 10), v('d', 1)]);
    assert.equal(second.statusCode, 201);
    assert.deepEqual(second.json().data.results.map((r: { status: string }) => r.status), ['updated', 'unchanged', 'unchanged', 'created']);
    assert.equal((await c.get('b')).json().data.title, 'b on day 10', 'the late sync never overwrote newer data');
    assert.equal((await c.get('a')).json().data.title, 'a on day 11');
    assert.equal(await c.count(), 4);
  });

  it('answers 207 when a product fails alone, storing the others', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const res = await c.bulk([
      item('ok-1'),
      item('bad price', { price: { amount: 1.001, currency: 'EUR' } }),
      item('ok-2', { sale_price: { amount: 100, currency: 'EUR' } }),
      item('ok-3', { image_media_id: 'med_nowhere' }),
      'not a product',
      item('ok-4', { title: 'nul \u0000 inside' }),
      item('ok-5', { url: 'javascript:alert(1)' }),
      item('ok-6'),
    ]);
    assert.equal(res.statusCode, 207, res.body);
    const data = res.json().data;
    assert.deepEqual([data.created, data.updated, data.unchanged, data.failed], [2, 0, 0, 6]);
    const r = data.results;
    assert.deepEqual(r.map((x: { status: string }) => x.status), ['created', 'error', 'error', 'error', 'error', 'error', 'error', 'created']);
    assert.deepEqual(r[1], {
      index: 1,
      product_id: null,
      status: 'error',
      error: {
        code: 'validation_failed',
        message: 'The product is not valid',
        details: [{ path: '/products/1/product_id', code: 'pattern', message: r[1].error.details[0].message }],
      },
    });
    assert.equal(r[2].error.code, 'invalid_sale_price');
    assert.equal(r[2].error.details[0].path, '/products/2/sale_price');
    assert.equal(r[2].product_id, 'ok-2');
    assert.equal(r[3].error.code, 'unknown_media');
    assert.equal(r[3].error.details[0].path, '/products/3/image_media_id');
    assert.equal(r[4].error.details[0].path, '/products/4');
    assert.equal(r[5].error.details[0].path, '/products/5/title');
    assert.equal(r[5].error.details[0].code, 'encoding');
    assert.equal(r[6].error.details[0].path, '/products/6/url');
    assert.deepEqual((await c.list()).json().data.map((p: { product_id: string }) => p.product_id).sort(), ['ok-1', 'ok-6']);
  });

  it('folds a product named twice in one request in its order', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const res = await c.bulk([
      item('twice', { title: 'first', updated_at: '2026-11-02T00:00:00Z' }),
      item('twice', { title: 'older', updated_at: '2026-11-01T00:00:00Z' }),
      item('twice', { title: 'newest', updated_at: '2026-11-03T00:00:00Z' }),
    ]);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.results.map((r: { status: string }) => r.status), ['created', 'unchanged', 'updated']);
    assert.equal((await c.get('twice')).json().data.title, 'newest');
  });

  it('revives archived products (created)', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    await c.bulk([item('x'), item('y')]);
    await c.archive('x');
    const res = await c.bulk([item('x'), item('y')]);
    assert.deepEqual(res.json().data.results.map((r: { status: string }) => r.status), ['created', 'unchanged']);
    assert.equal((await c.get('x')).statusCode, 200);
  });

  it('refuses 0 and 501 products and bodies that are not a bulk (400), storing nothing', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    for (const products of [[], Array.from({ length: 501 }, (_, i) => item(`p${i}`))]) {
      const res = await c.bulk(products);
      assert.equal(res.statusCode, 400, `${products.length} products`);
      assert.equal(res.json().error.code, 'validation_failed');
      assert.equal(res.json().error.details[0].path, '/products');
    }
    for (const payload of [{}, { products: 'x' }, { products: { a: 1 } }, []]) {
      const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/products/bulk`, headers: s.member, payload });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
    }
    const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/products/bulk`, headers: { ...s.member, 'content-type': 'application/json' }, payload: '{"products": [' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, 'invalid_json');
    assert.equal((await c.bulk(Array.from({ length: 500 }, (_, i) => item(`p${i}`)))).statusCode, 201, '500 is the bound');
    assert.equal(await c.count(), 500);
  });

  it('takes bodies up to 5 MiB and refuses a 6 MiB one (413 payload_too_large in the envelope)', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    // 500 products with long descriptions and 30 attributes each: about 4.6 MB.
    const attributes = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`attribute-${i}`, 'v'.repeat(100)]));
    const big = Array.from({ length: 500 }, (_, i) => item(`big-${i}`, { description: 'd'.repeat(5_000), attributes, categories: ['A > B > C'] }));
    const body = JSON.stringify({ products: big });
    assert.ok(body.length > 4 * 1024 * 1024 && body.length < 5 * 1024 * 1024, `${body.length}`);
    const ok = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/products/bulk`, headers: { ...s.member, 'content-type': 'application/json' }, payload: body });
    assert.equal(ok.statusCode, 201, ok.body.slice(0, 500));
    const huge = JSON.stringify({ products: [item('huge', { description: 'x'.repeat(6 * 1024 * 1024) })] });
    const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/products/bulk`, headers: { ...s.member, 'content-type': 'application/json' }, payload: huge });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().success, false);
    assert.equal(res.json().error.code, 'payload_too_large');
    assert.equal((await c.get('huge')).statusCode, 404);
    // PUT keeps the contract's 512 KiB.
    const put = await c.put('big-put', item('big-put', { description: 'x'.repeat(600 * 1024) }));
    assert.equal(put.statusCode, 413);
  });

  it('concurrent bulks over the same products end with the newest version of each, and nothing fails', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.key);
    const ids = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    const version = (day: number) => ids.map((id) => item(id, { title: `day ${day}`, updated_at: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z` }));
    // Opposite orders make the lock order matter; the days decide the winner whatever the arrival order.
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((day) => c.bulk(day % 2 === 0 ? version(day) : version(day).reverse())));
    for (const res of answers) assert.equal(res.statusCode, 201, res.body.slice(0, 300));
    const created = answers.reduce((n, res) => n + res.json().data.created, 0);
    assert.equal(created, ids.length, 'each product created once');
    for (const id of [ids[0]!, ids[39]!]) assert.equal((await c.get(id)).json().data.title, 'day 6');
  });
});
