// The dashboard's sign-in routes: which sign-in the page uses (the identity provider when one is
// configured, else the local issuer, else none), local ID tokens for a user name only while the
// local issuer is on (404 in the envelope otherwise), refused input, and the per-address limit.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { bearer, createTestApp, forEachEngine, type TestApp } from '../../helpers/app.js';
import { startFakeIdp, IDP_AUDIENCE, type FakeIdp } from '../../helpers/fake-idp.js';
import { LOCAL_SIGN_INS_PER_MINUTE } from '../../../src/modules/dashboard/sign-in.js';
import { localSignInAllowed, localSignInBanner } from '../../../src/auth/local-sign-in.js';

const METHOD = '/api/v1/sign-in';
const LOCAL = '/api/v1/sign-in/local';

forEachEngine('sign-in with the local issuer', (t) => {
  it('says the page signs in locally, and mints an ID token for a user name that the merchant routes take', async () => {
    const method = await t().inject({ method: 'GET', url: METHOD });
    assert.equal(method.statusCode, 200);
    assert.deepEqual(method.json().data, { method: 'local' });
    assert.equal(method.headers['cache-control'], 'no-store');

    const site = await t().createSite();
    const res = await t().inject({ method: 'POST', url: LOCAL, payload: { user: site.owner }, remoteAddress: '127.0.0.1' });
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
      const res = await t().inject({ method: 'POST', url: LOCAL, payload, remoteAddress: '127.0.0.2' });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().success, false);
      assert.equal(res.json().error.code, 'validation_failed');
    }
  });

  it(`limits each client address to ${LOCAL_SIGN_INS_PER_MINUTE} sign-ins a minute (429 with Retry-After)`, async () => {
    const sign = (remoteAddress: string) => t().inject({ method: 'POST', url: LOCAL, payload: { user: 'limited' }, remoteAddress });
    // Addresses of this run only (the counters may live in a Redis that other runs share).
    const [one, two] = [1, 2].map((n) => `127.${n}.${randomInt(256)}.${randomInt(256)}`) as [string, string];
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

forEachEngine('the local issuer and clients that are not on this machine', (t) => {
  it('refuses a client off loopback with 403, tells it there is no sign-in, and mints nothing', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.8', '192.168.1.2', '::ffff:198.51.100.1', '2001:db8::1', '169.254.1.1']) {
      const method = await t().inject({ method: 'GET', url: METHOD, remoteAddress });
      assert.deepEqual(method.json().data, { method: 'none' }, remoteAddress);
      const res = await t().inject({ method: 'POST', url: LOCAL, payload: { user: 'demo' }, remoteAddress });
      assert.equal(res.statusCode, 403, remoteAddress);
      assert.equal(res.json().error.code, 'forbidden');
      assert.match(res.json().error.message, /LOCAL_IDP_REMOTE=1/);
      assert.equal(res.body.includes('id_token'), false);
    }
  });

  it('refuses a loopback connection that a proxy relayed for someone else (X-Forwarded-For, Forwarded)', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await t().inject({ method: 'POST', url: LOCAL, payload: { user: 'demo' }, remoteAddress: '127.0.0.1', headers });
      assert.equal(res.statusCode, 403, JSON.stringify(headers));
      const method = await t().inject({ method: 'GET', url: METHOD, remoteAddress: '127.0.0.1', headers });
      assert.deepEqual(method.json().data, { method: 'none' });
    }
  });
});

describe('the local issuer with LOCAL_IDP_REMOTE=1, and behind a trusted proxy', () => {
  it('serves a remote client when LOCAL_IDP_REMOTE=1', async () => {
    const app = await createTestApp('pglite', { env: { LOCAL_IDP_REMOTE: '1' } });
    try {
      assert.deepEqual((await app.inject({ method: 'GET', url: METHOD, remoteAddress: '203.0.113.7' })).json().data, { method: 'local' });
      const res = await app.inject({ method: 'POST', url: LOCAL, payload: { user: 'demo' }, remoteAddress: '203.0.113.7' });
      assert.equal(res.statusCode, 200, res.body);
    } finally {
      await app.close();
    }
  });

  it('judges the client a trusted proxy names, not the proxy', async () => {
    const app = await createTestApp('pglite', { env: { TRUST_PROXY: 'loopback' } });
    try {
      const relayed = (xff: string) =>
        app.inject({ method: 'POST', url: LOCAL, payload: { user: 'demo' }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': xff } });
      assert.equal((await relayed('203.0.113.9')).statusCode, 403);
      assert.equal((await relayed('127.0.0.1')).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});

describe('the local issuer in production', () => {
  it('is off without LOCAL_IDP: GET /sign-in says none and POST /sign-in/local is 404, from loopback too', async () => {
    const app = await createTestApp('pglite', { env: { NODE_ENV: 'production', LOCAL_IDP: '' } });
    try {
      assert.equal(app.config.localIdp, false);
      assert.deepEqual((await app.inject({ method: 'GET', url: METHOD })).json().data, { method: 'none' });
      const res = await app.inject({ method: 'POST', url: LOCAL, payload: { user: 'demo' } });
      assert.equal(res.statusCode, 404);
      assert.equal(res.body.includes('id_token'), false);
    } finally {
      await app.close();
    }
  });

  it('is on with LOCAL_IDP=1, for loopback clients only', async () => {
    const app = await createTestApp('pglite', { env: { NODE_ENV: 'production', LOCAL_IDP: '1' } });
    try {
      assert.equal((await app.inject({ method: 'POST', url: LOCAL, payload: { user: 'demo' }, remoteAddress: '127.0.0.1' })).statusCode, 200);
      assert.equal((await app.inject({ method: 'POST', url: LOCAL, payload: { user: 'demo' }, remoteAddress: '198.51.100.4' })).statusCode, 403);
    } finally {
      await app.close();
    }
  });
});

describe('localSignInAllowed and the banner (pure)', () => {
  it('allows loopback that no proxy relayed, or anyone when remote sign-in is on', () => {
    const table: [string, boolean, boolean, boolean][] = [
      // address, relayed, LOCAL_IDP_REMOTE, allowed
      ['127.0.0.1', false, false, true],
      ['127.255.0.9', false, false, true],
      ['::1', false, false, true],
      ['::ffff:127.0.0.1', false, false, true],
      ['127.0.0.1', true, false, false],
      ['10.0.0.1', false, false, false],
      ['0.0.0.0', false, false, false],
      ['::', false, false, false],
      ['fe80::1', false, false, false],
      ['not an address', false, false, false],
      ['203.0.113.1', false, true, true],
      ['127.0.0.1', true, true, true],
    ];
    for (const [address, relayed, remote, allowed] of table) {
      assert.equal(localSignInAllowed({ address, relayed }, remote), allowed, `${address} relayed=${relayed} remote=${remote}`);
    }
  });

  it('says whether the local issuer is off, loopback only, or open to any client', () => {
    assert.match(localSignInBanner({ localIdp: false, localIdpRemote: false }), /off/);
    assert.match(localSignInBanner({ localIdp: true, localIdpRemote: false }), /loopback/);
    assert.match(localSignInBanner({ localIdp: true, localIdpRemote: true }), /ANY CLIENT/);
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
