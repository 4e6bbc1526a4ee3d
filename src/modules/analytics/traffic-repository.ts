// The SQL of the traffic figures (CONTRACT §12 summary, timeseries): per bucket of a period, event
// counts and distinct visitors or sessions, and the trusted ledger's conversions. Buckets are given
// by their edges (epoch ms, strictly increasing: bucket i is [edges[i], edges[i+1])); rows come back
// by bucket index from 0.
//
// With rollups, one snapshot (a repeatable-read transaction, so they agree) gives the site's horizon,
// then the rollups of the whole quarter-hour slots (slots.ts) inside the period that no edge splits,
// and the raw events of the rest: those at or above the horizon (not rolled yet, whatever their
// occurred_at) and those in the split slots (only a period's ends with minutes split one: local
// bucket edges fall on slot edges in every zone). The horizon is read first so that the planner
// knows how small the tail is (read inside the statement, it would be a guess of a third of the
// site's events). A bucket's whole slots are one contiguous range [a, b): its rolled distinct keys
// are a range sum of analytics_slot_distinct (0021: each key counted at its first slot in the
// range), and a key of its raw events adds one when its key rows (analytics_slot_keys, 0022) have
// none of its slots in [a, b) (an index probe a raw key). Without rollups, it reads the raw events
// and counts distinct keys.
import type { Database, Queryable } from '../../db/types.js';
import { SLOT_INTERVAL, SLOT_MS, slotOf } from './slots.js';

export interface BucketRange {
  siteId: string;
  edges: readonly number[];
  /** Slots (their starts) that an edge splits: read from the raw events. */
  splitSlots: readonly number[];
  rollups: boolean;
}

export type DistinctKind = 'sessions' | 'visitors';

/** What a bucketed query computes: the event counts, and distinct sessions or visitors. */
export type FigureSet = 'counts' | DistinctKind;

export interface BucketFigures {
  pageViews: number;
  productViews: number;
  addToCarts: number;
  browserPurchases: number;
  visitors: number;
  sessions: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const IN_PERIOD = `e.occurred_at >= $3::timestamptz AND e.occurred_at < $4::timestamptz`;
const RAW_COLUMNS = `width_bucket(e.occurred_at, $2::timestamptz[]) - 1 AS i, e.event_type, e.trust_class, e.session_id,
  coalesce('d:' || e.device_id, 's:' || e.session_id) AS visitor`;

/**
 * The raw events a bucketed query reads: all of the period's, or (with rollups) the tail at and
 * above the horizon ($7) and the split slots, each slot one index range (OFFSET 0 keeps the planner
 * from turning them into one scan of the period).
 */
function rawEvents(rollups: boolean): string {
  const select = `SELECT ${RAW_COLUMNS}`;
  if (!rollups) return `${select} FROM events e WHERE e.site_id = $1 AND ${IN_PERIOD}`;
  return `${select} FROM events e
             WHERE e.site_id = $1 AND e.ingest_xid >= $7::xid8 AND ${IN_PERIOD} AND NOT (${slotOf('e.occurred_at')} = ANY($5::timestamptz[]))
           UNION ALL
           SELECT e.* FROM unnest($5::timestamptz[]) AS x(slot) CROSS JOIN LATERAL (
             ${select} FROM events e
              WHERE e.site_id = $1 AND e.occurred_at >= greatest(x.slot, $3::timestamptz) AND e.occurred_at < least(x.slot + ${SLOT_INTERVAL}, $4::timestamptz)
             OFFSET 0) e`;
}

/** The rollup rows of the period's whole slots that no edge splits. */
const ROLLED = `r.site_id = $1 AND r.slot >= $3::timestamptz AND r.slot + ${SLOT_INTERVAL} <= $4::timestamptz AND NOT (r.slot = ANY($5::timestamptz[]))`;
/** Bucket i's (of a rollup row or raw event) first whole slot, and its end (1-based arrays). */
const WHOLE_FROM = (i: string) => `($6::timestamptz[])[${i} + 1]`;
const BUCKET_END = (i: string) => `($2::timestamptz[])[${i} + 2]`;

const paramsOf = (r: BucketRange, horizon?: string) => {
  const base = [r.siteId, r.edges.map(iso), iso(r.edges[0]!), iso(r.edges[r.edges.length - 1]!)];
  const wholeFrom = r.edges.slice(0, -1).map((e) => iso(Math.ceil(e / SLOT_MS) * SLOT_MS));
  return horizon === undefined ? base : [...base, r.splitSlots.map(iso), wholeFrom, horizon];
};

const FIGURES = ['page_views', 'product_views', 'add_to_carts', 'browser_purchases', 'visitors', 'sessions'] as const;
type Figure = (typeof FIGURES)[number];

/** A part's row: the bucket and every figure, those not given 0. */
const partRow = (i: string, values: Partial<Record<Figure, string>>) => `${i} AS i, ${FIGURES.map((f) => `${values[f] ?? '0'} AS ${f}`).join(', ')}`;

const COUNTS: Partial<Record<Figure, string>> = {
  page_views: `count(*) FILTER (WHERE x.event_type = 'page_view')`,
  product_views: `count(*) FILTER (WHERE x.event_type = 'product_view')`,
  add_to_carts: `count(*) FILTER (WHERE x.event_type = 'add_to_cart')`,
  browser_purchases: `count(*) FILTER (WHERE x.event_type = 'purchase' AND x.trust_class = 'browser')`,
};

const ROLLED_COUNTS: Partial<Record<Figure, string>> = {
  page_views: 'sum(r.page_views)',
  product_views: 'sum(r.product_views)',
  add_to_carts: 'sum(r.add_to_carts)',
  browser_purchases: 'sum(r.browser_purchases)',
};

/** Each kind's raw column, and its rows in analytics_slot_keys (0022): a session's 's:' key; a visitor's key among the rows that count for visitors. */
const KEYS = {
  sessions: { column: 'session_id', key: (k: string) => `'s:' || ${k}`, rows: '' },
  visitors: { column: 'visitor', key: (k: string) => k, rows: ' AND t.visitor' },
} as const;

/** With rollups: the parts of a figure set, each rows of partRow. */
function rolledParts(set: FigureSet): string[] {
  const bucket = `width_bucket(r.slot, $2::timestamptz[]) - 1`;
  if (set === 'counts') {
    return [`SELECT ${partRow('x.i', COUNTS)} FROM raw x GROUP BY x.i`, `SELECT ${partRow(bucket, ROLLED_COUNTS)} FROM analytics_slots r WHERE ${ROLLED} GROUP BY 1`];
  }
  const { column, key, rows } = KEYS[set];
  return [
    `SELECT ${partRow(bucket, { [set]: 'sum(r.keys)' })} FROM analytics_slot_distinct r
      WHERE ${ROLLED} AND r.kind = '${set}' AND r.prev_slot < ${WHOLE_FROM(bucket)} GROUP BY 1`,
    // A probe a raw key (LIMIT 1 keeps it one: an anti join could hash every key of the site).
    `SELECT ${partRow('x.i', { [set]: 'count(*)' })} FROM (SELECT DISTINCT i, ${column} AS k FROM raw) x
       LEFT JOIN LATERAL (SELECT 1 AS hit FROM analytics_slot_keys t WHERE t.site_id = $1 AND t.key = ${key('x.k')}${rows}
                            AND t.slot >= ${WHOLE_FROM('x.i')} AND t.slot <= ${BUCKET_END('x.i')} - ${SLOT_INTERVAL} LIMIT 1) m ON true
      WHERE m.hit IS NULL GROUP BY x.i`,
  ];
}

/** Without rollups: every figure of the set from the raw events. */
function rawFigures(sets: readonly FigureSet[]): Partial<Record<Figure, string>> {
  const values: Partial<Record<Figure, string>> = {};
  for (const set of sets) {
    if (set === 'counts') Object.assign(values, COUNTS);
    else values[set] = `count(DISTINCT x.${KEYS[set].column})`;
  }
  return values;
}

interface FigureRow extends Record<Figure, string | number> {
  i: number;
}

/** The figure sets asked for, per bucket (buckets without events are absent; figures not asked for are 0). */
export async function bucketFigures(db: Database, r: BucketRange, sets: readonly FigureSet[]): Promise<Map<number, BucketFigures>> {
  const rows = r.rollups ? await db.transaction((tx) => rolledFigures(tx, r, sets)) : (await db.query<FigureRow>(`SELECT ${partRow('x.i', rawFigures(sets))} FROM (${rawEvents(false)}) x GROUP BY x.i`, paramsOf(r))).rows;
  return new Map(
    rows.map((row) => [
      Number(row.i),
      {
        pageViews: Number(row.page_views),
        productViews: Number(row.product_views),
        addToCarts: Number(row.add_to_carts),
        browserPurchases: Number(row.browser_purchases),
        visitors: Number(row.visitors),
        sessions: Number(row.sessions),
      },
    ]),
  );
}

/** In a fresh transaction: the horizon, then the rollups and raw parts in the same snapshot. */
async function rolledFigures(tx: Queryable, r: BucketRange, sets: readonly FigureSet[]): Promise<FigureRow[]> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  // No JIT: the statement reads little by design, but the planner's guess for the split slots' ranges
  // (a bound from a lateral row) can be 10 times what they hold, and compiling then costs a second.
  const state = await tx.query<{ horizon: string }>(
    `SELECT set_config('jit', 'off', true), coalesce((SELECT horizon FROM analytics_rollup_state WHERE site_id = $1), '1')::text AS horizon`,
    [r.siteId],
  );
  // $6 (each bucket's first whole slot) is typed here too: a query of counts alone does not use it.
  const sql = `WITH w AS (SELECT $6::timestamptz[] AS whole_from), raw AS MATERIALIZED (${rawEvents(true)}),
       parts AS (${sets.flatMap(rolledParts).join('\n UNION ALL ')})
       SELECT i, ${FIGURES.map((f) => `sum(${f})::bigint AS ${f}`).join(', ')} FROM parts GROUP BY i`;
  return (await tx.query<FigureRow>(sql, paramsOf(r, state.rows[0]!.horizon))).rows;
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
