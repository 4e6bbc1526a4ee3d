import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createGroupCommitter } from '../../src/db/group-commit.js';

const tick = () => new Promise((r) => setTimeout(r, 5));
/** Submissions are flushed from setImmediate: a few turns of the loop later that has happened (no timers, so no race). */
const turns = async () => {
  for (let k = 0; k < 3; k += 1) await new Promise((r) => setImmediate(r));
};

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

  it('starts the next flush, up to its statement, before answering the callers of the one that committed', async () => {
    const order: string[] = [];
    let commit!: () => void;
    const gc = createGroupCommitter<number, number>({
      maxBatch: 100,
      maxConcurrent: 1,
      async flush(items) {
        order.push(`flush ${items.join(',')}`);
        if (items[0] === 1) await new Promise<void>((r) => (commit = r));
        else {
          // A flush's own awaits before its statement goes out (a cache, the pool).
          await Promise.resolve();
          await Promise.resolve();
          order.push(`statement ${items.join(',')}`);
          await tick(); // the database's work
        }
        return items;
      },
    });
    const first = gc.submit([1]).then(() => order.push('answered 1'));
    await turns();
    const second = gc.submit([2, 3]).then(() => order.push('answered 2,3'));
    await turns();
    assert.deepEqual(order, ['flush 1']);
    commit();
    await Promise.all([first, second]);
    assert.deepEqual(order, ['flush 1', 'flush 2,3', 'statement 2,3', 'answered 1', 'answered 2,3']);
  });

  it('starts a second flush beside the one in progress only once parallelAfter items wait', async () => {
    const started: number[][] = [];
    const release: (() => void)[] = [];
    const gc = createGroupCommitter<number, number>({
      maxBatch: 100,
      maxConcurrent: 4,
      parallelAfter: 5,
      async flush(items) {
        started.push(items);
        await new Promise<void>((r) => release.push(r));
        return items;
      },
    });
    // Idle: the first submission flushes at once.
    const first = gc.submit([1]);
    await turns();
    assert.deepEqual(started, [[1]]);
    // One flush in progress: four waiting items do not start another.
    const small = [gc.submit([2, 3]), gc.submit([4]), gc.submit([5])];
    await turns();
    assert.equal(started.length, 1);
    // The fifth does: one flush takes all five, beside the first.
    const fifth = gc.submit([6]);
    await turns();
    assert.deepEqual(started, [[1], [2, 3, 4, 5, 6]]);
    // Below the threshold again: the next waits while any flush runs, then goes at once.
    const late = gc.submit([7]);
    await turns();
    assert.equal(started.length, 2);
    release.shift()!();
    await turns();
    assert.equal(started.length, 2);
    release.shift()!();
    await turns();
    assert.deepEqual(started[2], [7]);
    release.splice(0).forEach((r) => r());
    assert.deepEqual(await Promise.all([first, ...small, fifth, late]), [[1], [2, 3], [4], [5], [6], [7]]);
  });

  it('answers everything under any threshold, bound and arrival pattern (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ parallelAfter: fc.integer({ min: 1, max: 40 }), maxConcurrent: fc.integer({ min: 1, max: 4 }), maxBatch: fc.integer({ min: 1, max: 30 }) }),
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 12 }), pause: fc.boolean() }), { minLength: 1, maxLength: 40 }),
        async (o, subs) => {
          let running = 0;
          let peak = 0;
          const gc = createGroupCommitter<number, number>({
            ...o,
            async flush(items) {
              running += 1;
              peak = Math.max(peak, running);
              await new Promise((r) => setImmediate(r));
              running -= 1;
              return items.map((x) => -x);
            },
          });
          const promises: Promise<number[]>[] = [];
          let next = 0;
          for (const s of subs) {
            const items = Array.from({ length: s.size }, () => next++);
            promises.push(gc.submit(items));
            if (s.pause) await new Promise((r) => setImmediate(r));
          }
          const out = await Promise.all(promises);
          let k = 0;
          for (const r of out) for (const x of r) assert.equal(x, -k++);
          assert.ok(peak <= o.maxConcurrent);
        },
      ),
      { numRuns: 200 },
    );
  });
  it('says when flushes start running side by side and when at most one runs again', async () => {
    const heard: boolean[] = [];
    const gates: (() => void)[] = [];
    const gc = createGroupCommitter<number, number>({
      maxBatch: 10,
      maxConcurrent: 3,
      parallelAfter: 1,
      crowded: (crowded) => heard.push(crowded),
      flush: (items) => new Promise((resolve) => gates.push(() => resolve(items))),
    });
    const first = gc.submit([1]);
    await turns();
    assert.deepEqual(heard, [], 'one flush alone');
    const second = gc.submit([2]);
    const third = gc.submit([3]);
    await turns();
    assert.equal(gates.length, 2, 'the two waiting went together beside the first');
    assert.deepEqual(heard, [true]);
    gates[0]!();
    await first;
    assert.deepEqual(heard, [true, false], 'one in flight again');
    gates[1]!();
    assert.deepEqual(await Promise.all([second, third]), [[2], [3]]);
    assert.deepEqual(heard, [true, false], 'nothing more to hear');
  });
});
