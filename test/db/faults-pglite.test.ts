// A disk that fails under the embedded engine (CONTRACT §7, issue #11): partway through a load of
// events, fsync of the WAL starts failing with EIO. Every answer is 2xx or 503 (never 500), writes
// stay refused afterwards, /ready turns 503 while /health and reads still answer, and every event
// that got a 2xx is in the data directory — both as the disk held it at that moment (as after a
// crash) and after a clean close.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite, type PgliteDatabase } from '../../src/db/pglite.js';
import { SYSTEM } from '../../src/kernel/index.js';
import { createSecrets } from '../../src/secrets.js';
import { testConfig } from '../helpers/app.js';
import { event } from '../helpers/events.js';
import { pgliteCopy } from '../helpers/pglite-template.js';

const ACKS_BEFORE_FAULT = 150;
const REQUESTS_AFTER_FAULT = 150;

async function storedOf(dir: string, siteId: string, eventIds: string[]): Promise<Set<string>> {
  const db = await openPglite(dir);
  try {
    const { rows } = await db.query<{ event_id: string }>('SELECT event_id FROM events WHERE site_id = $1 AND event_id = ANY($2::text[])', [
      siteId,
      eventIds,
    ]);
    return new Set(rows.map((r) => r.event_id));
  } finally {
    await db.close();
  }
}

describe('disk faults under load [pglite]', () => {
  const cleanup: string[] = [];
  let app: FastifyInstance | undefined;
  let db: PgliteDatabase | undefined;

  after(async () => {
    await app?.close();
    await db?.close();
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 once fsync fails, fences later writes, and keeps every acknowledged event', async () => {
    const copy = await pgliteCopy();
    cleanup.push(copy.dir);
    let failing = false;
    let syncs = 0;
    let failedSyncs = 0;
    const real = async (file: string) => {
      const handle = await open(file, 'r');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
    };
    db = await openPglite(copy.dir, {
      async syncFile(file) {
        syncs += 1;
        if (failing) {
          failedSyncs += 1;
          throw Object.assign(new Error(`EIO: i/o error, fdatasync '${file}'`), { code: 'EIO', errno: -5, syscall: 'fdatasync' });
        }
        await real(file);
      },
    });
    if (!copy.migrated) await migrate(db);

    const config = testConfig();
    cleanup.push(config.dataDir);
    app = await buildApp(config, { db, secrets: createSecrets(config.storefrontSecret!), logger: false });
    await app.ready();
    const site = await app.services.sites.createSite({ name: 'Disk', origins: ['https://disk.example'], publisherMode: false, owner: 'o' });
    const key = await app.services.apiKeys.createKey(SYSTEM, site.site_id, { scopes: ['events:write'], rateLimitPerHour: 10_000_000 });
    const headers = { 'x-api-key': key.api_key };
    const token = (await app.services.idTokens.issueLocal('o', 600)).idToken;
    assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 200);

    const acked = new Set<string>();
    const statuses = new Map<string, number>();
    const wrong: string[] = [];
    let sent = 0;
    let sentAfterFault = 0;
    let faultAt = 0;
    const worker = async (batch: boolean) => {
      // (bounded in case the acknowledgements needed to trigger the fault never come)
      while (sent < 20 * ACKS_BEFORE_FAULT && !(failing && sentAfterFault >= REQUESTS_AFTER_FAULT)) {
        sent += 1;
        if (failing) sentAfterFault += 1;
        const res = batch
          ? await app!.inject({
              method: 'POST',
              url: '/api/v1/events/batch',
              headers,
              payload: { events: [event('add_to_cart', { client_event_id: randomUUID() }), event('search', { client_event_id: randomUUID() })] },
            })
          : await app!.inject({ method: 'POST', url: '/api/v1/events/track', headers, payload: event('page_view', { client_event_id: randomUUID() }) });
        const label = `${batch ? 'batch' : 'track'} ${res.statusCode}${failing ? ' after the fault' : ''}`;
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
        if (res.statusCode === 200 || res.statusCode === 201) {
          const data = res.json().data;
          if (batch) for (const r of data.results) acked.add(r.event_id);
          else acked.add(data.event_id);
        } else if (res.statusCode !== 503) {
          wrong.push(`${res.statusCode} ${res.body}`);
        } else {
          assert.equal(res.json().error.code, 'unavailable');
        }
        // The disk fails partway through the load, while requests are in flight.
        if (!failing && acked.size >= ACKS_BEFORE_FAULT) {
          failing = true;
          faultAt = acked.size;
        }
      }
    };
    await Promise.all([...Array.from({ length: 6 }, () => worker(false)), worker(true), worker(true)]);
    const figures = { ackedBeforeFault: faultAt, acked: acked.size, statuses: Object.fromEntries(statuses), syncs, failedSyncs };

    assert.deepEqual(wrong, [], `answers other than 2xx or 503: ${JSON.stringify(figures)}`);
    assert.ok(failedSyncs >= 1, `the fault never happened: ${JSON.stringify(figures)}`);
    assert.ok(db.fenced(), 'writes are fenced');

    // After the fault: writes refused at once (nothing more reaches the disk), reads and liveness
    // answer, readiness does not.
    const syncsBefore = syncs;
    const late = await app.inject({ method: 'POST', url: '/api/v1/events/track', headers, payload: event('page_view', { client_event_id: randomUUID() }) });
    assert.equal(late.statusCode, 503, late.body);
    assert.equal(late.json().error.code, 'unavailable');
    assert.equal(syncs, syncsBefore, 'a fenced write does not try the disk again');
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    assert.equal(ready.statusCode, 503, ready.body);
    assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    const someAcked = [...acked][0]!;
    const read = await app.inject({ method: 'GET', url: `/api/v1/events/${someAcked}`, headers: { authorization: `Bearer ${token}` } });
    assert.equal(read.statusCode, 200, read.body);

    // The disk as it is now, as a crash would leave it; then a clean close.
    const crashed = mkdtempSync(path.join(os.tmpdir(), 'storefront-disk-fault-'));
    cleanup.push(crashed);
    cpSync(copy.dir, crashed, { recursive: true });
    await app.close();
    app = undefined;
    await db.close();
    db = undefined;

    for (const [what, dir] of [
      ['as the disk held it', crashed],
      ['after a clean close', copy.dir],
    ] as const) {
      const stored = await storedOf(dir, site.site_id, [...acked]);
      const missing = [...acked].filter((id) => !stored.has(id));
      assert.deepEqual(missing, [], `${missing.length} of ${acked.size} acknowledged events missing ${what}`);
    }
    console.log(`disk fault figures: ${JSON.stringify(figures)}`);
  });
});
