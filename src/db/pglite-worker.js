// @ts-check
// The embedded engine's worker thread: PGlite (PostgreSQL in WebAssembly) runs here, so the
// database's work uses another core than the HTTP thread. It answers the requests of
// src/db/pglite-client.ts (messages in src/db/pglite-protocol.ts) and keeps no policy of its own:
// durability (the fsync of the WAL), the write fence and the errors' mapping stay on the main thread.
//
// Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader that
// bin/storefront.js and the test runner register in the main thread (module.register() hooks do
// not reach workers on Node 20), and loading tsx again in the worker would cost every start.
// It imports only plain JavaScript of the project (the data directory's file system); it is
// type-checked with the rest (tsconfig.json, checkJs).
/** @import { Transaction } from '@electric-sql/pglite' */
/** @import { WireError, WorkerRequest, WorkerStart } from './pglite-protocol.ts' */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS, durableStartParams } from './pglite-durable-fs.js';

const READY_ID = 0;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const start = /** @type {WorkerStart} */ (workerData);

/** @param {unknown} err @returns {WireError} */
function wireError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = {};
  // PostgreSQL's fields (code, severity, detail, constraint, table…), the statement and its parameters.
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value)) fields[key] = value;
    else if (key === 'params' && Array.isArray(value)) fields[key] = value;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/** A trap of the WebAssembly module (out of memory, `unreachable`): this PGlite cannot go on. */
const isFatal = (/** @type {unknown} */ err) => err instanceof Error && err.name === 'RuntimeError';

/**
 * The open transactions, by the main thread's id. Each is PGlite's own transaction(), held open
 * until its commit or rollback arrives: PGlite's transaction mutex makes every other statement wait
 * for it, as in one thread.
 * @typedef {{ ready: Promise<Transaction>, settle: (commit: boolean) => void, outcome: Promise<unknown> }} OpenTx
 * @type {Map<number, OpenTx>}
 */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');

/** @param {PGlite} db @param {number} id */
function transactionOf(db, id) {
  const open = transactions.get(id);
  if (open) return open.ready;
  /** @type {(commit: boolean) => void} */
  let settle = () => undefined;
  /** @type {(tx: Transaction) => void} */
  let began = () => undefined;
  const decided = new Promise((resolve, reject) => {
    settle = (commit) => (commit ? resolve(undefined) : reject(ROLLBACK));
  });
  const outcome = db.transaction(async (tx) => {
    began(tx);
    await decided;
  });
  const ready = new Promise((resolve, reject) => {
    began = resolve;
    outcome.catch(reject); // BEGIN failed (or the transaction ended first)
  });
  ready.catch(() => undefined);
  transactions.set(id, { ready: /** @type {Promise<Transaction>} */ (ready), settle, outcome });
  return /** @type {Promise<Transaction>} */ (ready);
}

/**
 * The WAL segment that holds the latest record. Called right after a write is asked of PGlite, in
 * the same turn: PGlite's transaction mutex is first come, first served, so this statement runs
 * right behind the write (and its syncToFs()), ahead of any statement asked later. The simple
 * protocol: one round into PostgreSQL where the extended one takes five.
 * @param {PGlite} db @param {boolean | undefined} wanted
 */
function segmentBehind(db, wanted) {
  if (!wanted) return Promise.resolve(undefined);
  const asked = db.exec('SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment').then(([res]) => {
    const row = /** @type {{ segment: string } | undefined} */ (res?.rows[0]);
    if (!row) throw new Error('no WAL segment');
    return row.segment;
  });
  asked.catch(() => undefined); // the write failed first: nobody waits for this one
  return asked;
}

/** COMMIT (PGlite throws when COMMIT rolled an aborted transaction back) or ROLLBACK. */
async function finish(/** @type {PGlite} */ db, /** @type {number} */ id, /** @type {boolean} */ commit, /** @type {boolean | undefined} */ segment) {
  const open = transactions.get(id);
  // No statement of it reached PGlite (its parameters could not be sent): nothing to end.
  if (!open) return { segment: await segmentBehind(db, commit && segment) };
  transactions.delete(id);
  open.settle(commit);
  // Waits for the transaction mutex, which the transaction releases after its COMMIT.
  const behind = segmentBehind(db, commit && segment);
  try {
    await open.outcome;
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  return { segment: await behind };
}

/** @param {PGlite} db @param {WorkerRequest} req */
async function handle(db, req) {
  switch (req.op) {
    case 'query': {
      // Both asked in this turn, in this order (see segmentBehind).
      const result = req.tx === undefined ? db.query(req.text, req.params) : (await transactionOf(db, req.tx)).query(req.text, req.params);
      const segment = segmentBehind(db, req.segment);
      const res = await result;
      return { rows: res.rows, rowCount: res.affectedRows || res.rows.length, segment: await segment };
    }
    case 'exec': {
      const done = req.tx === undefined ? db.exec(req.sql) : (await transactionOf(db, req.tx)).exec(req.sql);
      const segment = segmentBehind(db, req.segment);
      await done;
      return { segment: await segment };
    }
    case 'commit':
      return finish(db, req.tx, true, req.segment);
    case 'rollback':
      return finish(db, req.tx, false, false);
    case 'close':
      if (!db.closed) await db.close();
      return {};
  }
}

/**
 * A failed fsync of PostgreSQL's own (a checkpoint's: src/db/pglite-durable-fs.js). PostgreSQL
 * PANICs for it and must not go on (PGlite would answer on, wrongly): every answer from then on is
 * fatal, and a restart recovers from the WAL.
 * @type {unknown}
 */
let syncFailed;

/** @param {number} id @param {unknown} err */
function fail(id, err) {
  const fatal = isFatal(err) || syncFailed !== undefined;
  port.postMessage({ id, error: wireError(err), fatal });
  if (fatal) process.exit(1);
}

/** @param {number} id @param {object} answer */
function answer(id, answer) {
  if (syncFailed !== undefined) return fail(id, syncFailed);
  try {
    port.postMessage({ id, ...answer });
  } catch (err) {
    fail(id, err); // a value that cannot be cloned
  }
}

let db;
try {
  // pg_trgm (the catalog's substring search) ships with PostgreSQL's contrib and with PGlite alike.
  // On disk, PostgreSQL's checkpoints sync for real (src/db/pglite-durable-fs.js).
  const files = start.dataDir === undefined ? undefined : new DurableNodeFS(start.dataDir, { onFailure: (err) => (syncFailed ??= err) });
  db = await PGlite.create({ extensions: { pg_trgm }, ...(files && { fs: files, startParams: durableStartParams() }) });
  files?.syncIfCreated();
} catch (err) {
  port.postMessage({ id: READY_ID, error: wireError(err) });
  process.exit(1);
}
const opened = db;
port.on('message', (/** @type {WorkerRequest} */ req) => {
  handle(opened, req).then(
    (result) => answer(req.id, result),
    (err) => fail(req.id, err),
  );
});
port.postMessage({ id: READY_ID });
