// SQL of publisher references: the row per reference both write paths lock (when a network first
// reported it, how many records name it, its earliest click), its earned figures per day, and the
// reference rollups. Rows are read as the domain's ReferenceState (references.ts).
import type { Queryable } from '../../db/types.js';
import { toIso } from '../../time.js';
import type { ReferenceClick, ReferenceState, ReferenceUpdate } from './references.js';
import type { DayEarnings, EarningsDelta, ReferenceRollupDelta } from './rollups.js';

interface ReferenceRow {
  reference_hash: string;
  first_at: Date | null;
  records: number;
  click_id: string | null;
  click_at: Date | null;
  content_id: string | null;
  destination: string | null;
}

const REFERENCE_COLUMNS = 'reference_hash, first_at, records, click_id, click_at, content_id, destination';

/** The click columns are set together, by the reference's earliest click. */
const stateOf = (r: ReferenceRow): ReferenceState => ({
  hash: r.reference_hash,
  firstAt: r.first_at?.getTime() ?? null,
  records: r.records,
  click: r.click_id === null || r.click_at === null ? null : { clickId: r.click_id, occurredAt: r.click_at.getTime(), context: { content: r.content_id, destination: r.destination } },
});

/**
 * Locks the rows of these references, creating the missing ones (hash order: a fixed lock order).
 * An upsert rather than SELECT … FOR UPDATE: a reference a concurrent click is creating is waited
 * for, not missed.
 */
export async function lockReferences(q: Queryable, siteId: string, hashes: readonly string[]): Promise<Map<string, ReferenceState>> {
  if (hashes.length === 0) return new Map();
  const { rows } = await q.query<ReferenceRow>(
    `INSERT INTO publisher_references (site_id, reference_hash)
     SELECT $1, h FROM unnest($2::text[]) AS h ORDER BY h
     ON CONFLICT (site_id, reference_hash) DO UPDATE SET first_at = publisher_references.first_at
     RETURNING ${REFERENCE_COLUMNS}`,
    [siteId, [...new Set(hashes)]],
  );
  return new Map(rows.map((r) => [r.reference_hash, stateOf(r)]));
}

/**
 * Creates the row of a reference no one has seen yet, naming this click as its earliest (the new row
 * stays locked until commit); false when the reference exists (a concurrent creator is waited for).
 */
export async function insertReference(q: Queryable, siteId: string, hash: string, c: ReferenceClick): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO publisher_references (site_id, reference_hash, click_id, click_at, content_id, destination)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (site_id, reference_hash) DO NOTHING`,
    [siteId, hash, c.clickId, toIso(c.occurredAt), c.context.content, c.context.destination],
  );
  return rowCount === 1;
}

/** An existing reference as last committed, locked (`lock`) or not. */
export async function referenceState(q: Queryable, siteId: string, hash: string, lock: boolean): Promise<ReferenceState> {
  const { rows } = await q.query<ReferenceRow>(
    `SELECT ${REFERENCE_COLUMNS} FROM publisher_references WHERE site_id = $1 AND reference_hash = $2${lock ? ' FOR UPDATE' : ''}`,
    [siteId, hash],
  );
  return stateOf(rows[0]!);
}

/** Makes a click the earliest of its (locked) reference. */
export async function setReferenceClick(q: Queryable, siteId: string, hash: string, c: ReferenceClick): Promise<void> {
  await q.query('UPDATE publisher_references SET click_id = $3, click_at = $4, content_id = $5, destination = $6 WHERE site_id = $1 AND reference_hash = $2', [
    siteId,
    hash,
    c.clickId,
    toIso(c.occurredAt),
    c.context.content,
    c.context.destination,
  ]);
}

/** When networks first reported each of these references: the earliest transaction of the orders naming it now. */
export async function firstReported(q: Queryable, siteId: string, hashes: readonly string[]): Promise<Map<string, number>> {
  if (hashes.length === 0) return new Map();
  const { rows } = await q.query<{ reference_hash: string; first_at: Date }>(
    `SELECT reference_hash, min(transaction_at) AS first_at FROM publisher_orders
      WHERE site_id = $1 AND reference_hash = ANY($2::text[]) AND status IS NOT NULL GROUP BY reference_hash`,
    [siteId, hashes],
  );
  return new Map(rows.map((r) => [r.reference_hash, r.first_at.getTime()]));
}

/** Updates (locked) references: first reported, and the orders naming them. */
export async function updateReferences(q: Queryable, siteId: string, rows: readonly ReferenceUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE publisher_references p SET first_at = t.first_at, records = p.records + t.records
       FROM unnest($2::text[], $3::timestamptz[], $4::integer[]) AS t(reference_hash, first_at, records)
      WHERE p.site_id = $1 AND p.reference_hash = t.reference_hash`,
    [siteId, rows.map((r) => r.hash), rows.map((r) => (r.firstAt === null ? null : toIso(r.firstAt))), rows.map((r) => r.records)],
  );
}

/** The earned figures of a (locked) reference's records, per day and currency. */
export async function referenceEarnings(q: Queryable, siteId: string, hash: string): Promise<DayEarnings[]> {
  const { rows } = await q.query<DayEarnings>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, currency, records::float8 AS records, sale::float8 AS sale, commission::float8 AS commission
       FROM publisher_reference_earnings
      WHERE site_id = $1 AND reference_hash = $2 AND (records <> 0 OR sale <> 0 OR commission <> 0)`,
    [siteId, hash],
  );
  return rows;
}

/** Moves the earned figures of references (deltas in key order: a fixed lock order). */
export async function addReferenceEarnings(q: Queryable, siteId: string, deltas: readonly EarningsDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const col = <K extends keyof EarningsDelta>(k: K) => deltas.map((d) => d[k]);
  await q.query(
    `INSERT INTO publisher_reference_earnings (site_id, reference_hash, day, currency, records, sale, commission)
     SELECT $1, * FROM unnest($2::text[], $3::date[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[])
     ON CONFLICT (site_id, reference_hash, day, currency) DO UPDATE SET
       records = publisher_reference_earnings.records + EXCLUDED.records,
       sale = publisher_reference_earnings.sale + EXCLUDED.sale,
       commission = publisher_reference_earnings.commission + EXCLUDED.commission`,
    [siteId, col('reference'), col('day'), col('currency'), col('records'), col('sale'), col('commission')],
  );
}

export async function addReferenceRollups(q: Queryable, siteId: string, deltas: readonly ReferenceRollupDelta[]): Promise<void> {
  const live = deltas.filter((d) => d.references !== 0 || d.matched !== 0).sort((a, b) => `${a.grain}${a.bucket}`.localeCompare(`${b.grain}${b.bucket}`));
  if (live.length === 0) return;
  await q.query(
    `INSERT INTO publisher_reference_rollups (site_id, grain, bucket, refs, matched)
     SELECT $1, * FROM unnest($2::text[], $3::date[], $4::bigint[], $5::bigint[])
     ON CONFLICT (site_id, grain, bucket) DO UPDATE SET
       refs = publisher_reference_rollups.refs + EXCLUDED.refs,
       matched = publisher_reference_rollups.matched + EXCLUDED.matched`,
    [siteId, live.map((d) => d.grain), live.map((d) => d.bucket), live.map((d) => d.references), live.map((d) => d.matched)],
  );
}
