import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createGroupCommitter } from '../../src/db/group-commit.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('group commit', () => {
  it('batches concurrent submissions and answers each with its own results, in order', async () => {
    const flushed: number[][] = [];
    const gc = createGroupCommitter<number, number>({
      maxBatch: 100,
      maxConcurrent: 1,
      async flush(items) {
        flushed.push(items);
        await tick();
        return items.map((x) => x * 10);
      },
    });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => gc.submit([i, i + 1000])));
    results.forEach((r, i) => assert.deepEqual(r, [i * 10, (i + 1000) * 10]));
    assert.ok(flushed.length < 50, `expected shared flushes, got ${flushed.length}`);
    assert.ok(flushed.every((f) => f.length <= 100));
  });

  it('never splits one submission and respects the concurrency bound', async () => {
    let running = 0;
    let peak = 0;
    const gc = createGroupCommitter<number, number>({
      maxBatch: 10,
      maxConcurrent: 2,
      async flush(items) {
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
        return items;
      },
    });
    const sizes = [7, 7, 25, 3, 3, 3];
    const out = await Promise.all(sizes.map((n, k) => gc.submit(Array.from({ length: n }, (_, i) => k * 100 + i))));
    out.forEach((r, k) => assert.equal(r.length, sizes[k]));
    assert.ok(peak <= 2);
  });

  it('isolates a failing submission: the others still commit', async () => {
    const gc = createGroupCommitter<number, number>({
      maxBatch: 100,
      maxConcurrent: 1,
      async flush(items) {
        await tick();
        if (items.includes(13)) throw new Error('bad row');
        return items;
      },
    });
    const settled = await Promise.allSettled([gc.submit([1]), gc.submit([13]), gc.submit([2])]);
    assert.deepEqual(settled.map((s) => s.status), ['fulfilled', 'rejected', 'fulfilled']);
  });

  it('fails everyone at once on a fatal error', async () => {
    let calls = 0;
    const gc = createGroupCommitter<number, number>({
      maxBatch: 100,
      maxConcurrent: 1,
      isFatal: () => true,
      async flush() {
        calls += 1;
        throw new Error('database down');
      },
    });
    const settled = await Promise.allSettled([gc.submit([1]), gc.submit([2]), gc.submit([3])]);
    assert.ok(settled.every((s) => s.status === 'rejected'));
    assert.equal(calls, 1);
  });
});
