// A migrated PGlite data directory, made once per test run and copied by each test.
import { cpSync, mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';

export async function preparePgliteTemplate(dir: string): Promise<void> {
  const db = await openPglite(dir);
  await migrate(db);
  await db.close();
}

/** Copies the runner's migrated template into `dir`; false when there is none (run outside the runner). */
function copyTemplate(dir: string): boolean {
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  return template !== undefined && template !== '';
}

/** A fresh directory holding a copy of the template (or a new migrated database when run outside the runner). */
export async function pgliteCopy(): Promise<{ dir: string; migrated: boolean }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-pglite-'));
  return { dir, migrated: copyTemplate(dir) };
}

/**
 * A directory for a CLI or server process on the embedded engine: `data` (its DATA_DIR, holding a
 * copy of the runner's migrated database when there is one: initdb is slow) and `work` (a working
 * directory, with `workDirs` made in it), both in `root`, which the test removes.
 */
export function embeddedDataDir(prefix: string, workDirs: readonly string[] = []): { root: string; data: string; work: string } {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  const data = path.join(root, 'data');
  const work = path.join(root, 'work');
  mkdirSync(data, { recursive: true });
  mkdirSync(work, { recursive: true });
  for (const dir of workDirs) mkdirSync(path.join(work, dir), { recursive: true });
  copyTemplate(path.join(data, 'pglite'));
  return { root, data, work };
}
