// CONTRACT §1 credential rules not checked elsewhere: admin routes without PLATFORM_SECRET, body
// credentials on the publisher-clicks beacon and off the beacon routes, origin binding on every
// browser route, CORS on every browser route (and none on key and merchant routes), membership on
// merchant routes, and the site's max_touches_per_request range.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, createTestApp, forEachEngine, ORIGIN, type TestApp } from '../helpers/app.js';
import { purchase, touch } from '../helpers/attribution.js';
import { event } from '../helpers/events.js';

const EVIL = 'https://evil.example';
const AWIN = 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002';
const ref = () => `R${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.replace(/[^A-Za-z0-9]/g, '').padEnd(20, '0').slice(0, 24);
const click = (overrides: Record<string, unknown> = {}) => ({
  click_id: `c-${Math.random().toString(36).slice(2)}`,
  provider: 'awin',
  reference: ref(),
  destination_url: AWIN,
  occurred_at: new Date(Date.now() - 60_000).toISOString(),
  ...overrides,
});

describe('contract §2: /api/admin/* without PLATFORM_SECRET', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite', { env: { PLATFORM_SECRET: '' } });
  });
  after(async () => t.close());

  it('answers 401 even to a well-formed signature', async () => {
    assert.equal(t.config.platformSecret, undefined);
    const res = await t.inject({ method: 'GET', url: '/api/admin/sites', headers: { 'x-platform-signature': t.platformSignature({ method: 'GET', url: '/api/admin/sites' }) } });
    assert.equal(res.statusCode, 401, res.body);
    assert.equal(res.json().error.code, 'unauthorized');
    const none = await t.inject({ method: 'GET', url: '/api/admin/sites' });
    assert.equal(none.statusCode, 401);
  });
});

forEachEngine('contract §1 credentials', (t) => {
  const setup = async () => {
    const site = await t().createSite({ publisherMode: true });
    const key = await t().createKey(site.siteId);
    const token = await t().runtimeToken(site.siteId);
    return { ...site, apiKey: key.apiKey, token, browser: { ...bearer(token), origin: ORIGIN } };
  };
  const count = async (table: string, siteId: string) =>
    (await t().database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE site_id = $1`, [siteId])).rows[0]!.n;

  it('publisher clicks beacon: runtime token in a text/plain body only, never a secret key, never with a header', async () => {
    const s = await setup();
    const beacon = (headers: Record<string, string>, body: unknown) =>
      t().inject({ method: 'POST', url: '/api/v1/publisher/clicks', headers: { 'content-type': 'text/plain', origin: ORIGIN, ...headers }, payload: JSON.stringify(body) });
    const ok = await beacon({}, { ...click(), runtime_token: s.token });
    assert.equal(ok.statusCode, 201, ok.body);
    const secret = await beacon({}, { ...click(), runtime_token: s.apiKey });
    assert.equal(secret.statusCode, 401, 'a secret key in a body');
    assert.equal(secret.json().error.code, 'unauthorized');
    const both = await beacon(bearer(s.token), { ...click(), runtime_token: s.token });
    assert.equal(both.statusCode, 401, 'a body credential together with a header');
    const keyHeader = await beacon({ 'x-api-key': s.apiKey }, { ...click(), runtime_token: s.token });
    assert.equal(keyHeader.statusCode, 401, 'a body credential together with X-API-Key');
    const wrongField = await beacon({}, { ...click(), api_key: s.token });
    assert.equal(wrongField.statusCode, 401, 'this route takes runtime_token, not api_key');
    const wrongOrigin = await beacon({ origin: EVIL }, { ...click(), runtime_token: s.token });
    assert.equal(wrongOrigin.statusCode, 401, 'the body token is bound to its origin too');
    const noOrigin = await t().inject({ method: 'POST', url: '/api/v1/publisher/clicks', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ ...click(), runtime_token: s.token }) });
    assert.equal(noOrigin.statusCode, 401, 'and needs an Origin');
    assert.equal(await count('publisher_clicks', s.siteId), 1);
  });

  it('refuses body credentials on routes that are not beacon routes', async () => {
    const s = await setup();
    const cases: [string, Record<string, unknown>][] = [
      ['/api/v1/partner-experiments/assignments', { session_id: 's', runtime_token: s.token }],
      ['/api/v1/partner-experiments/assignments', { session_id: 's', api_key: s.token }],
      ['/api/v1/events/track', { ...event(), runtime_token: s.token }],
      ['/api/v1/partner-attribution/conversions', { event_type: 'purchase', conversion: purchase(s.siteId), api_key: s.apiKey }],
    ];
    for (const [url, body] of cases) {
      const res = await t().inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload: body });
      assert.equal(res.statusCode, 401, `${url} ${Object.keys(body).join(',')}: ${res.body}`);
    }
    assert.equal(await count('events', s.siteId), 0);
    assert.equal(await count('conversions', s.siteId), 0);
  });

  it('binds runtime tokens to their origin on every browser route, and the refusal is readable cross-origin', async () => {
    const s = await setup();
    const routes: [string, unknown][] = [
      ['/api/v1/events/track', event()],
      ['/api/v1/events/batch', { events: [event()] }],
      ['/api/v1/partner-attribution/touches', { touches: [touch()] }],
      ['/api/v1/partner-experiments/assignments', { session_id: 'sess-1' }],
      ['/api/v1/publisher/clicks', click()],
    ];
    for (const [url, payload] of routes) {
      const good = await t().inject({ method: 'POST', url, headers: s.browser, payload: payload as object });
      assert.ok(good.statusCode < 300, `${url} with its own origin: ${good.statusCode} ${good.body}`);
      assert.equal(good.headers['access-control-allow-origin'], ORIGIN, `${url}: CORS on the answer`);
      const other = await t().inject({ method: 'POST', url, headers: { ...bearer(s.token), origin: EVIL }, payload: payload as object });
      assert.equal(other.statusCode, 401, `${url} from another origin: ${other.body}`);
      assert.equal(other.json().error.code, 'unauthorized');
      assert.equal(other.headers['access-control-allow-origin'], EVIL, `${url}: a page on a wrong origin can read its 401`);
      const none = await t().inject({ method: 'POST', url, headers: bearer(s.token), payload: payload as object });
      assert.equal(none.statusCode, 401, `${url} without Origin`);
    }
  });

  it('answers preflights for any origin on every browser route', async () => {
    const routes: [string, string][] = [
      ['/api/v1/runtime/token', 'POST'],
      ['/api/v1/events/track', 'POST'],
      ['/api/v1/events/batch', 'POST'],
      ['/api/v1/partner-attribution/touches', 'POST'],
      ['/api/v1/partner-experiments/assignments', 'POST'],
      ['/api/v1/publisher/clicks', 'POST'],
      ['/sdk/v1/storefront.js', 'GET'],
      ['/sdk/v1/render.mjs', 'GET'],
    ];
    for (const [url, method] of routes) {
      const origin = `https://page-${Math.random().toString(36).slice(2, 8)}.example`;
      const res = await t().inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
      });
      assert.equal(res.statusCode, 204, `${url}: ${res.statusCode}`);
      assert.equal(res.headers['access-control-allow-origin'], origin, url);
      assert.match(String(res.headers.vary), /Origin/i, url);
      assert.match(String(res.headers['access-control-allow-methods']), new RegExp(method), url);
      assert.match(String(res.headers['access-control-allow-headers']), /Authorization/i, url);
      assert.match(String(res.headers['access-control-allow-headers']), /Content-Type/i, url);
      // The SDK revalidates its configuration itself (If-None-Match out, ETag read back).
      assert.match(String(res.headers['access-control-allow-headers']), /If-None-Match/i, url);
    }
  });

  it('sends no CORS headers on key, merchant and admin routes', async () => {
    const s = await setup();
    const owner = bearer(await t().idToken(s.owner));
    const preflights = [
      '/api/v1/partner-attribution/conversions',
      '/api/v1/publisher/reports',
      '/api/v1/analytics/publishers',
      '/api/v1/partner-experiments',
      `/api/v1/sites/${s.siteId}/api-keys`,
      `/api/v1/sites/${s.siteId}/members`,
      `/api/v1/partner-attribution/conversions/o-1`,
      '/api/admin/sites',
    ];
    for (const url of preflights) {
      const res = await t().inject({ method: 'OPTIONS', url, headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key,content-type' } });
      assert.equal(res.headers['access-control-allow-origin'], undefined, `preflight ${url}`);
    }
    const actual = [
      await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: { 'x-api-key': s.apiKey, origin: ORIGIN }, payload: { event_type: 'purchase', conversion: purchase(s.siteId) } }),
      await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: { 'x-api-key': s.apiKey, origin: ORIGIN }, payload: { provider: 'awin', records: [] } }),
      await t().inject({ method: 'GET', url: `/api/v1/analytics/publishers?website_id=${s.siteId}`, headers: { ...owner, origin: ORIGIN } }),
      await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/api-keys`, headers: { ...owner, origin: ORIGIN } }),
      await t().inject({ method: 'GET', url: `/api/v1/partner-experiments?website_id=${s.siteId}`, headers: { ...owner, origin: ORIGIN } }),
    ];
    for (const res of actual) assert.equal(res.headers['access-control-allow-origin'], undefined, `${res.statusCode} ${res.body.slice(0, 100)}`);
  });

  it('admits merchants only for sites they belong to, and only owners change them', async () => {
    const s = await setup();
    const stranger = bearer(await t().idToken(`stranger-${Date.now()}`));
    const member = bearer(await t().idToken(s.member));
    const reads = [
      `/api/v1/sites/${s.siteId}`,
      `/api/v1/sites/${s.siteId}/api-keys`,
      `/api/v1/sites/${s.siteId}/members`,
      `/api/v1/partner-experiments?website_id=${s.siteId}`,
      `/api/v1/partner-attribution/conversions/o-1?website_id=${s.siteId}`,
      `/api/v1/analytics/publishers?website_id=${s.siteId}`,
    ];
    for (const url of reads) {
      const res = await t().inject({ method: 'GET', url, headers: stranger });
      assert.equal(res.statusCode, 403, `stranger ${url}: ${res.body}`);
      assert.equal(res.json().error.code, 'forbidden');
    }
    const writes: [string, string, unknown][] = [
      ['PATCH', `/api/v1/sites/${s.siteId}`, { name: 'taken' }],
      ['POST', `/api/v1/sites/${s.siteId}/members`, { user: 'mallory', role: 'owner' }],
      ['POST', `/api/v1/sites/${s.siteId}/api-keys`, { scopes: ['events:write'] }],
    ];
    for (const [method, url, payload] of writes) {
      for (const [who, headers] of [['stranger', stranger], ['member', member]] as const) {
        const res = await t().inject({ method: method as 'POST', url, headers, payload: payload as object });
        assert.equal(res.statusCode, 403, `${who} ${method} ${url}: ${res.body}`);
      }
    }
    const site = (await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}`, headers: member })).json().data;
    assert.notEqual(site.name, 'taken');
    const members = await t().database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM site_members WHERE site_id = $1 AND user_id = 'mallory'`, [s.siteId]);
    assert.equal(members.rows[0]!.n, 0);
  });

  it('takes max_touches_per_request from 1 to 20 only', async () => {
    const s = await setup();
    const owner = bearer(await t().idToken(s.owner));
    for (const bad of [0, -1, 21, 1.5, '5']) {
      const res = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}`, headers: owner, payload: { config: { max_touches_per_request: bad } } });
      assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      assert.equal(res.json().error.details[0].path, '/config/max_touches_per_request');
    }
    for (const good of [1, 20]) {
      const res = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}`, headers: owner, payload: { config: { max_touches_per_request: good } } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.config.max_touches_per_request, good);
    }
    // With the limit at 20 again, 20 touches pass and the runtime token's config says so.
    const token = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: s.siteId } });
    assert.equal(token.json().data.config.max_touches_per_request, 20);
    const twenty = await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/touches', headers: s.browser, payload: { touches: Array.from({ length: 20 }, () => touch()) } });
    assert.equal(twenty.statusCode, 201, twenty.body);
  });
});
