// Plain-SQL migrations, applied in file-name order, tracked in schema_migrations. Concurrent
// starters serialise on an advisory lock; a migration whose file changed after it was applied is
// refused rather than silently skipped.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database, Queryable } from './types.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 720_431_118; // arbitrary, constant: "storefront migrations"

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return {
        version: file.slice(0, 4),
        name: file.slice(5, -4),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

export interface MigrateResult {
  applied: string[];
  total: number;
}

export async function migrate(db: Database, migrations = loadMigrations()): Promise<MigrateResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations');
    const done = new Map(rows.map((r) => [r.version, r.checksum]));
    const applied: string[] = [];
    for (const m of migrations) {
      const checksum = done.get(m.version);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) {
          throw new Error(`migration ${m.version}_${m.name} changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      applied.push(`${m.version}_${m.name}`);
    }
    return { applied, total: migrations.length };
  }, { unbounded: true });
}

/** True when every known migration is applied (readiness). */
export async function migrationsApplied(db: Database, migrations = loadMigrations()): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM schema_migrations WHERE version = ANY($1::text[])',
    [migrations.map((m) => m.version)],
  );
  return rows[0]?.n === migrations.length;
}

/** True when the database holds Storefront's tables (its first migration ran): false on an empty database. */
export async function hasSchema(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(`SELECT to_regclass('platform_state') IS NOT NULL AS present`);
  return rows[0]?.present === true;
}
