// The retry rule of durable jobs: 5 s doubling to an hour at most, up to a fifth of spread; failed
// after the last attempt.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { backoffMs, outcomeOfError } from '../../src/jobs/job.js';

describe('job backoff', () => {
  const table: [number, number][] = [[1, 5_000], [2, 10_000], [3, 20_000], [10, 2_560_000], [11, 3_600_000], [40, 3_600_000]];
  for (const [attempt, ms] of table) it(`attempt ${attempt}: ${ms} ms without spread`, () => assert.equal(backoffMs(attempt, 0), ms));

  it('grows with the attempt and stays within a fifth above its base', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const ms = backoffMs(attempt, r);
        return ms >= backoffMs(attempt, 0) && ms <= backoffMs(attempt, 0) * 1.2 && backoffMs(attempt + 1, 0) >= backoffMs(attempt, 0);
      }),
    );
  });

  it('retries until the last attempt, then fails with the error', () => {
    assert.deepEqual(outcomeOfError({ attempts: 1, maxAttempts: 3 }, 'e', 1_000, 0), { kind: 'retry', at: new Date(6_000), error: 'e' });
    assert.deepEqual(outcomeOfError({ attempts: 3, maxAttempts: 3 }, 'e', 1_000, 0), { kind: 'failed', error: 'e' });
  });
});
