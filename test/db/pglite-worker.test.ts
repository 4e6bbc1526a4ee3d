// The embedded engine in its worker thread (issue #19): values and PostgreSQL's errors arrive as
// they did with PGlite in the main thread, transactions hold every other statement back and roll
// back when their function throws, and a worker that fails takes down neither the process nor the
// answers: 503 unavailable, /ready not ready, /health alive.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { AppError } from '../../src/errors.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite, type PgliteDatabase } from '../../src/db/pglite.js';
import { crossingParams } from '../../src/db/pglite-params.js';
import { SYSTEM } from '../../src/kernel/index.js';
import { createSecrets } from '../../src/secrets.js';
import { testConfig } from '../helpers/app.js';
import { event } from '../helpers/events.js';
import { pgliteCopy } from '../helpers/pglite-template.js';

const FAILING_WORKER = new URL('../fixtures/pglite-failing-worker.js', import.meta.url);

describe('the embedded engine in a worker thread', () => {
  const cleanup: string[] = [];
  const open: PgliteDatabase[] = [];
  after(async () => {
    for (const db of open) await db.close();
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  });

  // One in-memory database (the mode without a data directory); a schema per test.
  let memory: Promise<PgliteDatabase> | undefined;
  let schemas = 0;
  async function inMemory(): Promise<PgliteDatabase> {
    memory ??= openPglite(undefined).then((db) => (open.push(db), db));
    const db = await memory;
    const schema = `s${(schemas += 1)}`;
    await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, b bytea, j jsonb, a text[], n bigint, x numeric, s text)');
    return db;
  }

  it('returns values as PGlite parses them: Date, Uint8Array, JSON, arrays, bigint, numeric text', async () => {
    const db = await inMemory();
    const pooled = Buffer.from('bytes in a pooled buffer'); // a view on Node's shared 8 KiB pool
    const inserted = await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *', [
      1,
      new Date('2026-01-02T03:04:05.678Z'),
      pooled,
      { k: [1, 2], at: new Date(0), big: 5n },
      ['a', 'b'],
      9007199254740993n,
      '1.50',
      'text',
    ]);
    assert.equal(inserted.rowCount, 1);
    const row = inserted.rows[0]!;
    assert.deepEqual(row.at, new Date('2026-01-02T03:04:05.678Z'));
    assert.ok(row.b instanceof Uint8Array);
    assert.equal(Buffer.from(row.b as Uint8Array).toString(), 'bytes in a pooled buffer');
    assert.deepEqual(row.j, { k: [1, 2], at: '1970-01-01T00:00:00.000Z', big: '5' });
    assert.deepEqual(row.a, ['a', 'b']);
    assert.equal(row.n, 9007199254740993n);
    assert.equal(row.x, '1.50');
    await db.query('INSERT INTO t (id) SELECT g FROM generate_series(2, 4) g');
    assert.equal((await db.query('UPDATE t SET s = $1 WHERE id > 1', ['u'])).rowCount, 3);
    assert.equal((await db.query('DELETE FROM t WHERE id = 99')).rowCount, 0);
    const read = await db.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    assert.deepEqual(read, { rows: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }], rowCount: 4 });
  });

  it("keeps PostgreSQL's error fields", async () => {
    const db = await inMemory();
    await db.query('INSERT INTO t (id) VALUES (1)');
    const err = await db.query('INSERT INTO t (id) VALUES (1)').then(
      () => assert.fail('a duplicate key is refused'),
      (e: unknown) => e as Error & Record<string, unknown>,
    );
    assert.ok(err instanceof Error);
    assert.equal(err.code, '23505');
    assert.equal(err.constraint, 't_pkey');
    assert.equal(err.table, 't');
    assert.equal(err.detail, 'Key (id)=(1) already exists.');
    assert.match(err.message, /duplicate key value violates unique constraint "t_pkey"/);
    const bad = await db.query('SELECT $1::int', ['x']).catch((e: { code?: string }) => e);
    assert.equal((bad as { code?: string }).code, '22P02');
  });

  it('sends parameters that structured clone would change as PGlite would have serialised them', async () => {
    const copied = crossingParams([Buffer.from('abc')])![0] as Uint8Array;
    assert.equal(Object.getPrototypeOf(copied), Uint8Array.prototype);
    assert.equal(copied.buffer.byteLength, 3);
    const url = new URL('https://example.com/a');
    assert.deepEqual(crossingParams([{ a: 1n }, url, [url, { b: 2 }], 'x', null]), ['{"a":"1"}', '"https://example.com/a"', ['https://example.com/a', { b: 2 }], 'x', null]);
    assert.throws(() => crossingParams([['a', () => 1]]), /parameter \$1\[1\] is a function/);
    const db = await inMemory();
    const { rows } = await db.query('INSERT INTO t (id, j) VALUES (1, $1) RETURNING j', [{ at: url, list: [new Date(0)] }]);
    assert.deepEqual(rows[0]!.j, { at: 'https://example.com/a', list: ['1970-01-01T00:00:00.000Z'] });
  });

  it('holds other statements while a transaction is open, and rolls it back when its function throws', async () => {
    const db = await inMemory();
    const events: string[] = [];
    let outside: Promise<number> | undefined;
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (1)');
        // Sent while the transaction is open: it must not run inside it.
        outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((r) => {
          events.push('outside answered');
          return r.rows[0]!.n;
        });
        await tx.query('SELECT 1');
        await tx.query('SELECT 2');
        events.push('transaction threw');
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    assert.equal(await outside, 0, 'the statement waited for the rollback');
    assert.deepEqual(events, ['transaction threw', 'outside answered']);
  });

  it('commits, refuses a closed transaction, and reports a COMMIT that rolled back', async () => {
    const db = await inMemory();
    let leaked: { query(text: string): Promise<unknown> } | undefined;
    const n = await db.transaction(async (tx) => {
      leaked = tx;
      await tx.query('INSERT INTO t (id) VALUES (1), (2)');
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n;
    });
    assert.equal(n, 2);
    await assert.rejects(leaked!.query('SELECT 1'), /Transaction is closed/);
    const aborted = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (3)');
        await tx.query('INSERT INTO t (id) VALUES (1)').catch(() => undefined);
      })
      .catch((e: { code?: string }) => e);
    assert.equal((aborted as { code?: string }).code, '25P02');
    assert.equal((await db.query('SELECT id FROM t')).rowCount, 2);
    assert.equal(await db.transaction(async () => 'no statement'), 'no statement');
    const unsendable = await db.transaction(async (tx) => {
      await assert.rejects(tx.query('SELECT $1::text', [() => 1]), /parameter \$1 is a function/);
      return 'nothing reached the database';
    });
    assert.equal(unsendable, 'nothing reached the database');
  });

  it('fsyncs the WAL segment each write names, and every segment up to it when the WAL moved on', async () => {
    const copy = await pgliteCopy();
    cleanup.push(copy.dir);
    const synced: string[] = [];
    const db = await openPglite(copy.dir, {
      async syncFile(file) {
        synced.push(path.basename(file));
      },
    });
    open.push(db);
    await db.exec('CREATE TABLE w (id int); CREATE SEQUENCE q');
    const first = synced.at(-1)!;
    assert.match(first, /^[0-9A-F]{24}$/);
    synced.length = 0;
    // Two segments filled and left without a write that syncs (setval writes WAL from a SELECT),
    // as a large write fills several.
    for (let i = 0; i < 2; i += 1) await db.query('SELECT setval($1, $2), pg_switch_wal()', ['q', i + 10]);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO w VALUES (9)');
    });
    assert.equal(synced.length, 3, `synced ${synced.join(' ')}`);
    assert.equal(synced[0], first);
    assert.deepEqual([...synced].sort(), synced, 'in order');
    assert.equal(new Set(synced).size, 3);
  });

  it("takes the worker down when a checkpoint's fsync fails (503), and a restart recovers what was committed", async () => {
    const copy = await pgliteCopy();
    cleanup.push(copy.dir);
    const failures: Error[] = [];
    const db = await openPglite(copy.dir, { workerScript: FAILING_WORKER, onError: (err) => failures.push(err) });
    await db.exec('CREATE TABLE kept (id int)');
    await db.query('INSERT INTO kept VALUES (1), (2)');
    await db.query("SELECT 'eio'");
    // PostgreSQL PANICs on a failed fsync; PGlite would go on answering (wrongly): the worker stops.
    const err = await db.exec('CHECKPOINT').catch((e: unknown) => e);
    assert.ok(err instanceof AppError && err.code === 'unavailable', String(err));
    const next = await db.query('SELECT 1').catch((e: unknown) => e);
    assert.ok(next instanceof AppError && next.code === 'unavailable', String(next));
    assert.equal(failures.length, 1);
    await db.close();

    const restarted = await openPglite(copy.dir);
    open.push(restarted);
    assert.deepEqual((await restarted.query('SELECT id FROM kept ORDER BY id')).rows, [{ id: 1 }, { id: 2 }]);
  });

  for (const cue of ['exit', 'throw'] as const) {
    it(`answers 503 after the worker fails (${cue}), keeps the process, and /ready says so`, async () => {
      const copy = await pgliteCopy();
      cleanup.push(copy.dir);
      const failures: Error[] = [];
      const db = await openPglite(copy.dir, { workerScript: FAILING_WORKER, onError: (err) => failures.push(err) });
      open.push(db);
      if (!copy.migrated) await migrate(db);
      const config = testConfig();
      cleanup.push(config.dataDir);
      const app = await buildApp(config, { db, secrets: createSecrets(config.storefrontSecret!), logger: false });
      try {
        const site = await app.services.sites.createSite({ name: 'Worker', origins: ['https://w.example'], publisherMode: false, owner: 'o' });
        const key = await app.services.apiKeys.createKey(SYSTEM, site.site_id, { scopes: ['events:write'] });
        const track = () => app.inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': key.api_key }, payload: event('page_view') });
        assert.equal((await track()).statusCode, 201);
        assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 200);

        await db.query(`SELECT '${cue}'`).catch(() => undefined);
        const err = await db.query('SELECT 1').catch((e: unknown) => e);
        assert.ok(err instanceof AppError && err.code === 'unavailable', String(err));
        const res = await track();
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.json().error.code, 'unavailable');
        assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 503);
        assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
        assert.equal(failures.length, 1, 'onError heard of it once');
      } finally {
        await app.close();
      }
    });
  }
});
