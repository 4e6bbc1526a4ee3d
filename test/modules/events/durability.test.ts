// An acknowledged event is never lost: kill the server with SIGKILL in the middle of a load, start
// it again, and find every event that got a 2xx (both engines).
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from '../../helpers/cli.js';
import { createPostgresDatabase } from '../../helpers/database.js';
import { event } from '../../helpers/events.js';
import { startServerProcess } from '../../helpers/server-process.js';

async function killDuringLoad(env: Record<string, string>) {
  let server = await startServerProcess(env);
  const site = await runCli(['site', 'create', '--name', 'Crash', '--origin', 'https://crash.example', '--owner', 'o', '--json'], env);
  assert.equal(site.code, 0, site.stderr);
  const key = await runCli(['key', 'create', '--site', site.json.site_id, '--scopes', 'events:write', '--rate-limit', '10000000', '--json'], env);
  assert.equal(key.code, 0, key.stderr);

  const acked = new Map<string, string>();
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const body = event('page_view', { client_event_id: randomUUID() });
      try {
        const res = await fetch(`${server.url}/api/v1/events/track`, {
          method: 'POST',
          headers: { 'x-api-key': key.json.api_key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status === 201) acked.set(body.client_event_id as string, ((await res.json()) as { data: { event_id: string } }).data.event_id);
      } catch {
        return; // the server is gone
      }
    }
  };
  const workers = Array.from({ length: 32 }, worker);
  // Killed once enough events were acknowledged to mean something (however busy the machine is),
  // with requests still in flight.
  for (let waited = 0; acked.size < 200 && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  server.child.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);
  await server.stop();
  assert.ok(acked.size > 50, `load too small to mean anything: ${acked.size}`);

  server = await startServerProcess(env);
  try {
    const token = await runCli(['token', '--user', 'o', '--json'], { ...env, LOCAL_IDP: '1' });
    const missing: string[] = [];
    for (const eventId of acked.values()) {
      const res = await fetch(`${server.url}/api/v1/events/${eventId}`, { headers: { authorization: `Bearer ${token.json.id_token}` } });
      if (res.status !== 200) missing.push(`${eventId}: ${res.status}`);
    }
    assert.deepEqual(missing, [], `${missing.length} of ${acked.size} acknowledged events lost`);
  } finally {
    await server.stop();
  }
  return acked.size;
}

describe('durability under SIGKILL', () => {
  it('keeps every acknowledged event [pglite]', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-crash-'));
    try {
      await killDuringLoad({ DATA_DIR: dir, STOREFRONT_NO_BOOTSTRAP: '1' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  if (process.env.TEST_DATABASE_URL) {
    let drop: (() => Promise<void>) | undefined;
    after(async () => drop?.());
    it('keeps every acknowledged event [postgres]', async () => {
      const db = await createPostgresDatabase();
      drop = db.drop;
      await killDuringLoad({
        DATABASE_URL: db.url,
        STOREFRONT_SECRET: randomBytes(32).toString('base64'),
        LOCAL_IDP: '1',
        STOREFRONT_NO_BOOTSTRAP: '1',
      });
    });
  }
});
