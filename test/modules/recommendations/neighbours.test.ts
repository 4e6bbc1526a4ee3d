// Ranking and the strategies' proposals, pure: a product's top neighbours (two sessions at least,
// never itself, by cosine then id, at most K), a session's blend of its recent views' neighbours,
// and what each strategy proposes from an anchor and a session (tables), with properties.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { RecommendationStrategy } from '../../../src/kernel/index.js';
import { newSession, type SessionState } from '../../../src/modules/recommendations/co-occurrence.js';
import { personalScores, RECENCY, topNeighbours, type Candidate, type Neighbour } from '../../../src/modules/recommendations/neighbours.js';
import { proposalsOf, seedsOf } from '../../../src/modules/recommendations/strategies.js';

const c = (productId: string, weight: number, sessions: number, norm: number): Candidate => ({ productId, weight, sessions, norm });

describe('top neighbours', () => {
  it('ranks by cosine, needs two sessions, never the product itself, ties by id, at most k', () => {
    const candidates = [c('popular', 10, 10, 400), c('niche', 4, 4, 4), c('once', 5, 1, 5), c('self', 9, 9, 9), c('tie-b', 2, 2, 4), c('tie-a', 2, 2, 4)];
    const top = topNeighbours('self', 16, candidates, 3);
    // popular: 10/√(16·400) = 0.125; niche: 4/√(16·4) = 0.5; ties: 2/√(16·4) = 0.25.
    assert.deepEqual(top.map((n) => n.productId), ['niche', 'tie-a', 'tie-b']);
    assert.deepEqual(topNeighbours('self', 16, candidates, 10).map((n) => n.productId), ['niche', 'tie-a', 'tie-b', 'popular']);
    assert.deepEqual(topNeighbours('x', 16, [c('once', 5, 1, 5)]), [], 'a neighbour seen in one session only is none');
  });

  it('properties: sorted, unique, at most k, each seen in two sessions, scores in (0, 1] when counts are consistent', () => {
    const candidate = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e'), own: fc.double({ min: 0.1, max: 10, noNaN: true }), other: fc.double({ min: 0.1, max: 10, noNaN: true }), sessions: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (x) => x.id }), fc.integer({ min: 1, max: 6 }), (specs, k) => {
        // Counts as sessions make them: the pair at most √(norm·norm') (Cauchy–Schwarz).
        const norm = 100;
        const list = specs.map((s) => c(s.id, Math.min(s.own, Math.sqrt(norm * s.other)), s.sessions, s.other));
        const top = topNeighbours('self', norm, list, k);
        assert.ok(top.length <= k);
        assert.equal(new Set(top.map((n) => n.productId)).size, top.length);
        for (let i = 1; i < top.length; i += 1) assert.ok(top[i - 1]!.score >= top[i]!.score);
        for (const n of top) {
          assert.ok(n.score > 0 && n.score <= 1 + 1e-12);
          assert.ok(list.find((x) => x.productId === n.productId)!.sessions >= 2);
        }
      }),
    );
  });
});

describe('personal scores', () => {
  const lists: Record<string, Neighbour[]> = {
    a: [{ productId: 'x', score: 0.5 }, { productId: 'y', score: 0.4 }],
    b: [{ productId: 'y', score: 0.5 }, { productId: 'z', score: 0.3 }],
  };
  const of = (p: string) => lists[p] ?? [];

  it('sums the neighbours of recent views, the latest counting most', () => {
    // b is the latest (weight 1), a before it (RECENCY).
    const scores = personalScores(['a', 'b'], of, new Set());
    assert.deepEqual(scores.map((n) => n.productId), ['y', 'x', 'z']);
    assert.ok(Math.abs(scores[0]!.score - (0.5 + RECENCY * 0.4)) < 1e-12);
    assert.ok(Math.abs(scores[1]!.score - RECENCY * 0.5) < 1e-12);
  });

  it('never proposes what it excludes; one view: its neighbours in order', () => {
    assert.deepEqual(personalScores(['a', 'b'], of, new Set(['y'])).map((n) => n.productId), ['x', 'z']);
    assert.deepEqual(personalScores(['a'], of, new Set()).map((n) => n.productId), ['x', 'y']);
    assert.deepEqual(personalScores([], of, new Set()), []);
  });

  it('one view: the same neighbours and scores as the blend computes, whether its list is ranked (as stored) or not', () => {
    const blend = (list: readonly Neighbour[], exclude: ReadonlySet<string>, k: number) =>
      list
        .filter((n) => !exclude.has(n.productId))
        .map((n) => ({ productId: n.productId, score: n.score }))
        .sort((x, y) => y.score - x.score || (x.productId < y.productId ? -1 : x.productId > y.productId ? 1 : 0))
        .slice(0, k);
    const neighbour = fc.record({ productId: fc.constantFrom('p', 'q', 'r', 's', 't', 'u'), score: fc.constantFrom(0.1, 0.25, 0.5, 1) });
    fc.assert(
      fc.property(fc.uniqueArray(neighbour, { selector: (n) => n.productId }), fc.boolean(), fc.subarray(['p', 'q', 'r']), fc.integer({ min: 1, max: 6 }), (list, ranked, excluded, k) => {
        const stored = ranked ? topNeighbours('a', 1, list.map((n) => c(n.productId, n.score, 2, 1))) : list;
        const exclude = new Set(excluded);
        const scores = personalScores(['a'], () => stored, exclude, k).map((n) => ({ productId: n.productId, score: n.score }));
        assert.deepEqual(scores, blend(stored, exclude, k));
      }),
      { numRuns: 300 },
    );
  });
});

describe('strategies', () => {
  const session: SessionState = {
    ...newSession(0),
    products: [{ productId: 'viewed', weight: 1 }, { productId: 'carted', weight: 3 }],
    basket: ['bought'],
    recent: ['older', 'viewed'],
  };
  const lists = (kind: string, p: string): Neighbour[] => [{ productId: `${kind}:${p}`, score: 1 }, { productId: 'anchor', score: 0.3 }, { productId: 'bought', score: 0.2 }];

  const cases: { strategy: RecommendationStrategy; anchor: string | null; session?: SessionState; seeds: string[]; kind: string; first: string | undefined }[] = [
    { strategy: 'similar', anchor: 'anchor', session, seeds: ['anchor'], kind: 'similar', first: 'similar:anchor' },
    { strategy: 'similar', anchor: null, session, seeds: [], kind: 'similar', first: undefined },
    { strategy: 'frequently_bought_together', anchor: 'anchor', session, seeds: ['anchor'], kind: 'bought', first: 'bought:anchor' },
    { strategy: 'frequently_bought_together', anchor: null, session, seeds: ['bought', 'carted'], kind: 'bought', first: 'bought:carted' },
    { strategy: 'frequently_bought_together', anchor: null, seeds: [], kind: 'bought', first: undefined },
    { strategy: 'personalized', anchor: 'anchor', session, seeds: ['older', 'viewed', 'anchor'], kind: 'similar', first: 'similar:anchor' },
    { strategy: 'personalized', anchor: null, session, seeds: ['older', 'viewed'], kind: 'similar', first: 'similar:viewed' },
    { strategy: 'personalized', anchor: 'viewed', session, seeds: ['older', 'viewed'], kind: 'similar', first: 'similar:viewed' },
    { strategy: 'popular', anchor: 'anchor', session, seeds: [], kind: 'similar', first: undefined },
  ];
  for (const k of cases) {
    it(`${k.strategy}, anchor ${k.anchor ?? 'none'}, ${k.session ? 'a known session' : 'no session'}`, () => {
      assert.deepEqual(seedsOf(k.strategy, k.anchor, k.session), { kind: k.kind, seeds: k.seeds });
      const proposed = proposalsOf(k.strategy, k.anchor, k.session, lists);
      assert.equal(proposed[0], k.first);
      if (k.anchor !== null) assert.ok(!proposed.includes(k.anchor), 'never the anchor');
      if (k.strategy === 'frequently_bought_together') assert.ok(!proposed.some((p) => k.seeds.includes(p)), 'not what the session holds');
    });
  }
});
