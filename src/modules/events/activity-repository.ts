// SQL of product activity: per product, its views, add-to-carts and purchases since a time (any
// trust class). A purchase names its products in `product_id`, or in `items` / `products` (arrays
// of objects with a `product_id`). Read through the partial index of product events.
import type { Queryable } from '../../db/types.js';
import type { InteractionKind, InteractionPage, ProductCounts, ProductInteraction } from '../../kernel/index.js';

const COUNTS = `
  WITH named AS (
    SELECT e.event_type, e.properties->>'product_id' AS product_id
      FROM events e
     WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.event_type IN ('product_view', 'add_to_cart', 'purchase')
    UNION ALL
    SELECT 'purchase', line->>'product_id'
      FROM events e, jsonb_array_elements(
             CASE WHEN jsonb_typeof(e.properties->'items') = 'array' THEN e.properties->'items'
                  WHEN jsonb_typeof(e.properties->'products') = 'array' THEN e.properties->'products'
                  ELSE '[]'::jsonb END) AS line
     WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.event_type = 'purchase' AND jsonb_typeof(line) = 'object'
  )
  SELECT product_id,
         count(*) FILTER (WHERE event_type = 'product_view')::int AS views,
         count(*) FILTER (WHERE event_type = 'add_to_cart')::int AS carts,
         count(*) FILTER (WHERE event_type = 'purchase')::int AS purchases
    FROM named
   WHERE product_id IS NOT NULL AND length(product_id) BETWEEN 1 AND 128
   GROUP BY product_id
   ORDER BY count(*) DESC, product_id COLLATE "C"
   LIMIT $3`;

export async function productCountsSince(q: Queryable, siteId: string, since: Date, limit: number): Promise<ProductCounts[]> {
  const { rows } = await q.query<{ product_id: string; views: number; carts: number; purchases: number }>(COUNTS, [siteId, since, limit]);
  return rows.map((r) => ({ productId: r.product_id, views: r.views, carts: r.carts, purchases: r.purchases }));
}

// The stream of product events (recommendations learn from it). Its order is the inserting
// transaction's id, then the event id (migration 0015 says why); a cursor is "<xid>:<event_id>".
// Each event names its products: a purchase its `product_id` and its lines' (`items` or
// `products`), in their order, each once; every other product event its `product_id`.

const PRODUCT_EVENT = `e.event_type IN ('product_view', 'add_to_cart', 'purchase')`;

const EVENT_PRODUCTS = `
  ARRAY(SELECT named.p FROM (
          SELECT e.properties->>'product_id' AS p, 0::bigint AS n
          UNION ALL
          SELECT l.line->>'product_id', l.n
            FROM jsonb_array_elements(
                   CASE WHEN e.event_type <> 'purchase' THEN '[]'::jsonb
                        WHEN jsonb_typeof(e.properties->'items') = 'array' THEN e.properties->'items'
                        WHEN jsonb_typeof(e.properties->'products') = 'array' THEN e.properties->'products'
                        ELSE '[]'::jsonb END) WITH ORDINALITY AS l(line, n)
           WHERE jsonb_typeof(l.line) = 'object') named
         WHERE named.p IS NOT NULL AND length(named.p) BETWEEN 1 AND 128
         GROUP BY named.p ORDER BY min(named.n)) AS products`;

interface StreamRow {
  event_id: string;
  xid: string;
  event_type: string;
  session_id: string;
  trust_class: string;
  occurred_at: Date;
  products: string[];
}

const KINDS: Record<string, InteractionKind> = { product_view: 'view', add_to_cart: 'cart', purchase: 'purchase' };

const interactionsOf = (rows: readonly StreamRow[]): ProductInteraction[] =>
  rows.flatMap((r) =>
    r.products.map((productId) => ({ sessionId: r.session_id, productId, kind: KINDS[r.event_type]!, at: r.occurred_at.getTime(), trusted: r.trust_class === 'server' })),
  );

/** A stream cursor's parts; the start of the stream for null or anything unreadable. */
function streamPosition(cursor: string | null): { xid: string; eventId: string } {
  const m = cursor === null ? null : /^(\d{1,20}):(.*)$/s.exec(cursor);
  return m ? { xid: m[1]!, eventId: m[2]! } : { xid: '0', eventId: '' };
}

/** The stream's horizon: transactions below it have all ended (committed or not). */
export async function streamHorizon(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ horizon: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon');
  return rows[0]!.horizon;
}

/** The stream's frontier: every transaction that has committed is below it. */
export async function streamFrontier(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ frontier: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS frontier');
  return rows[0]!.frontier;
}

export async function interactionsAfter(q: Queryable, siteId: string, cursor: string | null, horizon: string, limit: number): Promise<InteractionPage> {
  const at = streamPosition(cursor);
  const { rows } = await q.query<StreamRow>(
    `SELECT e.event_id, e.ingest_xid::text AS xid, e.event_type, e.session_id, e.trust_class, e.occurred_at, ${EVENT_PRODUCTS}
       FROM events e
      WHERE e.site_id = $1 AND ${PRODUCT_EVENT}
        AND e.ingest_xid >= $2::xid8 AND (e.ingest_xid > $2::xid8 OR e.event_id COLLATE "C" > $3) AND e.ingest_xid < $4::xid8
      ORDER BY e.ingest_xid, e.event_id COLLATE "C"
      LIMIT $5`,
    [siteId, at.xid, at.eventId, horizon, limit],
  );
  const last = rows[rows.length - 1];
  return { interactions: interactionsOf(rows), events: rows.length, next: last ? `${last.xid}:${last.event_id}` : cursor, done: rows.length < limit };
}

/**
 * The sites among `cursors` with product events after their cursor and before the horizon; with
 * `others`, also the sites not among them that have any (found by walking the stream index's
 * distinct sites, one index probe a site).
 */
export async function sitesWithInteractions(q: Queryable, cursors: ReadonlyMap<string, string | null>, horizon: string, others: boolean): Promise<string[]> {
  const known = [...cursors].map(([siteId, cursor]) => ({ siteId, ...streamPosition(cursor) }));
  const { rows } = await q.query<{ site_id: string }>(
    `WITH RECURSIVE known AS (
       SELECT * FROM unnest($1::text[], $2::xid8[], $3::text[]) AS k(site_id, xid, event_id)
     ), walk AS (
       (SELECT e.site_id FROM events e WHERE $5 AND ${PRODUCT_EVENT} ORDER BY e.site_id LIMIT 1)
       UNION ALL
       SELECT (SELECT e.site_id FROM events e WHERE ${PRODUCT_EVENT} AND e.site_id > w.site_id ORDER BY e.site_id LIMIT 1)
         FROM walk w WHERE w.site_id IS NOT NULL
     )
     SELECT k.site_id FROM known k
      WHERE EXISTS (SELECT 1 FROM events e WHERE e.site_id = k.site_id AND ${PRODUCT_EVENT}
                       AND e.ingest_xid >= k.xid AND (e.ingest_xid > k.xid OR e.event_id COLLATE "C" > k.event_id) AND e.ingest_xid < $4::xid8)
     UNION
     SELECT w.site_id FROM walk w
      WHERE w.site_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM known k WHERE k.site_id = w.site_id)
        AND EXISTS (SELECT 1 FROM events e WHERE e.site_id = w.site_id AND ${PRODUCT_EVENT} AND e.ingest_xid < $4::xid8)`,
    [known.map((k) => k.siteId), known.map((k) => k.xid), known.map((k) => k.eventId), horizon, others],
  );
  return rows.map((r) => r.site_id).sort();
}

/** A time cursor: "<occurred_at ISO>|<event_id>". */
function timePosition(cursor: string | null): { at: string; eventId: string } | null {
  const m = cursor === null ? null : /^([^|]+)\|(.*)$/s.exec(cursor);
  return m && !Number.isNaN(Date.parse(m[1]!)) ? { at: m[1]!, eventId: m[2]! } : null;
}

export async function interactionsBetween(q: Queryable, siteId: string, from: Date, to: Date, cursor: string | null, limit: number): Promise<InteractionPage> {
  const at = timePosition(cursor);
  const { rows } = await q.query<StreamRow>(
    `SELECT e.event_id, ''::text AS xid, e.event_type, e.session_id, e.trust_class, e.occurred_at, ${EVENT_PRODUCTS}
       FROM events e
      WHERE e.site_id = $1 AND ${PRODUCT_EVENT} AND e.occurred_at >= $2 AND e.occurred_at < $3
        AND ($4::timestamptz IS NULL OR (e.occurred_at, e.event_id COLLATE "C") > ($4::timestamptz, $5 COLLATE "C"))
      ORDER BY e.occurred_at, e.event_id COLLATE "C"
      LIMIT $6`,
    [siteId, from, to, at?.at ?? null, at?.eventId ?? '', limit],
  );
  const last = rows[rows.length - 1];
  return { interactions: interactionsOf(rows), events: rows.length, next: last ? `${last.occurred_at.toISOString()}|${last.event_id}` : cursor, done: rows.length < limit };
}
