#!/usr/bin/env node
// Lints the OpenAPI document the app serves: writes it from an app built on the embedded engine
// (scripts/openapi-document.ts), then runs Spectral (.spectral.yaml: spectral:oas) and Redocly
// (redocly.yaml: recommended). Any error or warning of either fails. Usage: npm run lint:openapi
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-openapi-lint-'));
const file = path.join(dir, 'openapi.json');
let failed = false;
try {
  const written = run(process.execPath, ['--import', 'tsx', 'scripts/openapi-document.ts', file], { stdio: 'inherit' });
  if (written.status !== 0) throw new Error('could not write the document');

  const spectral = run(bin('spectral'), ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity=warn', '--format=text']);
  const spectralOut = spectral.stdout.trim();
  console.log(`Spectral (spectral:oas): ${spectral.status === 0 ? '0 errors, 0 warnings' : 'problems'}`);
  if (spectral.status !== 0) {
    console.log(spectralOut || spectral.stderr);
    failed = true;
  }

  const redocly = run(bin('redocly'), ['lint', file, '--config', 'redocly.yaml', '--format=json']);
  let report;
  try {
    report = JSON.parse(redocly.stdout);
  } catch {
    console.log(redocly.stdout, redocly.stderr);
    throw new Error('Redocly gave no report');
  }
  const { errors, warnings } = report.totals;
  console.log(`Redocly (recommended): ${errors} errors, ${warnings} warnings`);
  for (const p of report.problems) console.log(`  ${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`);
  if (errors + warnings > 0) failed = true;
} catch (err) {
  console.error(err.message);
  failed = true;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
