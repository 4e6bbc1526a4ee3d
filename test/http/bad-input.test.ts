// Bad input: the envelope, the right status, nothing stored, never a 500.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine } from '../helpers/app.js';

forEachEngine('bad input', (t) => {
  const countSites = async () => (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites')).rows[0]!.n;

  const assertEnvelope = (res: { json(): any; headers: Record<string, unknown> }, code: string) => {
    const body = res.json();
    assert.equal(body.success, false);
    assert.equal(body.error.code, code);
    assert.equal(typeof body.error.message, 'string');
    assert.match(body.meta.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal(body.meta.request_id, res.headers['x-request-id']);
  };

  it('invalid JSON: 400 invalid_json, before any credential check', async () => {
    const before = await countSites();
    const res = await t().inject({ method: 'POST', url: '/api/v1/sites', headers: { 'content-type': 'application/json' }, payload: '{"name": "x",' });
    assert.equal(res.statusCode, 400);
    assertEnvelope(res, 'invalid_json');
    const withToken = await t().inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { 'content-type': 'application/json', ...bearer(await t().idToken('alice')) },
      payload: '{"__proto__": {"x": 1}}',
    });
    assert.equal(withToken.statusCode, 400);
    assert.equal(await countSites(), before);
  });

  it('wrong content type: 415', async () => {
    const before = await countSites();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t().inject({
        method: 'POST',
        url: '/api/v1/sites',
        headers: { 'content-type': type, ...bearer(await t().idToken('alice')) },
        payload: 'name=x',
      });
      assert.equal(res.statusCode, 415, type);
      assertEnvelope(res, 'unsupported_media_type');
    }
    assert.equal(await countSites(), before);
  });

  it('a 1 MiB body: 413', async () => {
    const before = await countSites();
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: { 'content-type': 'application/json', ...bearer(await t().idToken('alice')) },
      payload: JSON.stringify({ name: 'x', origins: [], padding: 'x'.repeat(1024 * 1024) }),
    });
    assert.equal(res.statusCode, 413);
    assertEnvelope(res, 'payload_too_large');
    assert.equal(await countSites(), before);
  });

  it('an unknown route: 404 in the envelope', async () => {
    for (const [method, url] of [['GET', '/api/v1/nope'], ['POST', '/api/v1/sites/site_abcdefgh/unknown'], ['DELETE', '/api/v1/sites']] as const) {
      const res = await t().inject({ method, url });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assertEnvelope(res, 'not_found');
    }
  });

  it('a malformed site id: 400 naming the parameter', async () => {
    const headers = bearer(await t().idToken('alice'));
    for (const id of ['not-a-site', 'site_', 'site_%20x', `site_${'a'.repeat(300)}`]) {
      const res = await t().inject({ method: 'GET', url: `/api/v1/sites/${id}`, headers });
      assert.equal(res.statusCode, 400, `${id}: ${res.statusCode}`);
      assertEnvelope(res, 'validation_failed');
    }
    const res = await t().inject({ method: 'PATCH', url: '/api/v1/sites/site-bad', headers, payload: { name: 'x' } });
    assert.equal(res.statusCode, 400);
    assertEnvelope(res, 'validation_failed');
  });

  it('schema failures: every problem reported with a JSON Pointer, nothing stored', async () => {
    const before = await countSites();
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: bearer(await t().idToken('alice')),
      payload: { name: '', origins: 'https://x.example', publisher_mode: 'yes' },
    });
    assert.equal(res.statusCode, 400);
    assertEnvelope(res, 'validation_failed');
    const paths = res.json().error.details.map((d: { path: string }) => d.path).sort();
    assert.deepEqual(paths, ['/name', '/origins', '/publisher_mode']);
    const missing = await t().inject({ method: 'POST', url: '/api/v1/sites', headers: bearer(await t().idToken('alice')), payload: {} });
    assert.deepEqual(missing.json().error.details.map((d: { path: string }) => d.path).sort(), ['/name', '/origins']);
    const notObject = await t().inject({ method: 'POST', url: '/api/v1/sites', headers: { ...bearer(await t().idToken('alice')), 'content-type': 'application/json' }, payload: '[1,2]' });
    assert.equal(notObject.statusCode, 400);
    assert.equal(await countSites(), before);
  });

  it('echoes a sane X-Request-Id and replaces an insane one', async () => {
    const sane = await t().inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc.DEF_123-x' } });
    assert.equal(sane.headers['x-request-id'], 'abc.DEF_123-x');
    assert.equal(sane.json().meta.request_id, 'abc.DEF_123-x');
    const insane = await t().inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'has spaces and <script>' } });
    assert.notEqual(insane.headers['x-request-id'], 'has spaces and <script>');
    assert.equal(insane.json().meta.request_id, insane.headers['x-request-id']);
  });
});
