// Chooses the engine from the configuration: PostgreSQL when DATABASE_URL is set, else PGlite
// under DATA_DIR.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export async function openDatabase(config: Config, onError?: (err: Error) => void): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, { poolSize: config.dbPoolSize, onError });
  }
  const dir = path.join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = acquireDataDirLock(path.join(config.dataDir, 'pglite.lock'));
  try {
    const db = await openPglite(dir);
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
