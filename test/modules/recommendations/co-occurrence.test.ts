// The learning rule, pure: what an interaction adds (a table of cases), and properties over random
// sessions: each pair's count is the decayed product of its two weights summed over the sessions
// that paired them, the cosine never exceeds 1, and learning in pieces (a batch summed in memory,
// then another) ends with the same counts as learning all at once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { InteractionKind, ProductInteraction } from '../../../src/kernel/index.js';
import { cosine, learn, MODEL_PARAMS, sessionWeight, type CountSink, type ModelKind } from '../../../src/modules/recommendations/co-occurrence.js';
import { CountBatch } from '../../../src/modules/recommendations/count-batch.js';
import { MemoryModel } from '../../../src/modules/recommendations/memory-model.js';

const T0 = Date.UTC(2026, 0, 1);
const i = (productId: string, kind: InteractionKind = 'view', extra: Partial<ProductInteraction> = {}): ProductInteraction => ({
  sessionId: 's',
  productId,
  kind,
  at: T0,
  trusted: false,
  ...extra,
});

/** What a sink was given, as readable lines. */
function recorder() {
  const lines: string[] = [];
  const sink: CountSink = {
    pair: (kind: ModelKind, a: string, b: string, w: number, s: number) => lines.push(`${kind} ${[a, b].sort().join('-')} +${w} s+${s}`),
    product: (kind: ModelKind, p: string, n: number, s: number) => lines.push(`${kind} ${p} norm+${n} s+${s}`),
  };
  return { lines, sink };
}

describe('learning rule', () => {
  const d = sessionWeight(T0, MODEL_PARAMS.halfLifeDays);
  const cases: { name: string; before: ProductInteraction[]; next: ProductInteraction; expect: string[] }[] = [
    { name: 'a first view adds its norm', before: [], next: i('a'), expect: [`similar a norm+${d} s+1`] },
    { name: 'a second product pairs with the first', before: [i('a')], next: i('b'), expect: [`similar a-b +${d} s+1`, `similar b norm+${d} s+1`] },
    { name: 'a repeat view adds nothing', before: [i('a'), i('b')], next: i('a'), expect: [] },
    {
      name: 'a cart of a viewed product grows its pairs and norm, no new session',
      before: [i('a'), i('b')],
      next: i('a', 'cart'),
      expect: [`similar a-b +${d * 2 * 1} s+0`, `similar a norm+${d * 8} s+0`],
    },
    { name: 'a weaker signal after a stronger adds nothing', before: [i('a', 'purchase'), i('b')], next: i('a', 'cart'), expect: [] },
    {
      name: 'a new product carted pairs with weight 3',
      before: [i('a')],
      next: i('b', 'cart'),
      expect: [`similar a-b +${d * 3 * 1} s+1`, `similar b norm+${d * 3 * 3} s+1`],
    },
    {
      name: 'a server purchase joins the basket and pairs with what the session bought',
      before: [i('a', 'purchase', { trusted: true })],
      next: i('b', 'purchase', { trusted: true }),
      expect: [`similar a-b +${d * 5 * 5} s+1`, `similar b norm+${d * 5 * 5} s+1`, `bought a-b +${d} s+1`, `bought b norm+${d} s+1`],
    },
    {
      name: 'a browser purchase is no order',
      before: [i('a', 'purchase')],
      next: i('b', 'purchase'),
      expect: [`similar a-b +${d * 5 * 5} s+1`, `similar b norm+${d * 5 * 5} s+1`],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      let state = undefined;
      const quiet: CountSink = { pair: () => {}, product: () => {} };
      for (const b of c.before) state = learn(state, b, quiet);
      const { lines, sink } = recorder();
      learn(state, c.next, sink);
      assert.deepEqual(lines, c.expect);
    });
  }

  it('pairs a product only with the WINDOW products met just before it', () => {
    const params = { ...MODEL_PARAMS, window: 2 };
    let state = undefined;
    const { lines, sink } = recorder();
    for (const p of ['a', 'b', 'c', 'd']) state = learn(state, i(p), sink, params);
    assert.deepEqual(lines.filter((l) => l.includes('-')).map((l) => l.split(' ')[1]), ['a-b', 'a-c', 'b-c', 'b-d', 'c-d']);
  });

  it('stops adding products after maxSessionProducts, and remembers the last views', () => {
    const params = { ...MODEL_PARAMS, maxSessionProducts: 3, recent: 2 };
    let state = undefined;
    const { lines, sink } = recorder();
    for (const p of ['a', 'b', 'c', 'd', 'b']) state = learn(state, i(p), sink, params);
    assert.equal(lines.some((l) => l.includes('d')), false);
    assert.deepEqual(state!.recent, ['d', 'b']);
    assert.deepEqual(state!.products.map((p) => p.productId), ['a', 'b', 'c']);
  });

  it('decays by the session’s start: a session one half-life older counts half', () => {
    const older = sessionWeight(T0 - MODEL_PARAMS.halfLifeDays * 86_400_000, MODEL_PARAMS.halfLifeDays);
    assert.ok(Math.abs(older / sessionWeight(T0, MODEL_PARAMS.halfLifeDays) - 0.5) < 1e-12);
  });

  it('cosine: 0 for an empty norm, 1 for products always seen together', () => {
    assert.equal(cosine(1, 0, 1), 0);
    assert.equal(cosine(4, 4, 4), 1);
  });
});

const KINDS: InteractionKind[] = ['view', 'view', 'view', 'cart', 'purchase'];

/** Random streams: a few sessions over a few products, every kind, some trusted. */
const streams = fc.array(
  fc.record({
    session: fc.integer({ min: 0, max: 5 }),
    product: fc.integer({ min: 0, max: 7 }),
    kind: fc.integer({ min: 0, max: 4 }),
    trusted: fc.boolean(),
    day: fc.integer({ min: 0, max: 90 }),
  }),
  { maxLength: 60 },
);

const toInteractions = (raw: { session: number; product: number; kind: number; trusted: boolean; day: number }[]): ProductInteraction[] =>
  raw.map((r, k) => ({ sessionId: `s${r.session}`, productId: `p${r.product}`, kind: KINDS[r.kind]!, trusted: r.trusted, at: T0 + r.day * 86_400_000 + k }));

/** Neighbours by score rounded past float noise, then id (sums in another order may differ in the last bits). */
const ranked = (list: readonly { productId: string; score: number }[]) =>
  list.map((n) => [n.productId, Number(n.score.toPrecision(9))] as const).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));

describe('learning rule properties', () => {
  it('a pair’s count is Σ decay × w(a) × w(b) over the sessions that paired them; the cosine never exceeds 1', () => {
    fc.assert(
      fc.property(streams, (raw) => {
        const model = new MemoryModel({ ...MODEL_PARAMS, window: 3 });
        const interactions = toInteractions(raw);
        for (const x of interactions) model.learn(x);
        for (const a of model.products('similar')) {
          for (const c of model.candidates('similar', a)) {
            let expected = 0;
            let sessions = 0;
            for (const s of model.sessions.values()) {
              const pa = s.products.findIndex((p) => p.productId === a);
              const pb = s.products.findIndex((p) => p.productId === c.productId);
              if (pa < 0 || pb < 0 || Math.abs(pa - pb) > 3) continue;
              expected += sessionWeight(s.startedAt, MODEL_PARAMS.halfLifeDays) * s.products[pa]!.weight * s.products[pb]!.weight;
              sessions += 1;
            }
            assert.ok(Math.abs(c.weight - expected) <= 1e-9 * expected, `${a}-${c.productId}`);
            assert.equal(c.sessions, sessions);
            assert.ok(cosine(c.weight, model.norm('similar', a)!.weight, c.norm) <= 1 + 1e-12);
          }
        }
      }),
    );
  });

  it('learning in pieces (each summed in a batch) adds up to learning one by one', () => {
    fc.assert(
      fc.property(streams, fc.integer({ min: 1, max: 10 }), (raw, piece) => {
        const interactions = toInteractions(raw);
        const whole = new MemoryModel();
        for (const x of interactions) whole.learn(x);
        const pieces = new MemoryModel();
        let sessions = new Map<string, ReturnType<typeof learn>>();
        for (let k = 0; k < interactions.length; k += piece) {
          const batch = new CountBatch();
          // A piece carries the sessions over, as the database does between transactions.
          sessions = new Map(sessions);
          for (const x of interactions.slice(k, k + piece)) sessions.set(x.sessionId, learn(sessions.get(x.sessionId), x, batch));
          for (const p of batch.pairDeltas()) pieces.pair(p.kind, p.productId, p.otherId, p.weight, p.sessions);
          for (const p of batch.productDeltas()) pieces.product(p.kind, p.productId, p.norm, p.sessions);
        }
        for (const kind of ['similar', 'bought'] as const) {
          assert.deepEqual(pieces.products(kind).sort(), whole.products(kind).sort());
          for (const p of whole.products(kind)) {
            const a = whole.candidates(kind, p).sort((x, y) => (x.productId < y.productId ? -1 : 1));
            const b = pieces.candidates(kind, p).sort((x, y) => (x.productId < y.productId ? -1 : 1));
            assert.deepEqual(b.map((c) => [c.productId, c.sessions]), a.map((c) => [c.productId, c.sessions]));
            b.forEach((c, k) => assert.ok(Math.abs(c.weight - a[k]!.weight) <= 1e-9 * a[k]!.weight));
            assert.deepEqual(ranked(pieces.neighbours(kind, p)), ranked(whole.neighbours(kind, p)));
          }
        }
      }),
    );
  });
});
