// Migrations from empty and a second time, on both engines; concurrent starters; edited files refused.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadMigrations, migrate, migrationsApplied } from '../../src/db/migrate.js';
import { createTestDatabase, ENGINES } from '../helpers/database.js';

for (const engine of ENGINES) {
  describe(`migrations [${engine}]`, () => {
    it('apply from empty, then are a no-op the second time', async () => {
      const t = await createTestDatabase(engine, { migrated: false });
      try {
        const all = loadMigrations();
        assert.ok(all.length >= 1);
        const first = await migrate(t.db);
        assert.deepEqual(first.applied, all.map((m) => `${m.version}_${m.name}`));
        assert.equal(await migrationsApplied(t.db), true);
        const tables = await t.db.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
        );
        for (const name of ['api_keys', 'site_members', 'sites', 'schema_migrations']) {
          assert.ok(tables.rows.some((r) => r.table_name === name), name);
        }
        const second = await migrate(t.db);
        assert.deepEqual(second.applied, []);
        const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
        assert.equal(count.rows[0]!.n, all.length);
      } finally {
        await t.drop();
      }
    });

    it('serialise concurrent runs: each migration applied exactly once', async () => {
      const t = await createTestDatabase(engine, { migrated: false });
      try {
        const results = await Promise.all([migrate(t.db), migrate(t.db), migrate(t.db)]);
        const applied = results.flatMap((r) => r.applied);
        assert.equal(applied.length, loadMigrations().length);
      } finally {
        await t.drop();
      }
    });

    it('refuse a migration whose file changed after it was applied', async () => {
      const t = await createTestDatabase(engine, { migrated: false });
      try {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-migrations-'));
        writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE first_table (id int);');
        await migrate(t.db, loadMigrations(dir));
        writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE first_table (id bigint);');
        await assert.rejects(migrate(t.db, loadMigrations(dir)), /changed after it was applied/);
        writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE first_table (id int);');
        writeFileSync(path.join(dir, '0002_broken.sql'), 'CREATE TABLE second_table (id int); SELECT no_such_function();');
        await assert.rejects(migrate(t.db, loadMigrations(dir)));
        const exists = await t.db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'second_table'`);
        assert.equal(exists.rows.length, 0, 'a failed migration leaves nothing behind');
      } finally {
        await t.drop();
      }
    });
  });
}
