// Several processes behave as one (CONTRACT §7): two real server processes on one PostgreSQL and
// one Redis. Deduplication and idempotent conversions hold when identical requests race to both;
// the hourly limits of a key and of a client address are one count; a key revoked through one
// process is refused at once there and within 5 s by the other, and so is a removed origin.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createIdTokens } from '../../src/auth/id-tokens.js';
import { createSecrets } from '../../src/secrets.js';
import { purchase } from '../helpers/attribution.js';
import { runCli } from '../helpers/cli.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { event } from '../helpers/events.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const ready = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const ORIGIN = 'https://two.example';
const REVOCATION_BOUND_MS = 5_000;

describe('two server processes on one PostgreSQL and Redis', { skip: !ready && 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
  const prefix = `sf-test-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('base64');
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let a: ServerProcess;
  let b: ServerProcess;
  const idTokens = createIdTokens({ localIdp: true, idp: undefined }, createSecrets(Buffer.from(secret, 'base64')));

  before(async () => {
    const db = await createPostgresDatabase();
    drop = db.drop;
    env = {
      DATABASE_URL: db.url,
      STOREFRONT_SECRET: secret,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
      STOREFRONT_NO_BOOTSTRAP: '1',
      LOCAL_IDP: '1',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startServerProcess({ ...env, LOG_LEVEL: 'info' }), startServerProcess({ ...env, LOG_LEVEL: 'info' })]);
  });

  after(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => s.stop()));
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await drop();
  });

  async function site(owner = `owner-${randomBytes(3).toString('hex')}`) {
    const created = await runCli(['site', 'create', '--name', 'Two', '--origin', ORIGIN, '--owner', owner, '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    return { siteId: created.json.site_id as string, owner };
  }
  async function key(siteId: string, scopes: string, rateLimit = '100000') {
    const created = await runCli(['key', 'create', '--site', siteId, '--scopes', scopes, '--rate-limit', rateLimit, '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    return { apiKey: created.json.api_key as string, keyId: created.json.key_id as string };
  }
  const post = (server: ServerProcess, path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  /** Milliseconds from `since` until `server` refuses a track with these credentials (undefined: not within the bound and 2 s). */
  async function msUntilRefused(server: ServerProcess, headers: Record<string, string>, since: number): Promise<number | undefined> {
    while (Date.now() - since < REVOCATION_BOUND_MS + 2_000) {
      if ((await post(server, '/events/track', headers, event())).status === 401) return Date.now() - since;
      await sleep(100);
    }
    return undefined;
  }

  it('deduplicates events racing to both processes, and records a purchase once', async () => {
    const { siteId } = await site();
    const { apiKey } = await key(siteId, 'events:write,partner_attribution:convert');
    const h = { 'x-api-key': apiKey };
    // 20 identical tracks, alternating between the processes, all at once.
    const e = event('product_view', { client_event_id: 'race-1' });
    const tracks = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, '/events/track', h, e)));
    const statuses = tracks.map((r) => r.status).sort((x, y) => x - y);
    assert.deepEqual(statuses, [...new Array(19).fill(200), 201]);
    const ids = new Set(await Promise.all(tracks.map(async (r) => ((await r.json()) as { data: { event_id: string } }).data.event_id)));
    assert.equal(ids.size, 1, 'one event id everywhere');
    // The same purchase (same idempotency key) to both at once: one 201, the rest identical replays.
    const p = { event_type: 'purchase', conversion: purchase(siteId) };
    const buys = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? a : b, '/partner-attribution/conversions', h, p)));
    const bodies = await Promise.all(buys.map(async (r) => ({ status: r.status, body: (await r.json()) as { data: { entry_id: string; deduplicated?: boolean } } })));
    assert.deepEqual(bodies.map((x) => x.status).sort((x, y) => x - y), [...new Array(9).fill(200), 201]);
    assert.equal(new Set(bodies.map((x) => x.body.data.entry_id)).size, 1, 'one ledger entry');
    // Another key for the same order: 409 order_exists from either process.
    const other = { event_type: 'purchase', conversion: { ...(p.conversion as object), idempotency_key: 'another-key' } };
    assert.equal((await post(b, '/partner-attribution/conversions', h, other)).status, 409);
  });

  it('counts one hourly quota for a key and one for a client address, whichever process answers', async () => {
    const { siteId, owner } = await site();
    const { apiKey } = await key(siteId, 'events:write', '10');
    const h = { 'x-api-key': apiKey };
    const first = await post(a, '/events/batch', h, { events: [event(), event(), event(), event()] });
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('ratelimit-remaining'), '6');
    const second = await post(b, '/events/batch', h, { events: [event(), event(), event(), event(), event(), event()] });
    assert.equal(second.status, 201);
    assert.equal(second.headers.get('ratelimit-remaining'), '0', 'the second process sees the first one’s count');
    assert.equal((await post(a, '/events/track', h, event())).status, 429);
    const refused = await post(b, '/events/track', h, event());
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);

    // The runtime share of one client address (both processes see the same socket address, 127.0.0.1).
    const ownerToken = (await idTokens.issueLocal(owner, 600)).idToken;
    const patch = await fetch(`${a.url}/api/v1/sites/${siteId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ config: { runtime_rate_limit_per_ip_per_hour: 3 } }),
    });
    assert.equal(patch.status, 200);
    await sleep(REVOCATION_BOUND_MS + 500); // the other process's site cache
    const token = ((await (await post(a, '/runtime/token', { origin: ORIGIN }, { site_id: siteId })).json()) as { data: { token: string } }).data.token;
    const browser = { authorization: `Bearer ${token}`, origin: ORIGIN };
    assert.equal((await post(a, '/events/batch', browser, { events: [event(), event()] })).status, 201);
    assert.equal((await post(b, '/events/track', browser, event())).status, 201);
    assert.equal((await post(a, '/events/track', browser, event())).status, 429, 'the address’s share is used up across both');
    assert.equal((await post(b, '/events/track', browser, event())).status, 429);
  });

  it('refuses a revoked key at once in the process that revoked it and within 5 s in the other', async () => {
    const { siteId, owner } = await site();
    const { apiKey, keyId } = await key(siteId, 'events:write');
    const h = { 'x-api-key': apiKey };
    // Both processes have the key in their cache.
    assert.equal((await post(a, '/events/track', h, event())).status, 201);
    assert.equal((await post(b, '/events/track', h, event())).status, 201);
    const ownerToken = (await idTokens.issueLocal(owner, 600)).idToken;
    const revoked = await fetch(`${a.url}/api/v1/sites/${siteId}/api-keys/${keyId}`, { method: 'DELETE', headers: { authorization: `Bearer ${ownerToken}` } });
    assert.equal(revoked.status, 200);
    const at = Date.now();
    assert.equal((await post(a, '/events/track', h, event())).status, 401, 'at once where it was revoked');
    const refusedAfter = await msUntilRefused(b, h, at);
    assert.ok(refusedAfter !== undefined && refusedAfter <= REVOCATION_BOUND_MS + 250, `refused by the other process after ${refusedAfter} ms`);
  });

  it('refuses a removed origin at once in the process that removed it and within 5 s in the other', async () => {
    const { siteId, owner } = await site();
    const token = ((await (await post(a, '/runtime/token', { origin: ORIGIN }, { site_id: siteId })).json()) as { data: { token: string } }).data.token;
    const browser = { authorization: `Bearer ${token}`, origin: ORIGIN };
    assert.equal((await post(a, '/events/track', browser, event())).status, 201);
    assert.equal((await post(b, '/events/track', browser, event())).status, 201);
    const ownerToken = (await idTokens.issueLocal(owner, 600)).idToken;
    const patch = await fetch(`${b.url}/api/v1/sites/${siteId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ origins: ['https://elsewhere.example'] }),
    });
    assert.equal(patch.status, 200);
    const at = Date.now();
    assert.equal((await post(b, '/events/track', browser, event())).status, 401, 'at once where it was removed');
    const refusedAfter = await msUntilRefused(a, browser, at);
    assert.ok(refusedAfter !== undefined && refusedAfter <= REVOCATION_BOUND_MS + 250, `refused by the other process after ${refusedAfter} ms`);
    assert.equal((await post(a, '/runtime/token', { origin: ORIGIN }, { site_id: siteId })).status, 403, 'no new token for the removed origin');
  });

  it('serves a campaign change at once from the process that made it and within 5 s from the other', async () => {
    const { siteId, owner } = await site();
    const token = ((await (await post(a, '/runtime/token', { origin: ORIGIN }, { site_id: siteId })).json()) as { data: { token: string } }).data.token;
    const browser = { authorization: `Bearer ${token}`, origin: ORIGIN };
    const config = async (server: ServerProcess) =>
      ((await (await fetch(`${server.url}/api/v1/runtime/config`, { headers: browser })).json()) as { data: { campaigns: { campaign_id: string; version: number }[] } }).data.campaigns;
    assert.deepEqual(await config(a), []);
    assert.deepEqual(await config(b), []);
    const ownerH = { authorization: `Bearer ${(await idTokens.issueLocal(owner, 600)).idToken}` };
    const body = { name: 'Bot', kind: 'chatbot', status: 'active', content: { greeting: 'Hi', intents: [{ intent_id: 'a', patterns: ['ship'], reply: 'Soon' }], fallback_reply: '?' } };
    const created = await post(b, `/sites/${siteId}/campaigns`, ownerH, body);
    assert.equal(created.status, 201);
    const at = Date.now();
    assert.equal((await config(b)).length, 1, 'at once where it was made');
    let seenAfter: number | undefined;
    while (Date.now() - at < REVOCATION_BOUND_MS + 2_000) {
      if ((await config(a)).length === 1) {
        seenAfter = Date.now() - at;
        break;
      }
      await sleep(100);
    }
    assert.ok(seenAfter !== undefined && seenAfter <= REVOCATION_BOUND_MS + 250, `served by the other process after ${seenAfter} ms`);
  });
});
