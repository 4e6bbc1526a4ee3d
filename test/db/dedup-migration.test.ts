// Migration 0006: deduplication by client_event_id per trust class, applied to a database that
// holds events keyed the old way. Nothing is lost or merged, server ids stay, browser events get the
// ids the service now derives (the SQL and the TypeScript agree on awkward client ids), and their
// old ids still read back.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { clientIdMaterial, eventIdOf } from '../../src/modules/events/dedup-key.js';
import { SYSTEM } from '../../src/kernel/index.js';
import { createSecrets } from '../../src/secrets.js';
import { ORIGIN, testConfig } from '../helpers/app.js';
import { createTestDatabase, ENGINES } from '../helpers/database.js';
import { event } from '../helpers/events.js';

// Client ids whose JSON text needs escaping: quotes, backslashes, control characters, non-ASCII.
const AWKWARD = ['plain-1', 'quote"d', 'back\\slash', 'tab\tnew\nline', 'ctl\u0001\u001f', 'ünï😀', '/slash/', '\u007f\u2028'];

const oldId = (siteId: string, cid: string) => eventIdOf(siteId, JSON.stringify(['client_event_id', cid]));

for (const engine of ENGINES) {
  describe(`migration 0006: client_event_id per trust class [${engine}]`, () => {
    it('re-keys browser events, keeps server ids, loses and merges nothing, and old ids still read', async () => {
      const database = await createTestDatabase(engine, { migrated: false });
      const all = loadMigrations();
      await migrate(database.db, all.filter((m) => m.version < '0006'));
      const siteId = `site_${randomBytes(8).toString('hex')}`;
      await database.db.query(`INSERT INTO sites (site_id, name, origins) VALUES ($1, 'Old shop', $2::text[])`, [siteId, [ORIGIN]]);
      await database.db.query(`INSERT INTO site_members (site_id, user_id, role) VALUES ($1, 'owner-1', 'owner')`, [siteId]);
      // Before the rule: one id space for both classes. Browser events with client ids, server
      // events with other client ids, and a derived-key event.
      const rows = [
        ...AWKWARD.map((cid) => ({ cid, trust: 'browser' })),
        ...AWKWARD.map((cid) => ({ cid: `srv-${cid}`, trust: 'server' })),
      ];
      for (const r of rows) {
        await database.db.query(
          `INSERT INTO events (site_id, event_id, event_type, session_id, client_event_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
           VALUES ($1, $2, 'page_view', 's', $3, 'client_event_id', $4, now(), now(), '{}', $5::jsonb)`,
          [siteId, oldId(siteId, r.cid), r.cid, r.trust, JSON.stringify({ page_url: 'https://shop.example/', user_agent: 'ua' })],
        );
      }
      await database.db.query(
        `INSERT INTO events (site_id, event_id, event_type, session_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
         VALUES ($1, 'evt_${'d'.repeat(32)}', 'page_view', 's', 'derived', 'browser', now(), now(), '{}', '{}')`,
        [siteId],
      );
      await migrate(database.db);

      const config = testConfig();
      const app = await buildApp(config, { db: database.db, secrets: createSecrets(config.storefrontSecret!), logger: false });
      try {
        await app.ready();
        const stored = await database.db.query<{ event_id: string; client_event_id: string | null; trust_class: 'browser' | 'server' }>(
          'SELECT event_id, client_event_id, trust_class FROM events WHERE site_id = $1',
          [siteId],
        );
        assert.equal(stored.rows.length, rows.length + 1, 'nothing lost, nothing merged');
        for (const r of stored.rows) {
          if (r.client_event_id === null) {
            assert.equal(r.event_id, `evt_${'d'.repeat(32)}`, 'derived keys are untouched');
          } else if (r.trust_class === 'server') {
            assert.equal(r.event_id, oldId(siteId, r.client_event_id), 'server ids did not change');
          } else {
            assert.equal(r.event_id, eventIdOf(siteId, clientIdMaterial('browser', r.client_event_id)), `browser id of ${JSON.stringify(r.client_event_id)}`);
          }
        }

        const owner = (await app.services.idTokens.issueLocal('owner-1', 600)).idToken;
        const byOldId = await app.inject({ method: 'GET', url: `/api/v1/events/${oldId(siteId, 'quote"d')}`, headers: { authorization: `Bearer ${owner}` } });
        assert.equal(byOldId.statusCode, 200, byOldId.body);
        assert.equal(byOldId.json().data.event_id, eventIdOf(siteId, clientIdMaterial('browser', 'quote"d')));

        // After the migration: a browser retry of a migrated event is its duplicate; a server event
        // with a browser event's client id is an event of its own, and the other way round.
        const runtime = (await app.services.runtimeTokens.issue({ siteId, origin: ORIGIN })).token;
        const key = (await app.services.apiKeys.createKey(SYSTEM, siteId, { scopes: ['events:write'] })).api_key;
        const browser = await app.inject({
          method: 'POST',
          url: '/api/v1/events/track',
          headers: { authorization: `Bearer ${runtime}`, origin: ORIGIN },
          payload: event('page_view', { client_event_id: 'tab\tnew\nline' }),
        });
        assert.equal(browser.statusCode, 200, browser.body);
        assert.equal(browser.json().data.deduplicated, true);
        const server = await app.inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': key }, payload: event('page_view', { client_event_id: 'tab\tnew\nline' }) });
        assert.equal(server.statusCode, 201, server.body);
        const serverAgain = await app.inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': key }, payload: event('page_view', { client_event_id: 'srv-ünï😀' }) });
        assert.equal(serverAgain.statusCode, 200, 'a migrated server event still deduplicates its retry');
        assert.equal(serverAgain.json().data.event_id, oldId(siteId, 'srv-ünï😀'));
      } finally {
        await app.close();
        await database.drop();
      }
    });
  });
}
