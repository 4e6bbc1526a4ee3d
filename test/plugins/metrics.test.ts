// GET /metrics (CONTRACT §7): Prometheus text behind METRICS_TOKEN, or on METRICS_PORT; off without
// either. The figures operators need are there: requests and latency per route and status,
// group-commit batches and waits, the PostgreSQL pool, rate-limit refusals.
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loggerOptions } from '../../src/app.js';
import { bearerMatches, limitOf } from '../../src/plugins/metrics.js';
import { createTestApp, forEachEngine, testConfig, type TestApp } from '../helpers/app.js';
import { event } from '../helpers/events.js';
import { startServerProcess } from '../helpers/server-process.js';

const TOKEN = 'metrics-token-0123456789abcdef';

forEachEngine('GET /metrics with METRICS_TOKEN', (t) => {
  it('refuses a missing or wrong token, and serves the figures with the right one', async () => {
    const none = await t().inject({ method: 'GET', url: '/metrics' });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error.code, 'unauthorized');
    const wrong = await t().inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    assert.equal(wrong.statusCode, 401);

    const { siteId } = await t().createSite();
    const { apiKey } = await t().createKey(siteId, ['events:write'], { rateLimitPerHour: 2 });
    for (let i = 0; i < 3; i += 1) await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': apiKey }, payload: event() });
    await t().inject({ method: 'GET', url: '/api/v1/no-such-route' });

    const res = await t().inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = res.body;
    assert.match(text, /storefront_http_requests_total\{method="POST",route="\/api\/v1\/events\/track",status="201"\} 2/);
    assert.match(text, /storefront_http_requests_total\{method="POST",route="\/api\/v1\/events\/track",status="429"\} 1/);
    assert.match(text, /storefront_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/, 'unmatched URLs share one label');
    assert.doesNotMatch(text, /no-such-route/);
    assert.match(text, /storefront_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/v1\/events\/track",status="201"\}/);
    assert.match(text, /storefront_group_commit_batch_events_count [1-9]/);
    assert.match(text, /storefront_group_commit_wait_seconds_count [1-9]/);
    assert.match(text, /storefront_rate_limit_refusals_total\{limit="api_key_events"\} 1/);
    assert.match(text, /process_resident_memory_bytes/);
    if (t().engine === 'postgres') assert.match(text, /storefront_db_pool_connections\{state="in_use"\} \d+/);
    assert.doesNotMatch(text, new RegExp(apiKey), 'no secret in the figures');
  });
}, { env: { METRICS_TOKEN: TOKEN } });

describe('metrics off by default', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(async () => t.close());
  it('has no /metrics without METRICS_TOKEN or METRICS_PORT', async () => {
    assert.equal((await t.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
  });
});

describe('metrics pieces', () => {
  it('checks the bearer token in constant time and exactly', () => {
    assert.equal(bearerMatches(`Bearer ${TOKEN}`, TOKEN), true);
    assert.equal(bearerMatches(`bearer   ${TOKEN} `, TOKEN), true);
    for (const h of [undefined, '', TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`]) assert.equal(bearerMatches(h, TOKEN), false, String(h));
  });
  it('labels refusals by the limit, never by the bucket (no site ids or addresses as labels)', () => {
    assert.equal(limitOf('key:key_abc'), 'api_key_events');
    assert.equal(limitOf('site:site_x:runtime'), 'runtime_site_events');
    assert.equal(limitOf('site:site_x:addr:198.51.100.7'), 'runtime_address');
    assert.equal(limitOf('token:addr:198.51.100.7'), 'token_exchange');
  });
  it('pretty-prints logs on a terminal only', () => {
    const config = testConfig();
    assert.equal('stream' in (loggerOptions(config, false) as object), false);
    assert.equal('stream' in (loggerOptions(config, true) as object), true);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own port without a token, and not on the API port', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-metrics-'));
    const server = await startServerProcess({ DATA_DIR: dir, METRICS_PORT: String(port), STOREFRONT_NO_BOOTSTRAP: '1' });
    try {
      await fetch(`${server.url}/health`);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /storefront_http_requests_total\{method="GET",route="\/health",status="200"\}/);
      assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404, 'no token: not on the API port');
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
