// npm run gen:api: builds the app (embedded engine, a throwaway data directory, nothing listens),
// takes its OpenAPI document (what GET /api/v1/openapi.json serves) and writes the dashboard's API
// types from it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SCHEMA_FILE, schemaTypes } from './openapi-types.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-gen-api-'));
try {
  const config = loadConfig({ DATA_DIR: dir, STOREFRONT_NO_BOOTSTRAP: '1', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const types = await schemaTypes(app.swagger());
  await app.close();
  writeFileSync(SCHEMA_FILE, types);
  console.log(`wrote ${path.relative(process.cwd(), fileURLToPath(SCHEMA_FILE))} (${types.length} characters)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
