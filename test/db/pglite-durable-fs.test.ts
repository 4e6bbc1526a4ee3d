// The embedded engine's checkpoints are durable (issue #19, no durability trade): PostgreSQL runs
// with fsync on and its fsync() reaches the disk, so a checkpoint syncs the data pages it wrote,
// then the WAL that holds its record, then pg_control, before the older WAL is recycled; writes
// sync nothing in PostgreSQL's own thread (the service syncs the WAL after each write); a data
// directory PGlite creates is synced whole. PGlite runs in this thread here, to observe the syncs.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durableStartParams } from '../../src/db/pglite-durable-fs.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the embedded engine syncs its checkpoints', () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'storefront-durable-fs-'));
  const dir = path.join(parent, 'data');
  after(() => rmSync(parent, { recursive: true, force: true }));

  const synced: string[] = [];
  const open = async () => {
    const files = new DurableNodeFS(dir, { observe: (file) => synced.push(file) });
    const db = await PGlite.create({ fs: files, startParams: durableStartParams() });
    return { db, files };
  };

  it('syncs a data directory it creates whole, once', async () => {
    const { db, files } = await open();
    synced.length = 0;
    files.syncIfCreated();
    const seen = new Set(synced);
    const missing = filesUnder(dir).filter((file) => !seen.has(file) && !file.endsWith('postmaster.pid'));
    assert.deepEqual(missing, [], 'every file initdb wrote');
    assert.ok(seen.has(path.join(dir, 'global')) && seen.has(dir) && seen.has(parent), 'and the directories holding them');
    synced.length = 0;
    files.syncIfCreated();
    assert.deepEqual(synced, [], 'only once');
    await db.close();

    const reopened = await open();
    synced.length = 0;
    reopened.files.syncIfCreated();
    assert.deepEqual(synced, [], 'a directory that existed is not synced whole');
    await reopened.db.close();
  });

  it('runs with fsync on, syncs nothing for a write, and a checkpoint syncs pages, then WAL, then pg_control', async () => {
    const { db } = await open();
    try {
      assert.equal((await db.query<{ fsync: string }>('SHOW fsync')).rows[0]!.fsync, 'on');
      await db.exec('CREATE TABLE t (id int PRIMARY KEY, s text)');
      await db.exec('CHECKPOINT');
      synced.length = 0;
      for (let i = 0; i < 50; i += 1) await db.query('INSERT INTO t VALUES ($1, $2)', [i, 'x'.repeat(100)]);
      assert.deepEqual(synced, [], "a commit's WAL is synced by the service, not in PostgreSQL's thread");

      await db.exec('CHECKPOINT');
      const table = path.join(dir, (await db.query<{ file: string }>("SELECT pg_relation_filepath('t') AS file")).rows[0]!.file);
      const { segment } = (
        await db.query<{ segment: string }>('SELECT pg_walfile_name(checkpoint_lsn) AS segment FROM pg_control_checkpoint()')
      ).rows[0]!;
      const order: readonly string[] = synced; // (deepEqual above narrowed `synced` to [])
      const control = order.lastIndexOf(path.join(dir, 'global', 'pg_control'));
      const wal = order.lastIndexOf(path.join(dir, 'pg_wal', segment));
      const walDir = order.lastIndexOf(path.join(dir, 'pg_wal'));
      const page = order.indexOf(table);
      assert.ok(page >= 0, `the table's pages: ${order.join(' ')}`);
      assert.ok(wal > page, "the checkpoint record's segment after the pages");
      assert.ok(walDir > wal && control > walDir, "pg_control after the WAL and the WAL's directory");
    } finally {
      await db.close();
    }
  });
});
