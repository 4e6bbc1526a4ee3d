// The OpenAPI 3.1 document: valid by a real validator, and each route's credential declaration
// is its security requirement.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { securityOf } from '../../src/auth/principal.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('OpenAPI', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(async () => t.close());

  it('serves a valid OpenAPI 3.1 document', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.equal(doc.openapi, '3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    for (const scheme of ['runtimeToken', 'apiKey', 'merchantIdToken', 'platformSignature']) {
      assert.ok(doc.components.securitySchemes[scheme], scheme);
    }
  });

  it('shows every route with its declared credentials and error responses', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const route of t.app.routeCatalog) {
      if (route.url === '/api/v1/openapi.json') continue;
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      assert.ok(op, `${route.method} ${path} is documented`);
      assert.deepEqual(op.security ?? [], securityOf(route.auth), `${route.method} ${path} security`);
      assert.ok(op.responses['400'], `${route.method} ${path} documents 400`);
      if (route.auth !== 'public') assert.ok(op.responses['401'], `${route.method} ${path} documents 401`);
    }
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.body, /swagger/i);
  });
});
