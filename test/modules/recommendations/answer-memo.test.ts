// Composed answers kept a second (a clock of its own, no timing): an anchor asked again is served
// without composing, each answer with its own id and stored; a product read again reaches answers
// at most a second later, and never one older than the cache's maximum age; a ranking rebuilt, a
// session's ask and a refresh of the model are never served from it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProductShelf, RecommendationSlot, ShelfProduct } from '../../../src/kernel/index.js';
import { shelfProduct } from './shelf-product.js';
import { createAnswerMemo } from '../../../src/modules/recommendations/answer-memo.js';
import { newSession } from '../../../src/modules/recommendations/co-occurrence.js';
import type { ModelReader } from '../../../src/modules/recommendations/model-reader.js';
import type { Neighbour } from '../../../src/modules/recommendations/neighbours.js';
import { recommend, type RecommendDeps } from '../../../src/modules/recommendations/recommend.js';
import type { Answer, Ask } from '../../../src/modules/recommendations/recommendation.js';
import { createRefreshingCache } from '../../../src/modules/recommendations/refreshing-cache.js';
import { createShelfCache } from '../../../src/modules/recommendations/shelf-cache.js';

const p = (id: string, extra: Partial<ShelfProduct> = {}): ShelfProduct => shelfProduct(id, { categories: ['X'], ...extra });

function world(strategy: RecommendationSlot['strategy'] = 'similar') {
  let clock = 1_000_000;
  const products = new Map(['a', 'b', 'c', 'd', 'z'].map((id) => [id, p(id, id === 'z' ? { categories: ['Y'] } : {})]));
  /** Reads of the sources behind the caches, and compositions (asks of the model's neighbours). */
  const reads = { shelf: 0, neighbours: 0, sessions: 0, composed: 0 };
  const shelf: ProductShelf = {
    products: async (_, ids) => {
      reads.shelf += 1;
      return new Map(ids.flatMap((id) => (products.has(id) ? [[id, products.get(id)!] as const] : [])));
    },
    changed: async (_, kept) => kept.map((k) => k.id),
    newest: async () => [],
  };
  const lists = createRefreshingCache<readonly Neighbour[]>({
    refreshAfterMs: 10_000,
    maxAgeMs: 20_000,
    max: 100,
    now: () => clock,
    load: async (_, ids) => {
      reads.neighbours += 1;
      return new Map(ids.map((id) => [id, id === 'a' ? [{ productId: 'b', score: 0.9 }, { productId: 'c', score: 0.5 }] : []]));
    },
  });
  const model: ModelReader = {
    neighbours: async (siteId, _, ids, fresh) => {
      reads.composed += 1;
      const found = await lists.get(siteId, ids, fresh);
      return new Map(ids.map((id) => [id, found.get(id) ?? []]));
    },
    session: async () => {
      reads.sessions += 1;
      return { ...newSession(0), recent: ['d'] };
    },
    forget: () => lists.clear(),
  };
  let ranked: ShelfProduct[] = [products.get('d')!, products.get('z')!];
  const written: Answer[] = [];
  // The memo's lifetime without its random part: 5 s after composing, unless an input ages first.
  const memo = createAnswerMemo(undefined, undefined, () => 0);
  const shelfCache = createShelfCache(shelf, 5_000, () => clock);
  const deps: RecommendDeps = {
    slots: { slot: async (_, campaignId) => ({ campaignId, strategy, limit: 2, filters: { categories: [], inStockOnly: true } }) },
    shelf: shelfCache,
    popular: { ranking: async () => ranked, forget: () => undefined },
    model,
    answers: { write: async (_, answer) => void written.push(answer) },
    memo,
    clock: () => clock,
  };
  return {
    ask: (request: { productId?: string; sessionId?: string } = { productId: 'a' }) => recommend(deps, { siteId: 's1', campaignId: 'cmp_1111', ...request }),
    ids: (a: Answer) => a.items.map((x) => `${x.productId}:${x.price.amount}`),
    reads,
    written,
    memo,
    shelfCache,
    tick: (ms: number) => (clock += ms),
    change: (id: string, extra: Partial<ShelfProduct>) => products.set(id, { ...products.get(id)!, ...extra }),
    rebuildRanking: () => (ranked = [...ranked]),
  };
}

describe('answer memo', () => {
  it('serves an anchor asked again without composing; each answer has its own id and is stored', async () => {
    const w = world();
    const first = await w.ask();
    assert.deepEqual(w.ids(first), ['b:100', 'c:100']);
    const reads = { ...w.reads };
    const second = await w.ask();
    assert.deepEqual(w.ids(second), ['b:100', 'c:100']);
    assert.deepEqual(w.reads, reads, 'not composed, nothing read');
    assert.notEqual(first.recommendationId, second.recommendationId);
    assert.deepEqual(w.written.map((a) => a.recommendationId), [first.recommendationId, second.recommendationId]);
  });

  it('composed again from products read again unchanged, an answer keeps the same items (the same array: its view is kept too)', async () => {
    const w = world();
    const first = await w.ask();
    w.tick(4_000);
    // The memo's answer ended a second before b and c (read at 0) reach 5 s: composed again from the
    // cache, which reads them again in the background.
    assert.equal((await w.ask()).items, first.items, 'composed again: the same items');
    assert.equal(w.reads.composed, 2);
    await w.shelfCache.settled();
    assert.equal(w.reads.shelf, 2, 'read again in the background');
    w.tick(1_000);
    const again = await w.ask();
    assert.equal(w.reads.composed, 3, 'composed again (no entry kept: its inputs were a second from their maximum age)');
    assert.equal(again.items, first.items);
  });

  it('a product changed reaches answers within its cache’s maximum age (5 s), never waiting for the database', async () => {
    const w = world();
    await w.ask();
    w.change('b', { price: { amount: 250, currency: 'EUR' } });
    w.tick(3_000);
    assert.deepEqual(w.ids(await w.ask()), ['b:100', 'c:100'], 'from the memo (kept until 4 s)');
    w.tick(1_000);
    // 4 s: composed again; b (due) is served as kept while the cache reads it again.
    assert.deepEqual(w.ids(await w.ask()), ['b:100', 'c:100']);
    const shelfReads = w.reads.shelf;
    await w.shelfCache.settled();
    assert.equal(w.reads.shelf, shelfReads + 1, 'b read again in the background');
    assert.deepEqual(w.ids(await w.ask()), ['b:250', 'c:100'], 'composed with b as read again');
  });

  it('never serves an input older than its cache’s maximum age (5 s for products), the memo notwithstanding', async () => {
    const w = world();
    await w.ask();
    w.change('b', { price: { amount: 250, currency: 'EUR' } });
    w.tick(4_500);
    // Composed again with b as read at 0 (due, being read again, not yet read): kept until 5 s, not 5.5 s.
    assert.deepEqual(w.ids(await w.ask()), ['b:100', 'c:100']);
    w.tick(600);
    assert.deepEqual(w.ids(await w.ask()), ['b:250', 'c:100']);
  });

  it('a product out of stock is not served past the cache’s maximum age', async () => {
    const w = world();
    await w.ask();
    w.change('b', { inStock: false });
    w.tick(5_000);
    assert.deepEqual(w.ids(await w.ask()), ['c:100', 'd:100'], 'b out of stock: the popular d fills');
  });

  it('a ranking rebuilt reaches answers as they are composed again (no wave); a refresh of the model (clear) and an ask of a session compose again', async () => {
    const w = world();
    await w.ask();
    await w.ask();
    assert.equal(w.reads.composed, 1);
    w.rebuildRanking();
    await w.ask();
    assert.equal(w.reads.composed, 1, 'a new ranking does not throw the memo away');
    w.tick(5_000);
    await w.ask();
    assert.equal(w.reads.composed, 2, 'composed again, with the new ranking, at the end of the memo’s lifetime');
    w.memo.clear();
    await w.ask();
    assert.equal(w.reads.composed, 3, 'composed again after clear');

    const p2 = world('personalized');
    await p2.ask({ sessionId: 'v1' });
    await p2.ask({ sessionId: 'v1' });
    assert.equal(p2.reads.composed, 2, 'a session’s answer is composed each time');
    assert.equal(p2.reads.sessions, 2);
  });

  it('keeps nothing for an ask that reads a session, and an answer MEMO_MS at most (less its random part), ending a second before its inputs’ maximum age', () => {
    let draw = 0;
    const memo = createAnswerMemo(2, 1_000, () => draw);
    const ask = (extra: Partial<Ask> = {}): Ask => ({ siteId: 's', campaignId: 'c', strategy: 'similar', limit: 2, inStockOnly: true, categories: [], anchorProductId: 'a', sessionId: null, ...extra });
    const composed = { strategy: 'similar' as const, items: [p('b')] };
    memo.set(ask({ strategy: 'personalized', sessionId: 'v' }), composed, 9_000, 1_000);
    assert.equal(memo.get(ask({ strategy: 'personalized', sessionId: 'v' }), 1_000), undefined);
    memo.set(ask(), composed, 2_000, 1_000);
    assert.equal(memo.get(ask(), 1_000), undefined, 'an input a second from its maximum age when composed');
    memo.set(ask(), composed, 2_800, 1_000);
    assert.equal(memo.get(ask(), 1_799), composed);
    assert.equal(memo.get(ask(), 1_800), undefined, 'a second before an input’s maximum age');
    memo.set(ask(), composed, 9_000, 1_000);
    assert.equal(memo.get(ask(), 1_999), composed);
    assert.equal(memo.get(ask(), 2_000), undefined, 'MEMO_MS after it was composed');
    draw = 0.999;
    memo.set(ask(), composed, 9_000, 1_000);
    assert.equal(memo.get(ask(), 1_499), composed);
    assert.equal(memo.get(ask(), 1_501), undefined, 'half of MEMO_MS at the least, with the largest random part');
    draw = 0;
    memo.set(ask(), composed, 9_000, 1_000);
    assert.equal(memo.get(ask({ limit: 3 }), 1_500), undefined, 'another limit is another ask');
    assert.equal(memo.get(ask({ sessionId: 'v' }), 1_500), composed, 'a similar slot does not read the session');
    memo.set(ask({ anchorProductId: 'x' }), composed, 9_000, 1_000);
    memo.set(ask({ anchorProductId: 'y' }), composed, 9_000, 1_000);
    assert.equal(memo.get(ask(), 1_500), undefined, 'at most `max` entries, the oldest going first');
  });

  it('spreads the lifetimes of answers composed together over the second half of MEMO_MS', () => {
    const memo = createAnswerMemo(1_000, 1_000);
    const composed = { strategy: 'similar' as const, items: [p('b')] };
    const asks = Array.from({ length: 400 }, (_, i): Ask => ({ siteId: 's', campaignId: 'c', strategy: 'similar', limit: 2, inStockOnly: true, categories: [], anchorProductId: `a${i}`, sessionId: null }));
    for (const a of asks) memo.set(a, composed, Infinity, 0);
    const alive = (t: number) => asks.filter((a) => memo.get(a, t) !== undefined).length;
    assert.equal(alive(499), 400);
    assert.ok(alive(750) > 100 && alive(750) < 300, `about half alive at 750 ms: ${alive(750)}`);
    assert.equal(alive(1_000), 0);
  });
});
