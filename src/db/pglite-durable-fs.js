// @ts-check
// The embedded engine's data directory with PostgreSQL's own fsyncs made real, for its checkpoints.
//
// PGlite starts PostgreSQL with fsync off (`-F`), and its WebAssembly file system answers fsync()
// and fdatasync() without syncing anything. The service makes every write durable itself: it
// fsyncs the WAL after each write (src/db/pglite.ts). That alone is not enough once PostgreSQL
// checkpoints (when the WAL reaches max_wal_size, and on close): a checkpoint writes the data
// pages to the page cache, moves the redo point in pg_control, and recycles the older WAL. A power
// loss then could leave pg_control pointing past WAL that is gone while the pages it stood for
// never reached the disk: acknowledged events lost. (Killing the process is safe: the page cache
// survives it.)
//
// So here PostgreSQL runs with fsync on, and fsync() reaches the disk, while fdatasync() stays a
// no-op. PostgreSQL fsync()s data files, SLRUs, directories and pg_control at its checkpoints, in
// the order that makes them safe, and fdatasync()s only the WAL (wal_sync_method = fdatasync), which
// the service already syncs after each write (from the main thread, while the worker goes on):
// writes cost what they did. The one WAL sync a checkpoint needs before pg_control is made
// durable (its checkpoint record) is done here, ahead of pg_control's fsync: every segment, then the
// WAL directory.
//
// A data directory this process creates (initdb, which runs without syncing) is synced whole once
// it is open. Imported by the worker thread (plain JavaScript: see src/db/pglite-worker.js) and by
// the tests, which observe the syncs.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const SEGMENT = /^[0-9A-F]{24}$/;

/** PGlite's start parameters with fsync on (its defaults without `-F`). */
export function durableStartParams() {
  return PGlite.defaultStartParams.filter((param) => param !== '-F');
}

/** @param {string} file @param {(file: string) => void} [observe] */
function syncPath(file, observe) {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  observe?.(file);
}

/** Every file and directory under `dir` (each directory after its contents), `dir` itself last. */
function syncTree(/** @type {string} */ dir, /** @type {((file: string) => void) | undefined} */ observe) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(file, observe);
    else if (entry.isFile()) syncPath(file, observe);
  }
  syncPath(dir, observe);
}

/**
 * @typedef {object} DurableOptions
 * @property {(file: string) => void} [observe] hears of every file synced here (tests)
 * @property {(err: unknown) => void} [onFailure] a sync failed: this PostgreSQL must not go on (it
 *   PANICs for it; a restart recovers from the WAL), whatever it answers next
 */

export class DurableNodeFS extends NodeFS {
  /** @param {string} dataDir @param {DurableOptions} [options] */
  constructor(dataDir, options = {}) {
    const created = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    super(dataDir);
    this.created = created;
    this.observe = options.observe;
    this.onFailure = options.onFailure;
  }

  /** @override @type {NodeFS["init"]} */
  async init(pg, emscriptenOptions) {
    const options = await super.init(pg, emscriptenOptions);
    const walDir = path.join(this.rootDir, 'pg_wal');
    const control = path.join(this.rootDir, 'global', 'pg_control');
    const { observe, onFailure } = this;
    const syncWal = () => {
      for (const name of fs.readdirSync(walDir).filter((n) => SEGMENT.test(n)).sort()) syncPath(path.join(walDir, name), observe);
      syncPath(walDir, observe);
    };
    /** @param {any} mod Emscripten's module (NODEFS is the file system the data directory is mounted with) */
    const realSyncs = (mod) => {
      const nodefs = mod.NODEFS;
      // Emscripten's fsync() (WASI fd_sync) calls the stream's fsync when it has one; NODEFS has none.
      nodefs.stream_ops.fsync = (/** @type {any} */ stream) => {
        const file = nodefs.realPath(stream.node);
        nodefs.tryFSOperation(() => {
          try {
            if (file === control) syncWal();
            fs.fsyncSync(stream.nfd);
          } catch (err) {
            onFailure?.(err);
            throw err;
          }
        });
        observe?.(file);
        return 0;
      };
    };
    options.emscriptenOpts.preRun = [...(options.emscriptenOpts.preRun ?? []), realSyncs];
    return options;
  }

  /** Once PGlite is open: a data directory it has just created is synced whole (initdb does not sync). */
  syncIfCreated() {
    if (!this.created) return;
    syncTree(this.rootDir, this.observe);
    syncPath(path.dirname(this.rootDir), this.observe);
    this.created = false;
  }
}
