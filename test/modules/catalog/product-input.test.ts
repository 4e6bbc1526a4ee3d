// Every bad product input of the issue, table-driven, on both engines: each field missing (when
// required), empty, too long or of the wrong type, and the rules beyond the schema (decimals,
// currencies, URLs, both images, category paths, attribute limits, timestamps, the string rule).
// Through PUT each is a 400 validation_failed naming the field's JSON Pointer; as a bulk item it
// fails alone (207, its error at /products/0/…) beside a good one; nothing bad is stored.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachEngine } from '../../helpers/app.js';
import { catalogClient, catalogSite, item, product } from './catalog-client.js';

const MISSING = Symbol('missing');
type Case = [field: string, value: unknown, pointer?: string];

const long = (n: number) => 'x'.repeat(n);
const attrs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));

/** [field, value sent (MISSING: left out), the pointer expected (default /field)]. */
const CASES: Case[] = [
  ['title', MISSING], ['title', ''], ['title', '   '], ['title', long(301)], ['title', 5], ['title', null], ['title', ['x']],
  ['url', MISSING], ['url', ''], ['url', long(2049)], ['url', 5], ['url', null],
  ['url', 'javascript:alert(1)'], ['url', '/products/1'], ['url', 'products/1'], ['url', 'ftp://shop.example/p'], ['url', 'https://'],
  // What the URL parser would drop or read as "/" (security finding: stored URLs are drawn as links).
  ['url', 'https://shop.example/p\t'], ['url', ' https://shop.example/p'], ['url', 'https://shop.example/a\nb'], ['url', 'https://shop.example\\@evil.example/p'],
  ['url', '//evil.example/p'], ['url', '/\t/evil.example/p'], ['url', 'https://shop.example/\u2028'], ['url', 'https://shop.example/\u0085'],
  ['image_url', 'https://cdn.shop.example/\r\nx.png'], ['image_url', '\\\\evil.example/x.png'], ['image_url', '//evil.example/x.png'], ['image_url', 'data:image/png;base64,AA'],
  ['price', MISSING], ['price', null], ['price', '12.50'], ['price', 12.5], ['price', {}, '/price/amount'],
  ['price', { amount: 12.5 }, '/price/currency'], ['price', { currency: 'EUR' }, '/price/amount'],
  ['price', { amount: '12.50', currency: 'EUR' }, '/price/amount'], ['price', { amount: -1, currency: 'EUR' }, '/price/amount'],
  ['price', { amount: 12.999, currency: 'EUR' }, '/price/amount'], ['price', { amount: 1.5, currency: 'JPY' }, '/price/amount'],
  ['price', { amount: 1.2345, currency: 'KWD' }, '/price/amount'], ['price', { amount: 1e13, currency: 'EUR' }, '/price/amount'],
  ['price', { amount: 12, currency: 'ZZZ' }, '/price/currency'], ['price', { amount: 12, currency: 'eur' }, '/price/currency'],
  ['price', { amount: 12, currency: '' }, '/price/currency'], ['price', { amount: 12, currency: 'EURO' }, '/price/currency'],
  ['price', { amount: 12, currency: 978 }, '/price/currency'],
  ['sale_price', 'cheap'], ['sale_price', {}, '/sale_price/amount'], ['sale_price', { amount: 1.001, currency: 'EUR' }, '/sale_price/amount'],
  ['sale_price', { amount: 1, currency: 'ZZZ' }, '/sale_price/currency'],
  ['availability', MISSING], ['availability', ''], ['availability', 'sold_out'], ['availability', 'IN_STOCK'], ['availability', 1], ['availability', null],
  ['group_id', ''], ['group_id', long(129)], ['group_id', 'a b'], ['group_id', 'a%b'], ['group_id', 5],
  ['description', ''], ['description', long(5001)], ['description', 5], ['description', {}],
  ['image_media_id', ''], ['image_media_id', long(129)], ['image_media_id', 'med 1'], ['image_media_id', 7],
  ['image_url', ''], ['image_url', 'javascript:alert(1)'], ['image_url', '/img.png'], ['image_url', long(2049)], ['image_url', 7],
  ['categories', 'Shoes'], ['categories', {}], ['categories', [''], '/categories/0'], ['categories', [5], '/categories/0'],
  ['categories', Array.from({ length: 11 }, (_, i) => `C${i}`)], ['categories', ['ok', long(301)], '/categories/1'],
  ['categories', ['A >> B'], '/categories/0'], ['categories', ['> A'], '/categories/0'], ['categories', ['A >'], '/categories/0'],
  ['brand', ''], ['brand', '  '], ['brand', long(201)], ['brand', 5],
  ['attributes', []], ['attributes', 'color=red'], ['attributes', { color: 5 }, '/attributes/color'], ['attributes', { color: '' }, '/attributes/color'],
  ['attributes', { color: long(1001) }, '/attributes/color'], ['attributes', attrs(31)], ['attributes', { [long(101)]: 'v' }], ['attributes', { '': 'v' }],
  ['updated_at', ''], ['updated_at', 'yesterday'], ['updated_at', '2026-11-21'], ['updated_at', '1969-12-31T23:59:59Z'],
  ['updated_at', '2026-02-30T10:00:00Z'], ['updated_at', '2999-01-01T00:00:00Z'], ['updated_at', 1_700_000_000], ['updated_at', long(65)],
  ['title', 'a\u0000b'], ['brand', '\ud800'], ['attributes', { 'k\u0000': 'v' }, '/attributes/k\u0000'],
];

/** Cases of the id, which a bulk item carries (PUT takes it from the path). */
const ID_CASES: Case[] = [
  ['product_id', MISSING], ['product_id', ''], ['product_id', long(129)], ['product_id', 'a b'], ['product_id', 'a%b'],
  ['product_id', 'café'], ['product_id', 5], ['product_id', null], ['product_id', ['a']],
];

const withCase = (base: Record<string, unknown>, [field, value]: Case) => {
  const body = { ...base };
  if (value === MISSING) delete body[field];
  else body[field] = value;
  return body;
};

const show = ([field, value]: Case) => `${field} = ${value === MISSING ? '(missing)' : JSON.stringify(value)?.slice(0, 40)}`;

forEachEngine('catalog: bad product input', (t) => {
  it('PUT: each bad field is a 400 validation_failed at its pointer, and nothing is stored', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    for (const testCase of CASES) {
      const [field, , pointer = `/${field}`] = testCase;
      const res = await c.put('bad', withCase(product(), testCase));
      assert.equal(res.statusCode, 400, `${show(testCase)}: ${res.body}`);
      const error = res.json().error;
      assert.equal(error.code, 'validation_failed', show(testCase));
      assert.ok(error.details.some((d: { path: string }) => d.path === pointer), `${show(testCase)}: ${JSON.stringify(error.details)}`);
    }
    assert.equal(await c.count(), 0);
    assert.equal((await c.put('bad', product())).statusCode, 201, 'the product itself is good');
  });

  it('bulk: each bad product fails alone (207) at /products/0/…, the good one beside it is stored', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.key);
    let n = 0;
    for (const testCase of [...CASES, ...ID_CASES]) {
      const [field, , pointer = `/${field}`] = testCase;
      n += 1;
      const res = await c.bulk([withCase(item(`bad-${n}`), testCase), item(`good-${n}`)]);
      assert.equal(res.statusCode, 207, `${show(testCase)}: ${res.body}`);
      const [bad, good] = res.json().data.results;
      assert.equal(bad.status, 'error', show(testCase));
      assert.equal(bad.error.code, 'validation_failed', show(testCase));
      assert.ok(bad.error.details.some((d: { path: string }) => d.path === `/products/0${pointer}`), `${show(testCase)}: ${JSON.stringify(bad.error.details)}`);
      assert.equal(good.status, 'created', show(testCase));
    }
    const stored = (await t().database.db.query<{ product_id: string }>('SELECT product_id FROM products WHERE site_id = $1', [s.siteId])).rows.map((r) => r.product_id);
    assert.equal(stored.length, n);
    assert.ok(stored.every((id) => id.startsWith('good-')));
  });

  it('refuses both image fields together (400), and a PUT body that is not an object', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const both = await c.put('img', product({ image_media_id: 'med_1', image_url: 'https://cdn.example/i.png' }));
    assert.equal(both.statusCode, 400);
    assert.equal(both.json().error.details[0].path, '/image_url');
    for (const payload of [[], 'x', 5, null]) {
      const res = await t().inject({ method: 'PUT', url: `/api/v1/sites/${s.siteId}/products/x`, headers: { ...s.member, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
    }
    const empty = await t().inject({ method: 'PUT', url: `/api/v1/sites/${s.siteId}/products/x`, headers: s.member });
    assert.equal(empty.statusCode, 400);
    assert.equal(await c.count(), 0);
  });
});
