// What a report record contributes to the analytics rollups, pure. A change of a record moves the
// rollups by (its contribution after) − (its contribution before), per day and per month.
import type { RecordRow } from './publisher-repository.js';
import type { NormalizedRecord, RecordStatus } from './report-records.js';

export type Grain = 'day' | 'month';
export type RecordDimension = 'status' | 'content' | 'destination';

/** What decides the rollup rows of a record: its figures, and its click's content and destination. */
export interface RecordFacts extends Pick<NormalizedRecord, 'status' | 'currency' | 'sale' | 'commission' | 'transactionAt'> {
  reversal: number;
  content: string | null;
  destination: string | null;
}

export interface RecordFigures {
  records: number;
  sale: number;
  commission: number;
  reversals: number;
  reversalAmount: number;
}

/** Records of a period grouped by what decides their rows (the raw rows of partial days). */
export interface RecordGroup extends RecordFigures {
  currency: string;
  status: RecordStatus;
  content_id: string | null;
  destination: string | null;
}

export interface DimensionRow extends RecordFigures {
  dimension: RecordDimension;
  currency: string;
  key: string;
}

export interface RollupDelta extends DimensionRow {
  grain: Grain;
  bucket: string;
}

/** What a stored record contributes. */
export const storedRecordFacts = (row: RecordRow): RecordFacts => ({
  status: row.status,
  currency: row.currency,
  sale: row.sale_amount,
  commission: row.commission_amount,
  reversal: row.reversal_amount,
  content: row.content_id,
  destination: row.destination,
  transactionAt: row.transaction_at.getTime(),
});

export function buckets(ms: number): [Grain, string][] {
  const day = new Date(ms).toISOString().slice(0, 10);
  return [
    ['day', day],
    ['month', `${day.slice(0, 7)}-01`],
  ];
}

/**
 * The rows a record (or a group of like records) adds to: its status, and (earned commission
 * only) its click's content and destination.
 */
function dimensionRows(r: Pick<RecordFacts, 'status' | 'currency' | 'content' | 'destination'>, figures: RecordFigures): DimensionRow[] {
  const rows: DimensionRow[] = [{ dimension: 'status', currency: r.currency, key: r.status, ...figures }];
  if (r.status !== 'declined') {
    const earned = { ...figures, reversals: 0, reversalAmount: 0 };
    if (r.content) rows.push({ dimension: 'content', currency: r.currency, key: r.content, ...earned });
    if (r.destination) rows.push({ dimension: 'destination', currency: r.currency, key: r.destination, ...earned });
  }
  return rows;
}

const contributions = (r: RecordFacts): DimensionRow[] =>
  dimensionRows(r, { records: 1, sale: r.sale, commission: r.commission, reversals: r.reversal > 0 ? 1 : 0, reversalAmount: r.reversal });

const FIGURES = ['records', 'sale', 'commission', 'reversals', 'reversalAmount'] as const;
const deltaKey = (d: Omit<RollupDelta, keyof RecordFigures>) => `${d.grain}\n${d.bucket}\n${d.dimension}\n${d.currency}\n${d.key}`;

/**
 * How the rollups move for a set of record changes (before → after; null where there is none):
 * the non-zero deltas, in key order (a fixed lock order for concurrent writers).
 */
export function recordRollupDeltas(changes: Iterable<readonly [before: RecordFacts | null, after: RecordFacts | null]>): RollupDelta[] {
  const into = new Map<string, RollupDelta>();
  for (const [before, after] of changes) {
    for (const [facts, sign] of [[before, -1], [after, 1]] as const) {
      if (!facts) continue;
      for (const [grain, bucket] of buckets(facts.transactionAt)) {
        for (const row of contributions(facts)) {
          const k = deltaKey({ grain, bucket, ...row });
          const d = into.get(k) ?? { grain, bucket, dimension: row.dimension, currency: row.currency, key: row.key, records: 0, sale: 0, commission: 0, reversals: 0, reversalAmount: 0 };
          for (const f of FIGURES) d[f] += sign * row[f];
          into.set(k, d);
        }
      }
    }
  }
  return [...into.entries()]
    .filter(([, d]) => FIGURES.some((f) => d[f] !== 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
}

/**
 * Raw record groups (partial days at a period's edges) as the rollups' dimension rows. Rows of the
 * same dimension and key may repeat: the analytics add them up.
 */
export const groupsToDimensions = (groups: readonly RecordGroup[]): DimensionRow[] =>
  groups.flatMap((g) =>
    dimensionRows(
      { status: g.status, currency: g.currency, content: g.content_id, destination: g.destination },
      { records: g.records, sale: g.sale, commission: g.commission, reversals: g.reversals, reversalAmount: g.reversalAmount },
    ),
  );
