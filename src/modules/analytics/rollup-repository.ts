// The SQL of the rollups per quarter-hour slot (see 0020_merchant_analytics.sql,
// 0021_analytics_slots.sql, 0022_analytics_slot_keys.sql).
// A site's events are rolled in stream order (ingest_xid) up to a horizon below which every
// transaction has finished, so an event whose insert commits late is never skipped: it is at or
// above the site's horizon until the roll that takes it, and the queries read it raw meanwhile.
import type { Queryable } from '../../db/types.js';
import { slotOf } from './slots.js';

/** Every transaction below it has committed or never will. */
export async function streamHorizon(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ horizon: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon');
  return rows[0]!.horizon;
}

/** The sites with events not rolled yet below `horizon` (one index probe a site). */
export async function sitesBehind(q: Queryable, horizon: string): Promise<string[]> {
  const { rows } = await q.query<{ site_id: string }>(
    `SELECT s.site_id FROM sites s LEFT JOIN analytics_rollup_state r ON r.site_id = s.site_id
      WHERE EXISTS (SELECT 1 FROM events e WHERE e.site_id = s.site_id AND e.ingest_xid >= coalesce(r.horizon, '1'::xid8) AND e.ingest_xid < $1::xid8)
      ORDER BY s.site_id`,
    [horizon],
  );
  return rows.map((r) => r.site_id);
}

/** The site's row of rollup state (its horizon at the start of the stream), if it has none yet. */
export async function ensureRollupState(q: Queryable, siteId: string): Promise<void> {
  await q.query('INSERT INTO analytics_rollup_state (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING', [siteId]);
}

/**
 * The site's next chunk, its state row locked for the rest of the transaction: from the site's
 * horizon to where a roll stops below `horizon` (after about `size` events, at a transaction's
 * edge: a transaction's events are rolled together; `horizon` when fewer are left). Null when the
 * site is caught up, or another process holds the row (or the site has none: ensureRollupState).
 * One statement, so the embedded engine (a millisecond a round trip) pays one; it also gives the
 * transaction the memory of a roll on PostgreSQL: a chunk's keys sorted for their previous slots spill to disk under the
 * default 4 MB (50,000 events: about 2 MB a sort on disk, a tenth more time for the whole roll in
 * BENCHMARKS.md's runs; the embedded engine's chunks are far smaller and never use it).
 */
export async function lockChunk(q: Queryable, siteId: string, horizon: string, size: number): Promise<{ start: string; end: string } | null> {
  const { rows } = await q.query<{ start: string; end: string }>(
    `WITH h AS (SELECT horizon FROM analytics_rollup_state WHERE site_id = $1 FOR UPDATE SKIP LOCKED)
     SELECT h.horizon::text AS start, coalesce(
       (SELECT ingest_xid FROM events WHERE site_id = $1 AND ingest_xid > h.horizon AND ingest_xid < $2::xid8
         AND ingest_xid >= (SELECT ingest_xid FROM events WHERE site_id = $1 AND ingest_xid >= h.horizon AND ingest_xid < $2::xid8 ORDER BY ingest_xid OFFSET $3 LIMIT 1)
         ORDER BY ingest_xid LIMIT 1),
       $2::xid8)::text AS end, set_config('work_mem', '16MB', true) AS memory
       FROM h WHERE h.horizon < $2::xid8`,
    [siteId, horizon, size],
  );
  return rows[0] ? { start: rows[0].start, end: rows[0].end } : null;
}

/**
 * The key rows of the chunk (0022: a session's 's:' key, a visitor when an event of the session in
 * that slot had no device; a device's 'd:' key, always a visitor; compared bytewise, as the table's
 * column), the slots and flags its keys had
 * before (`old_keys`: one index probe a distinct key, OFFSET 0 keeps it from becoming a scan of the
 * table), the rows the roll adds (`new_keys`: the chunk's (key, slot) pairs the key did not have, a
 * plain insert: the site's rolls are one at a time, under its locked horizon row, so no other
 * statement adds this site's key rows meanwhile, and ON CONFLICT's probe of every row before its
 * insert would repeat `old_keys`'s), the session rows that become visitor rows (`became_visitors`:
 * a session seen before with a device in a slot, now without one in it), and per kind the change
 * to analytics_slot_distinct (`delta_…`): every (slot, previous slot) of the keys' new sequences
 * of slots counted in, those of their old ones out (a late event's slot between two a key had
 * changes the later one's previous slot). Probing before inserting also keeps the probes off the
 * entries the insert adds; the update and the insert touch different rows (old and new pairs).
 */
const KEY_ROWS = `pairs AS MATERIALIZED (
       SELECT ('s:' || session_id) COLLATE "C" AS k, slot, bool_or(device_id IS NULL) AS visitor FROM ev GROUP BY 1, 2
       UNION ALL
       SELECT ('d:' || device_id) COLLATE "C", slot, true FROM ev WHERE device_id IS NOT NULL GROUP BY 1, 2
     ), old_keys AS MATERIALIZED (
       SELECT n.k, t.slot, t.visitor FROM (SELECT DISTINCT k FROM pairs) n
        CROSS JOIN LATERAL (SELECT t.slot, t.visitor FROM analytics_slot_keys t WHERE t.site_id = $1 AND t.key = n.k OFFSET 0) t
     ), new_keys AS (
       INSERT INTO analytics_slot_keys (site_id, key, slot, visitor)
       SELECT $1, p.k, p.slot, p.visitor FROM pairs p WHERE NOT EXISTS (SELECT 1 FROM old_keys o WHERE o.k = p.k AND o.slot = p.slot)
       RETURNING key AS k, slot, visitor
     ), became_visitors AS (
       UPDATE analytics_slot_keys t SET visitor = true
         FROM (SELECT o.k, o.slot FROM old_keys o JOIN pairs p ON p.k = o.k AND p.slot = o.slot WHERE p.visitor AND NOT o.visitor) u
        WHERE t.site_id = $1 AND t.key = u.k AND t.slot = u.slot
       RETURNING t.key AS k, t.slot
     ), ${delta('sessions', "SELECT k, slot FROM old_keys WHERE k LIKE 's:%'", "SELECT k, slot FROM new_keys WHERE k LIKE 's:%'")},
     ${delta('visitors', 'SELECT k, slot FROM old_keys WHERE visitor', 'SELECT k, slot FROM new_keys WHERE visitor UNION ALL SELECT k, slot FROM became_visitors')}`;

/** A kind's change to analytics_slot_distinct: its keys' sequences of slots after the roll (old and added rows) in, before it (old) out. */
function delta(kind: 'sessions' | 'visitors', old: string, added: string): string {
  const lag = `lag(slot, 1, '-infinity'::timestamptz) OVER (PARTITION BY k ORDER BY slot)`;
  return `old_${kind} AS (${old}), delta_${kind} AS (
       SELECT '${kind}' AS kind, slot, prev_slot, sum(d) AS d FROM (
         SELECT slot, ${lag} AS prev_slot, 1 AS d FROM (SELECT k, slot FROM old_${kind} UNION ALL ${added}) x
         UNION ALL
         SELECT slot, ${lag}, -1 FROM old_${kind}
       ) y GROUP BY slot, prev_slot HAVING sum(d) <> 0
     )`;
}

/**
 * Adds the site's events of [start, end) in stream order to the slot rollups and moves the site's
 * horizon to `end` in the same statement (the caller holds the site's row: lockChunk); how many
 * events there were.
 */
export async function rollEvents(q: Queryable, siteId: string, start: string, end: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH ev AS MATERIALIZED (
       SELECT ${slotOf('occurred_at')} AS slot, event_type, trust_class, session_id, device_id
         FROM events WHERE site_id = $1 AND ingest_xid >= $2::xid8 AND ingest_xid < $3::xid8
     ), counts AS (
       INSERT INTO analytics_slots AS a (site_id, slot, events, page_views, product_views, add_to_carts, browser_purchases)
       SELECT $1, slot, count(*), count(*) FILTER (WHERE event_type = 'page_view'), count(*) FILTER (WHERE event_type = 'product_view'),
              count(*) FILTER (WHERE event_type = 'add_to_cart'), count(*) FILTER (WHERE event_type = 'purchase' AND trust_class = 'browser')
         FROM ev GROUP BY slot
       ON CONFLICT (site_id, slot) DO UPDATE SET events = a.events + excluded.events, page_views = a.page_views + excluded.page_views,
              product_views = a.product_views + excluded.product_views, add_to_carts = a.add_to_carts + excluded.add_to_carts,
              browser_purchases = a.browser_purchases + excluded.browser_purchases
     ), ${KEY_ROWS},
     distinct_keys AS (
       INSERT INTO analytics_slot_distinct AS a (site_id, kind, slot, prev_slot, keys)
       SELECT $1, kind, slot, prev_slot, d FROM delta_sessions UNION ALL SELECT $1, kind, slot, prev_slot, d FROM delta_visitors
       ON CONFLICT (site_id, kind, slot, prev_slot) DO UPDATE SET keys = a.keys + excluded.keys
     ), advanced AS (
       UPDATE analytics_rollup_state SET horizon = $3::xid8, events = events + (SELECT count(*) FROM ev), rolled_at = now() WHERE site_id = $1
     )
     SELECT count(*)::int AS n FROM ev`,
    [siteId, start, end],
  );
  return rows[0]!.n;
}

export interface RollupLag {
  siteId: string;
  horizon: string;
  events: number;
  rolledAt: Date | null;
  /** Events of the site at or above its horizon (not rolled yet). */
  behind: number;
}

/** How far behind a site's rollups are. */
export async function rollupLag(q: Queryable, siteId: string): Promise<RollupLag> {
  const { rows } = await q.query<{ horizon: string; events: string; rolled_at: Date | null; behind: number }>(
    `SELECT coalesce(r.horizon, '1')::text AS horizon, coalesce(r.events, 0)::text AS events, r.rolled_at,
            (SELECT count(*)::int FROM events e WHERE e.site_id = $1 AND e.ingest_xid >= coalesce(r.horizon, '1'::xid8)) AS behind
       FROM (SELECT $1::text AS site_id) s LEFT JOIN analytics_rollup_state r ON r.site_id = s.site_id`,
    [siteId],
  );
  const r = rows[0]!;
  return { siteId, horizon: r.horizon, events: Number(r.events), rolledAt: r.rolled_at, behind: r.behind };
}
