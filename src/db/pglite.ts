// Embedded PostgreSQL (PGlite, WebAssembly) under DATA_DIR: the zero-setup engine. Same SQL and
// migrations as the production engine. One connection; PGlite serialises queries itself.
//
// Durability: PGlite runs PostgreSQL with fsync off, and its transaction() does not sync after
// COMMIT (electric-sql/pglite#1065). A write is acknowledged only after syncToFs() and an fsync of
// the WAL segment that holds the commit record, so a committed write survives the process being
// killed and the machine losing power.
//
// A failed fsync (EIO, ENOSPC…) answers 503 and fences every later write until the process
// restarts: after a failed fsync the kernel may have dropped the unwritten pages while marking
// them clean, so a later fsync that succeeds proves nothing (PostgreSQL PANICs for the same
// reason). Reads still answer; /ready says the database is not ready.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { AppError } from '../errors.js';
import type { Database, Queryable } from './types.js';

const READ_ONLY = /^\s*(SELECT|SHOW|EXPLAIN)\b/i;

function wrap(client: PGlite | Transaction, afterWrite?: () => Promise<void>, beforeWrite?: () => void): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[]) {
      if (beforeWrite && !READ_ONLY.test(text)) beforeWrite();
      const res = await client.query<R>(text, params as unknown[] | undefined);
      if (afterWrite && !READ_ONLY.test(text)) await afterWrite();
      return { rows: res.rows, rowCount: res.affectedRows || res.rows.length };
    },
    async exec(sql: string) {
      beforeWrite?.();
      await client.exec(sql);
      if (afterWrite) await afterWrite();
    },
  };
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export interface PgliteOptions {
  /** Makes a file's data durable (tests inject disk faults here). */
  syncFile?: (file: string) => Promise<void>;
}

export interface PgliteDatabase extends Database {
  readonly engine: 'pglite';
  /** Why writes are fenced (a failed fsync), if they are. */
  fenced(): Error | undefined;
}

/** `dataDir` is a directory, or undefined for an in-memory database (nothing to sync). */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  // pg_trgm (the catalog's substring search) ships with PostgreSQL's contrib and with PGlite alike.
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const syncFile = options.syncFile ?? fsyncFile;
  let lastSegment: string | undefined;
  let fence: Error | undefined;

  // Concurrent callers share one sync that starts after their commits.
  async function syncOnce(): Promise<void> {
    await db.syncToFs();
    const { rows } = await db.query<{ segment: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment');
    const segment = rows[0]!.segment;
    const walDir = path.join(dataDir!, 'pg_wal');
    if (lastSegment && lastSegment !== segment) {
      // The previous segment may have been recycled since: then there is nothing left to sync.
      await syncFile(path.join(walDir, lastSegment)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    }
    await syncFile(path.join(walDir, segment));
    lastSegment = segment;
  }
  const fenced = () => new AppError('unavailable', 'The embedded database could not write to disk; writes are refused until the service restarts');
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function durable(): Promise<void> {
    if (fence) return Promise.reject(fenced());
    if (!running) {
      running = syncOnce()
        .catch((err: unknown) => {
          fence = err instanceof Error ? err : new Error(String(err));
          throw fenced();
        })
        .finally(() => {
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
    ...wrap(db, afterWrite, () => {
      if (fence) throw fenced();
    }),
    async transaction(fn) {
      if (fence) throw fenced();
      const result = await db.transaction((tx) => fn(wrap(tx)));
      if (afterWrite) await afterWrite();
      return result;
    },
    fenced: () => fence,
    async close() {
      if (!db.closed) await db.close();
    },
  };
}
