// The hourly limit holds across two server processes that share the real Redis (and PostgreSQL).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { runCli } from './helpers/cli.js';
import { createPostgresDatabase } from './helpers/database.js';
import { event } from './helpers/events.js';
import { startServerProcess, type ServerProcess } from './helpers/server-process.js';

const ready = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe('rate limit across two processes [redis]', { skip: !ready && 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
  const prefix = `sf-test-${randomBytes(4).toString('hex')}`;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let servers: ServerProcess[] = [];

  before(async () => {
    const db = await createPostgresDatabase();
    drop = db.drop;
    env = {
      DATABASE_URL: db.url,
      STOREFRONT_SECRET: randomBytes(32).toString('base64'),
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
      STOREFRONT_NO_BOOTSTRAP: '1',
      LOG_LEVEL: 'warn',
    };
    servers = await Promise.all([startServerProcess({ ...env, LOG_LEVEL: 'info' }), startServerProcess({ ...env, LOG_LEVEL: 'info' })]);
  });

  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await drop();
  });

  it('counts one quota for a key, whichever process answers', async () => {
    const site = await runCli(['site', 'create', '--name', 'Two', '--origin', 'https://two.example', '--owner', 'o', '--json'], env);
    assert.equal(site.code, 0, site.stderr);
    const key = await runCli(['key', 'create', '--site', site.json.site_id, '--scopes', 'events:write', '--rate-limit', '10', '--json'], env);
    assert.equal(key.code, 0, key.stderr);
    const send = (server: ServerProcess, events: unknown[]) =>
      fetch(`${server.url}/api/v1/events/batch`, {
        method: 'POST',
        headers: { 'x-api-key': key.json.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      });
    const a = await send(servers[0]!, [event(), event(), event(), event()]);
    assert.equal(a.status, 201);
    assert.equal(a.headers.get('ratelimit-remaining'), '6');
    const b = await send(servers[1]!, [event(), event(), event(), event(), event(), event()]);
    assert.equal(b.status, 201);
    assert.equal(b.headers.get('ratelimit-remaining'), '0', 'the second process sees the first one’s count');
    const c = await send(servers[0]!, [event()]);
    assert.equal(c.status, 429);
    assert.ok(Number(c.headers.get('retry-after')) > 0);
    const d = await send(servers[1]!, [event()]);
    assert.equal(d.status, 429);
  });
});
