// Readiness of the storage: a real probe of the database (bounded in time: a database that does
// not answer is not ready) and of its migrations; an embedded database fenced after a failed fsync
// is not ready until the process restarts.
import { loadMigrations, migrationsApplied } from './migrate.js';
import type { Database } from './types.js';

const READINESS_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true; engine: string; migrations: number } | { ready: false; reason: string };

export function createReadiness(db: Database): () => Promise<Readiness> {
  const migrations = loadMigrations();
  let migrated = false;
  return async () => {
    if ('fenced' in db && typeof db.fenced === 'function' && db.fenced()) {
      return { ready: false, reason: 'The embedded database could not write to disk; restart the service' };
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness probe timed out')), READINESS_TIMEOUT_MS);
      });
      await Promise.race([
        (async () => {
          await db.query('SELECT 1');
          migrated ||= await migrationsApplied(db, migrations);
        })(),
        timeout,
      ]);
    } catch {
      return { ready: false, reason: 'The database is unreachable' };
    } finally {
      clearTimeout(timer);
    }
    return migrated ? { ready: true, engine: db.engine, migrations: migrations.length } : { ready: false, reason: 'Migrations are not applied yet' };
  };
}
