// Test databases on both engines: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. Each
// test database is created for the test and removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import type { Database } from '../../src/db/types.js';
import { pgliteCopy } from './pglite-template.js';

export type EngineName = 'pglite' | 'postgres';

export const ENGINES: EngineName[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  engine: EngineName;
  db: Database;
  /** PostgreSQL URL of this database (postgres engine only). */
  url?: string;
  /** PGlite data directory (pglite engine only). */
  dir?: string;
  drop(): Promise<void>;
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

export function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates an empty PostgreSQL database; returns its URL and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: databaseUrl(adminUrl(), name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestDatabase(engine: EngineName, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const wantMigrated = options.migrated ?? true;
  if (engine === 'pglite') {
    const copy = wantMigrated ? await pgliteCopy() : { dir: mkdtempSync(path.join(os.tmpdir(), 'storefront-test-pglite-')), migrated: false };
    const db = await openPglite(copy.dir);
    if (wantMigrated && !copy.migrated) await migrate(db);
    return withDrop({ engine, db, dir: copy.dir }, () => rmSync(copy.dir, { recursive: true, force: true }));
  }
  const created = await createPostgresDatabase();
  const db = openPostgres(created.url, { poolSize: 10 });
  if (wantMigrated) await migrate(db);
  return withDrop({ engine, db, url: created.url }, created.drop);
}

/** drop() closes the connection, then removes the database itself. */
function withDrop(database: Omit<TestDatabase, 'drop'>, remove: () => unknown): TestDatabase {
  return {
    ...database,
    async drop() {
      await database.db.close();
      await remove();
    },
  };
}
