// The dashboard's sign-in routes: which sign-in the page uses (the identity provider when one is
// configured, else the local issuer, else none), local ID tokens for a user name only while the
// local issuer is on (404 in the envelope otherwise), refused input, and the per-address limit.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { bearer, createTestApp, forEachEngine, type TestApp } from '../../helpers/app.js';
import { startFakeIdp, IDP_AUDIENCE, type FakeIdp } from '../../helpers/fake-idp.js';
import { LOCAL_SIGN_INS_PER_MINUTE } from '../../../src/modules/dashboard/sign-in.js';

const METHOD = '/api/v1/sign-in';
const LOCAL = '/api/v1/sign-in/local';

forEachEngine('sign-in with the local issuer', (t) => {
  it('says the page signs in locally, and mints an ID token for a user name that the merchant routes take', async () => {
    const method = await t().inject({ method: 'GET', url: METHOD });
    assert.equal(method.statusCode, 200);
    assert.deepEqual(method.json().data, { method: 'local' });
    assert.equal(method.headers['cache-control'], 'no-store');

    const site = await t().createSite();
    const res = await t().inject({ method: 'POST', url: LOCAL, payload: { user: site.owner }, remoteAddress: '10.1.0.1' });
    assert.equal(res.statusCode, 200, res.body);
    const { id_token, expires_at, user } = res.json().data;
    assert.equal(user, site.owner);
    const hours = (Date.parse(expires_at) - Date.now()) / 3_600_000;
    assert.ok(hours > 7.9 && hours <= 8, `an 8-hour session (${hours})`);
    const current = await t().inject({ method: 'GET', url: '/api/v1/credentials/current', headers: bearer(id_token) });
    assert.equal(current.json().data.user, site.owner);
    const sites = await t().inject({ method: 'GET', url: '/api/v1/sites', headers: bearer(id_token) });
    assert.deepEqual(sites.json().data.map((s: { site_id: string }) => s.site_id), [site.siteId]);
  });

  it('refuses a missing, empty or over-long user name with 400 in the envelope', async () => {
    for (const payload of [{}, { user: '' }, { user: 'x'.repeat(201) }, { user: 42 }]) {
      const res = await t().inject({ method: 'POST', url: LOCAL, payload, remoteAddress: '10.1.0.2' });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().success, false);
      assert.equal(res.json().error.code, 'validation_failed');
    }
  });

  it(`limits each client address to ${LOCAL_SIGN_INS_PER_MINUTE} sign-ins a minute (429 with Retry-After)`, async () => {
    const sign = (remoteAddress: string) => t().inject({ method: 'POST', url: LOCAL, payload: { user: 'limited' }, remoteAddress });
    // Addresses of this run only (the counters may live in a Redis that other runs share).
    const [one, two] = [1, 2].map((n) => `10.${n}.${randomInt(256)}.${randomInt(256)}`) as [string, string];
    for (let i = 0; i < LOCAL_SIGN_INS_PER_MINUTE; i += 1) assert.equal((await sign(one)).statusCode, 200);
    const refused = await sign(one);
    // Unless the clock minute turned over in between.
    if (refused.statusCode === 200) return;
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error.code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal((await sign(two)).statusCode, 200, 'another address is not limited');
  });
});

describe('sign-in with the local issuer off', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp('pglite', { env: { LOCAL_IDP: '0' } });
  });
  after(async () => app?.close());

  it('says there is no sign-in, and answers 404 in the envelope to a local sign-in', async () => {
    assert.deepEqual((await app.inject({ method: 'GET', url: METHOD })).json().data, { method: 'none' });
    const res = await app.inject({ method: 'POST', url: LOCAL, payload: { user: 'someone' } });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().success, false);
    assert.equal(res.json().error.code, 'not_found');
    assert.match(res.json().error.message, /local issuer is off/);
  });
});

describe('sign-in with an identity provider', () => {
  let idp: FakeIdp;
  let app: TestApp;
  before(async () => {
    idp = await startFakeIdp({ oidc: true });
    app = await createTestApp('pglite', { env: { ...idp.env, LOCAL_IDP: '0', IDP_CLIENT_ID: 'dashboard-client' } });
  });
  after(async () => {
    await app?.close();
    await idp?.close();
  });

  it('tells the page the issuer, its client id and scope; the page CSP may fetch from the provider', async () => {
    const res = await app.inject({ method: 'GET', url: METHOD });
    assert.deepEqual(res.json().data, { method: 'oidc', issuer: idp.issuer, client_id: 'dashboard-client', scope: 'openid' });
    const page = await app.inject({ method: 'GET', url: '/app/sites/site_x/overview' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-security-policy']), new RegExp(`connect-src 'self' ${idp.issuer.replace(/[.:/]/g, '\\$&')}(;|$)`));
  });

  it('defaults the client id to IDP_AUDIENCE', async () => {
    const other = await createTestApp('pglite', { env: idp.env });
    try {
      assert.equal((await other.inject({ method: 'GET', url: METHOD })).json().data.client_id, IDP_AUDIENCE);
    } finally {
      await other.close();
    }
  });
});
