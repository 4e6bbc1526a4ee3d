// The evaluation, pure: questions of a session, HitRate@10 and NDCG@10 (tables), the fill of an
// answer, a model that never sees the test; and the target of issue #16 on the seeded synthetic
// shop: `similar` at least 1.10 × popularity's HitRate@10 on a time split the model never saw.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Evaluation, fillFromRanking, questionsOf, score } from '../../../src/modules/recommendations/evaluation.js';
import { generateShop, interactionsOf } from '../../helpers/synthetic-sessions.js';

describe('evaluation rules', () => {
  it('asks one question per view but the last, consecutive repeats folded', () => {
    const table: [string[], [string[], string][]][] = [
      [[], []],
      [['a'], []],
      [['a', 'a', 'a'], []],
      [['a', 'b'], [[['a'], 'b']]],
      [['a', 'a', 'b', 'b', 'a'], [[['a'], 'b'], [['a', 'b'], 'a']]],
    ];
    for (const [views, expected] of table) assert.deepEqual(questionsOf(views).map((q) => [q.history, q.next]), expected, views.join(','));
  });

  it('scores hits and their positions', () => {
    const table: [{ items: string[]; next: string }[], number, number][] = [
      [[], 0, 0],
      [[{ items: ['x', 'y'], next: 'x' }], 1, 1],
      [[{ items: ['x', 'y'], next: 'y' }], 1, 1 / Math.log2(3)],
      [[{ items: ['x', 'y'], next: 'z' }, { items: ['z'], next: 'z' }], 0.5, 0.5],
      // Beyond the 10th item it is no hit.
      [[{ items: [...'abcdefghij'].concat('k'), next: 'k' }], 0, 0],
    ];
    for (const [answers, hr, ndcg] of table) {
      const s = score(answers);
      assert.ok(Math.abs(s.hit_rate_at_10 - hr) < 1e-12 && Math.abs(s.ndcg_at_10 - ndcg) < 1e-12, JSON.stringify(answers));
    }
  });

  it('NDCG never exceeds HitRate, both within [0, 1]', () => {
    const answer = fc.record({ items: fc.uniqueArray(fc.constantFrom(...'abcdefghijklmn'), { maxLength: 14 }), next: fc.constantFrom(...'abcdefghijklmn') });
    fc.assert(
      fc.property(fc.array(answer), (answers) => {
        const s = score(answers);
        assert.ok(s.hit_rate_at_10 >= 0 && s.hit_rate_at_10 <= 1);
        assert.ok(s.ndcg_at_10 >= 0 && s.ndcg_at_10 <= s.hit_rate_at_10 + 1e-12);
      }),
    );
  });

  it('fills an answer: its own first, then the ranking (the anchor’s categories first), never the anchor or one twice', () => {
    const near = (id: string) => id.startsWith('n');
    assert.deepEqual(fillFromRanking(['o1', 'anchor', 'o1'], ['p1', 'n1', 'o1', 'p2'], 'anchor', 4, near), ['o1', 'n1', 'p1', 'p2']);
    assert.deepEqual(fillFromRanking([], ['anchor', 'p1'], 'anchor', 10), ['p1']);
  });

  it('trains only on what happened before the split', () => {
    const split = new Date(Date.UTC(2026, 0, 10));
    const e = new Evaluation(split);
    const at = (d: number) => split.getTime() + d;
    for (const [s, p, d] of [['s1', 'a', -5], ['s1', 'b', -4], ['s2', 'a', -3], ['s2', 'b', -2], ['s3', 'a', 1], ['s3', 'c', 2], ['s4', 'a', 3], ['s4', 'c', 4]] as const) {
      e.add({ sessionId: s, productId: p, kind: 'view', at: at(d), trusted: false });
    }
    assert.equal(e.model.norm('similar', 'c'), undefined, 'c was seen after the split only');
    const r = e.result();
    assert.equal(r.sessions, 2);
    assert.equal(r.questions, 2);
    // a → c is asked twice: similar proposes b (the only neighbour), popularity b too; c is unknown to both.
    assert.deepEqual(r.strategies.similar, { hit_rate_at_10: 0, ndcg_at_10: 0 });
    assert.equal(r.split, split.toISOString());
  });
});

describe('the target on the synthetic shop', () => {
  for (const seed of [1, 2]) {
    it(`seed ${seed}: similar ≥ 1.10 × popularity’s HitRate@10 on the last 20 % of time`, () => {
      const shop = generateShop({ seed, sessions: 6_000 });
      const interactions = interactionsOf(shop.events);
      const first = interactions[0]!.at;
      const last = interactions[interactions.length - 1]!.at;
      const categories = new Map(shop.products.map((p) => [p.productId, p.categories]));
      // Categories known: popularity fills with the anchor's category first, its strongest form.
      const e = new Evaluation(new Date(first + 0.8 * (last - first)), undefined, (id) => categories.get(id) ?? []);
      for (const i of interactions) e.add(i);
      const r = e.result();
      assert.ok(r.questions > 1_000, `${r.questions} questions`);
      const { similar, popular, personalized } = r.strategies;
      assert.ok(similar.hit_rate_at_10 >= 1.1 * popular.hit_rate_at_10, JSON.stringify(r.strategies));
      assert.ok(personalized.hit_rate_at_10 >= 1.1 * popular.hit_rate_at_10, JSON.stringify(r.strategies));
    });
  }

  it('the generator is seeded: the same seed, the same shop', () => {
    const a = generateShop({ seed: 3, sessions: 200 });
    const b = generateShop({ seed: 3, sessions: 200 });
    assert.deepEqual(a, b);
    assert.notDeepEqual(generateShop({ seed: 4, sessions: 200 }).events, a.events);
  });
});
