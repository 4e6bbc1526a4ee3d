#!/usr/bin/env node
// Runs the test suite with node's own runner. Before the files start, it prepares one migrated
// PGlite data directory that each test copies (initdb per test would cost seconds each).
// Usage: npm test [-- file-or-directory …]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function collect(target, out) {
  const full = path.resolve(root, target);
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full).sort()) {
      if (entry === 'node_modules' || entry === 'helpers' || entry === 'fixtures') continue;
      collect(path.join(full, entry), out);
    }
  } else if (full.endsWith('.test.ts')) {
    out.push(path.relative(root, full));
  }
  return out;
}

const targets = process.argv.slice(2);
const files = (targets.length > 0 ? targets : ['test']).flatMap((t) => collect(t, []));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

register();
const { preparePgliteTemplate } = await import('../test/helpers/pglite-template.ts');
const templateDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-pglite-template-'));
await preparePgliteTemplate(templateDir);

const concurrency = process.env.TEST_CONCURRENCY ?? String(Math.max(2, Math.min(4, os.availableParallelism())));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { stdio: 'inherit', cwd: root, env: { ...process.env, TEST_PGLITE_TEMPLATE: templateDir } },
);
rmSync(templateDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
