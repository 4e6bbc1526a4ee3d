// All SQL of anonymous sessions (CONTRACT §13): the daily salts of a site and the inactivity rule's
// state per visitor hash. No client address ever reaches these tables.
import type { Queryable } from '../../db/types.js';

/** The site's salt of a UTC day (`YYYY-MM-DD`): the one stored, or `candidate` stored now when there was none. */
export async function ensureSalt(db: Queryable, siteId: string, day: string, candidate: Buffer, createdAt: number): Promise<Buffer> {
  const inserted = await db.query<{ salt: Buffer }>(
    'INSERT INTO consent_salts (site_id, day, salt, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (site_id, day) DO NOTHING RETURNING salt',
    [siteId, day, candidate, new Date(createdAt)],
  );
  if (inserted.rows[0]) return Buffer.from(inserted.rows[0].salt);
  // Another process made it first (committed, or this statement would have waited for it): read theirs.
  const stored = await db.query<{ salt: Buffer }>('SELECT salt FROM consent_salts WHERE site_id = $1 AND day = $2', [siteId, day]);
  return Buffer.from(stored.rows[0]!.salt);
}

/**
 * The start of the visitor's anonymous session seen at `at`: the current one when it was last seen at
 * most `idleMs` before, else a new one starting at `at`. One statement, so racing processes agree.
 */
export async function touchAnonSession(db: Queryable, siteId: string, visitor: Buffer, at: number, idleMs: number): Promise<number> {
  const { rows } = await db.query<{ started_at: Date }>(
    `INSERT INTO consent_anon_sessions AS s (site_id, visitor, started_at, last_seen_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (site_id, visitor) DO UPDATE SET
       started_at = CASE WHEN s.last_seen_at < EXCLUDED.last_seen_at - make_interval(secs => $4::double precision / 1000) THEN EXCLUDED.started_at ELSE s.started_at END,
       last_seen_at = GREATEST(s.last_seen_at, EXCLUDED.last_seen_at)
     RETURNING started_at`,
    [siteId, visitor, new Date(at), idleMs],
    { prepare: true },
  );
  return rows[0]!.started_at.getTime();
}

/** Deletes the salts made at or before `saltsMadeBy` and the sessions last seen before `sessionsSeenBefore`. */
export async function deleteExpired(db: Queryable, saltsMadeBy: number, sessionsSeenBefore: number): Promise<{ salts: number; sessions: number }> {
  const salts = await db.query('DELETE FROM consent_salts WHERE created_at <= $1', [new Date(saltsMadeBy)]);
  const sessions = await db.query('DELETE FROM consent_anon_sessions WHERE last_seen_at < $1', [new Date(sessionsSeenBefore)]);
  return { salts: salts.rowCount, sessions: sessions.rowCount };
}

/** The days of the site's stored salts, oldest first (tests and operators). */
export async function saltDays(db: Queryable, siteId: string): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM consent_salts WHERE site_id = $1 ORDER BY day", [siteId]);
  return rows.map((r) => r.day);
}
