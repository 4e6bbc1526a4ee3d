// Answer ids: the pattern the schema declares, in the order of their time (the primary key's index
// grows at its right edge), and never twice (drawn from a pool of CSPRNG bytes).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { newRecommendationId, RECOMMENDATION_ID_PATTERN } from '../../../src/modules/recommendations/recommendation.js';

describe('recommendation ids', () => {
  it('match the pattern, are 20 characters after rec_, and never repeat across pool refills, even within one millisecond', () => {
    const at = Date.now();
    const ids = Array.from({ length: 20_000 }, () => newRecommendationId(at));
    for (const id of ids) {
      assert.match(id, new RegExp(RECOMMENDATION_ID_PATTERN));
      assert.equal(id.length, 24);
    }
    assert.equal(new Set(ids).size, ids.length);
    // Every character of the alphabet is used by the random part, none far more than its share (20,000 × 9 draws).
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(15)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 62);
    for (const n of counts.values()) assert.ok(Math.abs(n - 180_000 / 62) < 0.12 * (180_000 / 62), String(n));
  });

  it('begin with their time in milliseconds (11 hex digits), so a later id sorts after an earlier one byte-wise', () => {
    assert.equal(newRecommendationId(0x0193_f2a4_b6c).slice(0, 15), 'rec_0193f2a4b6c');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 43 }), fc.integer({ min: 1, max: 2 ** 40 }), (t, dt) => {
        const [a, b] = [newRecommendationId(t), newRecommendationId(t + dt)];
        return Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;
      }),
    );
  });
});
