// SQL of publisher clicks, the analytics reads and the record rollups (records and orders: records-repository.ts).
// Reads come back as the domain's values (analytics.ts, rollups.ts): camelCase, numbers.
import type { Queryable } from '../../db/types.js';
import { toIso } from '../../time.js';
import type { ClickGroup, ReferenceCounts, RollupRanges } from './analytics.js';
import { buckets, type DimensionFigures, type RecordGroup, type RollupDelta } from './rollups.js';

/** A click as stored: the reference only by keyed hash and ciphertext. */
export interface NewClick {
  siteId: string;
  clickId: string;
  provider: string;
  referenceHash: string;
  referenceCiphertext: string;
  referenceKeyId: string;
  destination: string;
  contentId: string | null;
  campaign: string | null;
  placement: string | null;
  creative: string | null;
  sessionId: string | null;
  occurredAt: number;
  contentHash: string;
  /** Whether a report record names the reference already. */
  hasRecord: boolean;
}

/** Inserts a click; false when the click_id exists. */
export async function insertClick(q: Queryable, c: NewClick): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO publisher_clicks (site_id, click_id, provider, reference_hash, reference_ciphertext, reference_key_id, destination,
                                   content_id, campaign, placement, creative, session_id, occurred_at, content_hash, has_record)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (site_id, click_id) DO NOTHING`,
    [c.siteId, c.clickId, c.provider, c.referenceHash, c.referenceCiphertext, c.referenceKeyId, c.destination, c.contentId, c.campaign, c.placement, c.creative, c.sessionId, toIso(c.occurredAt), c.contentHash, c.hasRecord],
  );
  return rowCount === 1;
}

export async function clickContentHash(q: Queryable, siteId: string, clickId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ content_hash: string }>('SELECT content_hash FROM publisher_clicks WHERE site_id = $1 AND click_id = $2', [siteId, clickId]);
  return rows[0]?.content_hash;
}

export interface ClickOfRollups {
  occurredAt: number;
  contentId: string | null;
  destination: string;
}

/**
 * Moves the click rollups (day and month; total, content, destination) of each click by `clicks`
 * and `withRecord`: one statement, rows in key order (a fixed lock order for concurrent writers).
 */
export async function bumpClickRollups(q: Queryable, siteId: string, of: readonly ClickOfRollups[], clicks: number, withRecord: number): Promise<void> {
  if (of.length === 0) return;
  const rows: [string, string, string, string][] = [];
  for (const c of of) {
    for (const [grain, bucket] of buckets(c.occurredAt)) {
      rows.push([grain, bucket, 'total', '']);
      if (c.contentId !== null) rows.push([grain, bucket, 'content', c.contentId]);
      rows.push([grain, bucket, 'destination', c.destination]);
    }
  }
  await q.query(
    `INSERT INTO publisher_click_rollups (site_id, grain, bucket, dimension, key, clicks, clicks_with_record)
     SELECT $1, g, b, dim, k, count(*) * $6::bigint, count(*) * $7::bigint FROM unnest($2::text[], $3::date[], $4::text[], $5::text[]) AS t(g, b, dim, k)
      GROUP BY g, b, dim, k ORDER BY g, b, dim, k
     ON CONFLICT (site_id, grain, bucket, dimension, key) DO UPDATE SET
       clicks = publisher_click_rollups.clicks + EXCLUDED.clicks,
       clicks_with_record = publisher_click_rollups.clicks_with_record + EXCLUDED.clicks_with_record`,
    [siteId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), clicks, withRecord],
  );
}

/** Marks clicks as having a record; returns those that had none (for their rollups). */
export async function markClicksHaveRecord(q: Queryable, siteId: string, clickIds: readonly string[]): Promise<ClickOfRollups[]> {
  if (clickIds.length === 0) return [];
  const { rows } = await q.query<{ occurred_at: Date; content_id: string | null; destination: string }>(
    'UPDATE publisher_clicks SET has_record = true WHERE site_id = $1 AND click_id = ANY($2::text[]) AND NOT has_record RETURNING occurred_at, content_id, destination',
    [siteId, clickIds],
  );
  return rows.map((r) => ({ occurredAt: r.occurred_at.getTime(), contentId: r.content_id, destination: r.destination }));
}

// ---- analytics reads ----

/** The rollup rows of whole months and whole days of a period: $2..$7, from rangeParams. */
const RANGE_SQL = `((grain = 'month' AND bucket >= $2::date AND bucket < $3::date)
          OR (grain = 'day' AND bucket >= $4::date AND bucket < $5::date)
          OR (grain = 'day' AND bucket >= $6::date AND bucket < $7::date))`;
const rangeParams = (r: RollupRanges) => {
  const day = (i: number) => r.days[i] ?? { from: null, to: null };
  return [r.months?.from ?? null, r.months?.to ?? null, day(0).from, day(0).to, day(1).from, day(1).to];
};

/** Clicks from the rollups: whole months and whole days of a period. */
export async function clickRollups(q: Queryable, siteId: string, r: RollupRanges): Promise<ClickGroup[]> {
  const { rows } = await q.query<ClickGroup>(
    `SELECT dimension, key, sum(clicks)::float8 AS clicks, sum(clicks - clicks_with_record)::float8 AS "withoutRecord"
       FROM publisher_click_rollups
      WHERE site_id = $1 AND ${RANGE_SQL}
      GROUP BY dimension, key`,
    [siteId, ...rangeParams(r)],
  );
  return rows;
}

/** Clicks in [from, to) from the raw rows (the partial days at the edges of a period). */
export async function clickRaw(q: Queryable, siteId: string, from: number, to: number): Promise<ClickGroup[]> {
  const { rows } = await q.query<ClickGroup>(
    `SELECT CASE WHEN GROUPING(content_id) = 0 THEN 'content' WHEN GROUPING(destination) = 0 THEN 'destination' ELSE 'total' END AS dimension,
            COALESCE(CASE WHEN GROUPING(content_id) = 0 THEN content_id WHEN GROUPING(destination) = 0 THEN destination END, '') AS key,
            count(*)::float8 AS clicks, count(*) FILTER (WHERE NOT has_record)::float8 AS "withoutRecord"
       FROM publisher_clicks WHERE site_id = $1 AND occurred_at >= $2 AND occurred_at < $3
      GROUP BY GROUPING SETS ((), (content_id), (destination))`,
    [siteId, toIso(from), toIso(to)],
  );
  return rows.filter((r) => !(r.dimension === 'content' && r.key === ''));
}

/** Orders in [from, to) grouped by what decides their rows, with the click context of their reference. */
export async function recordGroups(q: Queryable, siteId: string, from: number, to: number, currency: string | undefined): Promise<RecordGroup[]> {
  const { rows } = await q.query<RecordGroup>(
    `SELECT o.currency, o.status, p.content_id AS content, p.destination, count(*)::float8 AS records, sum(o.sale_amount)::float8 AS sale,
            sum(o.commission_amount)::float8 AS commission, sum(o.reversals)::float8 AS reversals,
            sum(o.reversal_amount)::float8 AS "reversalAmount"
       FROM publisher_orders o
       LEFT JOIN publisher_references p ON p.site_id = o.site_id AND p.reference_hash = o.reference_hash
      WHERE o.site_id = $1 AND o.status IS NOT NULL AND o.transaction_at >= $2 AND o.transaction_at < $3 AND ($4::text IS NULL OR o.currency = $4)
      GROUP BY o.currency, o.status, p.content_id, p.destination`,
    [siteId, toIso(from), toIso(to), currency ?? null],
  );
  return rows;
}

// ---- record and reference rollups ----

export async function addRecordRollups(q: Queryable, siteId: string, deltas: readonly RollupDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const col = <K extends keyof RollupDelta>(k: K) => deltas.map((d) => d[k]);
  await q.query(
    `INSERT INTO publisher_record_rollups (site_id, grain, bucket, dimension, currency, key, records, sale, commission, reversals, reversal_amount)
     SELECT $1, * FROM unnest($2::text[], $3::date[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[])
     ON CONFLICT (site_id, grain, bucket, dimension, currency, key) DO UPDATE SET
       records = publisher_record_rollups.records + EXCLUDED.records,
       sale = publisher_record_rollups.sale + EXCLUDED.sale,
       commission = publisher_record_rollups.commission + EXCLUDED.commission,
       reversals = publisher_record_rollups.reversals + EXCLUDED.reversals,
       reversal_amount = publisher_record_rollups.reversal_amount + EXCLUDED.reversal_amount`,
    [siteId, col('grain'), col('bucket'), col('dimension'), col('currency'), col('key'), col('records'), col('sale'), col('commission'), col('reversals'), col('reversalAmount')],
  );
}

export async function recordRollups(q: Queryable, siteId: string, r: RollupRanges, currency: string | undefined): Promise<DimensionFigures[]> {
  const { rows } = await q.query<DimensionFigures>(
    `SELECT dimension, currency, key, sum(records)::float8 AS records, sum(sale)::float8 AS sale, sum(commission)::float8 AS commission,
            sum(reversals)::float8 AS reversals, sum(reversal_amount)::float8 AS "reversalAmount"
       FROM publisher_record_rollups
      WHERE site_id = $1 AND ${RANGE_SQL} AND ($8::text IS NULL OR currency = $8)
      GROUP BY dimension, currency, key`,
    [siteId, ...rangeParams(r), currency ?? null],
  );
  return rows;
}

export async function referenceRollups(q: Queryable, siteId: string, r: RollupRanges): Promise<ReferenceCounts> {
  const { rows } = await q.query<{ refs: number | null; matched: number | null }>(
    `SELECT sum(refs)::float8 AS refs, sum(matched)::float8 AS matched FROM publisher_reference_rollups WHERE site_id = $1 AND ${RANGE_SQL}`,
    [siteId, ...rangeParams(r)],
  );
  return { references: rows[0]?.refs ?? 0, matched: rows[0]?.matched ?? 0 };
}

/** References first reported in [from, to) (the partial days at a period's edges). */
export async function referencesFirstSeen(q: Queryable, siteId: string, from: number, to: number): Promise<ReferenceCounts> {
  const { rows } = await q.query<{ refs: number; matched: number }>(
    `SELECT count(*)::float8 AS refs, count(*) FILTER (WHERE click_id IS NOT NULL)::float8 AS matched
       FROM publisher_references WHERE site_id = $1 AND first_at >= $2 AND first_at < $3`,
    [siteId, toIso(from), toIso(to)],
  );
  return { references: rows[0]!.refs, matched: rows[0]!.matched };
}
