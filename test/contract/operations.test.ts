// CONTRACT §7 on both engines: security headers on every response, the one string rule on every
// part of a request that can reach storage (a batch item failing alone), and timestamps from 1970
// on every route that takes one.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { describe, it, before, after } from 'node:test';
import { countRows, createTestApp, forEachEngine, ORIGIN, siteWithCredentials, type TestApp } from '../helpers/app.js';
import { purchase, touch } from '../helpers/attribution.js';
import { event } from '../helpers/events.js';

const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

function assertCommonHeaders(res: { headers: Record<string, unknown> }, what: string): void {
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', what);
  assert.equal(res.headers['strict-transport-security'], undefined, `${what}: no HSTS unless HSTS=1`);
}

forEachEngine('contract §7 operations', (t) => {
  const setup = () => siteWithCredentials(t());
  const count = (table: string, siteId: string) => countRows(t(), table, siteId);

  it('sends nosniff, the referrer policy and a JSON CSP on every JSON answer, errors and 404s included', async () => {
    const s = await setup();
    const answers = {
      success: await t().inject({ method: 'GET', url: '/api/v1/sites', headers: s.ownerH }),
      created: await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: s.server, payload: event() }),
      unauthorized: await t().inject({ method: 'GET', url: '/api/v1/sites' }),
      invalid: await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { ...s.server, 'content-type': 'application/json' }, payload: '{' }),
      unknownRoute: await t().inject({ method: 'GET', url: '/api/v1/nope' }),
      health: await t().inject({ method: 'GET', url: '/health' }),
      openapi: await t().inject({ method: 'GET', url: '/api/v1/openapi.json' }),
      preflight: await t().inject({ method: 'OPTIONS', url: '/api/v1/events/track', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } }),
      // Found by test/http/fuzz.test.ts: URLs Fastify cannot route are answered before any hook.
      badEscape: await t().inject({ method: 'GET', url: '/api/v1/events/%ED%A0%80', headers: s.ownerH }),
      longParameter: await t().inject({ method: 'GET', url: `/api/v1/partner-experiments/${'x'.repeat(300)}`, headers: s.ownerH }),
    };
    for (const [what, res] of Object.entries(answers)) {
      assertCommonHeaders(res, what);
      assert.equal(res.headers['content-security-policy'], JSON_CSP, what);
      assert.equal(res.headers['x-frame-options'], 'DENY', what);
    }
  });

  it('lets shops embed the SDK and call the browser routes cross-origin; merchant routes stay same-site', async () => {
    const s = await setup();
    const sdk = await t().inject({ method: 'GET', url: '/sdk/v1/storefront.js' });
    assert.equal(sdk.statusCode, 200);
    assertCommonHeaders(sdk, 'sdk');
    assert.equal(sdk.headers['cross-origin-resource-policy'], 'cross-origin');
    const track = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: s.browser, payload: event() });
    assert.equal(track.headers['cross-origin-resource-policy'], 'cross-origin');
    const merchant = await t().inject({ method: 'GET', url: '/api/v1/sites', headers: s.ownerH });
    assert.equal(merchant.headers['cross-origin-resource-policy'], 'same-origin');
  });

  it('gives the HTML reference its own CSP that forbids framing', async () => {
    const docs = await t().inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(String(docs.headers['content-type']), /text\/html/);
    assertCommonHeaders(docs, 'docs');
    const csp = String(docs.headers['content-security-policy']);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /upgrade-insecure-requests/);
  });

  describe('the string rule', () => {
    const NUL = 'a\u0000b';
    const LONE = 'a\ud800b';

    it('refuses U+0000 and unpaired surrogates in bodies, keys, params and query with a 400 naming the path, storing nothing', async () => {
      const s = await setup();
      const cases: { what: string; req: Parameters<TestApp['inject']>[0]; path: string }[] = [
        { what: 'site name', req: { method: 'POST', url: '/api/v1/sites', headers: s.ownerH, payload: { name: NUL, origins: [] } }, path: '/name' },
        { what: 'member user', req: { method: 'POST', url: `/api/v1/sites/${s.siteId}/members`, headers: s.ownerH, payload: { user: LONE } }, path: '/user' },
        { what: 'key name', req: { method: 'POST', url: `/api/v1/sites/${s.siteId}/api-keys`, headers: s.ownerH, payload: { name: NUL, scopes: ['events:write'] } }, path: '/name' },
        {
          what: 'surrogate in an object key',
          req: { method: 'PATCH', url: `/api/v1/sites/${s.siteId}`, headers: s.ownerH, payload: { name: 'Shop', config: { [`x${'\udc00'}`]: 1 } } },
          path: `/config/x\udc00`,
        },
        { what: 'event property', req: { method: 'POST', url: '/api/v1/events/track', headers: s.server, payload: event('search', { properties: { query: NUL } }) }, path: '/properties/query' },
        { what: 'event session id', req: { method: 'POST', url: '/api/v1/events/track', headers: s.server, payload: event('page_view', { session_id: LONE }) }, path: '/session_id' },
        {
          what: 'user agent in context',
          req: { method: 'POST', url: '/api/v1/events/track', headers: s.browser, payload: event('page_view', { context: { page_url: 'https://shop.example/', user_agent: `Mozilla${'\u0000'}` } }) },
          path: '/context/user_agent',
        },
        { what: 'touch', req: { method: 'POST', url: '/api/v1/partner-attribution/touches', headers: s.browser, payload: { touches: [touch({ partner_id: NUL })] } }, path: '/touches/0/partner_id' },
        { what: 'conversion', req: { method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: s.server, payload: { event_type: 'purchase', conversion: purchase(s.siteId, { order_id: LONE }) } }, path: '/conversion/order_id' },
        {
          what: 'click',
          req: { method: 'POST', url: '/api/v1/publisher/clicks', headers: s.browser, payload: { click_id: 'c1', provider: 'awin', reference: 'A'.repeat(20), destination_url: 'https://www.awin1.com/x', occurred_at: new Date().toISOString(), content_id: NUL } },
          path: '/content_id',
        },
        { what: 'experiment', req: { method: 'POST', url: '/api/v1/partner-experiments', headers: s.ownerH, payload: { website_id: s.siteId, name: NUL, surfaces: [{ type: 'overlay', campaign_id: 'c' }] } }, path: '/name' },
        { what: 'path parameter', req: { method: 'GET', url: `/api/v1/partner-attribution/conversions/order%00x?website_id=${s.siteId}`, headers: s.ownerH }, path: '/orderId' },
        { what: 'query parameter', req: { method: 'GET', url: `/api/v1/analytics/publishers?website_id=${s.siteId}&from=2026-01-01%00`, headers: s.ownerH }, path: '/from' },
      ];
      const before = { sites: await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites'), events: await count('events', s.siteId) };
      for (const c of cases) {
        const res = await t().inject(c.req);
        assert.equal(res.statusCode, 400, `${c.what}: ${res.statusCode} ${res.body}`);
        const body = res.json();
        assert.equal(body.error.code, 'validation_failed', c.what);
        assert.ok(
          body.error.details?.some((d: { path: string; code: string }) => d.path === c.path && d.code === 'encoding'),
          `${c.what}: details name ${c.path}: ${JSON.stringify(body.error.details)}`,
        );
      }
      const afterSites = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites');
      assert.equal(afterSites.rows[0]!.n, before.sites.rows[0]!.n, 'no site stored');
      assert.equal(await count('events', s.siteId), before.events, 'no event stored');
      for (const table of ['touches', 'publisher_clicks', 'conversions']) assert.equal(await count(table, s.siteId), 0, table);
    });

    it('fails only the bad item of a batch', async () => {
      const s = await setup();
      const res = await t().inject({
        method: 'POST',
        url: '/api/v1/events/batch',
        headers: s.server,
        payload: { events: [event(), event('search', { properties: { query: 'ok', [`k${NUL}`]: 1 } }), event('page_view', { device_id: LONE }), event()] },
      });
      assert.equal(res.statusCode, 207, res.body);
      const results = res.json().data.results as { success: boolean; error?: { details: { path: string }[] } }[];
      assert.deepEqual(results.map((r) => r.success), [true, false, false, true]);
      assert.equal(results[1]!.error!.details[0]!.path, `/events/1/properties/k${NUL}`);
      assert.equal(results[2]!.error!.details[0]!.path, '/events/2/device_id');
      assert.equal(await count('events', s.siteId), 2);
    });

    it('never echoes or stores a NUL X-Request-Id, and answers normally', async () => {
      const s = await setup();
      const res = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { ...s.server, 'x-request-id': `id${'\u0000'}x` }, payload: event() });
      assert.equal(res.statusCode, 201);
      assert.doesNotMatch(String(res.headers['x-request-id']), /\u0000/);
      assert.equal(res.json().meta.request_id, res.headers['x-request-id']);
    });
  });

  it('refuses years before 1970 and 0000–0099 on every route that takes a timestamp (never 19xx)', async () => {
    const s = await setup();
    for (const year of ['0042', '0099', '1969']) {
      const at = `${year}-06-01T10:00:00Z`;
      const cases: { what: string; req: Parameters<TestApp['inject']>[0] }[] = [
        { what: 'track', req: { method: 'POST', url: '/api/v1/events/track', headers: s.server, payload: event('page_view', { occurred_at: at }) } },
        { what: 'touch', req: { method: 'POST', url: '/api/v1/partner-attribution/touches', headers: s.browser, payload: { touches: [touch({ occurred_at: at })] } } },
        { what: 'conversion', req: { method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: s.server, payload: { event_type: 'purchase', conversion: purchase(s.siteId, { occurred_at: at }) } } },
        {
          what: 'click',
          req: { method: 'POST', url: '/api/v1/publisher/clicks', headers: s.browser, payload: { click_id: `c-${randomUUID()}`, provider: 'awin', reference: 'A'.repeat(20), destination_url: 'https://www.awin1.com/x', occurred_at: at } },
        },
        { what: 'key expiry', req: { method: 'POST', url: `/api/v1/sites/${s.siteId}/api-keys`, headers: s.ownerH, payload: { scopes: ['events:write'], expires_at: at } } },
        { what: 'analytics from', req: { method: 'GET', url: `/api/v1/analytics/publishers?website_id=${s.siteId}&from=${year}-06-01`, headers: s.ownerH } },
      ];
      for (const c of cases) {
        const res = await t().inject(c.req);
        assert.equal(res.statusCode, 400, `${c.what} ${year}: ${res.statusCode} ${res.body}`);
      }
      const batch = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: s.server, payload: { events: [event('page_view', { occurred_at: at }), event()] } });
      assert.equal(batch.statusCode, 207);
      const reports = await t().inject({
        method: 'POST',
        url: '/api/v1/publisher/reports',
        headers: s.server,
        payload: { provider: 'awin', records: [{ provider_transaction_id: `t-${year}`, reference: 'A'.repeat(20), status: 'pending', sale_amount: 10, commission_amount: 1, currency: 'EUR', transaction_at: at, updated_at: at }] },
      });
      assert.equal(reports.statusCode, 207, `reports ${year}: ${reports.body}`);
      assert.equal(reports.json().data.results[0].status, 'error');
    }
    const stored = await t().database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE site_id = $1 AND occurred_at < '1970-01-01'`, [s.siteId]);
    assert.equal(stored.rows[0]!.n, 0);
  });
});

describe('contract §7: HSTS=1', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite', { env: { HSTS: '1' } });
  });
  after(async () => t.close());
  it('adds Strict-Transport-Security to every response', async () => {
    for (const url of ['/health', '/api/v1/nope', '/sdk/v1/storefront.js', '/api/v1/events/%ED%A0%80']) {
      const res = await t.inject({ method: 'GET', url });
      assert.match(String(res.headers['strict-transport-security']), /max-age=\d+/, url);
    }
  });
});

describe('contract §7: requests Node refuses before the app (real sockets)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(async () => t.close());

  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let out = '';
      socket.on('data', (d) => (out += d.toString('latin1')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });

  it('answers a NUL in a header or a broken request line with a 400 in the envelope and the security headers', async () => {
    for (const request of ['GET /health HTTP/1.1\r\nHost: a\r\nUser-Agent: x\u0000y\r\n\r\n', 'GET /he alth HTTP/1.1\r\nHost: a\r\n\r\n']) {
      const answer = await raw(request);
      assert.match(answer, /^HTTP\/1\.1 400 /, JSON.stringify(request));
      assert.match(answer, /X-Content-Type-Options: nosniff/i);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      assert.equal(body.success, false);
      assert.equal(body.error.code, 'validation_failed');
      assert.equal(typeof body.meta.request_id, 'string');
    }
  });
});
