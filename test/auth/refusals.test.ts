// Each credential refused with the contract's status (CONTRACT §0, §1).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, it } from 'node:test';
import { bearer, forEachEngine, ORIGIN, PLATFORM_SECRET } from '../helpers/app.js';
import { startFakeIdp, type FakeIdp } from '../helpers/fake-idp.js';

let idp: FakeIdp;
before(async () => {
  idp = await startFakeIdp();
});
after(async () => idp.close());

const CURRENT = '/api/v1/credentials/current';

forEachEngine(
  'credential refusals',
  (t) => {
    const codeOf = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;

    it('accepts a fresh runtime token with its own origin', async () => {
      const { siteId } = await t().createSite();
      const res = await t().inject({ method: 'GET', url: CURRENT, headers: { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN } });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        { kind: res.json().data.kind, site: res.json().data.site_id, trust: res.json().data.trust_class },
        { kind: 'runtime_token', site: siteId, trust: 'browser' },
      );
    });

    it('refuses an expired runtime token, another Origin and a missing Origin with 401', async () => {
      const { siteId } = await t().createSite();
      const services = t().app.services;
      const expired = (await services.runtimeTokens.issue({ siteId, origin: ORIGIN }, Date.now() - 3_600_000)).token;
      const fresh = await t().runtimeToken(siteId);
      for (const [headers, why] of [
        [{ ...bearer(expired), origin: ORIGIN }, 'expired'],
        [{ ...bearer(fresh), origin: 'https://evil.example' }, 'other origin'],
        [{ ...bearer(fresh) }, 'no origin'],
        [{ ...bearer(`${fresh.slice(0, -4)}AAAA`), origin: ORIGIN }, 'tampered'],
      ] as const) {
        const res = await t().inject({ method: 'GET', url: CURRENT, headers });
        assert.equal(res.statusCode, 401, why);
        assert.equal(codeOf(res), 'unauthorized', why);
      }
    });

    it('takes a same-origin GET without Origin (browsers omit it) as coming from the service’s own origin, and only that', async () => {
      const own = 'http://shop.example';
      const { siteId } = await t().createSite({ origins: [own] });
      const token = await t().runtimeToken(siteId, own);
      const get = (headers: Record<string, string>) => t().inject({ method: 'GET', url: CURRENT, headers: { ...bearer(token), ...headers } });
      const same = await get({ host: 'shop.example', 'sec-fetch-site': 'same-origin' });
      assert.equal(same.statusCode, 200, same.body);
      for (const [headers, why] of [
        [{ host: 'shop.example', 'sec-fetch-site': 'cross-site' }, 'cross-site'],
        [{ host: 'shop.example', 'sec-fetch-site': 'same-site' }, 'same-site'],
        [{ host: 'api.example', 'sec-fetch-site': 'same-origin' }, 'another host'],
        [{ host: 'shop.example' }, 'no fetch metadata'],
        [{ host: 'shop.example', 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, 'an Origin header wins'],
      ] as const) {
        assert.equal((await get(headers)).statusCode, 401, why);
      }
    });

    it('refuses revoked and expired keys with 401', async () => {
      const { siteId } = await t().createSite();
      const revoked = await t().createKey(siteId);
      await t().app.services.apiKeys.revokeKey({ kind: 'system' }, siteId, revoked.keyId);
      const expired = await t().createKey(siteId);
      await t().database.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE key_id = $1`, [expired.keyId]);
      for (const [apiKey, why] of [
        [revoked.apiKey, 'revoked'],
        [expired.apiKey, 'expired'],
        ['sk_thisisnotarealkeythisisnotarealkey00', 'unknown'],
        ['not-even-shaped-like-a-key', 'malformed'],
      ]) {
        const res = await t().inject({ method: 'GET', url: CURRENT, headers: { 'x-api-key': apiKey! } });
        assert.equal(res.statusCode, 401, why);
      }
    });

    it('refuses a key without the scope: 403 insufficient_scope, or 401 where the route says so', async () => {
      const { siteId } = await t().createSite();
      const key = await t().createKey(siteId, ['events:write']);
      const strict = await t().inject({ method: 'POST', url: '/api/v1/test/convert', headers: { 'x-api-key': key.apiKey } });
      assert.equal(strict.statusCode, 403);
      assert.equal(codeOf(strict), 'insufficient_scope');
      const events = await t().inject({ method: 'POST', url: '/api/v1/test/events-like', headers: { 'x-api-key': key.apiKey } });
      assert.equal(events.statusCode, 401);
      const withScope = await t().createKey(siteId, ['partner_attribution:convert']);
      const accepted = await t().inject({ method: 'POST', url: '/api/v1/test/convert', headers: { 'x-api-key': withScope.apiKey } });
      assert.equal(accepted.statusCode, 200);
    });

    it('verifies ID tokens from the configured identity provider', async () => {
      const ok = await t().inject({ method: 'GET', url: CURRENT, headers: bearer(await idp.sign({ sub: 'idp-alice' })) });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().data.user, 'idp-alice');
      for (const [token, why] of [
        [await idp.sign({ key: 'other' }), 'bad signature'],
        [await idp.sign({ iss: 'https://evil.example/' }), 'wrong issuer'],
        [await idp.sign({ aud: 'someone-else' }), 'wrong audience'],
        [await idp.sign({ expiresIn: -120 }), 'expired'],
        ['not.a.jwt', 'garbage'],
      ]) {
        const res = await t().inject({ method: 'GET', url: CURRENT, headers: bearer(token!) });
        assert.equal(res.statusCode, 401, `${why}: ${res.body}`);
        assert.equal(codeOf(res), 'unauthorized');
      }
    });

    it('refuses a local ID token that expired or was forged', async () => {
      const expired = await t().app.services.idTokens.issueLocal('alice', -60);
      const res = await t().inject({ method: 'GET', url: CURRENT, headers: bearer(expired.idToken) });
      assert.equal(res.statusCode, 401);
      const good = await t().idToken('alice');
      const forged = `${good.split('.').slice(0, 2).join('.')}.${Buffer.alloc(32).toString('base64url')}`;
      assert.equal((await t().inject({ method: 'GET', url: CURRENT, headers: bearer(forged) })).statusCode, 401);
    });

    it('checks platform signatures: fresh, single-use nonce, bound to method, path, query and body', async () => {
      const url = '/api/admin/sites';
      const now = Math.floor(Date.now() / 1000);
      const get = (sig: string, at = url) => t().inject({ method: 'GET', url: at, headers: { 'x-platform-signature': sig } });
      const okSig = t().platformSignature({ method: 'GET', url }, now);
      const first = await get(okSig);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal((await get(okSig)).statusCode, 401, 'the same nonce twice');
      // Two identical legitimate calls in the same second: each has its own nonce.
      const [a, b] = await Promise.all([get(t().platformSignature({ method: 'GET', url }, now)), get(t().platformSignature({ method: 'GET', url }, now))]);
      assert.deepEqual([a.statusCode, b.statusCode], [200, 200]);
      assert.equal((await get(t().platformSignature({ method: 'GET', url }, now - 301))).statusCode, 401, 'older than 300 s (skewed t)');
      assert.equal((await get(t().platformSignature({ method: 'GET', url }, now + 310))).statusCode, 401, 'from the future');
      assert.equal((await get(t().platformSignature({ method: 'GET', url, body: '{"x":1}' }, now))).statusCode, 401, 'signed another body');
      assert.equal((await get(t().platformSignature({ method: 'POST', url }, now))).statusCode, 401, 'signed another method');
      assert.equal((await get(t().platformSignature({ method: 'GET', url: '/api/admin/jobs' }, now))).statusCode, 401, 'signed another path');
      assert.equal(
        (await get(t().platformSignature({ method: 'GET', url: `${url}?limit=1` }, now))).statusCode,
        401,
        'signed another query',
      );
      const withQuery = `${url}?limit=1`;
      assert.equal((await get(t().platformSignature({ method: 'GET', url: withQuery }, now), withQuery)).statusCode, 200, 'query signed as sent');
      // The old body-only form (t=…,v1=HMAC(t.body)) is refused.
      const legacy = `t=${now},v1=${createHmac('sha256', PLATFORM_SECRET).update(`${now}.`).digest('hex')}`;
      assert.equal((await get(legacy)).statusCode, 401, 'the old form');
      const malformed = await get('v1=abc');
      assert.equal(malformed.statusCode, 401);
    });

    it('refuses two credentials at once and credentials of the wrong kind', async () => {
      const { siteId, owner } = await t().createSite();
      const key = await t().createKey(siteId);
      const both = await t().inject({
        method: 'GET',
        url: CURRENT,
        headers: { 'x-api-key': key.apiKey, ...bearer(await t().idToken(owner)) },
      });
      assert.equal(both.statusCode, 401);
      const keyOnMerchantRoute = await t().inject({ method: 'GET', url: '/api/v1/sites', headers: { 'x-api-key': key.apiKey } });
      assert.equal(keyOnMerchantRoute.statusCode, 401);
      const runtimeOnMerchantRoute = await t().inject({
        method: 'GET',
        url: '/api/v1/sites',
        headers: { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN },
      });
      assert.equal(runtimeOnMerchantRoute.statusCode, 401);
    });
  },
  {
    get env() {
      return idp.env;
    },
    extend(app) {
      app.post('/api/v1/test/convert', { config: { auth: { apiKey: { scopes: ['partner_attribution:convert'] } } } }, async () => ({ ok: true }));
      app.post(
        '/api/v1/test/events-like',
        { config: { auth: { apiKey: { scopes: ['events:write', 'publisher_reports:write'], missingScopeStatus: 401 } } } },
        async () => ({ ok: true }),
      );
    },
  },
);
