// Writes the OpenAPI document the app serves (GET /api/v1/openapi.json) to a file, from an app built
// on the embedded engine in a temporary data directory, without listening.
// Usage: node --import tsx scripts/openapi-document.ts [out.json]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export async function openApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-openapi-'));
  const config = loadConfig({ STOREFRONT_SECRET: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp(config, { logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? 'openapi.json';
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
  console.log(`wrote ${out}`);
}
