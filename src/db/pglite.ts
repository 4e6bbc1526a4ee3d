// Embedded PostgreSQL (PGlite, WebAssembly) under DATA_DIR: the zero-setup engine. Same SQL and
// migrations as the production engine. One connection; PGlite serialises queries itself.
//
// Durability: PGlite runs PostgreSQL with fsync off, and its transaction() does not sync after
// COMMIT (electric-sql/pglite#1065). A write is acknowledged only after syncToFs() and an fsync of
// the WAL segment that holds the commit record, so a committed write survives the process being
// killed and the machine losing power.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './types.js';

const READ_ONLY = /^\s*(SELECT|SHOW|EXPLAIN)\b/i;

function wrap(client: PGlite | Transaction, afterWrite?: () => Promise<void>): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[]) {
      const res = await client.query<R>(text, params as unknown[] | undefined);
      if (afterWrite && !READ_ONLY.test(text)) await afterWrite();
      return { rows: res.rows, rowCount: res.affectedRows || res.rows.length };
    },
    async exec(sql: string) {
      await client.exec(sql);
      if (afterWrite) await afterWrite();
    },
  };
}

/** `dataDir` is a directory, or undefined for an in-memory database (nothing to sync). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const db = await PGlite.create(dataDir);
  let lastSegment: string | undefined;

  async function fsyncFile(file: string): Promise<void> {
    const handle = await open(file, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  // Concurrent callers share one sync that starts after their commits.
  async function syncOnce(): Promise<void> {
    await db.syncToFs();
    const { rows } = await db.query<{ segment: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment');
    const segment = rows[0]!.segment;
    const walDir = path.join(dataDir!, 'pg_wal');
    if (lastSegment && lastSegment !== segment) await fsyncFile(path.join(walDir, lastSegment)).catch(() => undefined);
    await fsyncFile(path.join(walDir, segment));
    lastSegment = segment;
  }
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function durable(): Promise<void> {
    if (!running) {
      running = syncOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    // The running sync may have started before our commit: join the next one.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return durable();
      });
    return queued;
  }
  const afterWrite = dataDir ? durable : undefined;

  return {
    engine: 'pglite',
    ...wrap(db, afterWrite),
    async transaction(fn) {
      const result = await db.transaction((tx) => fn(wrap(tx)));
      if (afterWrite) await afterWrite();
      return result;
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}
