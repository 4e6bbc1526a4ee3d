// A migrated PGlite data directory, made once per test run and copied by each test.
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';

export async function preparePgliteTemplate(dir: string): Promise<void> {
  const db = await openPglite(dir);
  await migrate(db);
  await db.close();
}

/** A fresh directory holding a copy of the template (or a new migrated database when run outside the runner). */
export async function pgliteCopy(): Promise<{ dir: string; migrated: boolean }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-pglite-'));
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (template) {
    cpSync(template, dir, { recursive: true });
    return { dir, migrated: true };
  }
  return { dir, migrated: false };
}
