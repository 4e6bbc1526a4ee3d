// The SDK bundles: within their size budgets (the capture core alone, and the core with the campaign
// renderer it imports on demand), served with caching headers and CORS.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const CORE_BUDGET = 6 * 1024;
const TOTAL_BUDGET = 12 * 1024;

describe('SDK bundle', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(async () => t.close());

  const gzipped = async (file: string) => {
    const res = await t.inject({ method: 'GET', url: `/sdk/v1/${file}` });
    assert.equal(res.statusCode, 200, file);
    return gzipSync(res.rawPayload, { level: 9 }).length;
  };

  it('the capture core is at most 6 KB minified and gzipped, and with the renderer at most 12 KB', async () => {
    const render = await gzipped('render.mjs');
    for (const file of ['storefront.js', 'storefront.mjs']) {
      const core = await gzipped(file);
      assert.ok(core <= CORE_BUDGET, `${file}: ${core} bytes gzipped, budget ${CORE_BUDGET}`);
      assert.ok(core + render <= TOTAL_BUDGET, `${file} + render.mjs: ${core} + ${render} bytes gzipped, budget ${TOTAL_BUDGET}`);
    }
  });

  it('keeps the renderer out of the core: the core imports it on demand', async () => {
    const core = (await t.inject({ method: 'GET', url: '/sdk/v1/storefront.js' })).body;
    assert.match(core, /import\(/);
    assert.doesNotMatch(core, /attachShadow|adoptedStyleSheets/);
    const render = (await t.inject({ method: 'GET', url: '/sdk/v1/render.mjs' })).body;
    assert.match(render, /attachShadow/);
    assert.match(render, /export\{/);
  });

  it('is served as JavaScript with an ETag and a cache lifetime, and answers 304 to a revalidation', async () => {
    for (const file of ['storefront.js', 'render.mjs']) {
      const res = await t.inject({ method: 'GET', url: `/sdk/v1/${file}`, headers: { origin: 'https://any-shop.example' } });
      assert.match(String(res.headers['content-type']), /application\/javascript/);
      assert.match(String(res.headers['cache-control']), /public, max-age=\d+/);
      assert.ok(res.headers.etag);
      assert.equal(res.headers['access-control-allow-origin'], 'https://any-shop.example', 'a module import across origins needs CORS');
      const again = await t.inject({ method: 'GET', url: `/sdk/v1/${file}`, headers: { 'if-none-match': String(res.headers.etag) } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
    }
    assert.match((await t.inject({ method: 'GET', url: '/sdk/v1/storefront.js' })).body, /var Storefront=/);
    assert.match((await t.inject({ method: 'GET', url: '/sdk/v1/storefront.mjs' })).body, /export\{/);
  });
});
