// Embedded PostgreSQL (PGlite, WebAssembly) under DATA_DIR: the zero-setup engine. Same SQL and
// migrations as the production engine. PGlite runs in a worker thread (src/db/pglite-worker.js,
// reached through pglite-client.ts), so the database's work uses another core than the HTTP
// thread; this file keeps the policy: durability, the write fence, transactions.
//
// Durability: PGlite runs PostgreSQL with fsync off, and its transaction() does not sync after
// COMMIT (electric-sql/pglite#1065). A write is acknowledged only after syncToFs() and an fsync of
// the WAL segment that holds the commit record, so a committed write survives the process being
// killed and the machine losing power. The worker names that segment in the write's answer (asked
// of PGlite right behind the write); this thread fsyncs it through `syncFile` while the worker goes
// on with the next statement. (`syncFile` stays here, where tests inject disk faults: a function
// cannot be posted to a worker.) PostgreSQL's own checkpoints sync what they write in the worker
// (src/db/pglite-durable-fs.js), so that recycling the WAL never leaves a power loss without it.
//
// A failed fsync (EIO, ENOSPC…) answers 503 and fences every later write until the process
// restarts: after a failed fsync the kernel may have dropped the unwritten pages while marking
// them clean, so a later fsync that succeeds proves nothing (PostgreSQL PANICs for the same
// reason). Reads still answer; /ready says the database is not ready. A worker that fails (a
// WebAssembly trap, an exit) answers 503 to every query, reads included, until the restart.
import { open, readdir, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';
import { startWorker, type WorkerClient } from './pglite-client.js';
import { crossingParams } from './pglite-params.js';
import type { Database, Queryable, QueryResult } from './types.js';

const READ_ONLY = /^\s*(SELECT|SHOW|EXPLAIN)\b/i;

interface Answer {
  rows: unknown[];
  rowCount: number;
  /** The WAL segment of the latest record (writes, when asked for). */
  segment?: string;
}

/** What happens around a write: refused while fenced, and made durable before it is answered. */
interface WritePolicy {
  before(): void;
  /** Resolves once the write is on disk; `segment`: the WAL segment the worker named after it. */
  after(segment: string | undefined): Promise<void>;
  /** Whether writes must ask the worker for their WAL segment. */
  durable: boolean;
}

/** Statements on the database (`tx` undefined; `policy` applies) or inside the transaction `tx`. */
function queryable(client: WorkerClient, tx: number | undefined, policy?: WritePolicy): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const write = policy !== undefined && !READ_ONLY.test(text);
      if (write) policy.before();
      const res = await client.call<Answer>({ op: 'query', text, params: crossingParams(params), tx, segment: write && policy.durable });
      if (write) await policy.after(res.segment);
      return { rows: res.rows as R[], rowCount: res.rowCount };
    },
    async exec(sql: string) {
      policy?.before();
      const res = await client.call<Answer>({ op: 'exec', sql, tx, segment: policy?.durable });
      await policy?.after(res.segment);
    },
  };
}

/**
 * fdatasync of a file, the last file's handle kept open between calls (the WAL segment being
 * written is synced again and again: one system call each time instead of three). The data other
 * descriptors wrote (the worker's) is the file's, and synced with it.
 */
function fileSyncer(): { sync(file: string): Promise<void>; close(): Promise<void> } {
  let last: { file: string; handle: Promise<FileHandle> } | undefined;
  const drop = async () => {
    const old = last;
    last = undefined;
    await old?.handle.then((h) => h.close()).catch(() => undefined);
  };
  return {
    async sync(file) {
      if (last?.file !== file) {
        await drop();
        last = { file, handle: open(file, 'r') };
      }
      const mine = last;
      try {
        await (await mine.handle).datasync();
      } catch (err) {
        if (last === mine) await drop();
        throw err;
      }
    },
    close: drop,
  };
}

export interface PgliteOptions {
  /** Makes a file's data durable (tests inject disk faults here). Runs in the main thread. */
  syncFile?: (file: string) => Promise<void>;
  /** The worker thread failed (once): every later query answers 503 unavailable. */
  onError?: (err: Error) => void;
  /** The worker thread's script (tests substitute one that fails on cue). */
  workerScript?: URL;
}

export interface PgliteDatabase extends Database {
  readonly engine: 'pglite';
  /** Why writes are fenced (a failed fsync), if they are. */
  fenced(): Error | undefined;
}

const fencedError = () => new AppError('unavailable', 'The embedded database could not write to disk; writes are refused until the service restarts');
const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * The segments to fsync: `target`, and when the WAL moved on since the last sync, every segment
 * from that one to `target` (a large write may fill several; an old one may have been recycled
 * since, then there is nothing left of it to sync).
 */
async function segmentsToSync(walDir: string, synced: string | undefined, target: string): Promise<string[]> {
  if (synced === undefined || synced === target) return [target];
  const names = (await readdir(walDir)).filter((n) => SEGMENT.test(n) && n >= synced && n < target);
  return [...names.sort(), target];
}

/** The write policy of a database in `dataDir`: fsync of the WAL after every write, and the fence. */
function durability(dataDir: string, syncFile: (file: string) => Promise<void>) {
  const walDir = path.join(dataDir, 'pg_wal');
  let synced: string | undefined;
  let newest: string | undefined;
  let fence: Error | undefined;

  // Everything written before it started: up to the newest segment a write has named so far.
  async function syncOnce(): Promise<void> {
    const target = newest!;
    try {
      for (const segment of await segmentsToSync(walDir, synced, target)) {
        await syncFile(path.join(walDir, segment)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT' || segment === target) throw err;
        });
      }
    } catch (err) {
      fence = err instanceof Error ? err : new Error(String(err));
      throw fencedError();
    }
    synced = target;
  }
  // Concurrent writers share one sync that starts after their writes.
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function durable(): Promise<void> {
    if (fence) return Promise.reject(fencedError());
    if (!running) {
      running = syncOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    // The running sync may have started before our write: join the next one.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return durable();
      });
    return queued;
  }
  const policy: WritePolicy = {
    durable: true,
    before() {
      if (fence) throw fencedError();
    },
    after(segment) {
      if (segment === undefined) return Promise.reject(new Error('the embedded database named no WAL segment'));
      if (newest === undefined || segment > newest) newest = segment;
      return durable();
    },
  };
  return { policy, fenced: () => fence };
}

const IN_MEMORY: WritePolicy = { durable: false, before() {}, after: () => Promise.resolve() };

/** `dataDir` is a directory, or undefined for an in-memory database (nothing to sync). */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const client = await startWorker(dataDir, options.onError, options.workerScript);
  const files = fileSyncer();
  const sync = dataDir ? durability(dataDir, options.syncFile ?? files.sync) : undefined;
  const policy = sync?.policy ?? IN_MEMORY;
  let transactions = 0;

  return {
    engine: 'pglite',
    ...queryable(client, undefined, policy),
    async transaction(fn) {
      policy.before();
      const id = (transactions += 1);
      // BEGIN goes with the first statement (the worker opens PGlite's own transaction there);
      // a transaction that ran no statement has nothing to commit.
      let begun = false;
      let closed = false;
      const inner = queryable(client, id);
      const use = async <T>(run: () => Promise<T>) => {
        if (closed) throw new Error('Transaction is closed');
        begun = true;
        return run();
      };
      const tx: Queryable = {
        query: (text, params) => use(() => inner.query(text, params)),
        exec: (sql) => use(() => inner.exec(sql)),
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(tx);
      } catch (err) {
        closed = true;
        if (begun) await client.call({ op: 'rollback', tx: id }).catch(() => undefined);
        throw err;
      }
      closed = true;
      if (!begun) return result;
      const committed = await client.call<Answer>({ op: 'commit', tx: id, segment: policy.durable });
      await policy.after(committed.segment);
      return result;
    },
    fenced: () => sync?.fenced(),
    async close() {
      await client.close();
      await files.close();
    },
  };
}
