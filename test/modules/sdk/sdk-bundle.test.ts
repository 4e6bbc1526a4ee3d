// The SDK bundle: within its size budget, served with caching headers.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const BUDGET = 6 * 1024;

describe('SDK bundle', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(async () => t.close());

  it('is at most 6 KB minified and gzipped', async () => {
    for (const file of ['storefront.js', 'storefront.mjs']) {
      const res = await t.inject({ method: 'GET', url: `/sdk/v1/${file}` });
      assert.equal(res.statusCode, 200);
      const size = gzipSync(res.rawPayload, { level: 9 }).length;
      assert.ok(size <= BUDGET, `${file}: ${size} bytes gzipped, budget ${BUDGET}`);
    }
  });

  it('is served as JavaScript with an ETag and a cache lifetime, and answers 304 to a revalidation', async () => {
    const res = await t.inject({ method: 'GET', url: '/sdk/v1/storefront.js', headers: { origin: 'https://any-shop.example' } });
    assert.match(String(res.headers['content-type']), /application\/javascript/);
    assert.match(String(res.headers['cache-control']), /public, max-age=\d+/);
    assert.ok(res.headers.etag);
    assert.equal(res.headers['access-control-allow-origin'], 'https://any-shop.example');
    assert.match(res.body, /var Storefront=/);
    const again = await t.inject({ method: 'GET', url: '/sdk/v1/storefront.js', headers: { 'if-none-match': String(res.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const esm = await t.inject({ method: 'GET', url: '/sdk/v1/storefront.mjs' });
    assert.match(esm.body, /export\{/);
  });
});
