// Chooses the engine from the configuration: PostgreSQL when DATABASE_URL is set, else PGlite
// under DATA_DIR.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { openPglite } from './pglite.js';
import { openPostgres, type PostgresOptions } from './postgres.js';
import type { Database } from './types.js';

export interface OpenOptions {
  /** The connection to PostgreSQL was lost, or the embedded engine's worker thread failed. */
  onError?: (err: Error) => void;
  onPoolEvent?: PostgresOptions['onPoolEvent'];
  /** Without statement timeouts: command-line maintenance that may run for minutes. */
  unbounded?: boolean;
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      poolSize: config.dbPoolSize,
      connectionTimeoutMillis: config.dbConnectTimeoutMs,
      statementTimeoutMs: options.unbounded ? 0 : config.dbStatementTimeoutMs,
      idleInTransactionTimeoutMs: options.unbounded ? 0 : config.dbIdleInTransactionTimeoutMs,
      onError: options.onError,
      onPoolEvent: options.onPoolEvent,
    });
  }
  const dir = path.join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = acquireDataDirLock(path.join(config.dataDir, 'pglite.lock'));
  try {
    const db = await openPglite(dir, { onError: options.onError });
    return {
      ...db,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
