// Migration 0021: 0020's hourly rollups give way to quarter-hour slots, rolled again from the start.
// On a database rolled the 0020 way, the figures right after the migration (nothing rolled: the raw
// events answer) equal those of the raw events, in zones whose days split UTC hours too, and still
// do once the new roll has taken every event, and after late events are rolled on top.
// Migration 0022: 0021's session and visitor key tables become one (analytics_slot_keys), their rows
// converted: on a database rolled the 0021 way, the figures equal the raw events' right after the
// migration (nothing rolled again), and after late events (a session seen with a device, then without
// one in the same slot and in another) are rolled by the new roll.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/types.js';
import { localBuckets, splitSlots } from '../../src/domain/local-buckets.js';
import { createRollupJob } from '../../src/modules/analytics/rollup-job.js';
import { SLOT_MS } from '../../src/modules/analytics/slots.js';
import { bucketFigures } from '../../src/modules/analytics/traffic-repository.js';
import { createTestDatabase, ENGINES, type EngineName } from '../helpers/database.js';

const START = Date.parse('2026-03-05T00:00:00Z');
const DAY_MS = 86_400_000;

/** `n` events of `siteId` from a seeded generator: 25 sessions, 7 devices, a third without one, over 4 days. */
async function insertEvents(db: Database, siteId: string, seed: number, n: number): Promise<void> {
  await db.query(
    `INSERT INTO events (site_id, event_id, event_type, session_id, device_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
     SELECT $1, 'evt_' || md5($1 || $2::int::text || i::text), (ARRAY['page_view','page_view','product_view','add_to_cart','purchase'])[1 + (i * 7 + $2::int) % 5],
            's' || ((i * 13 + $2::int) % 25), CASE WHEN (i * 13 + $2::int) % 25 % 3 = 0 THEN NULL ELSE 'd' || ((i * 13 + $2::int) % 25 % 7) END, 'derived', 'browser',
            $3::timestamptz + ((i * 7919 + $2::int * 104729) % 345600) * interval '1 second', now(), '{}', '{}'
       FROM generate_series(1, $4::int) AS i`,
    [siteId, seed, new Date(START).toISOString(), n],
  );
}

/** A site's events by `width` (their bucket column `bucket`), and an insert of their counts into `table` (0020's hourly, 0021's slots). */
async function rollCounts(db: Database, siteId: string, width: string, table: string, bucket: string): Promise<string> {
  const ev = `SELECT date_bin('${width}', occurred_at, timestamptz 'epoch') AS ${bucket}, event_type, trust_class, session_id,
                     coalesce('d:' || device_id, 's:' || session_id) AS visitor FROM events WHERE site_id = $1`;
  await db.query(
    `INSERT INTO ${table} (site_id, ${bucket}, events, page_views, product_views, add_to_carts, browser_purchases)
     SELECT $1, ${bucket}, count(*), count(*) FILTER (WHERE event_type = 'page_view'), count(*) FILTER (WHERE event_type = 'product_view'),
            count(*) FILTER (WHERE event_type = 'add_to_cart'), count(*) FILTER (WHERE event_type = 'purchase' AND trust_class = 'browser')
       FROM (${ev}) e GROUP BY ${bucket}`,
    [siteId],
  );
  return ev;
}

/** The rollups as 0020's roll wrote them: per hour the counts, the session ids and the visitor keys. */
async function roll0020(db: Database, siteId: string): Promise<void> {
  const ev = await rollCounts(db, siteId, '1 hour', 'analytics_hourly', 'hour');
  await db.query(`INSERT INTO analytics_hourly_sessions (site_id, hour, session_id) SELECT DISTINCT $1, hour, session_id FROM (${ev}) e`, [siteId]);
  await db.query(`INSERT INTO analytics_hourly_visitors (site_id, hour, visitor) SELECT DISTINCT $1, hour, visitor FROM (${ev}) e`, [siteId]);
  // Every event so far is below the horizon: this statement's transaction id is above theirs.
  await db.query(`INSERT INTO analytics_rollup_state (site_id, horizon, events) SELECT $1, pg_current_xact_id(), count(*) FROM events WHERE site_id = $1`, [siteId]);
}

/** The rollups as 0021's roll leaves them, from their definition: per quarter-hour the counts, each key's slots, and per kind the keys by slot and previous slot. */
async function roll0021(db: Database, siteId: string): Promise<void> {
  const ev = await rollCounts(db, siteId, '15 minutes', 'analytics_slots', 'slot');
  await db.query(`INSERT INTO analytics_slot_sessions (site_id, session_id, slot) SELECT DISTINCT $1, session_id, slot FROM (${ev}) e`, [siteId]);
  await db.query(`INSERT INTO analytics_slot_visitors (site_id, visitor, slot) SELECT DISTINCT $1, visitor, slot FROM (${ev}) e`, [siteId]);
  for (const [kind, table, column] of [['sessions', 'analytics_slot_sessions', 'session_id'], ['visitors', 'analytics_slot_visitors', 'visitor']] as const) {
    await db.query(
      `INSERT INTO analytics_slot_distinct (site_id, kind, slot, prev_slot, keys)
       SELECT $1, $2, slot, prev_slot, count(*) FROM (
         SELECT slot, lag(slot, 1, '-infinity'::timestamptz) OVER (PARTITION BY ${column} ORDER BY slot) AS prev_slot FROM ${table} WHERE site_id = $1) k
        GROUP BY slot, prev_slot`,
      [siteId, kind],
    );
  }
  await db.query(`INSERT INTO analytics_rollup_state (site_id, horizon, events) SELECT $1, pg_current_xact_id(), count(*) FROM events WHERE site_id = $1`, [siteId]);
}

/** Events of one session, with or without a device, at these times. */
async function sessionEvents(db: Database, siteId: string, sessionId: string, events: readonly { at: string; device: string | null }[]): Promise<void> {
  for (const e of events) {
    await db.query(
      `INSERT INTO events (site_id, event_id, event_type, session_id, device_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
       VALUES ($1, 'evt_' || md5($1 || $2 || $3 || coalesce($4, '')), 'page_view', $2, $4, 'derived', 'browser', $3::timestamptz, now(), '{}', '{}')`,
      [siteId, sessionId, e.at, e.device],
    );
  }
}

/** Rollups and raw events agree, bucket by bucket, for days and hours in zones of whole and half hours. */
async function assertAgree(db: Database, siteId: string, label: string): Promise<void> {
  for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
    for (const interval of ['day', 'hour'] as const) {
      const { edges } = localBuckets(START + DAY_MS / 3, START + 4 * DAY_MS, tz, interval);
      const range = { siteId, edges, splitSlots: splitSlots(edges, SLOT_MS) };
      const rolled = await bucketFigures(db, { ...range, rollups: true }, ['counts', 'visitors', 'sessions']);
      const raw = await bucketFigures(db, { ...range, rollups: false }, ['counts', 'visitors', 'sessions']);
      assert.deepEqual([...rolled].sort(([a], [b]) => a - b), [...raw].sort(([a], [b]) => a - b), `${label}: ${interval}s in ${tz}`);
    }
  }
}

/**
 * A database migrated up to (not including) `version`, with a site of 600 seeded events, given to
 * `fn`; dropped afterwards.
 */
async function withOldDatabase(engine: EngineName, version: string, fn: (db: Database, siteId: string) => Promise<void>): Promise<void> {
  const database = await createTestDatabase(engine, { migrated: false });
  try {
    await migrate(database.db, loadMigrations().filter((m) => m.version < version));
    const siteId = `site_${randomBytes(8).toString('hex')}`;
    await database.db.query(`INSERT INTO sites (site_id, name) VALUES ($1, 'Old shop')`, [siteId]);
    await insertEvents(database.db, siteId, 1, 600);
    await fn(database.db, siteId);
  } finally {
    await database.drop();
  }
}

/**
 * Rolls the site with the current roll until `expected` events were rolled (15 s at most): the
 * horizon is the server's oldest open transaction, and another test file's may hold some back for a moment.
 */
async function rollExpecting(db: Database, siteId: string, expected: number): Promise<number> {
  const job = createRollupJob({ db, intervalMs: 0 });
  let rolled = await job.rollSite(siteId);
  for (const deadline = Date.now() + 15_000; rolled < expected && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) rolled += await job.rollSite(siteId);
  return rolled;
}

/** The key rows of the mixed session and its device, in key and slot order: "key visitor". */
async function mixedKeyRows(db: Database, siteId: string): Promise<string[]> {
  const { rows } = await db.query<{ key: string; visitor: boolean }>(`SELECT key, visitor FROM analytics_slot_keys WHERE site_id = $1 AND key IN ('s:mixed', 'd:dm') ORDER BY key, slot`, [siteId]);
  return rows.map((r) => `${r.key} ${r.visitor}`);
}

for (const engine of ENGINES) {
  describe(`migration 0021: quarter-hour slots instead of 0020's hourly rollups [${engine}]`, () => {
    it('answers equal the raw events after the migration, after the new roll, and after late events rolled', () =>
      withOldDatabase(engine, '0021', async (db, siteId) => {
        await roll0020(db, siteId);
        await migrate(db);
        const left = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_rollup_state`);
        assert.equal(left.rows[0]!.n, 0, 'every site is rolled again from the start');
        await assertAgree(db, siteId, 'migrated, nothing rolled yet');
        assert.equal(await rollExpecting(db, siteId, 600), 600);
        const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_slot_distinct WHERE site_id = $1', [siteId]);
        assert.ok(stored.rows[0]!.n > 0, 'the aggregate was built');
        await assertAgree(db, siteId, 'rolled again as slots');
        // Late events (their hours among and between the rolled ones), rolled by the new roll.
        await insertEvents(db, siteId, 2, 300);
        await assertAgree(db, siteId, 'late events in the tail');
        assert.equal(await rollExpecting(db, siteId, 300), 300);
        await assertAgree(db, siteId, 'late events rolled');
      }));
  });

  describe(`migration 0022: one table of key rows instead of 0021's sessions and visitors [${engine}]`, () => {
    it('answers equal the raw events after the conversion, and after late events (a session losing its device in a slot) rolled', () =>
      withOldDatabase(engine, '0022', async (db, siteId) => {
        await sessionEvents(db, siteId, 'mixed', [{ at: '2026-03-06T10:05:00Z', device: 'dm' }, { at: '2026-03-06T11:05:00Z', device: null }]);
        await roll0021(db, siteId);
        await migrate(db);
        const state = await db.query<{ events: string }>(`SELECT events::text FROM analytics_rollup_state WHERE site_id = $1`, [siteId]);
        assert.equal(state.rows[0]?.events, '602', 'nothing is rolled again');
        assert.deepEqual(await mixedKeyRows(db, siteId), ['d:dm true', 's:mixed false', 's:mixed true'], "the session's row is a visitor row only in the slot where it had no device");
        await assertAgree(db, siteId, 'converted');
        // Late events: the mixed session without its device in the slot it had it in (its row becomes a visitor row) and in a new slot.
        await insertEvents(db, siteId, 2, 300);
        await sessionEvents(db, siteId, 'mixed', [{ at: '2026-03-06T10:10:00Z', device: null }, { at: '2026-03-06T12:20:00Z', device: null }, { at: '2026-03-06T12:25:00Z', device: 'dm' }]);
        await assertAgree(db, siteId, 'late events in the tail');
        assert.equal(await rollExpecting(db, siteId, 303), 303);
        assert.deepEqual(await mixedKeyRows(db, siteId), ['d:dm true', 'd:dm true', 's:mixed true', 's:mixed true', 's:mixed true']);
        await assertAgree(db, siteId, 'late events rolled');
      }));
  });
}
