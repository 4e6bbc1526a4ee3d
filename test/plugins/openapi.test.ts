// The OpenAPI 3.1 document: valid by a real validator, each route's credential declaration is its
// security requirement, and it is fit to generate clients from: every operation named, described
// and tagged; shared schemas and headers by reference; one error schema whose codes are the
// catalogue; beacon bodies as text/plain; the conversions body discriminated by event_type; every
// example valid against its schema.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import { securityOf } from '../../src/auth/principal.js';
import { ERROR_CATALOGUE } from '../../src/errors.js';
import { HEADERS, operationsOf } from '../../src/plugins/openapi-document.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

type Json = Record<string, any>;

describe('OpenAPI', () => {
  let t: TestApp;
  let doc: Json;
  before(async () => {
    t = await createTestApp('pglite');
    doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  });
  after(async () => t.close());
  const operations = () => operationsOf(doc as never).map((o) => ({ ...o, name: `${o.method.toUpperCase()} ${o.path}`, op: o.op as Json }));

  it('serves a valid OpenAPI 3.1 document', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    for (const scheme of ['runtimeToken', 'apiKey', 'merchantIdToken', 'platformSignature']) {
      assert.ok(doc.components.securitySchemes[scheme], scheme);
    }
    assert.ok(doc.servers?.length > 0, 'servers');
  });

  it('shows every route with its declared credentials and error responses', async () => {
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

  it('names, describes and tags every operation: a unique camelCase operationId, a summary, a description, declared tags', () => {
    const declared = new Set((doc.tags as Array<{ name: string; description?: string }>).map((tag) => tag.name));
    for (const tag of doc.tags) assert.ok(tag.description, `tag ${tag.name} has a description`);
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { name, op } of operations()) {
      const id = op.operationId;
      if (typeof id !== 'string') problems.push(`${name}: no operationId (add operationId to the route's schema, e.g. 'getSomething')`);
      else if (!/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${name}: operationId ${id} is not camelCase`);
      else if (seen.has(id)) problems.push(`${name}: operationId ${id} is also ${seen.get(id)}'s`);
      else seen.set(id, name);
      if (!op.summary) problems.push(`${name}: no summary`);
      if (!op.description) problems.push(`${name}: no description (add description to the route's schema)`);
      if (!Array.isArray(op.tags) || op.tags.length === 0) problems.push(`${name}: no tags`);
      for (const tag of op.tags ?? []) if (!declared.has(tag)) problems.push(`${name}: tag "${tag}" is not declared (add it to TAGS in src/plugins/openapi-document.ts)`);
    }
    assert.deepEqual(problems, []);
  });

  it('has one error schema, referenced by every error response, whose code is the whole catalogue', () => {
    const { schemas } = doc.components;
    assert.deepEqual(schemas.ErrorCode.enum, Object.keys(ERROR_CATALOGUE));
    assert.deepEqual(schemas.ErrorBody.properties.code, { $ref: '#/components/schemas/ErrorCode' });
    assert.deepEqual(schemas.Error.properties.error, { $ref: '#/components/schemas/ErrorBody' });
    assert.deepEqual(schemas.Error.properties.meta, { $ref: '#/components/schemas/Meta' });
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        if (Number(status) < 400) continue;
        assert.deepEqual(response.content?.['application/json']?.schema, { $ref: '#/components/schemas/Error' }, `${name} ${status}`);
      }
    }
    for (const name of ['Meta', 'PageMeta', 'Event', 'EventBatch', 'ConversionBody', 'Product', 'Campaign', 'Site']) assert.ok(schemas[name], name);
    assert.ok(JSON.stringify(doc).length < 600_000, 'shared schemas keep the document small');
  });

  it('declares the response headers by reference: X-Request-Id everywhere, the quota and Retry-After on 429, Retry-After on 503, ETag with 304', () => {
    assert.deepEqual(Object.keys(doc.components.headers).sort(), Object.keys(HEADERS).sort());
    const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        const headers = response.headers ?? {};
        assert.deepEqual(headers['X-Request-Id'], ref('X-Request-Id'), `${name} ${status}`);
        if (status === '429') for (const h of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']) assert.deepEqual(headers[h], ref(h), `${name} 429 ${h}`);
        if (status === '503') assert.deepEqual(headers['Retry-After'], ref('Retry-After'), `${name} 503`);
        if (status === '304') assert.deepEqual(headers.ETag, ref('ETag'), `${name} 304`);
      }
    }
    const track = doc.paths['/api/v1/events/track'].post.responses;
    for (const status of ['200', '201']) assert.deepEqual(track[status].headers['RateLimit-Remaining'], ref('RateLimit-Remaining'));
  });

  it('takes the beacon routes’ bodies as text/plain too, and the conversions body as a oneOf discriminated by event_type', () => {
    for (const path of ['/api/v1/events/batch', '/api/v1/partner-attribution/touches', '/api/v1/publisher/clicks']) {
      const content = doc.paths[path].post.requestBody.content;
      assert.ok(content['application/json'], path);
      assert.equal(content['text/plain']?.schema?.contentMediaType, 'application/json', path);
      assert.deepEqual(content['text/plain'].schema.contentSchema, content['application/json'].schema, path);
    }
    const body = doc.components.schemas.ConversionBody;
    assert.equal(body.oneOf.length, 3);
    assert.equal(body.discriminator.propertyName, 'event_type');
    for (const [type, target] of Object.entries(body.discriminator.mapping as Record<string, string>)) {
      const variant = doc.components.schemas[target.split('/').pop()!];
      assert.equal(variant.properties.event_type.enum?.[0] ?? variant.properties.event_type.const, type);
      assert.ok(variant.required.includes('event_type'));
    }
  });

  it('has an example for every JSON request body, and every example in the document matches its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(doc, 'openapi.json');
    const at = (pointer: string) => ajv.compile({ $ref: `openapi.json#${pointer.split('/').map(encodeURIComponent).join('/')}` });
    const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
    const problems: string[] = [];
    let checked = 0;
    const visit = (node: unknown, pointer: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${pointer}/${i}`));
      if (typeof node !== 'object' || node === null) return;
      const o = node as Json;
      // A media type's examples (and example) against its schema.
      if (o.schema && (o.examples || o.example !== undefined) && /\/content\/[^/]+$/.test(pointer)) {
        const check = at(`${pointer}/schema`);
        const values = o.example !== undefined ? [['example', o.example]] : Object.entries(o.examples as Json).map(([k, v]) => [k, v.value]);
        for (const [k, value] of values) {
          checked += 1;
          if (!check(value)) problems.push(`${pointer} ${k}: ${ajv.errorsText(check.errors)}`);
        }
      }
      // A schema's own examples.
      if (Array.isArray(o.examples) && (o.type || o.properties || o.pattern)) {
        const check = at(pointer);
        for (const value of o.examples) {
          checked += 1;
          if (!check(value)) problems.push(`${pointer} examples: ${ajv.errorsText(check.errors)}`);
        }
      }
      for (const [k, v] of Object.entries(o)) if (k !== 'examples' && k !== 'example') visit(v, `${pointer}/${esc(k)}`);
    };
    visit(doc, '');
    assert.deepEqual(problems, []);
    assert.ok(checked > 20, `${checked} examples checked`);
    for (const { name, op } of operations()) {
      const json = op.requestBody?.content?.['application/json'];
      if (json) assert.ok(json.examples || json.example !== undefined, `${name} has a request example (src/plugins/openapi-examples.ts)`);
    }
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.body, /swagger/i);
  });
});
