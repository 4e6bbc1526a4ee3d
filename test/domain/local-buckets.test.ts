// Local buckets of analytics timeseries (CONTRACT §12): DST days have 23 or 25 real hours, days start
// at local midnight, weeks on Monday 00:00 local, zones whose offset is not a whole hour; and the
// edges split the period exactly (property).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { localBuckets, splitSlots, type Interval } from '../../src/domain/local-buckets.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const local = (date: string, tz: string) => DateTime.fromISO(date, { zone: tz }).toMillis();

describe('localBuckets', () => {
  const days: { name: string; tz: string; date: string; hours: number }[] = [
    { name: 'New York spring forward', tz: 'America/New_York', date: '2026-03-08', hours: 23 },
    { name: 'New York fall back', tz: 'America/New_York', date: '2026-11-01', hours: 25 },
    { name: 'Berlin spring forward', tz: 'Europe/Berlin', date: '2026-03-29', hours: 23 },
    { name: 'Berlin fall back', tz: 'Europe/Berlin', date: '2026-10-25', hours: 25 },
    { name: 'an ordinary Berlin day', tz: 'Europe/Berlin', date: '2026-06-10', hours: 24 },
    { name: 'Kolkata (+05:30)', tz: 'Asia/Kolkata', date: '2026-03-08', hours: 24 },
    { name: 'Kathmandu (+05:45)', tz: 'Asia/Kathmandu', date: '2026-03-08', hours: 24 },
  ];
  for (const d of days) {
    it(`${d.name}: ${d.hours} real hour buckets, one day bucket`, () => {
      const from = local(d.date, d.tz);
      const to = DateTime.fromISO(d.date, { zone: d.tz }).plus({ days: 1 }).toMillis();
      assert.equal(to - from, d.hours * HOUR);
      const hours = localBuckets(from, to, d.tz, 'hour');
      assert.equal(hours.starts.length, d.hours);
      for (let i = 0; i < hours.starts.length; i++) assert.equal(hours.starts[i], from + i * HOUR);
      assert.deepEqual(localBuckets(from, to, d.tz, 'day').starts, [from]);
    });
  }

  it('New York 2026-03-08 in hours: 01:00 EST is followed by 03:00 EDT', () => {
    const b = localBuckets(at('2026-03-08T05:00:00Z'), at('2026-03-08T09:00:00Z'), 'America/New_York', 'hour');
    assert.deepEqual(b.starts.map(iso), ['2026-03-08T05:00:00.000Z', '2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z']);
    assert.deepEqual(b.starts.map((s) => DateTime.fromMillis(s, { zone: 'America/New_York' }).toFormat('HH:mm')), ['00:00', '01:00', '03:00', '04:00']);
  });

  it('New York 2026-11-01 in hours: 01:00 twice (EDT, then EST)', () => {
    const b = localBuckets(at('2026-11-01T04:00:00Z'), at('2026-11-01T08:00:00Z'), 'America/New_York', 'hour');
    assert.deepEqual(b.starts.map((s) => DateTime.fromMillis(s, { zone: 'America/New_York' }).toFormat('HH:mm ZZ')), ['00:00 -04:00', '01:00 -04:00', '01:00 -05:00', '02:00 -05:00']);
  });

  it('days across the DST change are 23 and 25 hours long', () => {
    const tz = 'America/New_York';
    const b = localBuckets(local('2026-03-07', tz), local('2026-03-10', tz), tz, 'day');
    assert.deepEqual(b.starts.map(iso), ['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    const f = localBuckets(local('2026-10-31', tz), local('2026-11-03', tz), tz, 'day');
    assert.deepEqual(f.starts.map(iso), ['2026-10-31T04:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
  });

  it('weeks are ISO weeks from Monday 00:00 local; the first bucket starts before from, the counting does not', () => {
    const tz = 'Europe/Berlin';
    const from = local('2026-03-25', tz); // a Wednesday
    const b = localBuckets(from, local('2026-04-08', tz), tz, 'week');
    assert.deepEqual(b.starts.map(iso), ['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z', '2026-04-05T22:00:00.000Z']);
    assert.equal(b.edges[0], from);
    assert.equal(b.edges[1], b.starts[1]);
  });

  it('Kolkata hours start at :30 UTC, Kathmandu at :15', () => {
    const k = localBuckets(at('2026-01-01T00:00:00Z'), at('2026-01-01T02:00:00Z'), 'Asia/Kolkata', 'hour');
    assert.deepEqual(k.starts.map(iso), ['2025-12-31T23:30:00.000Z', '2026-01-01T00:30:00.000Z', '2026-01-01T01:30:00.000Z']);
    const n = localBuckets(at('2026-01-01T00:00:00Z'), at('2026-01-01T01:00:00Z'), 'Asia/Kathmandu', 'hour');
    assert.deepEqual(n.starts.map(iso), ['2025-12-31T23:15:00.000Z', '2026-01-01T00:15:00.000Z']);
  });
});

describe('splitSlots', () => {
  it('names the slots that hold an edge off a slot edge, once each', () => {
    const edges = [at('2026-01-01T00:00:00Z'), at('2026-01-01T18:30:00Z'), at('2026-01-02T18:30:00Z'), at('2026-01-02T18:45:00Z'), at('2026-01-02T18:50:00Z')];
    assert.deepEqual(splitSlots(edges, HOUR).map(iso), ['2026-01-01T18:00:00.000Z', '2026-01-02T18:00:00.000Z']);
    assert.deepEqual(splitSlots(edges, HOUR / 4).map(iso), ['2026-01-02T18:45:00.000Z']);
    assert.deepEqual(splitSlots([at('2026-01-01T00:00:00Z'), at('2026-01-02T00:00:00Z')], HOUR / 4), []);
  });
});

describe('localBuckets (property)', () => {
  const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Pacific/Chatham', 'America/Havana'];
  it('splits [from, to) into ordered local units of the right length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2017-01-01T00:00:00Z'), max: at('2027-01-01T00:00:00Z') }),
        fc.integer({ min: 1, max: 40 * 24 * HOUR }),
        fc.constantFrom(...zones),
        fc.constantFrom<Interval>('hour', 'day', 'week'),
        (from, length, tz, interval) => {
          const to = from + (interval === 'hour' ? Math.min(length, 5 * 24 * HOUR) : length);
          const b = localBuckets(from, to, tz, interval);
          assert.equal(b.edges.length, b.starts.length + 1);
          assert.equal(b.edges[0], from);
          assert.equal(b.edges.at(-1), to);
          assert.ok(b.starts[0]! <= from);
          for (let i = 1; i < b.edges.length; i++) assert.ok(b.edges[i]! > b.edges[i - 1]!, 'strictly increasing');
          for (let i = 1; i < b.starts.length; i++) assert.equal(b.edges[i], b.starts[i]);
          for (let i = 0; i < b.starts.length; i++) {
            const s = DateTime.fromMillis(b.starts[i]!, { zone: tz });
            const next = i + 1 < b.starts.length ? b.starts[i + 1]! : undefined;
            if (interval === 'hour') {
              assert.equal(s.second + s.millisecond, 0);
              if (next !== undefined) assert.ok(next - b.starts[i]! <= HOUR && next - b.starts[i]! >= HOUR / 2, `${tz} hour ${s.toISO()}`);
            } else {
              if (interval === 'week') assert.equal(s.weekday, 1, 'a Monday');
              if (next !== undefined) {
                const len = next - b.starts[i]!;
                const base = interval === 'day' ? 24 : 168;
                assert.ok(len >= (base - 2) * HOUR && len <= (base + 2) * HOUR, `${tz} ${interval} of ${len / HOUR} h`);
                assert.notEqual(DateTime.fromMillis(next, { zone: tz }).toISODate(), s.toISODate());
              }
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('puts every local bucket edge on a quarter-hour slot edge, so only the period’s own ends can split a slot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2017-01-01T00:00:00Z') / (HOUR / 4), max: at('2027-01-01T00:00:00Z') / (HOUR / 4) }),
        fc.integer({ min: 1, max: 40 * 24 * 4 }),
        fc.constantFrom(...zones),
        fc.constantFrom<Interval>('hour', 'day', 'week'),
        (fromSlot, slots, tz, interval) => {
          const from = fromSlot * (HOUR / 4);
          const to = from + Math.min(slots, interval === 'hour' ? 5 * 24 * 4 : slots) * (HOUR / 4);
          assert.deepEqual(splitSlots(localBuckets(from, to, tz, interval).edges, HOUR / 4), [], `${tz} ${interval}`);
        },
      ),
      { numRuns: 400 },
    );
  });
});
