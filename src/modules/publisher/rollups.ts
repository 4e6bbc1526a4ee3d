// What a report record contributes to the analytics rollups, pure. A change of a record moves the
// rollups by (its contribution after) − (its contribution before), per day and per month.

export type Grain = 'day' | 'month';
export type RecordDimension = 'status' | 'content' | 'destination';

export interface RecordFacts {
  status: 'pending' | 'approved' | 'declined';
  currency: string;
  sale: number;
  commission: number;
  reversal: number;
  content: string | null;
  destination: string | null;
  transactionAt: number;
}

export interface RecordFigures {
  records: number;
  sale: number;
  commission: number;
  reversals: number;
  reversalAmount: number;
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

export function buckets(ms: number): [Grain, string][] {
  const day = new Date(ms).toISOString().slice(0, 10);
  return [
    ['day', day],
    ['month', `${day.slice(0, 7)}-01`],
  ];
}

/** The rows a record adds to: its status, and (earned commission only) its click's content and destination. */
export function contributions(r: RecordFacts): DimensionRow[] {
  const rows: DimensionRow[] = [
    { dimension: 'status', currency: r.currency, key: r.status, records: 1, sale: r.sale, commission: r.commission, reversals: r.reversal > 0 ? 1 : 0, reversalAmount: r.reversal },
  ];
  if (r.status !== 'declined') {
    const earned = { records: 1, sale: r.sale, commission: r.commission, reversals: 0, reversalAmount: 0 };
    if (r.content) rows.push({ dimension: 'content', currency: r.currency, key: r.content, ...earned });
    if (r.destination) rows.push({ dimension: 'destination', currency: r.currency, key: r.destination, ...earned });
  }
  return rows;
}

const FIGURES = ['records', 'sale', 'commission', 'reversals', 'reversalAmount'] as const;
const deltaKey = (d: Omit<RollupDelta, keyof RecordFigures>) => `${d.grain}\n${d.bucket}\n${d.dimension}\n${d.currency}\n${d.key}`;

/** Adds (after − before) of one record to `into`, keyed by rollup row. */
export function addRecordChange(into: Map<string, RollupDelta>, before: RecordFacts | null, after: RecordFacts | null): void {
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

/** The non-zero deltas, in key order (a fixed lock order for concurrent writers). */
export const settledDeltas = (m: Map<string, RollupDelta>): RollupDelta[] =>
  [...m.entries()]
    .filter(([, d]) => FIGURES.some((f) => d[f] !== 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);

/** Raw record groups (partial days at a period's edges) as the rollups' dimension rows. */
export function groupsToDimensions(
  groups: readonly { currency: string; status: RecordFacts['status']; content_id: string | null; destination: string | null; records: number; sale: number; commission: number; reversals: number; reversal_amount: number }[],
): DimensionRow[] {
  const out = new Map<string, DimensionRow>();
  const add = (row: DimensionRow) => {
    const k = `${row.dimension}\n${row.currency}\n${row.key}`;
    const d = out.get(k) ?? { ...row, records: 0, sale: 0, commission: 0, reversals: 0, reversalAmount: 0 };
    for (const f of FIGURES) d[f] += row[f];
    out.set(k, d);
  };
  for (const g of groups) {
    add({ dimension: 'status', currency: g.currency, key: g.status, records: g.records, sale: g.sale, commission: g.commission, reversals: g.reversals, reversalAmount: g.reversal_amount });
    if (g.status === 'declined') continue;
    const earned = { records: g.records, sale: g.sale, commission: g.commission, reversals: 0, reversalAmount: 0 };
    if (g.content_id) add({ dimension: 'content', currency: g.currency, key: g.content_id, ...earned });
    if (g.destination) add({ dimension: 'destination', currency: g.currency, key: g.destination, ...earned });
  }
  return [...out.values()];
}
