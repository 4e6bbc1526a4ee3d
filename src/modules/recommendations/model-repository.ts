// All SQL of the recommendation model: a site's model row (its stream cursor, and the lock every
// write to its model holds), the co-occurrence counts (each pair once, products' norms), the
// sessions the model remembers, and the materialised neighbours.
import type { Queryable } from '../../db/types.js';
import type { ModelKind, SessionState } from './co-occurrence.js';
import type { Candidate, Neighbour } from './neighbours.js';

export interface ModelRow {
  cursor: string | null;
  events: number;
}

/**
 * Locks the site's model row for this transaction (made if missing), or answers null when another
 * transaction (another process's refresh) holds it: the caller leaves the site to it.
 */
export async function lockModel(tx: Queryable, siteId: string): Promise<ModelRow | null> {
  // The model is learned again from the events if a crash loses its last commits (the cursor goes
  // back with them): no need to wait for the disk at each piece's commit.
  await tx.query('SET LOCAL synchronous_commit = off');
  await tx.query('INSERT INTO recommendation_models (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING', [siteId]);
  const { rows } = await tx.query<{ stream_cursor: string | null; events: string }>(
    'SELECT stream_cursor, events FROM recommendation_models WHERE site_id = $1 FOR UPDATE SKIP LOCKED',
    [siteId],
  );
  const r = rows[0];
  return r ? { cursor: r.stream_cursor, events: Number(r.events) } : null;
}

export async function advanceModel(tx: Queryable, siteId: string, cursor: string | null, events: number): Promise<void> {
  await tx.query('UPDATE recommendation_models SET stream_cursor = $2, events = events + $3, refreshed_at = now() WHERE site_id = $1', [siteId, cursor, events]);
}

/** Every site's stream cursor, by site. */
export async function modelCursors(q: Queryable): Promise<Map<string, string | null>> {
  const { rows } = await q.query<{ site_id: string; stream_cursor: string | null }>('SELECT site_id, stream_cursor FROM recommendation_models');
  return new Map(rows.map((r) => [r.site_id, r.stream_cursor]));
}

export async function modelOf(q: Queryable, siteId: string): Promise<{ cursor: string | null; events: number; refreshedAt: Date | null } | undefined> {
  const { rows } = await q.query<{ stream_cursor: string | null; events: string; refreshed_at: Date | null }>(
    'SELECT stream_cursor, events, refreshed_at FROM recommendation_models WHERE site_id = $1',
    [siteId],
  );
  const r = rows[0];
  return r && { cursor: r.stream_cursor, events: Number(r.events), refreshedAt: r.refreshed_at };
}

/**
 * Rows as one JSON document for `jsonb_to_recordset`: one stringify, parsed once by PostgreSQL,
 * where arrays of JSON texts had the driver escape every character of every element (about a
 * tenth of a refresh's own CPU in its profile).
 */
const rowsDocument = (rows: readonly object[]): string => JSON.stringify(rows);

// Sessions ------------------------------------------------------------------------------------

export async function loadSessions(q: Queryable, siteId: string, sessionIds: readonly string[]): Promise<Map<string, SessionState>> {
  if (sessionIds.length === 0) return new Map();
  // Session by session through the key (the table grows faster than its statistics during a large refresh).
  const { rows } = await q.query<{ session_id: string; state: SessionState }>(
    `SELECT s.session_id, s.state FROM unnest($2::text[]) AS k(id)
       CROSS JOIN LATERAL (SELECT session_id, state FROM recommendation_sessions WHERE site_id = $1 AND session_id = k.id) s`,
    [siteId, sessionIds],
  );
  return new Map(rows.map((r) => [r.session_id, r.state]));
}

export async function saveSessions(tx: Queryable, siteId: string, sessions: ReadonlyMap<string, SessionState>): Promise<void> {
  if (sessions.size === 0) return;
  const ids = [...sessions.keys()].sort();
  await tx.query(
    `INSERT INTO recommendation_sessions (site_id, session_id, state, last_at)
     SELECT $1, s.id, s.state, to_timestamp(s.last_at / 1000.0)
       FROM jsonb_to_recordset($2::jsonb) AS s(id text, state jsonb, last_at float8)
     ON CONFLICT (site_id, session_id) DO UPDATE SET state = EXCLUDED.state, last_at = EXCLUDED.last_at`,
    [siteId, rowsDocument(ids.map((id) => ({ id, state: sessions.get(id), last_at: sessions.get(id)!.lastAt })))],
  );
}

/** A session's remembered state, if the model has seen it. */
export async function sessionState(q: Queryable, siteId: string, sessionId: string): Promise<SessionState | undefined> {
  const { rows } = await q.query<{ state: SessionState }>('SELECT state FROM recommendation_sessions WHERE site_id = $1 AND session_id = $2', [siteId, sessionId]);
  return rows[0]?.state;
}

/** Forgets the site's sessions whose last event is older than `before`; how many. */
export async function forgetSessions(tx: Queryable, siteId: string, before: Date): Promise<number> {
  const { rowCount } = await tx.query('DELETE FROM recommendation_sessions WHERE site_id = $1 AND last_at < $2', [siteId, before]);
  return rowCount;
}

// Counts --------------------------------------------------------------------------------------

export interface PairDelta {
  kind: ModelKind;
  productId: string;
  otherId: string;
  weight: number;
  sessions: number;
}

export interface ProductDelta {
  kind: ModelKind;
  productId: string;
  norm: number;
  sessions: number;
}

/** Adds to the pairs' counts (each pair once, the smaller id first; rows in key order). */
export async function addPairs(tx: Queryable, siteId: string, deltas: readonly PairDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await tx.query(
    `INSERT INTO recommendation_pairs AS p (site_id, kind, product_id, other_id, weight, sessions)
     SELECT $1, d.kind, d.product_id, d.other_id, d.weight, d.sessions
       FROM jsonb_to_recordset($2::jsonb) AS d(kind text, product_id text, other_id text, weight float8, sessions int)
     ON CONFLICT (site_id, kind, product_id, other_id)
     DO UPDATE SET weight = p.weight + EXCLUDED.weight, sessions = p.sessions + EXCLUDED.sessions`,
    [siteId, rowsDocument(deltas.map((d) => ({ kind: d.kind, product_id: d.productId, other_id: d.otherId, weight: d.weight, sessions: d.sessions })))],
  );
}

/** Adds to the products' norms, and marks their neighbours for ranking again (rows in key order). */
export async function addProducts(tx: Queryable, siteId: string, deltas: readonly ProductDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await tx.query(
    `INSERT INTO recommendation_products AS p (site_id, kind, product_id, norm, sessions, stale)
     SELECT $1, d.kind, d.product_id, d.norm, d.sessions, true
       FROM jsonb_to_recordset($2::jsonb) AS d(kind text, product_id text, norm float8, sessions int)
     ON CONFLICT (site_id, kind, product_id)
     DO UPDATE SET norm = p.norm + EXCLUDED.norm, sessions = p.sessions + EXCLUDED.sessions, stale = true`,
    [siteId, rowsDocument(deltas.map((d) => ({ kind: d.kind, product_id: d.productId, norm: d.norm, sessions: d.sessions })))],
  );
}

/**
 * Up to `limit` stale products whose norm grew past `drift` (a ratio) since their partners last
 * ranked them, now recorded as ranked; their ids.
 */
export async function takeGrownProducts(tx: Queryable, siteId: string, kind: ModelKind, drift: number, limit: number): Promise<string[]> {
  const { rows } = await tx.query<{ product_id: string }>(
    `SELECT product_id FROM recommendation_products
      WHERE site_id = $1 AND kind = $2 AND stale AND norm > ranked_norm * $3
      ORDER BY product_id LIMIT $4`,
    [siteId, kind, 1 + drift, limit],
  );
  const ids = rows.map((r) => r.product_id);
  if (ids.length > 0) {
    await tx.query(
      `UPDATE recommendation_products o SET ranked_norm = o.norm
         FROM unnest($3::text[]) AS k(id)
        WHERE o.site_id = $1 AND o.kind = $2 AND o.product_id = k.id`,
      [siteId, kind, ids],
    );
  }
  return ids;
}

/** Marks stale every product paired with one of these in at least `minSessions` sessions (their scores have it as a neighbour). */
export async function markPartnersStale(tx: Queryable, siteId: string, kind: ModelKind, productIds: readonly string[], minSessions: number): Promise<void> {
  if (productIds.length === 0) return;
  await tx.query(
    `UPDATE recommendation_products o SET stale = true
       FROM (SELECT DISTINCT n.id FROM unnest($3::text[]) AS k(id)
               CROSS JOIN LATERAL (
                 SELECT p.other_id AS id FROM recommendation_pairs p
                  WHERE p.site_id = $1 AND p.kind = $2 AND p.product_id = k.id AND p.sessions >= $4
                 UNION ALL
                 SELECT p.product_id FROM recommendation_pairs p
                  WHERE p.site_id = $1 AND p.kind = $2 AND p.other_id = k.id AND p.sessions >= $4) n) n
      WHERE o.site_id = $1 AND o.kind = $2 AND o.product_id = n.id AND NOT o.stale`,
    [siteId, kind, productIds, minSessions],
  );
}

/** Fresh statistics of the model's tables, after a refresh that changed many rows (the planner's estimates stay right). */
export async function analyzeModel(q: Queryable): Promise<void> {
  await q.query('ANALYZE recommendation_pairs, recommendation_products, recommendation_sessions');
}

/** Up to `limit` products whose neighbours need ranking again, with their norms. */
export async function staleProducts(tx: Queryable, siteId: string, kind: ModelKind, limit: number): Promise<{ productId: string; norm: number }[]> {
  const { rows } = await tx.query<{ product_id: string; norm: number }>(
    'SELECT product_id, norm FROM recommendation_products WHERE site_id = $1 AND kind = $2 AND stale ORDER BY product_id LIMIT $3',
    [siteId, kind, limit],
  );
  return rows.map((r) => ({ productId: r.product_id, norm: r.norm }));
}

/** The candidates of each product (pairs seen in at least `minSessions` sessions, with the other product's norm). */
export async function candidatesOf(q: Queryable, siteId: string, kind: ModelKind, productIds: readonly string[], minSessions: number): Promise<Map<string, Candidate[]>> {
  const { rows } = await q.query<{ product_id: string; other_id: string; weight: number; sessions: number; norm: number }>(
    // Product by product through the pairs' key, each other product's norm by its key: a plan that
    // stays right while the tables grow faster than their statistics.
    `SELECT s.id AS product_id, p.other_id, p.weight, p.sessions,
            (SELECT o.norm FROM recommendation_products o WHERE o.site_id = $1 AND o.kind = $2 AND o.product_id = p.other_id) AS norm
       FROM unnest($3::text[]) AS s(id)
       CROSS JOIN LATERAL (
         SELECT p.other_id, p.weight, p.sessions FROM recommendation_pairs p
          WHERE p.site_id = $1 AND p.kind = $2 AND p.product_id = s.id AND p.sessions >= $4
         UNION ALL
         SELECT p.product_id, p.weight, p.sessions FROM recommendation_pairs p
          WHERE p.site_id = $1 AND p.kind = $2 AND p.other_id = s.id AND p.sessions >= $4
       ) p`,
    [siteId, kind, productIds, minSessions],
  );
  const out = new Map<string, Candidate[]>(productIds.map((id) => [id, []]));
  for (const r of rows) out.get(r.product_id)?.push({ productId: r.other_id, weight: r.weight, sessions: r.sessions, norm: r.norm });
  return out;
}

/** Stores the products' ranked neighbours (none: the row goes) and marks them fresh. */
export async function saveNeighbours(tx: Queryable, siteId: string, kind: ModelKind, lists: ReadonlyMap<string, readonly Neighbour[]>): Promise<void> {
  const ids = [...lists.keys()].sort();
  const kept = ids.filter((id) => lists.get(id)!.length > 0);
  const empty = ids.filter((id) => lists.get(id)!.length === 0);
  if (kept.length > 0) {
    await tx.query(
      `INSERT INTO recommendation_neighbours (site_id, kind, product_id, neighbours, computed_at)
       SELECT $1, $2, n.product_id, n.neighbours, now() FROM jsonb_to_recordset($3::jsonb) AS n(product_id text, neighbours jsonb)
       ON CONFLICT (site_id, kind, product_id) DO UPDATE SET neighbours = EXCLUDED.neighbours, computed_at = EXCLUDED.computed_at
       WHERE recommendation_neighbours.neighbours IS DISTINCT FROM EXCLUDED.neighbours`,
      [siteId, kind, rowsDocument(kept.map((id) => ({ product_id: id, neighbours: lists.get(id)!.map((n) => [n.productId, n.score]) })))],
    );
  }
  if (empty.length > 0) await tx.query('DELETE FROM recommendation_neighbours WHERE site_id = $1 AND kind = $2 AND product_id = ANY($3::text[])', [siteId, kind, empty]);
  await tx.query('UPDATE recommendation_products o SET stale = false FROM unnest($3::text[]) AS k(id) WHERE o.site_id = $1 AND o.kind = $2 AND o.product_id = k.id', [siteId, kind, ids]);
}

/** A product's stored neighbours and the row's version (its xmin: a list stored again with a change moves it). */
export interface StoredNeighbours {
  list: Neighbour[];
  version: string;
}

/** The stored neighbours of products, by product (those without neighbours absent). */
export async function neighboursOf(q: Queryable, siteId: string, kind: ModelKind, productIds: readonly string[]): Promise<Map<string, StoredNeighbours>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await q.query<{ product_id: string; neighbours: [string, number][]; version: string }>(
    'SELECT product_id, neighbours, xmin::text AS version FROM recommendation_neighbours WHERE site_id = $1 AND kind = $2 AND product_id = ANY($3::text[])',
    [siteId, kind, productIds],
  );
  return new Map(rows.map((r) => [r.product_id, { list: r.neighbours.map(([productId, score]) => ({ productId, score })), version: r.version }]));
}

/** Of these products and the versions of their lists read before ('' for none), those whose list changed, came or went since. */
export async function changedNeighbours(q: Queryable, siteId: string, kind: ModelKind, kept: readonly { id: string; version: string }[]): Promise<string[]> {
  if (kept.length === 0) return [];
  const { rows } = await q.query<{ id: string }>(
    `SELECT k.id FROM unnest($3::text[], $4::text[]) AS k(id, version)
       LEFT JOIN recommendation_neighbours n ON n.site_id = $1 AND n.kind = $2 AND n.product_id = k.id
      WHERE coalesce(n.xmin::text, '') <> k.version`,
    [siteId, kind, kept.map((k) => k.id), kept.map((k) => k.version)],
  );
  return rows.map((r) => r.id);
}
