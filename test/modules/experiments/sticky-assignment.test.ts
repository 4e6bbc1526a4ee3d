// Sticky assignment at scale: 10,000 sessions assigned twice, and through a second server process
// (PostgreSQL; on PGlite, which is single-process, a second app instance), give identical results.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { buildApp } from '../../../src/app.js';
import { createSecrets } from '../../../src/secrets.js';
import { migrate } from '../../../src/db/migrate.js';
import { openPostgres } from '../../../src/db/postgres.js';
import type { Database } from '../../../src/db/types.js';
import { ORIGIN, testConfig } from '../../helpers/app.js';
import { createPostgresDatabase, createTestDatabase } from '../../helpers/database.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';

const SESSIONS = Array.from({ length: 10_000 }, (_, i) => `sticky-${i}`);

async function inBatches<T>(items: readonly string[], size: number, fn: (s: string) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

async function prepare(db: Database, secret: string) {
  const config = testConfig({ STOREFRONT_SECRET: secret });
  const app = await buildApp(config, { db, secrets: createSecrets(config.storefrontSecret!), logger: false });
  await app.ready();
  const s = app.services;
  // One test client sends 30,000 runtime requests: far over a real visitor's hourly share.
  const site = await s.sites.createSite({ name: 'Sticky', origins: [ORIGIN], owner: 'owner', config: { runtime_rate_limit_per_ip_per_hour: 1_000_000 } });
  const actor = { kind: 'user' as const, userId: 'owner' };
  const a = await s.experiments.create(actor, site.site_id, { name: 'A', surfaces: [{ type: 'overlay', campaign_id: 'c1' }], weights: { control: 0.3, treatment: 0.7 } });
  const b = await s.experiments.create(actor, site.site_id, { name: 'B', surfaces: [{ type: 'chatbot', campaign_id: 'c2' }] });
  await s.experiments.start(actor, a.experiment_id);
  await s.experiments.start(actor, b.experiment_id);
  return { app, siteId: site.site_id, weighted: a.experiment_id };
}

describe('sticky assignment of 10,000 sessions', () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('[pglite] twice and through a second app instance', async () => {
    const database = await createTestDatabase('pglite');
    cleanups.push(() => database.drop());
    const secret = randomBytes(32).toString('base64');
    const { app, siteId, weighted } = await prepare(database.db, secret);
    cleanups.push(() => app.close());
    const run = (a: typeof app) => inBatches(SESSIONS, 50, async (session) => JSON.stringify((await a.services.experiments.assign(siteId, session)).assignments));
    const first = await run(app);
    assert.deepEqual(await run(app), first);
    const config = testConfig({ STOREFRONT_SECRET: secret });
    const second = await buildApp(config, { db: database.db, secrets: createSecrets(config.storefrontSecret!), logger: false });
    await second.ready();
    cleanups.push(() => second.close());
    assert.deepEqual(await run(second), first);
    // The 30/70 experiment's arm, found by id (assignments come in experiment-id order, and ids are random).
    const variants = first.map((j) => (JSON.parse(j) as { experiment_id: string; variant: string }[]).find((a) => a.experiment_id === weighted)!.variant);
    const share = variants.filter((v) => v === 'control').length / SESSIONS.length;
    assert.ok(Math.abs(share - 0.3) < 0.02, `control share ${share}`); // ±0.02 is over 4 standard deviations at n = 10,000
  });

  it('[postgres] twice and through a second server process', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, async () => {
    const created = await createPostgresDatabase();
    cleanups.push(() => created.drop());
    const db = openPostgres(created.url, { poolSize: 4 });
    await migrate(db);
    const secret = randomBytes(32).toString('base64');
    const { app, siteId } = await prepare(db, secret);
    await app.close();
    await db.close();
    const env = { DATABASE_URL: created.url, STOREFRONT_SECRET: secret, STOREFRONT_NO_BOOTSTRAP: '1' };
    const servers: ServerProcess[] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    cleanups.push(async () => {
      await Promise.all(servers.map((s) => s.stop()));
    });
    // Each process serves the page's origin? The site allows ORIGIN; the token is bound to it.
    const tokenOf = async (server: ServerProcess) =>
      ((await (await fetch(`${server.url}/api/v1/runtime/token`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ site_id: siteId }) })).json()) as { data: { token: string } }).data.token;
    const run = async (server: ServerProcess) => {
      const token = await tokenOf(server);
      return inBatches(SESSIONS, 64, async (session_id) => {
        const res = await fetch(`${server.url}/api/v1/partner-experiments/assignments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ session_id }),
        });
        return JSON.stringify(((await res.json()) as { data: { assignments: unknown[] } }).data.assignments);
      });
    };
    const first = await run(servers[0]!);
    assert.equal(JSON.parse(first[0]!).length, 2, 'both running experiments');
    assert.deepEqual(await run(servers[0]!), first);
    assert.deepEqual(await run(servers[1]!), first);
  });
});
