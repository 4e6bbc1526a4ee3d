// The SQL of the traffic figures (CONTRACT §12 summary, timeseries): per bucket of a period, event
// counts and distinct visitors or sessions, and the trusted ledger's conversions. Buckets are given
// by their edges (epoch ms, strictly increasing: bucket i is [edges[i], edges[i+1])); rows come back
// by bucket index from 0.
//
// With rollups, one statement reads (in one snapshot, so they agree) the site's horizon, the hourly
// rollups of the whole UTC hours inside the period that no edge splits, and the raw events of the
// rest: those at or above the horizon (not rolled yet, whatever their occurred_at) and those in the
// split hours. Without, it reads the raw events.
import type { Queryable } from '../../db/types.js';

export interface BucketRange {
  siteId: string;
  edges: readonly number[];
  /** UTC hours (starts) that an edge splits: read from the raw events. */
  splitHours: readonly number[];
  rollups: boolean;
}

export interface EventCounts {
  pageViews: number;
  productViews: number;
  addToCarts: number;
  browserPurchases: number;
}

export type DistinctKind = 'sessions' | 'visitors';

const iso = (ms: number) => new Date(ms).toISOString();

const HORIZON = `h AS (SELECT coalesce((SELECT horizon FROM analytics_rollup_state WHERE site_id = $1), '1'::xid8) AS horizon)`;
const HOUR_OF = (col: string) => `date_bin('1 hour', ${col}, timestamptz 'epoch')`;
const IN_PERIOD = `e.occurred_at >= $3::timestamptz AND e.occurred_at < $4::timestamptz`;

/** The raw events a bucketed query reads: all of the period's, or (with rollups) the tail and the split hours. */
function rawEvents(columns: string, rollups: boolean): string {
  const select = `SELECT width_bucket(e.occurred_at, $2::timestamptz[]) - 1 AS i, ${columns}`;
  if (!rollups) return `${select} FROM events e WHERE e.site_id = $1 AND ${IN_PERIOD}`;
  return `${select} FROM events e, h
             WHERE e.site_id = $1 AND e.ingest_xid >= h.horizon AND ${IN_PERIOD} AND NOT (${HOUR_OF('e.occurred_at')} = ANY($5::timestamptz[]))
           UNION ALL
           ${select} FROM unnest($5::timestamptz[]) AS x(hour)
              JOIN events e ON e.site_id = $1 AND e.occurred_at >= x.hour AND e.occurred_at < x.hour + interval '1 hour'
             WHERE ${IN_PERIOD}`;
}

/** The rollup rows of the period's whole hours that no edge splits. */
const ROLLED = `r.site_id = $1 AND r.hour >= $3::timestamptz AND r.hour + interval '1 hour' <= $4::timestamptz AND NOT (r.hour = ANY($5::timestamptz[]))`;

const paramsOf = (r: BucketRange) => {
  const base = [r.siteId, r.edges.map(iso), iso(r.edges[0]!), iso(r.edges[r.edges.length - 1]!)];
  return r.rollups ? [...base, r.splitHours.map(iso)] : base;
};

const COUNT_COLUMNS = `count(*) FILTER (WHERE e.event_type = 'page_view') AS page_views,
  count(*) FILTER (WHERE e.event_type = 'product_view') AS product_views,
  count(*) FILTER (WHERE e.event_type = 'add_to_cart') AS add_to_carts,
  count(*) FILTER (WHERE e.event_type = 'purchase' AND e.trust_class = 'browser') AS browser_purchases`;

interface CountRow {
  i: number;
  page_views: string | number;
  product_views: string | number;
  add_to_carts: string | number;
  browser_purchases: string | number;
}

/** Event counts per bucket (buckets without events are absent). */
export async function bucketCounts(q: Queryable, r: BucketRange): Promise<Map<number, EventCounts>> {
  const raw = `SELECT i, ${COUNT_COLUMNS.replaceAll('e.', 'x.')} FROM (${rawEvents('e.event_type, e.trust_class', r.rollups)}) x GROUP BY i`;
  const sql = r.rollups
    ? `WITH ${HORIZON}, parts AS (
         ${raw}
         UNION ALL
         SELECT width_bucket(r.hour, $2::timestamptz[]) - 1, sum(r.page_views), sum(r.product_views), sum(r.add_to_carts), sum(r.browser_purchases)
           FROM analytics_hourly r WHERE ${ROLLED} GROUP BY 1
       )
       SELECT i, sum(page_views)::bigint AS page_views, sum(product_views)::bigint AS product_views,
              sum(add_to_carts)::bigint AS add_to_carts, sum(browser_purchases)::bigint AS browser_purchases
         FROM parts GROUP BY i`
    : raw;
  const { rows } = await q.query<CountRow>(sql, paramsOf(r));
  return new Map(
    rows.map((row) => [
      Number(row.i),
      { pageViews: Number(row.page_views), productViews: Number(row.product_views), addToCarts: Number(row.add_to_carts), browserPurchases: Number(row.browser_purchases) },
    ]),
  );
}

const DISTINCT = {
  sessions: { key: 'e.session_id', table: 'analytics_hourly_sessions', column: 'session_id' },
  visitors: { key: `coalesce('d:' || e.device_id, 's:' || e.session_id)`, table: 'analytics_hourly_visitors', column: 'visitor' },
} as const;

/** Distinct sessions or visitors per bucket (buckets without events are absent). */
export async function bucketDistinct(q: Queryable, r: BucketRange, kind: DistinctKind): Promise<Map<number, number>> {
  const d = DISTINCT[kind];
  const raw = rawEvents(`${d.key} AS k`, r.rollups);
  const sql = r.rollups
    ? `WITH ${HORIZON}
       SELECT i, count(DISTINCT k)::int AS n FROM (
         ${raw}
         UNION ALL
         SELECT width_bucket(r.hour, $2::timestamptz[]) - 1, r.${d.column} FROM ${d.table} r WHERE ${ROLLED}
       ) x GROUP BY i`
    : `SELECT i, count(DISTINCT k)::int AS n FROM (${raw}) x GROUP BY i`;
  const { rows } = await q.query<{ i: number; n: number }>(sql, paramsOf(r));
  return new Map(rows.map((row) => [Number(row.i), Number(row.n)]));
}

export interface ConversionFigures {
  bucket: number;
  currency: string;
  count: number;
  /** Minor units. */
  revenue: number;
  commissionable: number;
}

/**
 * Orders per bucket (by their purchase's occurred_at) and currency, net of every later entry as
 * the ledger holds them now; cancelled orders left out.
 */
export async function bucketConversions(q: Queryable, siteId: string, edges: readonly number[]): Promise<ConversionFigures[]> {
  const { rows } = await q.query<{ i: number; currency: string; n: number; revenue: string; commissionable: string }>(
    `SELECT width_bucket(purchased_at, $2::timestamptz[]) - 1 AS i, currency, count(*)::int AS n,
            sum(net_revenue)::bigint AS revenue, sum(net_commissionable)::bigint AS commissionable
       FROM conversions
      WHERE site_id = $1 AND state = 'open' AND purchased_at >= $3::timestamptz AND purchased_at < $4::timestamptz
      GROUP BY 1, 2`,
    [siteId, edges.map(iso), iso(edges[0]!), iso(edges[edges.length - 1]!)],
  );
  return rows.map((row) => ({ bucket: Number(row.i), currency: row.currency, count: row.n, revenue: Number(row.revenue), commissionable: Number(row.commissionable) }));
}

/** What a top dimension reads from an event: the page URL, the product id, the referrer, the device type. */
export type TopSource = 'page_url' | 'product_id' | 'referrer' | 'device_type';

const TOP_VALUE: Record<TopSource, string> = {
  page_url: `e.context->>'page_url'`,
  product_id: `e.properties->>'product_id'`,
  referrer: `e.context->>'referrer'`,
  device_type: `e.context->>'device_type'`,
};

/**
 * Raw values with their counts: of the period's events of `eventType` when given (page views, product
 * views), else of each session's first event in the period (its sessions).
 */
export async function topValues(q: Queryable, siteId: string, from: number, to: number, source: TopSource, eventType: string | null): Promise<{ value: string; count: number }[]> {
  const value = TOP_VALUE[source];
  const sql =
    eventType === null
      ? `SELECT v, count(*)::int AS n FROM (
           SELECT DISTINCT ON (e.session_id) ${value} AS v FROM events e
            WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3
            ORDER BY e.session_id, e.occurred_at, e.event_id
         ) s WHERE v IS NOT NULL GROUP BY v`
      : `SELECT ${value} AS v, count(*)::int AS n FROM events e
          WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3 AND e.event_type = $4 AND ${value} IS NOT NULL
          GROUP BY 1`;
  const params: unknown[] = [siteId, new Date(from), new Date(to)];
  if (eventType !== null) params.push(eventType);
  const { rows } = await q.query<{ v: string; n: number }>(sql, params);
  return rows.map((r) => ({ value: r.v, count: r.n }));
}

export interface SessionSteps {
  /** The session's events of the funnel's types in the period, in time order (then by event id). */
  types: string[];
  /** Their occurred_at, epoch ms. */
  times: number[];
}

/** Per session with an event of one of `types` in the period: those events in order. */
export async function sessionSteps(q: Queryable, siteId: string, from: number, to: number, types: readonly string[]): Promise<SessionSteps[]> {
  const { rows } = await q.query<{ types: string[]; times: (string | number)[] }>(
    `SELECT array_agg(e.event_type ORDER BY e.occurred_at, e.event_id) AS types,
            array_agg((extract(epoch FROM e.occurred_at) * 1000)::bigint ORDER BY e.occurred_at, e.event_id) AS times
       FROM events e
      WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3 AND e.event_type = ANY($4::text[])
      GROUP BY e.session_id`,
    [siteId, new Date(from), new Date(to), [...types]],
  );
  return rows.map((r) => ({ types: r.types, times: r.times.map(Number) }));
}
