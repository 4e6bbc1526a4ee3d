// npm run lint:openapi as a test: Spectral (spectral:oas) and Redocly (recommended) find no error
// and no warning in the document the app serves.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');

it('the OpenAPI document passes Spectral and Redocly with 0 errors and 0 warnings', () => {
  const lint = spawnSync(process.execPath, ['scripts/openapi-lint.mjs'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  assert.equal(lint.status, 0, `${lint.stdout}\n${lint.stderr}`);
  assert.match(lint.stdout, /Spectral \(spectral:oas\): 0 errors, 0 warnings/);
  assert.match(lint.stdout, /Redocly \(recommended\): 0 errors, 0 warnings/);
});
