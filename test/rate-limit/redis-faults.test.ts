// A Redis that goes away or stops answering never holds or fails a request (CONTRACT §7): the
// counts fall back to the process's own memory within the command timeout, and return to Redis
// when it is back.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { event } from '../helpers/events.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe('rate limits when Redis fails [redis]', { skip: !redisUrl && 'needs TEST_REDIS_URL' }, () => {
  const prefix = `sf-test-${randomBytes(4).toString('hex')}`;
  let proxy: TcpProxy;
  let t: TestApp;
  before(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp('pglite', { env: { REDIS_URL: proxy.urlFor(redisUrl!), REDIS_KEY_PREFIX: prefix } });
  });
  after(async () => {
    await t.close();
    await proxy.stop();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('answers within a second while Redis is blackholed or cut, and counts in Redis again afterwards', async () => {
    const { siteId } = await t.createSite();
    const { apiKey } = await t.createKey(siteId, ['events:write'], { rateLimitPerHour: 1000 });
    const track = async () => {
      const started = Date.now();
      const res = await t.inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': apiKey }, payload: event() });
      return { status: res.statusCode, ms: Date.now() - started, remaining: Number(res.headers['ratelimit-remaining']) };
    };
    assert.equal((await track()).status, 201);
    proxy.blackhole();
    for (let i = 0; i < 3; i += 1) {
      const r = await track();
      assert.equal(r.status, 201, 'the insurance limiter answers');
      assert.ok(r.ms < 2_000, `answered in ${r.ms} ms`);
    }
    proxy.cut();
    const cut = await track();
    assert.equal(cut.status, 201);
    proxy.restore();
    // Back to the shared count: ioredis reconnects by itself.
    let shared = false;
    for (let i = 0; i < 50 && !shared; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`${prefix}:*`);
      redis.disconnect();
      const before = keys.length;
      await track();
      shared = before > 0;
    }
    assert.ok(shared, 'the counts are in Redis again');
  });
});
