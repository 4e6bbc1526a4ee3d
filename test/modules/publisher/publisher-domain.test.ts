import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parsePeriod, splitPeriod } from '../../../src/modules/publisher/analytics.js';
import { contextMoveDeltas, groupsToDimensions, isEarlierClick, recordRollupDeltas, referenceEarningsDeltas, type ClickContext, type RecordFacts, type RollupDelta } from '../../../src/modules/publisher/rollups.js';

const DAY = 86_400_000;
const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);

describe('splitPeriod', () => {
  it('cuts a period into whole months, whole days and partial edges', () => {
    const p = { from: Date.parse('2026-01-15T06:00:00Z'), to: Date.parse('2026-04-03T12:00:00Z') };
    assert.deepEqual(splitPeriod(p), {
      months: { from: '2026-02-01', to: '2026-04-01' },
      days: [
        { from: '2026-01-16', to: '2026-02-01' },
        { from: '2026-04-01', to: '2026-04-03' },
      ],
      raw: [
        { from: p.from, to: ms('2026-01-16') },
        { from: ms('2026-04-03'), to: p.to },
      ],
    });
    assert.deepEqual(splitPeriod({ from: ms('2026-03-01'), to: ms('2026-04-01') }), { months: { from: '2026-03-01', to: '2026-04-01' }, days: [], raw: [] });
    assert.deepEqual(splitPeriod({ from: ms('2026-03-05'), to: ms('2026-03-05') + 3_600_000 }).raw.length, 1);
  });
  it('covers every millisecond exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: ms('2025-01-01'), max: ms('2027-01-01') }), fc.integer({ min: 1, max: 366 * DAY }), (from, length) => {
        const to = from + length;
        const s = splitPeriod({ from, to });
        const pieces = [
          ...(s.months ? [[ms(s.months.from), ms(s.months.to)]] : []),
          ...s.days.map((d) => [ms(d.from), ms(d.to)]),
          ...s.raw.map((r) => [r.from, r.to]),
        ].sort((a, b) => a[0]! - b[0]!);
        let at = from;
        for (const [a, b] of pieces) {
          assert.equal(a, at);
          assert.ok(b! > a!);
          at = b!;
        }
        assert.equal(at, to);
      }),
    );
  });
});

describe('parsePeriod', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('defaults to the last 30 days and takes dates or timestamps', () => {
    assert.deepEqual(parsePeriod(undefined, undefined, now), { from: now - 30 * DAY, to: now });
    assert.deepEqual(parsePeriod('2026-11-01', '2026-11-02', now), { from: ms('2026-11-01'), to: ms('2026-11-02') });
    assert.equal(parsePeriod('2026-11-01T10:00:00+02:00', undefined, now).from, Date.parse('2026-11-01T08:00:00Z'));
  });
  it('refuses order, length and format errors', () => {
    assert.throws(() => parsePeriod('2026-11-02', '2026-11-01', now), /before/);
    assert.throws(() => parsePeriod('2026-11-01', '2026-11-01', now), /before/);
    assert.throws(() => parsePeriod('2025-01-01', '2026-11-01', now), /366/);
    assert.doesNotThrow(() => parsePeriod('2025-11-01', '2026-11-02', now));
    assert.throws(() => parsePeriod('last week', undefined, now), /ISO/);
  });
});

/** An approved EUR record of 100.00 with 10.00 commission, and what the case changes. */
const recordFactsWith = (o: Partial<RecordFacts>): RecordFacts => ({
  status: 'approved',
  currency: 'EUR',
  sale: 10_000,
  commission: 1_000,
  reversals: 0,
  reversalAmount: 0,
  reference: null,
  content: null,
  destination: null,
  transactionAt: ms('2026-11-20') + 3_600_000,
  ...o,
});

describe('record rollups', () => {
  const facts = (o: Partial<RecordFacts>) => recordFactsWith({ content: 'article-1', ...o });
  const day = (deltas: ReturnType<typeof recordRollupDeltas>) =>
    deltas.filter((d) => d.grain === 'day').map((d) => [d.dimension, d.key, d.records, d.commission, d.reversals, d.reversalAmount]);

  it('moves a declined record from its status and content to declined, with its reversal', () => {
    const before = facts({});
    const deltas = recordRollupDeltas([[before, facts({ status: 'declined', reversals: 1, reversalAmount: 1_000 })]]);
    assert.deepEqual(day(deltas), [
      ['content', 'article-1', -1, -1_000, 0, 0],
      ['status', 'approved', -1, -1_000, 0, 0],
      ['status', 'declined', 1, 1_000, 1, 1_000],
    ]);
    assert.deepEqual([...new Set(deltas.map((d) => d.bucket))].sort(), ['2026-11-01', '2026-11-20'], 'per day and per month');
  });
  it('moves nothing for a record that stays as it was, and everything for a new one', () => {
    assert.deepEqual(recordRollupDeltas([[facts({}), facts({})]]), []);
    assert.deepEqual(day(recordRollupDeltas([[null, facts({ destination: 'www.awin1.com/cread.php' })]])), [
      ['content', 'article-1', 1, 1_000, 0, 0],
      ['destination', 'www.awin1.com/cread.php', 1, 1_000, 0, 0],
      ['status', 'approved', 1, 1_000, 0, 0],
    ]);
  });
  it('reads raw groups as the same rows, declined ones only under their status', () => {
    const group = { currency: 'EUR', content: 'a', destination: null, records: 2, sale: 500, commission: 50, reversals: 1, reversalAmount: 20 };
    assert.deepEqual(
      groupsToDimensions([{ ...group, status: 'pending' }, { ...group, status: 'declined' }]).map((r) => [r.dimension, r.key, r.records, r.reversals]),
      [
        ['status', 'pending', 2, 1],
        ['content', 'a', 2, 0],
        ['status', 'declined', 2, 1],
      ],
    );
  });
});

describe('reference earnings and click context moves', () => {
  const at = (d: string, h = 12) => ms(d) + h * 3_600_000;
  const facts = (o: Partial<RecordFacts>) => recordFactsWith({ reference: 'ref-a', transactionAt: at('2026-11-20'), ...o });
  const byKey = (rows: readonly object[]) => rows.map((r) => Object.values(r));

  it('isEarlierClick orders by occurred_at, then click_id; anything comes before no click', () => {
    for (const [click, than, earlier] of [
      [{ clickId: 'b', occurredAt: 1 }, null, true],
      [{ clickId: 'b', occurredAt: 1 }, { clickId: 'a', occurredAt: 2 }, true],
      [{ clickId: 'a', occurredAt: 2 }, { clickId: 'b', occurredAt: 1 }, false],
      [{ clickId: 'a', occurredAt: 1 }, { clickId: 'b', occurredAt: 1 }, true],
      [{ clickId: 'b', occurredAt: 1 }, { clickId: 'a', occurredAt: 1 }, false],
      [{ clickId: 'a', occurredAt: 1 }, { clickId: 'a', occurredAt: 1 }, false],
    ] as const) {
      assert.equal(isEarlierClick(click, than), earlier, `${JSON.stringify(click)} before ${JSON.stringify(than)}`);
    }
  });

  it('keeps each reference’s earned figures per day and currency', () => {
    for (const [name, changes, expected] of [
      ['a new record adds to its reference', [[null, facts({})]], [['ref-a', '2026-11-20', 'EUR', 1, 10_000, 1_000]]],
      ['a record without a reference adds to none', [[null, facts({ reference: null })]], []],
      ['a declined record earns nothing', [[null, facts({ status: 'declined' })]], []],
      ['declining takes the record back out', [[facts({ status: 'pending' }), facts({ status: 'declined', reversals: 1, reversalAmount: 1_000 })]], [['ref-a', '2026-11-20', 'EUR', -1, -10_000, -1_000]]],
      ['pending → approved at the same figures moves nothing', [[facts({ status: 'pending' }), facts({})]], []],
      ['an amendment moves the difference', [[facts({}), facts({ commission: 650 })]], [['ref-a', '2026-11-20', 'EUR', 0, 0, -350]]],
      [
        'a record moving to another reference and day',
        [[facts({}), facts({ reference: 'ref-b', transactionAt: at('2026-11-21') })]],
        [['ref-a', '2026-11-20', 'EUR', -1, -10_000, -1_000], ['ref-b', '2026-11-21', 'EUR', 1, 10_000, 1_000]],
      ],
      ['two records of one day sum, by UTC day', [[null, facts({ transactionAt: at('2026-11-20', 23) })], [null, facts({ sale: 500, commission: 50, transactionAt: at('2026-11-20', 0) })]], [['ref-a', '2026-11-20', 'EUR', 2, 10_500, 1_050]]],
      ['currencies apart', [[null, facts({})], [null, facts({ currency: 'GBP' })]], [['ref-a', '2026-11-20', 'EUR', 1, 10_000, 1_000], ['ref-a', '2026-11-20', 'GBP', 1, 10_000, 1_000]]],
    ] as const) {
      assert.deepEqual(byKey(referenceEarningsDeltas(changes as unknown as [RecordFacts | null, RecordFacts | null][])), expected, name);
    }
  });

  it('moves a reference’s earned figures from one click context to another', () => {
    const earnings = [{ day: '2026-11-20', currency: 'EUR', records: 2, sale: 300, commission: 30 }];
    const day = (deltas: RollupDelta[]) => deltas.filter((d) => d.grain === 'day').map((d) => [d.dimension, d.key, d.records, d.commission, d.reversals]);
    for (const [name, from, to, expected] of [
      ['first click of a reported reference', null, { content: 'a', destination: 'd' }, [['content', 'a', 2, 30, 0], ['destination', 'd', 2, 30, 0]]],
      ['a click without content', null, { content: null, destination: 'd' }, [['destination', 'd', 2, 30, 0]]],
      ['an earlier click with other content and the same destination', { content: 'a', destination: 'd' }, { content: 'b', destination: 'd' }, [['content', 'a', -2, -30, 0], ['content', 'b', 2, 30, 0]]],
      ['an earlier click with the same context', { content: 'a', destination: 'd' }, { content: 'a', destination: 'd' }, []],
    ] as const) {
      assert.deepEqual(day(contextMoveDeltas(earnings, from, to)), expected, name);
    }
    assert.deepEqual(contextMoveDeltas([], null, { content: 'a', destination: 'd' }), [], 'a reference that earns nothing moves nothing');
  });

  it('a context move gives the rollups the records would have had under the new context from the start', () => {
    const record = fc.record({
      status: fc.constantFrom('pending', 'approved', 'declined', 'bonus', 'correction') as fc.Arbitrary<RecordFacts['status']>,
      currency: fc.constantFrom('EUR', 'GBP'),
      sale: fc.integer({ min: 0, max: 100_000 }),
      commission: fc.integer({ min: 0, max: 10_000 }),
      reversals: fc.integer({ min: 0, max: 2 }),
      reversalAmount: fc.integer({ min: 0, max: 1_000 }),
      transactionAt: fc.integer({ min: ms('2026-01-01'), max: ms('2026-12-31') }),
    });
    const context = fc.record({ content: fc.constantFrom(null, 'a', 'b'), destination: fc.constantFrom(null, 'x', 'y') });
    const sum = (deltas: RollupDelta[]) => {
      const m = new Map<string, number[]>();
      for (const d of deltas) {
        const k = `${d.grain} ${d.bucket} ${d.dimension} ${d.currency} ${d.key}`;
        const v = m.get(k) ?? [0, 0, 0, 0, 0];
        [d.records, d.sale, d.commission, d.reversals, d.reversalAmount].forEach((x, i) => (v[i]! += x));
        m.set(k, v);
      }
      return new Map([...m].filter(([, v]) => v.some((x) => x !== 0)).sort(([a], [b]) => (a < b ? -1 : 1)));
    };
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), fc.option(context, { nil: null }), context, (records, from: ClickContext | null, to: ClickContext) => {
        const under = (c: ClickContext | null) => records.map((r) => [null, { ...r, reference: 'ref', content: c?.content ?? null, destination: c?.destination ?? null }] as const);
        const earnings = referenceEarningsDeltas(under(from));
        const moved = [...recordRollupDeltas(under(from)), ...contextMoveDeltas(earnings, from, to)];
        assert.deepEqual(sum(moved), sum(recordRollupDeltas(under(to))));
      }),
    );
  });
});
