// The product list (CONTRACT §7, §8), on both engines: newest first by creation (then id), `q` a
// case-insensitive substring of title or brand, `category` a path and every path below it,
// `availability`; stable keyset pages while products change, cursors bound to their filters.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { forEachEngine } from '../../helpers/app.js';
import { matchesCategory, normalizeCategoryPath } from '../../../src/modules/catalog/categories.js';
import { allIds, catalogClient, catalogSite, item } from './catalog-client.js';

forEachEngine('catalog: the list', (t) => {
  it('searches title and brand case-insensitively (Unicode included), LIKE wildcards taken literally', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const res = await c.bulk([
      item('a', { title: 'Trail Running Shoe', brand: 'Acme' }),
      item('b', { title: 'Wool socks', brand: 'Ölberg Outdoor' }),
      item('c', { title: 'ÉCLAIR rain jacket' }),
      item('d', { title: '50% off: shell_jacket' }),
      item('e', { title: 'Plain cap', brand: 'TRAILCO' }),
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const ids = async (q: string) => (await c.list({ q })).json().data.map((p: { product_id: string }) => p.product_id).sort();
    assert.deepEqual(await ids('trail'), ['a', 'e'], 'title or brand, any case');
    assert.deepEqual(await ids('RUNNING sh'), ['a']);
    assert.deepEqual(await ids('ölberg'), ['b'], 'brand, non-ASCII folded');
    assert.deepEqual(await ids('éclair'), ['c']);
    assert.deepEqual(await ids('Éclair'), ['c']);
    assert.deepEqual(await ids('%'), ['d'], '% is a character, not a wildcard');
    assert.deepEqual(await ids('l_j'), ['d'], '_ is a character, not a wildcard');
    assert.deepEqual(await ids('shel_'), [], '_ is not any character (shell)');
    assert.deepEqual(await ids('ja'), ['c', 'd'], 'two characters');
    assert.deepEqual(await ids('zzz'), []);
    assert.deepEqual(await ids('rail Running'), ['a']);
    assert.equal((await c.list({ q: '' })).statusCode, 400);
  });

  it('filters by category: the path and every path below it, never a sibling that shares a prefix', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    await c.bulk([
      item('trail', { categories: ['Shoes > Running > Trail'] }),
      item('road', { categories: ['Shoes>Running>Road', 'Sale'] }),
      item('boots', { categories: ['Shoes > Hiking'] }),
      item('bc', { categories: ['Shoes > Runningwear'] }),
      item('none'),
    ]);
    const ids = async (category: string) => {
      const res = await c.list({ category });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data.map((p: { product_id: string }) => p.product_id).sort();
    };
    assert.deepEqual(await ids('Shoes'), ['bc', 'boots', 'road', 'trail']);
    assert.deepEqual(await ids('Shoes > Running'), ['road', 'trail']);
    assert.deepEqual(await ids('  Shoes>Running '), ['road', 'trail'], 'the filter is normalised as stored paths are');
    assert.deepEqual(await ids('Shoes > Running > Trail'), ['trail']);
    assert.deepEqual(await ids('Shoes > Run'), []);
    assert.deepEqual(await ids('Sale'), ['road']);
    assert.deepEqual(await ids('shoes'), [], 'levels compare exactly');
    for (const bad of ['Shoes >', '> Shoes', 'A >> B']) {
      const res = await c.list({ category: bad });
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.json().error.details[0].path, '/category');
    }
  });

  it('property: the category filter answers exactly the products the pure rule matches', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const levels = ['A', 'B', 'Bc', 'C d'];
    const path = fc.array(fc.constantFrom(...levels), { minLength: 1, maxLength: 3 }).map((l) => l.join(' > '));
    const catalog = fc.sample(fc.array(path, { maxLength: 3 }), { numRuns: 40, seed: 14 });
    assert.equal((await c.bulk(catalog.map((categories, i) => item(`p${i}`, { categories })))).statusCode, 201);
    for (const filter of fc.sample(path, { numRuns: 25, seed: 7 })) {
      const expected = catalog.flatMap((cats, i) => (matchesCategory(cats.map((x) => (normalizeCategoryPath(x) as { path: string }).path), filter) ? [`p${i}`] : []));
      assert.deepEqual((await allIds(c.list, { category: filter, limit: 200 })).sort(), expected.sort(), filter);
    }
  });

  it('filters by availability, and combines the filters', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    await c.bulk([
      item('in', { availability: 'in_stock', title: 'Shoe in', categories: ['Shoes'] }),
      item('out', { availability: 'out_of_stock', title: 'Shoe out', categories: ['Shoes'] }),
      item('pre', { availability: 'preorder', title: 'Jacket', categories: ['Clothing'] }),
      item('back', { availability: 'backorder', title: 'Shoe back', categories: ['Clothing'] }),
    ]);
    const ids = async (query: Record<string, string>) => (await c.list(query)).json().data.map((p: { product_id: string }) => p.product_id).sort();
    assert.deepEqual(await ids({ availability: 'out_of_stock' }), ['out']);
    assert.deepEqual(await ids({ availability: 'preorder' }), ['pre']);
    assert.deepEqual(await ids({ q: 'shoe', category: 'Shoes', availability: 'in_stock' }), ['in']);
    assert.deepEqual(await ids({ q: 'shoe', category: 'Clothing' }), ['back']);
    const bad = await c.list({ availability: 'sold_out' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error.details[0].path, '/availability');
  });

  it('pages newest first by creation, then id; a replaced product keeps its place; nothing is skipped or repeated while products change', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    // Two requests: the second's products are newer; within one request they share a creation time (ids decide).
    await c.bulk(Array.from({ length: 7 }, (_, i) => item(`old-${i}`)));
    await c.bulk(Array.from({ length: 6 }, (_, i) => item(`new-${i}`)));
    const all = await allIds(c.list, { limit: 200 });
    assert.deepEqual(all, [...Array.from({ length: 6 }, (_, i) => `new-${5 - i}`), ...Array.from({ length: 7 }, (_, i) => `old-${6 - i}`)]);
    // Page by 3 while changing the catalog between pages.
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const res = await c.list({ limit: 3, ...(cursor ? { cursor } : {}) });
      assert.equal(res.statusCode, 200, res.body);
      seen.push(...res.json().data.map((p: { product_id: string }) => p.product_id));
      cursor = res.json().meta.next_cursor;
      page += 1;
      if (page === 1) await c.put('new-5', { ...item('new-5', { title: 'replaced' }) }); // already shown: keeps its place
      if (page === 2) await c.put('old-6', { ...item('old-6', { title: 'replaced later' }) }); // not yet shown: still shown once
      if (page === 3) await c.bulk([item('newest')]); // newer than the cursor: not on the pages after it
    } while (cursor);
    assert.deepEqual(seen, all, 'every product once, in the first order');
    assert.equal((await allIds(c.list))[0], 'newest');
  });

  it('binds a cursor to its list: another filter set or another site refuses it (400 at /cursor)', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    await c.bulk(Array.from({ length: 5 }, (_, i) => item(`p${i}`, { title: `Shoe ${i}` })));
    const first = (await c.list({ q: 'shoe', limit: 2 })).json();
    const cursor = first.meta.next_cursor as string;
    assert.ok(cursor);
    assert.equal((await c.list({ q: 'shoe', limit: 2, cursor })).statusCode, 200);
    assert.equal((await c.list({ q: 'SHOE', limit: 2, cursor })).statusCode, 200, 'the same search in another case is the same list');
    for (const query of [{ q: 'sho' }, {}, { q: 'shoe', availability: 'in_stock' }, { q: 'shoe', category: 'Shoes' }] as Record<string, string>[]) {
      const res = await c.list({ ...query, cursor });
      assert.equal(res.statusCode, 400, JSON.stringify(query));
      assert.equal(res.json().error.details[0].path, '/cursor');
    }
    const other = await catalogSite(t());
    const res = await catalogClient(t, other.siteId, other.member).list({ q: 'shoe', cursor });
    assert.equal(res.statusCode, 400);
    for (const limit of [0, 201, 'x']) assert.equal((await c.list({ limit })).statusCode, 400, String(limit));
  });
});
