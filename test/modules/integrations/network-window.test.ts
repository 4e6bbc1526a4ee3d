// The fetch plan of an integration run (CONTRACT §11, issue #17): the trailing window, what a
// watermark does to it (never shortens it, lengthens it back to a stale one, bounded), and its cut
// into requests of at most 31 days — table cases and fast-check properties (the requests cover the
// window exactly, without gap or overlap, each at most the longest request).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DAY_MS, MAX_CATCH_UP_DAYS, MAX_REQUEST_DAYS, planFetch, runWindow, splitRange, type TimeRange } from '../../../src/modules/integrations/network-window.js';

const NOW = Date.parse('2024-06-30T12:34:56.789Z');
const NOW_S = Date.parse('2024-06-30T12:34:56Z');
const days = (r: TimeRange) => (r.to - r.from) / DAY_MS;

/** The requests tile the window: in order, contiguous, none empty, none longer than `maxMs`. */
function assertTiles(window: TimeRange, requests: TimeRange[], maxMs: number): void {
  if (window.to === window.from) return assert.deepEqual(requests, []);
  assert.equal(requests[0]!.from, window.from);
  assert.equal(requests.at(-1)!.to, window.to);
  requests.forEach((r, i) => {
    assert.ok(r.to > r.from, 'a request is never empty');
    assert.ok(r.to - r.from <= maxMs, 'a request is never longer than the longest');
    if (i > 0) assert.equal(r.from, requests[i - 1]!.to, 'no gap, no overlap');
  });
  assert.equal(requests.length, Math.ceil((window.to - window.from) / maxMs));
}

describe('the fetch plan of a run', () => {
  const cases: { name: string; lookbackDays: number; watermark?: number | null; from: number; requests: number[]; catchUp: boolean }[] = [
    { name: '30 days, no watermark: one request', lookbackDays: 30, from: NOW_S - 30 * DAY_MS, requests: [30], catchUp: false },
    { name: '31 days: still one request', lookbackDays: 31, from: NOW_S - 31 * DAY_MS, requests: [31], catchUp: false },
    { name: '32 days: 31 + 1', lookbackDays: 32, from: NOW_S - 32 * DAY_MS, requests: [31, 1], catchUp: false },
    { name: '70 days: 31 + 31 + 8', lookbackDays: 70, from: NOW_S - 70 * DAY_MS, requests: [31, 31, 8], catchUp: false },
    { name: '90 days: 31 + 31 + 28', lookbackDays: 90, from: NOW_S - 90 * DAY_MS, requests: [31, 31, 28], catchUp: false },
    { name: '1 day', lookbackDays: 1, from: NOW_S - DAY_MS, requests: [1], catchUp: false },
    { name: 'a watermark inside the window never shortens it', lookbackDays: 30, watermark: NOW - 2 * DAY_MS, from: NOW_S - 30 * DAY_MS, requests: [30], catchUp: false },
    { name: 'a watermark of a moment ago changes nothing', lookbackDays: 30, watermark: NOW_S, from: NOW_S - 30 * DAY_MS, requests: [30], catchUp: false },
    { name: 'a watermark in the future changes nothing', lookbackDays: 30, watermark: NOW + 5 * DAY_MS, from: NOW_S - 30 * DAY_MS, requests: [30], catchUp: false },
    { name: 'a null watermark changes nothing', lookbackDays: 30, watermark: null, from: NOW_S - 30 * DAY_MS, requests: [30], catchUp: false },
    { name: 'a NaN watermark changes nothing', lookbackDays: 30, watermark: Number.NaN, from: NOW_S - 30 * DAY_MS, requests: [30], catchUp: false },
    { name: 'a stale watermark lengthens the window back to it', lookbackDays: 30, watermark: NOW_S - 50 * DAY_MS, from: NOW_S - 50 * DAY_MS, requests: [31, 19], catchUp: true },
    { name: 'a very stale watermark goes back at most 90 days', lookbackDays: 7, watermark: NOW_S - 400 * DAY_MS, from: NOW_S - MAX_CATCH_UP_DAYS * DAY_MS, requests: [31, 31, 28], catchUp: true },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const plan = planFetch({ now: NOW, lookbackDays: c.lookbackDays, watermark: c.watermark });
      assert.deepEqual(plan.window, { from: c.from, to: NOW_S });
      assert.deepEqual(plan.requests.map(days), c.requests);
      assert.equal(plan.catchUp, c.catchUp);
      assertTiles(plan.window, plan.requests, MAX_REQUEST_DAYS * DAY_MS);
    });
  }

  it('aligns the window to whole seconds (Awin names times to the second)', () => {
    const { window } = runWindow(NOW, 30);
    assert.equal(window.to % 1000, 0);
    assert.equal(window.from % 1000, 0);
    assert.equal(new Date(window.to).toISOString(), '2024-06-30T12:34:56.000Z');
  });

  it('refuses a lookback outside 1–90 whole days, a bad now, a bad request length', () => {
    for (const lookbackDays of [0, 91, 1.5, Number.NaN, -3]) assert.throws(() => planFetch({ now: NOW, lookbackDays }), RangeError);
    assert.throws(() => planFetch({ now: Number.NaN, lookbackDays: 30 }), RangeError);
    assert.throws(() => planFetch({ now: NOW, lookbackDays: 30, maxRequestDays: 0 }), RangeError);
    assert.throws(() => splitRange({ from: 0, to: 10 }, 0), RangeError);
  });

  it('property: for any clock, lookback, watermark and request length the requests tile a window that holds the trailing lookback', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }),
        fc.integer({ min: 1, max: 90 }),
        fc.option(fc.integer({ min: -400 * DAY_MS, max: 10 * DAY_MS }), { nil: undefined }),
        fc.integer({ min: 1, max: 31 }),
        (now, lookbackDays, offset, maxRequestDays) => {
          const watermark = offset === undefined ? undefined : now + offset;
          const plan = planFetch({ now, lookbackDays, watermark, maxRequestDays });
          assertTiles(plan.window, plan.requests, maxRequestDays * DAY_MS);
          assert.equal(plan.window.to, Math.floor(now / 1000) * 1000);
          assert.ok(plan.window.from <= plan.window.to - lookbackDays * DAY_MS, 'never shorter than the lookback');
          assert.ok(plan.window.from >= plan.window.to - Math.max(lookbackDays, MAX_CATCH_UP_DAYS) * DAY_MS, 'never longer than the catch-up bound');
          if (watermark !== undefined && plan.catchUp) assert.ok(plan.window.from >= Math.floor(watermark / 1000) * 1000 || plan.window.from === plan.window.to - MAX_CATCH_UP_DAYS * DAY_MS);
        },
      ),
    );
  });

  it('property: splitRange covers any range exactly with pieces of at most the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 200 }), fc.nat(), (from, maxMs, whole, rest) => {
        const range = { from, to: from + whole * maxMs + (rest % maxMs) };
        assertTiles(range, splitRange(range, maxMs), maxMs);
      }),
    );
  });
});
