// Popularity and the picking of a slot's items, pure: a table of cases and properties (never the
// anchor, never twice, within the filters, at most the limit, the anchor's categories first).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ShelfProduct } from '../../../src/kernel/index.js';
import { inCategories, pickFromRanking, popularityScore, rankByPopularity } from '../../../src/modules/recommendations/popularity.js';

const p = (id: string, extra: Partial<ShelfProduct> = {}): ShelfProduct => ({
  productId: id,
  title: id,
  url: `https://shop.example/${id}`,
  image: null,
  price: { amount: 100, currency: 'EUR' },
  inStock: true,
  categories: ['A > B'],
  createdAt: new Date(0),
  ...extra,
});

describe('popularity', () => {
  it('weighs a purchase over a cart over a view', () => {
    assert.equal(popularityScore({ views: 1, carts: 0, purchases: 0 }), 1);
    assert.equal(popularityScore({ views: 0, carts: 1, purchases: 0 }), 3);
    assert.equal(popularityScore({ views: 0, carts: 0, purchases: 1 }), 5);
    assert.equal(popularityScore({ views: 2, carts: 1, purchases: 1 }), 10);
  });

  it('ranks by score, then the newest, then by id', () => {
    const ranked = rankByPopularity([p('a'), p('b', { createdAt: new Date(5) }), p('c'), p('d')], [{ productId: 'c', views: 3, carts: 0, purchases: 0 }, { productId: 'd', views: 0, carts: 1, purchases: 0 }]);
    assert.deepEqual(ranked.map((x) => x.productId), ['c', 'd', 'b', 'a']);
  });

  it('matches categories by path prefix at level boundaries', () => {
    assert.equal(inCategories(p('a', { categories: ['A > B > C'] }), ['A > B']), true);
    assert.equal(inCategories(p('a', { categories: ['A > Bc'] }), ['A > B']), false);
    assert.equal(inCategories(p('a'), []), true);
  });

  it('picks within the rules, the anchor’s categories first', () => {
    const ranking = [p('x', { categories: ['Z'] }), p('anchor'), p('out', { inStock: false }), p('y'), p('w', { categories: ['Z'] })];
    const picked = pickFromRanking(ranking, { limit: 3, inStockOnly: true, categories: [], anchor: { productId: 'anchor', categories: ['A > B'] } });
    assert.deepEqual(picked.map((x) => x.productId), ['y', 'x', 'w']);
  });

  it('never shows the anchor, a product twice, or one outside the filters; at most the limit', () => {
    const product = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), inStock: fc.boolean(), category: fc.constantFrom('A', 'A > B', 'C') });
    fc.assert(
      fc.property(fc.uniqueArray(product, { selector: (x) => x.id }), fc.integer({ min: 1, max: 24 }), fc.boolean(), fc.constantFrom([], ['A'], ['C']), fc.constantFrom('a', 'z'), (specs, limit, inStockOnly, categories, anchorId) => {
        const ranking = specs.map((s) => p(s.id, { inStock: s.inStock, categories: [s.category] }));
        const picked = pickFromRanking(ranking, { limit, inStockOnly, categories, anchor: { productId: anchorId, categories: ['A'] } });
        assert.ok(picked.length <= limit);
        assert.equal(new Set(picked.map((x) => x.productId)).size, picked.length);
        for (const x of picked) {
          assert.notEqual(x.productId, anchorId);
          if (inStockOnly) assert.ok(x.inStock);
          assert.ok(inCategories(x, categories));
        }
      }),
    );
  });
});
