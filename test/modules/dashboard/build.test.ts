// The dashboard's build: its API types are those of the API's OpenAPI document as it is now (the
// committed dashboard/src/api/schema.d.ts regenerated in memory must be the same, so the client
// cannot drift from the API), and its bundle stays within the budget of 200 KB gzipped.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { SCHEMA_FILE, schemaTypes } from '../../../scripts/openapi-types.mjs';
import { DASHBOARD_BUDGET_GZIPPED, measureDashboard } from '../../../bench/dashboard.js';

describe('dashboard build', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(async () => t?.close());

  it("has the API types of the OpenAPI document as it is (else: run npm run gen:api)", async () => {
    const expected = await schemaTypes(t.app.swagger());
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    assert.ok(committed === expected, 'dashboard/src/api/schema.d.ts differs from the OpenAPI document: run npm run gen:api');
  });

  it('bundles within 200 KB gzipped, script and style sheet together', async () => {
    const { files } = await measureDashboard();
    assert.deepEqual(files.map((f) => f.file).sort(), ['app.css', 'app.js']);
    const total = files.reduce((s, f) => s + f.gzipped, 0);
    assert.ok(total <= DASHBOARD_BUDGET_GZIPPED, `${total} bytes gzipped`);
  });
});
