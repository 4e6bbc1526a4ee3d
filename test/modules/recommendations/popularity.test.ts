// Popularity and the picking of a slot's items, pure: a table of cases and properties (never the
// anchor, never twice, within the filters, at most the limit, the anchor's categories first).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ShelfProduct } from '../../../src/kernel/index.js';
import { shelfProduct } from './shelf-product.js';
import { composeAnswer, inCategories, pickFromRanking, popularityScore, rankByPopularity } from '../../../src/modules/recommendations/popularity.js';

const p = shelfProduct;

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

  it('picks exactly what filtering the whole ranking picks (its category index, its early stop)', () => {
    // The definition: every product the slot may show, those sharing a category with the anchor first.
    const reference = (ranked: readonly ShelfProduct[], o: Parameters<typeof pickFromRanking>[1]) => {
      const shown = ranked.filter((x) => !o.taken?.has(x.productId) && x.productId !== o.anchor?.productId && (!o.inStockOnly || x.inStock) && inCategories(x, o.categories));
      const near = shown.filter((x) => x.categories.some((c) => (o.anchor?.categories ?? []).includes(c)));
      return [...near, ...shown.filter((x) => !near.includes(x))].slice(0, o.limit);
    };
    const category = fc.constantFrom('A', 'A > B', 'C', 'D');
    const product = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'), inStock: fc.boolean(), categories: fc.array(category, { maxLength: 3 }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(product, { selector: (x) => x.id }),
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        fc.constantFrom([], ['A'], ['C', 'D']),
        fc.option(fc.record({ productId: fc.constantFrom('a', 'z'), categories: fc.array(category, { maxLength: 3 }) }), { nil: null }),
        fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 2 }),
        (specs, limit, inStockOnly, categories, anchor, taken) => {
          const ranked = specs.map((x) => p(x.id, { inStock: x.inStock, categories: x.categories }));
          const o = { limit, inStockOnly, categories, anchor, taken: new Set(taken) };
          // Twice: the second pick reads the ranking's index built by the first.
          for (let i = 0; i < 2; i += 1) assert.deepEqual(pickFromRanking(ranked, o).map((x) => x.productId), reference(ranked, o).map((x) => x.productId));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('composes an answer: the strategy’s own first, popular filling the rest; the strategy names what served the first item', () => {
    const ranking = [p('pop1'), p('pop2', { categories: ['Z'] }), p('own1'), p('pop3')];
    const o = { limit: 4, inStockOnly: true, categories: [], anchor: { productId: 'anchor', categories: ['A > B'] } };
    const cases: { own: ShelfProduct[]; expect: string[]; strategy: string }[] = [
      { own: [p('own1'), p('own2')], expect: ['own1', 'own2', 'pop1', 'pop3'], strategy: 'similar' },
      { own: [], expect: ['pop1', 'own1', 'pop3', 'pop2'], strategy: 'popular' },
      // Nothing of its own the slot may show (the anchor, out of stock): popularity served.
      { own: [p('anchor'), p('gone', { inStock: false })], expect: ['pop1', 'own1', 'pop3', 'pop2'], strategy: 'popular' },
      { own: [p('a'), p('b'), p('c'), p('d'), p('e')], expect: ['a', 'b', 'c', 'd'], strategy: 'similar' },
    ];
    for (const c of cases) {
      const answer = composeAnswer('similar', c.own, ranking, o);
      assert.deepEqual(answer.items.map((x) => x.productId), c.expect);
      assert.equal(answer.strategy, c.strategy);
    }
  });

  it('composed answers keep the rules whatever the strategy proposes', () => {
    const product = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), inStock: fc.boolean(), category: fc.constantFrom('A', 'A > B', 'C') });
    // One catalog; the strategy proposes some of its products, popularity ranks some (in another order).
    const world = fc.uniqueArray(fc.record({ spec: product, proposed: fc.boolean(), ranked: fc.boolean(), order: fc.integer() }), { selector: (x) => x.spec.id });
    fc.assert(
      fc.property(world, fc.integer({ min: 1, max: 24 }), fc.boolean(), fc.constantFrom([], ['A'], ['C']), fc.constantFrom('a', 'z'), (catalog, limit, inStockOnly, categories, anchorId) => {
        const shelf = new Map(catalog.map((x) => [x.spec.id, p(x.spec.id, { inStock: x.spec.inStock, categories: [x.spec.category] })]));
        const own = catalog.filter((x) => x.proposed).map((x) => x.spec);
        const ranked = catalog.filter((x) => x.ranked).sort((a, b) => a.order - b.order).map((x) => shelf.get(x.spec.id)!);
        const answer = composeAnswer('personalized', own.map((x) => shelf.get(x.id)!), ranked, { limit, inStockOnly, categories, anchor: { productId: anchorId, categories: ['A'] } });
        const ids = answer.items.map((x) => x.productId);
        assert.ok(ids.length <= limit);
        assert.equal(new Set(ids).size, ids.length);
        for (const x of answer.items) {
          assert.notEqual(x.productId, anchorId);
          if (inStockOnly) assert.ok(x.inStock);
          assert.ok(inCategories(x, categories));
        }
        // The first item is the strategy's own exactly when the strategy is named.
        const ownIds = new Set<string>(own.map((x) => x.id));
        if (ids.length > 0) assert.equal(answer.strategy === 'personalized', ownIds.has(ids[0]!));
        else assert.equal(answer.strategy, 'popular');
      }),
    );
  });
});
