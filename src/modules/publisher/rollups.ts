// What an order contributes to the analytics rollups, pure. A change of an order moves the
// rollups by (its contribution after) − (its contribution before), per day and per month. An order
// is attributed to the content and destination of its reference's earliest click; each reference
// keeps its earned figures apart, so a click that becomes a reference's earliest moves the content
// and destination rollups by those figures, whatever the number of records behind them.
import type { OrderFacts, OrderStatus } from './orders.js';

export type Grain = 'day' | 'month';
export type RecordDimension = 'status' | 'content' | 'destination';

/** The click context records of a reference are attributed to (its earliest click's). */
export interface ClickContext {
  content: string | null;
  destination: string | null;
}

/** What decides the rollup rows of an order: its facts (its reference by keyed hash) and that reference's click context. */
export interface RecordFacts extends OrderFacts, ClickContext {}

/** Earned commission (pending and approved orders) is what a click's content and destination are credited with. */
export const isEarned = (status: OrderStatus): boolean => status === 'pending' || status === 'approved';

export interface RecordFigures {
  records: number;
  sale: number;
  commission: number;
  reversals: number;
  reversalAmount: number;
}

/** Orders of a period grouped by what decides their rows (the raw rows of partial days), with their reference's click context. */
export interface RecordGroup extends RecordFigures, ClickContext {
  currency: string;
  status: OrderStatus;
}

/** The figures of one rollup row: a dimension (status, content or destination), a currency and a key. */
export interface DimensionFigures extends RecordFigures {
  dimension: RecordDimension;
  currency: string;
  key: string;
}

export interface RollupDelta extends DimensionFigures {
  grain: Grain;
  bucket: string;
}

/** Earned figures of one reference on one UTC day (YYYY-MM-DD) in one currency; months are summed from days. */
export interface DayEarnings {
  day: string;
  currency: string;
  records: number;
  sale: number;
  commission: number;
}

export interface EarningsDelta extends DayEarnings {
  reference: string;
}

/** How the reference counts of a day or month move: references first reported then, and how many of them a click carries. */
export interface ReferenceRollupDelta {
  grain: Grain;
  bucket: string;
  references: number;
  matched: number;
}

/** What an order contributes: its facts, under the click context of its reference (null: no click). */
export const recordFacts = (facts: OrderFacts, context: ClickContext | null): RecordFacts => ({
  ...facts,
  content: context?.content ?? null,
  destination: context?.destination ?? null,
});

/**
 * Whether a click comes before a reference's earliest click so far (null: none): by occurred_at,
 * then by click_id. The earliest click of a reference is the one its records are attributed to.
 */
export const isEarlierClick = (click: { clickId: string; occurredAt: number }, than: { clickId: string; occurredAt: number } | null): boolean =>
  than === null || click.occurredAt < than.occurredAt || (click.occurredAt === than.occurredAt && click.clickId < than.clickId);

export function buckets(ms: number): [Grain, string][] {
  const day = new Date(ms).toISOString().slice(0, 10);
  return [
    ['day', day],
    ['month', `${day.slice(0, 7)}-01`],
  ];
}

/** The content and destination rows earned figures add to under a click context. */
function contextRows(context: ClickContext, currency: string, figures: Pick<RecordFigures, 'records' | 'sale' | 'commission'>): DimensionFigures[] {
  const earned = { ...figures, reversals: 0, reversalAmount: 0 };
  const rows: DimensionFigures[] = [];
  if (context.content) rows.push({ dimension: 'content', currency, key: context.content, ...earned });
  if (context.destination) rows.push({ dimension: 'destination', currency, key: context.destination, ...earned });
  return rows;
}

/**
 * The rows a record (or a group of like records) adds to: its status, and (earned commission
 * only) its click's content and destination.
 */
function dimensionRows(r: Pick<RecordFacts, 'status' | 'currency' | 'content' | 'destination'>, figures: RecordFigures): DimensionFigures[] {
  const rows: DimensionFigures[] = [{ dimension: 'status', currency: r.currency, key: r.status, ...figures }];
  if (isEarned(r.status)) rows.push(...contextRows(r, r.currency, figures));
  return rows;
}

const contributions = (r: RecordFacts): DimensionFigures[] =>
  dimensionRows(r, { records: 1, sale: r.sale, commission: r.commission, reversals: r.reversals, reversalAmount: r.reversalAmount });

const FIGURES = ['records', 'sale', 'commission', 'reversals', 'reversalAmount'] as const;
const EARNED = ['records', 'sale', 'commission'] as const;

/** Sums signed figures by key; gives the non-zero sums in key order (a fixed lock order for concurrent writers). */
function summed<M extends object, F extends string>(figures: readonly F[]) {
  const into = new Map<string, { meta: M; sums: number[] }>();
  return {
    add(key: string, meta: () => M, sign: number, values: Record<F, number>) {
      let e = into.get(key);
      if (!e) into.set(key, (e = { meta: meta(), sums: figures.map(() => 0) }));
      for (let i = 0; i < figures.length; i += 1) e.sums[i]! += sign * values[figures[i]!];
    },
    done: (): (M & Record<F, number>)[] =>
      [...into.entries()]
        .filter(([, e]) => e.sums.some((x) => x !== 0))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, e]) => {
          const out = { ...e.meta } as M & Record<F, number>;
          figures.forEach((f, i) => ((out as Record<F, number>)[f] = e.sums[i]!));
          return out;
        }),
  };
}

/** Rollup deltas summed by (grain, bucket, dimension, currency, key). */
const rollupDeltas = () => {
  const sums = summed<Omit<RollupDelta, keyof RecordFigures>, keyof RecordFigures>(FIGURES);
  return {
    add: (grain: Grain, bucket: string, row: DimensionFigures, sign: number) =>
      sums.add(`${grain}\n${bucket}\n${row.dimension}\n${row.currency}\n${row.key}`, () => ({ grain, bucket, dimension: row.dimension, currency: row.currency, key: row.key }), sign, row),
    done: (): RollupDelta[] => sums.done(),
  };
};

/** A record before and after a change (null where there is none). */
export type RecordChange = readonly [before: RecordFacts | null, after: RecordFacts | null];

/**
 * How the rollups move for a set of record changes (before → after; null where there is none):
 * the non-zero deltas, in key order (a fixed lock order for concurrent writers).
 */
export function recordRollupDeltas(changes: Iterable<RecordChange>): RollupDelta[] {
  const into = rollupDeltas();
  for (const [before, after] of changes) {
    for (const [facts, sign] of [[before, -1], [after, 1]] as const) {
      if (!facts) continue;
      for (const [grain, bucket] of buckets(facts.transactionAt)) {
        for (const row of contributions(facts)) into.add(grain, bucket, row, sign);
      }
    }
  }
  return into.done();
}

/**
 * How the earned figures of each reference move for a set of record changes: what a reference's
 * records earn (pending and approved) per day and currency. Non-zero deltas in key order.
 */
export function referenceEarningsDeltas(changes: Iterable<RecordChange>): EarningsDelta[] {
  const into = summed<Omit<EarningsDelta, (typeof EARNED)[number]>, (typeof EARNED)[number]>(EARNED);
  for (const [before, after] of changes) {
    for (const [facts, sign] of [[before, -1], [after, 1]] as const) {
      if (!facts || facts.reference === null || !isEarned(facts.status)) continue;
      const reference = facts.reference;
      const day = buckets(facts.transactionAt)[0]![1];
      into.add(`${reference}\n${day}\n${facts.currency}`, () => ({ reference, day, currency: facts.currency }), sign, { records: 1, sale: facts.sale, commission: facts.commission });
    }
  }
  return into.done();
}

/**
 * How the content and destination rollups move when a reference's records change click context
 * (from null: the reference had no click): its earned figures leave the old context's rows and
 * join the new one's, per day and per month. The cost follows the reference's days, not its records.
 */
export function contextMoveDeltas(earnings: readonly DayEarnings[], from: ClickContext | null, to: ClickContext): RollupDelta[] {
  const into = rollupDeltas();
  for (const e of earnings) {
    for (const [grain, bucket] of buckets(Date.parse(`${e.day}T00:00:00Z`))) {
      for (const [context, sign] of [[from, -1], [to, 1]] as const) {
        if (context) for (const row of contextRows(context, e.currency, e)) into.add(grain, bucket, row, sign);
      }
    }
  }
  return into.done();
}

/**
 * Raw record groups (partial days at a period's edges) as the rollups' dimension rows. Rows of the
 * same dimension and key may repeat: the analytics add them up.
 */
export const groupsToDimensions = (groups: readonly RecordGroup[]): DimensionFigures[] =>
  groups.flatMap((g) => dimensionRows(g, { records: g.records, sale: g.sale, commission: g.commission, reversals: g.reversals, reversalAmount: g.reversalAmount }));
