// POST /runtime/token and CORS (CONTRACT §1).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';

forEachEngine('runtime tokens and CORS', (t) => {
  it('issues an origin-bound token with the site public configuration', async () => {
    const { siteId } = await t().createSite({ publisherMode: true });
    const res = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: siteId } });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(typeof data.token, 'string');
    const ttl = Date.parse(data.expires_at) - Date.now();
    assert.ok(ttl > 14 * 60_000 && ttl <= 15 * 60_000, `default lifetime 15 min, got ${ttl} ms`);
    assert.deepEqual(data.config, {
      site_id: siteId,
      publisher_mode: true,
      publisher_hosts: {
        awin: ['www.awin1.com'],
        cj: ['www.anrdoezrs.net', 'www.dpbolvw.net', 'www.jdoqocy.com', 'www.kqzyfj.com', 'www.tkqlhce.com'],
      },
      max_touches_per_request: 20,
      consent: { mode: 'none', honor_gpc: true },
    });
    assert.equal(res.headers['access-control-allow-origin'], ORIGIN);
    assert.equal(res.headers['cache-control'], 'no-store');

    const used = await t().inject({ method: 'GET', url: '/api/v1/credentials/current', headers: { ...bearer(data.token), origin: ORIGIN } });
    assert.equal(used.statusCode, 200);
    assert.equal(used.json().data.site_id, siteId);
  });

  it('refuses an origin the site does not allow, or none, with 403 origin_mismatch', async () => {
    const { siteId } = await t().createSite();
    for (const headers of [{ origin: 'https://evil.example' }, {}, { origin: 'null' }]) {
      const res = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers, payload: { site_id: siteId } });
      assert.equal(res.statusCode, 403, JSON.stringify(headers));
      assert.equal(res.json().error.code, 'origin_mismatch');
    }
  });

  it('answers 404 for an unknown site and 400 for a malformed one', async () => {
    const unknown = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: 'site_unknownunknown0' } });
    assert.equal(unknown.statusCode, 404);
    const malformed = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: 'x' } });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().error.details[0].path, '/site_id');
  });

  it('answers browser preflights for any origin; merchant routes send no CORS headers', async () => {
    const preflight = await t().inject({
      method: 'OPTIONS',
      url: '/api/v1/runtime/token',
      headers: { origin: 'https://anything.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'https://anything.example');
    assert.match(String(preflight.headers.vary), /Origin/i);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/i);
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);

    const merchantPreflight = await t().inject({
      method: 'OPTIONS',
      url: '/api/v1/sites',
      headers: { origin: 'https://anything.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(merchantPreflight.headers['access-control-allow-origin'], undefined);
    const merchant = await t().inject({ method: 'GET', url: '/api/v1/sites', headers: { origin: ORIGIN, ...bearer(await t().idToken('a')) } });
    assert.equal(merchant.headers['access-control-allow-origin'], undefined);
    const admin = await t().inject({ method: 'GET', url: '/api/admin/sites', headers: { origin: ORIGIN } });
    assert.equal(admin.headers['access-control-allow-origin'], undefined);
  });

  it('lets a page on a wrong origin read the refusal (CORS headers on errors)', async () => {
    const { siteId } = await t().createSite();
    const res = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: 'https://evil.example' }, payload: { site_id: siteId } });
    assert.equal(res.statusCode, 403);
    assert.equal(res.headers['access-control-allow-origin'], 'https://evil.example');
  });
});
