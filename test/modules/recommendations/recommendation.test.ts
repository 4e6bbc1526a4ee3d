// Answer ids: the pattern the schema declares, and never twice (drawn from a pool of CSPRNG bytes).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newRecommendationId, RECOMMENDATION_ID_PATTERN } from '../../../src/modules/recommendations/recommendation.js';

describe('recommendation ids', () => {
  it('match the pattern, are 20 base62 characters, and never repeat across pool refills', () => {
    const ids = Array.from({ length: 20_000 }, () => newRecommendationId());
    for (const id of ids) {
      assert.match(id, new RegExp(RECOMMENDATION_ID_PATTERN));
      assert.equal(id.length, 24);
    }
    assert.equal(new Set(ids).size, ids.length);
    // Every character of the alphabet is used, none far more than its share (20,000 × 20 draws).
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 62);
    for (const n of counts.values()) assert.ok(Math.abs(n - 400_000 / 62) < 0.1 * (400_000 / 62), String(n));
  });
});
