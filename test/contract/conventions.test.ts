// CONTRACT §0 conventions not checked elsewhere: the success envelope, the X-Request-Id limit, the
// order of checks (invalid JSON → credentials → schema → business rules), text/plain off the beacon
// routes, the 512 KiB request limit from both sides, unknown fields ignored, and no 500 on any
// JSON route for random input.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { bearer, countRows, forEachEngine, ORIGIN, siteWithCredentials } from '../helpers/app.js';
import { purchase, touch } from '../helpers/attribution.js';
import { event } from '../helpers/events.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

forEachEngine('contract §0 conventions', (t) => {
  const setup = () => siteWithCredentials(t());
  const count = (table: string, siteId: string) => countRows(t(), table, siteId);

  it('wraps every success in { success, data, meta: { timestamp, request_id } } with request_id = X-Request-Id', async () => {
    const s = await setup();
    const responses = [
      await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: s.server, payload: event() }),
      await t().inject({ method: 'GET', url: '/api/v1/sites', headers: s.ownerH }),
      await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/touches', headers: s.browser, payload: { touches: [touch()] } }),
      await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: s.siteId } }),
      await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { ...s.server, 'x-request-id': 'my-req.1_A' }, payload: event() }),
    ];
    for (const res of responses) {
      assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${res.statusCode} ${res.body}`);
      const body = res.json();
      assert.equal(body.success, true);
      assert.equal(typeof body.data, 'object');
      assert.notEqual(body.data, null);
      assert.match(body.meta.timestamp, ISO_MS);
      assert.equal(typeof body.meta.request_id, 'string');
      assert.equal(body.meta.request_id, res.headers['x-request-id']);
    }
    assert.equal(responses[4]!.json().meta.request_id, 'my-req.1_A');
  });

  it('echoes an X-Request-Id of up to 128 characters and replaces a longer one', async () => {
    const ok = 'a'.repeat(128);
    const long = 'b'.repeat(129);
    const echoed = await t().inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-request-id': ok } });
    assert.equal(echoed.headers['x-request-id'], ok);
    assert.equal(echoed.json().meta.request_id, ok);
    const replaced = await t().inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-request-id': long } });
    assert.notEqual(replaced.headers['x-request-id'], long);
    assert.equal(replaced.json().meta.request_id, replaced.headers['x-request-id']);
    for (const bad of ['', 'with/slash', 'ümlaut']) {
      const res = await t().inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
      assert.notEqual(res.headers['x-request-id'], bad, JSON.stringify(bad));
      assert.ok(String(res.headers['x-request-id']).length > 0);
    }
  });

  it('checks invalid JSON before credentials on every body route, beacon routes included', async () => {
    const s = await setup();
    const routes: [string, Record<string, string>][] = [
      ['/api/v1/events/track', { 'content-type': 'application/json' }],
      ['/api/v1/events/batch', { 'content-type': 'application/json' }],
      ['/api/v1/events/batch', { 'content-type': 'text/plain' }],
      ['/api/v1/partner-attribution/touches', { 'content-type': 'text/plain' }],
      ['/api/v1/partner-attribution/touches', { 'content-type': 'application/json' }],
      ['/api/v1/publisher/clicks', { 'content-type': 'text/plain' }],
      ['/api/v1/partner-attribution/conversions', { 'content-type': 'application/json' }],
      ['/api/v1/partner-experiments', { 'content-type': 'application/json' }],
      ['/api/v1/partner-experiments/assignments', { 'content-type': 'application/json' }],
      ['/api/v1/publisher/reports', { 'content-type': 'application/json' }],
      ['/api/v1/runtime/token', { 'content-type': 'application/json' }],
    ];
    for (const [url, headers] of routes) {
      for (const extra of [{}, s.server, { origin: ORIGIN }]) {
        const res = await t().inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload: '{"events": [' });
        assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(headers)}: ${res.body}`);
        assert.equal(res.json().error.code, 'invalid_json', url);
      }
    }
    assert.equal(await count('events', s.siteId), 0);
  });

  it('checks credentials before the schema: no credential with a bad body is 401, a key without the scope is 403', async () => {
    const s = await setup();
    const bodies: [string, string, unknown][] = [
      ['POST', '/api/v1/events/track', { event_type: 'nope' }],
      ['POST', '/api/v1/events/batch', { events: 'nope' }],
      ['POST', '/api/v1/partner-attribution/touches', { touches: [] }],
      ['POST', '/api/v1/partner-attribution/conversions', { event_type: 'nope' }],
      ['POST', '/api/v1/partner-experiments', { website_id: 'bad' }],
      ['POST', '/api/v1/partner-experiments/assignments', { session_id: '' }],
      ['POST', '/api/v1/publisher/clicks', { reference: 'x' }],
      ['POST', '/api/v1/publisher/reports', { provider: 'nope' }],
      ['POST', '/api/v1/sites', { name: '' }],
      ['PATCH', `/api/v1/sites/${s.siteId}`, { config: { max_touches_per_request: 99 } }],
      ['POST', `/api/v1/sites/${s.siteId}/members`, { user: '', role: 'king' }],
      ['POST', `/api/v1/sites/${s.siteId}/api-keys`, { scopes: ['root'] }],
    ];
    for (const [method, url, payload] of bodies) {
      const res = await t().inject({ method: method as 'POST', url, payload: payload as object });
      assert.equal(res.statusCode, 401, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().error.code, 'unauthorized');
    }
    const eventsOnly = await t().createKey(s.siteId, ['events:write']);
    const scoped = await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: { 'x-api-key': eventsOnly.apiKey }, payload: { event_type: 'nope' } });
    assert.equal(scoped.statusCode, 403, scoped.body);
    assert.equal(scoped.json().error.code, 'insufficient_scope');
    const reportsScoped = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: { 'x-api-key': eventsOnly.apiKey }, payload: { provider: 'nope' } });
    assert.equal(reportsScoped.statusCode, 403, reportsScoped.body);
    assert.equal(reportsScoped.json().error.code, 'insufficient_scope');
    const convertOnly = await t().createKey(s.siteId, ['partner_attribution:convert']);
    const eventsNoScope = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': convertOnly.apiKey }, payload: { event_type: 'nope' } });
    assert.equal(eventsNoScope.statusCode, 401, 'event routes: a key without events:write is 401 (spec part 7), before the schema');
  });

  it('checks access to the site (403) before the schema (400): merchants without the role, keys of another site', async () => {
    const s = await setup();
    const other = await setup();
    const member = bearer(await t().idToken(s.member));
    const stranger = bearer(await t().idToken(`stranger-${Date.now()}`));
    const draft = (await t().inject({ method: 'POST', url: '/api/v1/partner-experiments', headers: s.ownerH, payload: { website_id: s.siteId, name: 'Draft', surfaces: [{ type: 'overlay', campaign_id: 'c' }] } })).json().data.experiment_id as string;
    const cases: [string, string, Record<string, string>, unknown][] = [
      ['PATCH', `/api/v1/sites/${s.siteId}`, member, { config: { max_touches_per_request: 99 } }],
      ['POST', `/api/v1/sites/${s.siteId}/api-keys`, member, { scopes: ['root'] }],
      ['POST', `/api/v1/sites/${s.siteId}/members`, stranger, { user: '', role: 'king' }],
      ['POST', '/api/v1/partner-experiments', stranger, { website_id: s.siteId, name: '', surfaces: [] }],
      ['GET', `/api/v1/partner-experiments?website_id=${s.siteId}&x=1`, stranger, undefined],
      ['GET', `/api/v1/analytics/publishers?website_id=${s.siteId}&from=yesterday`, member, undefined],
      ['GET', `/api/v1/partner-attribution/conversions/o1?website_id=${s.siteId}`, stranger, undefined],
      ['POST', '/api/v1/partner-attribution/conversions', other.server, { event_type: 'purchase', conversion: { website_id: s.siteId, revenue: 'lots' } }],
    ];
    const failures: string[] = [];
    for (const [method, url, headers, payload] of cases) {
      const res = await t().inject({ method: method as 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      if (res.statusCode !== 403 || res.json().error.code !== 'forbidden') failures.push(`${method} ${url}: ${res.statusCode} ${res.body}`);
    }
    assert.deepEqual(failures, []);
    // Another site's experiment is not found, before the schema, whatever the body (CONTRACT §7).
    const foreign = await t().inject({ method: 'PATCH', url: `/api/v1/partner-experiments/${draft}`, headers: stranger, payload: { weights: { control: 2 } } });
    assert.equal(foreign.statusCode, 404, foreign.body);
    const wrongSite = await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: other.server, payload: { event_type: 'purchase', conversion: { website_id: s.siteId } } });
    assert.equal(wrongSite.json().error.details[0].path, '/conversion/website_id', 'names where the other site is');
    // A malformed site id is the schema's to name; an unknown one is still a 404.
    const malformed = await t().inject({ method: 'POST', url: '/api/v1/partner-experiments', headers: stranger, payload: { website_id: 'nope', name: 'x', surfaces: [] } });
    assert.equal(malformed.statusCode, 400);
    const unknown = await t().inject({ method: 'GET', url: '/api/v1/sites/site_Unknown000000000000', headers: stranger });
    assert.equal(unknown.statusCode, 404);
    // With access, the schema speaks.
    const allowed = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/members`, headers: s.ownerH, payload: { user: '', role: 'king' } });
    assert.equal(allowed.statusCode, 400);
  });

  it('checks the schema before business rules: a bad replay is 400, not 409', async () => {
    const s = await setup();
    const p = purchase(s.siteId);
    const send = (conversion: Record<string, unknown>) =>
      t().inject({ method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: s.server, payload: { event_type: 'purchase', conversion } });
    assert.equal((await send(p)).statusCode, 201);
    const badReplay = await send({ ...p, tax: -1 });
    assert.equal(badReplay.statusCode, 400, badReplay.body);
    assert.equal(badReplay.json().error.code, 'validation_failed');
    const badOtherKey = await send({ ...p, idempotency_key: 'other', currency: 'EURO' });
    assert.equal(badOtherKey.statusCode, 400, 'not order_exists');
    const a = touch();
    const post = (touches: unknown[]) => t().inject({ method: 'POST', url: '/api/v1/partner-attribution/touches', headers: s.browser, payload: { touches } });
    assert.equal((await post([a])).statusCode, 201);
    const conflictAndBad = await post([{ ...a, partner_id: 'changed' }, touch({ provider: 'rakuten' })]);
    assert.equal(conflictAndBad.statusCode, 400, conflictAndBad.body);
  });

  it('takes text/plain only on the beacon routes: 415 elsewhere, nothing stored', async () => {
    const s = await setup();
    const token = await t().runtimeToken(s.siteId);
    const cases: [string, Record<string, string>, unknown][] = [
      ['/api/v1/partner-attribution/conversions', s.server, { event_type: 'purchase', conversion: purchase(s.siteId) }],
      ['/api/v1/partner-experiments/assignments', { ...bearer(token), origin: ORIGIN }, { session_id: 's' }],
      ['/api/v1/publisher/reports', s.server, { provider: 'awin', records: [] }],
      ['/api/v1/runtime/token', { origin: ORIGIN }, { site_id: s.siteId }],
      ['/api/v1/partner-experiments', s.ownerH, { website_id: s.siteId, name: 'x', surfaces: [{ type: 'overlay', campaign_id: 'c' }] }],
      ['/api/v1/events/track', s.server, event()],
    ];
    for (const [url, headers, body] of cases) {
      const res = await t().inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'text/plain' }, payload: JSON.stringify(body) });
      assert.equal(res.statusCode, 415, `${url}: ${res.body}`);
      assert.equal(res.json().error.code, 'unsupported_media_type');
    }
    assert.equal(await count('conversions', s.siteId), 0);
    assert.equal(await count('events', s.siteId), 0);
  });

  it('refuses a request over 512 KiB with 413 on any route, and accepts a batch just under it', async () => {
    const s = await setup();
    const pad = 'x'.repeat(520 * 1024);
    const overConversion = await t().inject({
      method: 'POST',
      url: '/api/v1/partner-attribution/conversions',
      headers: s.server,
      payload: { event_type: 'purchase', conversion: purchase(s.siteId), padding: pad },
    });
    assert.equal(overConversion.statusCode, 413);
    assert.equal(overConversion.json().error.code, 'payload_too_large');
    const token = await t().runtimeToken(s.siteId);
    const overBeacon = await t().inject({
      method: 'POST',
      url: '/api/v1/events/batch',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      payload: JSON.stringify({ api_key: token, events: Array.from({ length: 20 }, () => event('custom', { properties: { event_name: 'x', blob: 'y'.repeat(30 * 1024) } })) }),
    });
    assert.equal(overBeacon.statusCode, 413);
    assert.equal(overBeacon.json().error.code, 'payload_too_large');
    const overTouches = await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/touches', headers: s.browser, payload: { touches: [touch()], padding: pad } });
    assert.equal(overTouches.statusCode, 413);
    assert.equal(await count('events', s.siteId), 0);
    assert.equal(await count('conversions', s.siteId), 0);
    assert.equal(await count('touches', s.siteId), 0);

    // 16 items of about 30 KiB: about 485 KiB in all, each under 32 KiB: every item stored.
    const events = Array.from({ length: 16 }, () => event('custom', { properties: { event_name: 'x', blob: 'y'.repeat(30 * 1024) } }));
    const payload = JSON.stringify({ events });
    assert.ok(payload.length < 512 * 1024 && payload.length > 480 * 1024, String(payload.length));
    const under = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: { ...s.server, 'content-type': 'application/json' }, payload });
    assert.equal(under.statusCode, 201, under.body.slice(0, 300));
    assert.equal(await count('events', s.siteId), 16);
  });

  it('ignores unknown body fields', async () => {
    const s = await setup();
    const site = await t().inject({ method: 'POST', url: '/api/v1/sites', headers: s.ownerH, payload: { name: 'Extra', origins: [ORIGIN], colour: 'blue' } });
    assert.equal(site.statusCode, 201, site.body);
    const tracked = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: s.server, payload: { ...event(), extra_top_level: 1 } });
    assert.equal(tracked.statusCode, 201, tracked.body);
    const batched = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: s.server, payload: { events: [event()], note: 'x' } });
    assert.equal(batched.statusCode, 201, batched.body);
    const touches = await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/touches', headers: s.browser, payload: { touches: [{ ...touch(), utm_source: 'x' }], batch_note: 'y' } });
    assert.equal(touches.statusCode, 201, touches.body);
    const conversion = await t().inject({
      method: 'POST',
      url: '/api/v1/partner-attribution/conversions',
      headers: s.server,
      payload: { event_type: 'purchase', conversion: { ...purchase(s.siteId), channel: 'web' }, sent_by: 'erp' },
    });
    assert.equal(conversion.statusCode, 201, conversion.body);
    const experiment = await t().inject({
      method: 'POST',
      url: '/api/v1/partner-experiments',
      headers: s.ownerH,
      payload: { website_id: s.siteId, name: 'x', surfaces: [{ type: 'overlay', campaign_id: 'c', colour: 'red' }], owner_note: 'n' },
    });
    assert.equal(experiment.statusCode, 201, experiment.body);
    const runtime = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: s.siteId, sdk_version: '1' } });
    assert.equal(runtime.statusCode, 200, runtime.body);
  });

  it('never answers 500 to random JSON on any body route', async () => {
    const s = await setup();
    const key = await t().createKey(s.siteId, undefined, { rateLimitPerHour: 1_000_000 });
    const server = { 'x-api-key': key.apiKey };
    const routes: [string, string, Record<string, string>][] = [
      ['POST', '/api/v1/partner-attribution/conversions', server],
      ['POST', '/api/v1/partner-attribution/touches', s.browser],
      ['POST', '/api/v1/publisher/clicks', s.browser],
      ['POST', '/api/v1/publisher/reports', server],
      ['POST', '/api/v1/partner-experiments', s.ownerH],
      ['POST', '/api/v1/partner-experiments/assignments', s.browser],
      ['POST', '/api/v1/sites', s.ownerH],
      ['PATCH', `/api/v1/sites/${s.siteId}`, s.ownerH],
      ['POST', `/api/v1/sites/${s.siteId}/members`, s.ownerH],
      ['POST', `/api/v1/sites/${s.siteId}/api-keys`, s.ownerH],
      ['POST', '/api/v1/runtime/token', { origin: ORIGIN }],
    ];
    // Random JSON, and random values grafted into plausible bodies.
    const plausible = fc.record({
      field: fc.constantFrom('conversion', 'touches', 'records', 'surfaces', 'weights', 'config', 'session_id', 'reference', 'provider', 'event_type', 'site_id', 'name', 'origins', 'scopes', 'role', 'user'),
      value: fc.jsonValue(),
    });
    const bodies = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      plausible.map(({ field, value }) => JSON.stringify({ event_type: 'purchase', conversion: purchase(s.siteId), touches: [touch()], provider: 'awin', records: [{}], website_id: s.siteId, name: 'n', surfaces: [{ type: 'overlay', campaign_id: 'c' }], [field]: value })),
      plausible.map(({ field, value }) => JSON.stringify({ event_type: 'purchase', conversion: { ...purchase(s.siteId), [field]: value, lines: [{ line_id: 'l', [field]: value }] } })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), bodies, async ([method, url, headers], body) => {
        const res = await t().inject({ method: method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
        assert.ok(res.statusCode < 500, `${res.statusCode} ${method} ${url} for ${body.slice(0, 300)}: ${res.body.slice(0, 300)}`);
        assert.equal(res.json().success, res.statusCode < 300);
      }),
      { numRuns: 250 },
    );
    assert.equal((await t().inject({ method: 'GET', url: '/health' })).statusCode, 200);
  });
});
