// Event ingestion through inject(), on both engines (CONTRACT §1 beacon routes, §3).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';
import { event, REQUIRED } from '../../helpers/events.js';
import { EVENT_TYPES } from '../../../src/modules/events/event-types.js';

const withoutMeta = (body: { meta?: unknown }) => ({ ...body, meta: undefined });

forEachEngine('event ingestion', (t) => {
  const setup = async () => {
    const site = await t().createSite();
    const key = await t().createKey(site.siteId);
    return { ...site, key: key.apiKey, keyId: key.keyId, server: { 'x-api-key': key.apiKey } };
  };
  const countEvents = async (siteId: string) =>
    (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE site_id = $1', [siteId])).rows[0]!.n;
  const track = (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: '/api/v1/events/track', headers, payload: payload as object });
  const batch = (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: '/api/v1/events/batch', headers, payload: payload as object });

  it('tracks an event: 201, then 200 deduplicated with the same event_id', async () => {
    const { siteId, server } = await setup();
    const e = event('product_view', { client_event_id: 'ce-1', occurred_at: '2026-11-21T22:28:01.123+01:00' });
    const first = await track(server, e);
    assert.equal(first.statusCode, 201, first.body);
    const data = first.json().data;
    assert.match(data.event_id, /^evt_[0-9a-f]{32}$/);
    assert.equal(data.timestamp, '2026-11-21T21:28:01.123Z');
    assert.equal(data.deduplicated, false);
    assert.equal(first.headers['ratelimit-limit'], '10000');
    assert.equal(first.headers['ratelimit-remaining'], '9999');
    const again = await track(server, { ...e, session_id: 'another' });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().data.event_id, data.event_id);
    assert.equal(again.json().data.deduplicated, true);
    assert.equal(again.json().data.timestamp, data.timestamp);
    assert.equal(await countEvents(siteId), 1);
  });

  it('derives the deduplication key when there is no client_event_id', async () => {
    const { siteId, server } = await setup();
    const e = event('search', { occurred_at: '2026-11-20T10:00:00.000Z' });
    const a = await track(server, e);
    const b = await track(server, e);
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 200);
    assert.equal(b.json().data.event_id, a.json().data.event_id);
    const c = await track(server, { ...e, properties: { query: 'other' } });
    assert.equal(c.statusCode, 201, 'another business id is another event');
    const d = await track(server, { ...e, occurred_at: '2026-11-20T10:00:00.001Z' });
    assert.equal(d.statusCode, 201, 'another millisecond is another event');
    const withClickId = await track(server, { ...e, context: { ...(e.context as object), page_url: 'https://shop.example/products/1?awc=123_456_abc' } });
    assert.equal(withClickId.statusCode, 200, 'click ids are removed from the URL before the key is derived');
    const { rows } = await t().database.db.query<{ source: string }>('SELECT DISTINCT dedup_key_source AS source FROM events WHERE site_id = $1', [siteId]);
    assert.deepEqual(rows.map((r) => r.source), ['derived']);
  });

  it('keeps duplicates exact under a race: 20 concurrent identical requests, one 201', async () => {
    const { siteId, server } = await setup();
    for (const e of [event('add_to_cart', { client_event_id: 'race-1' }), event('add_to_cart', { occurred_at: '2026-11-21T00:00:00Z' })]) {
      const responses = await Promise.all(Array.from({ length: 20 }, () => track(server, e)));
      const statuses = responses.map((r) => r.statusCode).sort();
      assert.deepEqual(statuses, [...Array(19).fill(200), 201].sort());
      assert.equal(new Set(responses.map((r) => r.json().data.event_id)).size, 1);
    }
    assert.equal(await countEvents(siteId), 2);
  });

  it('accepts every event type with its required properties', async () => {
    const { siteId, server } = await setup();
    const res = await batch(server, { events: EVENT_TYPES.map((type) => event(type)) });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().data.accepted, EVENT_TYPES.length);
    assert.equal(await countEvents(siteId), EVENT_TYPES.length);
  });

  it('refuses each required property missing, null, empty or of the wrong type, naming it', async () => {
    const { siteId, server } = await setup();
    const failures: string[] = [];
    for (const [type, props] of Object.entries(REQUIRED)) {
      for (const name of Object.keys(props)) {
        const numeric = typeof props[name] === 'number';
        for (const bad of [undefined, null, numeric ? 'ten' : '', numeric ? '12' : 42, numeric ? {} : '   ']) {
          const properties: Record<string, unknown> = { ...props, [name]: bad };
          if (bad === undefined) delete properties[name];
          // purchase takes one of several names: remove the alternatives too
          if (type === 'purchase') {
            for (const alt of ['transaction_id', 'order_id', 'total_amount', 'total', 'revenue']) if (alt !== name && !(alt in props)) delete properties[alt];
          }
          const res = await track(server, event(type, { properties }));
          const paths = res.statusCode === 400 ? res.json().error.details.map((d: { path: string }) => d.path) : [];
          // A missing "one of" group is reported at its first name.
          const group = { order_id: 'transaction_id', total: 'total_amount' }[name];
          const expected = `/properties/${bad === undefined || bad === null ? (type === 'purchase' ? group ?? name : name) : name}`;
          if (res.statusCode !== 400 || !paths.includes(expected)) failures.push(`${type}.${name}=${JSON.stringify(bad)}: ${res.statusCode} ${paths}`);
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.equal(await countEvents(siteId), 0);
  });

  it('refuses bad envelopes with JSON-Pointer details and stores nothing', async () => {
    const { siteId, server } = await setup();
    const base = event('page_view');
    const hourAhead = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [string, Record<string, unknown>, string][] = [
      ['unknown type', { event_type: 'page_viewed' }, '/event_type'],
      ['no type', { event_type: undefined }, '/event_type'],
      ['empty session', { session_id: '' }, '/session_id'],
      ['missing session', { session_id: undefined }, '/session_id'],
      ['numeric session', { session_id: 5 }, '/session_id'],
      ['no context', { context: undefined }, '/context'],
      ['context not object', { context: 'x' }, '/context'],
      ['relative url', { context: { page_url: '/products/1', user_agent: 'ua' } }, '/context/page_url'],
      ['javascript url', { context: { page_url: 'javascript:alert(1)', user_agent: 'ua' } }, '/context/page_url'],
      ['empty user agent', { context: { page_url: 'https://a.example/', user_agent: '' } }, '/context/user_agent'],
      ['no user agent', { context: { page_url: 'https://a.example/' } }, '/context/user_agent'],
      ['not a date', { occurred_at: 'yesterday' }, '/occurred_at'],
      ['no offset', { occurred_at: '2026-11-21T10:00:00' }, '/occurred_at'],
      ['an hour ahead', { occurred_at: hourAhead }, '/occurred_at'],
      ['empty device', { device_id: '' }, '/device_id'],
      ['properties array', { properties: [1] }, '/properties'],
      ['NUL in property', { properties: { note: 'a\u0000b' } }, '/properties/note'],
    ];
    for (const [why, overrides, path] of cases) {
      const payload = { ...base, ...overrides };
      for (const k of Object.keys(overrides)) if (overrides[k] === undefined) delete payload[k];
      const res = await track(server, payload);
      assert.equal(res.statusCode, 400, `${why}: ${res.body}`);
      assert.equal(res.json().error.code, 'validation_failed', why);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), `${why}: ${JSON.stringify(res.json().error.details)}`);
    }
    const notObject = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { ...server, 'content-type': 'application/json' }, payload: '[1]' });
    assert.equal(notObject.statusCode, 400);
    assert.equal(await countEvents(siteId), 0);
  });

  it('enforces the size limits: 413 for a 40 KiB event, per item in a batch, 413 for a 600 KiB request', async () => {
    const { siteId, server } = await setup();
    const big = event('custom', { properties: { event_name: 'big', blob: 'x'.repeat(40 * 1024) } });
    const single = await track(server, big);
    assert.equal(single.statusCode, 413);
    assert.equal(single.json().error.code, 'payload_too_large');
    const mixed = await batch(server, { events: [event('page_view'), big] });
    assert.equal(mixed.statusCode, 207);
    assert.equal(mixed.json().data.results[1].error.code, 'payload_too_large');
    assert.equal(mixed.json().data.results[0].success, true);
    const huge = await batch(server, { events: Array.from({ length: 20 }, () => event('custom', { properties: { event_name: 'x', blob: 'y'.repeat(30 * 1024) } })) });
    assert.equal(huge.statusCode, 413);
    assert.equal(await countEvents(siteId), 1);
  });

  it('validates batches: 1–100 items, an array, 207 with per-item results in order', async () => {
    const { siteId, server } = await setup();
    for (const [payload, path] of [
      [{ events: [] }, '/events'],
      [{ events: Array.from({ length: 101 }, () => event()) }, '/events'],
      [{ events: { 0: event() } }, '/events'],
      [{}, '/events'],
    ] as const) {
      const res = await batch(server, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      assert.equal(res.json().error.details[0].path, path);
    }
    const good = event('page_view');
    const res = await batch(server, { events: [good, event('product_view', { properties: {} }), 'not an event', good] });
    assert.equal(res.statusCode, 207);
    const body = res.json();
    assert.equal(body.success, true);
    const results = body.data.results;
    assert.deepEqual(results.map((r: { index: number }) => r.index), [0, 1, 2, 3]);
    assert.equal(results[0].success, true);
    assert.equal(results[0].deduplicated, false);
    assert.equal(results[1].success, false);
    assert.equal(results[1].error.details[0].path, '/events/1/properties/product_id');
    assert.equal(results[2].error.details[0].path, '/events/2');
    assert.equal(results[3].deduplicated, true, 'the same event twice in one batch is one event');
    assert.equal(results[3].event_id, results[0].event_id);
    assert.deepEqual([body.data.accepted, body.data.deduplicated, body.data.failed], [1, 1, 2]);
    assert.equal(await countEvents(siteId), 1);
  });

  it('stamps trust from the credential, drops client trust fields, and strips click ids from URLs', async () => {
    const { siteId, server, member } = await setup();
    const runtime = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
    const claim = { trust_class: 'server', trusted: true };
    const e = event('purchase', {
      ...claim,
      properties: { order_id: 'o-9', total: 99.95, trust: 'server', nested: { trusted: true, keep: 1 } },
      context: { page_url: 'https://shop.example/done?awc=1_2_x&step=3&CJEVENT=abc#top', user_agent: 'ua', referrer: 'https://net.example/?sid=s1&clickref=r1', trust_class: 'server' },
    });
    const fromBrowser = await track(runtime, e);
    assert.equal(fromBrowser.statusCode, 201, fromBrowser.body);
    const fromServer = await track(server, { ...e, session_id: 'server-session' });
    assert.equal(fromServer.statusCode, 201);
    const memberToken = bearer(await t().idToken(member));
    const read = async (id: string) => (await t().inject({ method: 'GET', url: `/api/v1/events/${id}`, headers: memberToken })).json().data;
    const browserEvent = await read(fromBrowser.json().data.event_id);
    assert.equal(browserEvent.trust_class, 'browser');
    assert.equal((await read(fromServer.json().data.event_id)).trust_class, 'server');
    assert.deepEqual(browserEvent.properties, { order_id: 'o-9', total: 99.95, nested: { keep: 1 } });
    assert.equal(browserEvent.context.page_url, 'https://shop.example/done?step=3#top');
    assert.equal(browserEvent.context.referrer, 'https://net.example/');
    assert.equal(browserEvent.context.trust_class, undefined);
    const raw = JSON.stringify((await t().database.db.query('SELECT * FROM events WHERE site_id = $1', [siteId])).rows);
    assert.ok(!/trust_class":"server"|"trusted"|1_2_x/.test(raw.replace(/"trust_class":"(browser|server)"(?=,"key_id")/g, '')), raw);
  });

  it('updates profiles from server events only, latest traits winning', async () => {
    const { siteId, server } = await setup();
    const runtime = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
    await track(runtime, event('page_view', { user_id: 'u-browser', properties: { traits: { plan: 'free' } } }));
    await track(server, event('custom', { user_id: 'u-1', occurred_at: '2026-11-20T10:00:00Z', properties: { event_name: 'a', traits: { plan: 'pro', name: 'Ann' } } }));
    await track(server, event('custom', { user_id: 'u-1', occurred_at: '2026-11-19T10:00:00Z', properties: { event_name: 'b', traits: { plan: 'old', city: 'Oslo' } } }));
    const profiles = await t().database.db.query<{ user_id: string; traits: object; first_seen: Date; last_seen: Date; events: number }>(
      'SELECT user_id, traits, first_seen, last_seen, events FROM profiles WHERE site_id = $1',
      [siteId],
    );
    assert.equal(profiles.rows.length, 1, 'browser events never touch profiles');
    const p = profiles.rows[0]!;
    assert.equal(p.user_id, 'u-1');
    assert.deepEqual(p.traits, { plan: 'pro', name: 'Ann', city: 'Oslo' });
    assert.equal(p.first_seen.toISOString(), '2026-11-19T10:00:00.000Z');
    assert.equal(p.last_seen.toISOString(), '2026-11-20T10:00:00.000Z');
    assert.equal(Number(p.events), 2);
  });

  it('accepts the beacon form: text/plain batch with a runtime token in api_key and no header', async () => {
    const { siteId, key } = await setup();
    const token = await t().runtimeToken(siteId);
    const body = JSON.stringify({ api_key: token, events: [event('page_view'), event('add_to_cart')] });
    const ok = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN }, payload: body });
    assert.equal(ok.statusCode, 201, ok.body);
    const withHeader = await t().inject({
      method: 'POST',
      url: '/api/v1/events/batch',
      headers: { 'content-type': 'text/plain', origin: ORIGIN, ...bearer(token) },
      payload: body,
    });
    assert.equal(withHeader.statusCode, 401, 'a body credential together with a header');
    const secret = await t().inject({
      method: 'POST',
      url: '/api/v1/events/batch',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      payload: JSON.stringify({ api_key: key, events: [event()] }),
    });
    assert.equal(secret.statusCode, 401, 'a secret key in a body');
    const wrongOrigin = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: { 'content-type': 'text/plain', origin: 'https://evil.example' }, payload: body });
    assert.equal(wrongOrigin.statusCode, 401);
    const onTrack = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'content-type': 'application/json', origin: ORIGIN }, payload: JSON.stringify({ ...event(), api_key: token }) });
    assert.equal(onTrack.statusCode, 401, 'a runtime token in the track body');
    const textOnTrack = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'content-type': 'text/plain', origin: ORIGIN, ...bearer(token) }, payload: JSON.stringify(event()) });
    assert.equal(textOnTrack.statusCode, 415);
    const badJsonBeacon = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: { 'content-type': 'text/plain', origin: ORIGIN }, payload: '{"api_key":' });
    assert.equal(badJsonBeacon.statusCode, 400);
    assert.equal(badJsonBeacon.json().error.code, 'invalid_json');
    assert.equal(await countEvents(siteId), 2);
  });

  it('refuses keys without events:write, revoked keys and other credentials with 401', async () => {
    const { siteId, owner } = await setup();
    const convertOnly = await t().createKey(siteId, ['partner_attribution:convert']);
    assert.equal((await track({ 'x-api-key': convertOnly.apiKey }, event())).statusCode, 401);
    const revoked = await t().createKey(siteId, ['events:write']);
    assert.equal((await track({ 'x-api-key': revoked.apiKey }, event())).statusCode, 201);
    await t().app.services.apiKeys.revokeKey({ kind: 'system' }, siteId, revoked.keyId);
    assert.equal((await track({ 'x-api-key': revoked.apiKey }, event())).statusCode, 401);
    assert.equal((await track(bearer(await t().idToken(owner)), event())).statusCode, 401);
    assert.equal((await track({}, event())).statusCode, 401);
  });

  it('limits a key per clock hour: the 10,001st event is 429 with Retry-After and RateLimit headers', async () => {
    const { siteId } = await setup();
    const key = await t().createKey(siteId, ['events:write'], { rateLimitPerHour: 10_000 });
    const headers = { 'x-api-key': key.apiKey };
    for (let i = 0; i < 100; i += 1) {
      const res = await batch(headers, { events: Array.from({ length: 100 }, () => event()) });
      assert.equal(res.statusCode, 201);
    }
    const over = await track(headers, event());
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().error.code, 'rate_limited');
    assert.equal(over.headers['ratelimit-limit'], '10000');
    assert.equal(over.headers['ratelimit-remaining'], '0');
    const retryAfter = Number(over.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 3600, String(retryAfter));
    assert.equal(over.headers['ratelimit-reset'], over.headers['retry-after']);
  });

  it('refuses a whole batch that would pass the limit, counting invalid and duplicate items', async () => {
    const { siteId } = await setup();
    const key = await t().createKey(siteId, ['events:write'], { rateLimitPerHour: 10 });
    const headers = { 'x-api-key': key.apiKey };
    const e = event();
    const first = await batch(headers, { events: [e, e, 'bad', event(), event()] });
    assert.equal(first.statusCode, 207);
    assert.equal(first.headers['ratelimit-remaining'], '5');
    const tooMany = await batch(headers, { events: Array.from({ length: 6 }, () => event()) });
    assert.equal(tooMany.statusCode, 429);
    assert.equal(await countEvents(siteId), 3, 'nothing stored from the refused batch');
    const fits = await batch(headers, { events: Array.from({ length: 5 }, () => event()) });
    assert.equal(fits.statusCode, 201, 'a refused batch takes nothing from the quota');
    assert.equal((await track(headers, event())).statusCode, 429);
  });

  it('limits runtime tokens per site, configurable by the owner', async () => {
    const { siteId, owner } = await setup();
    const patch = await t().inject({
      method: 'PATCH',
      url: `/api/v1/sites/${siteId}`,
      headers: bearer(await t().idToken(owner)),
      payload: { config: { runtime_events_per_hour: 3 } },
    });
    assert.equal(patch.statusCode, 200);
    const runtime = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
    assert.equal((await batch(runtime, { events: [event(), event(), event()] })).statusCode, 201);
    const over = await track(runtime, event());
    assert.equal(over.statusCode, 429);
    assert.equal(over.headers['ratelimit-limit'], '3');
  });

  it('reads an event back for members of its site only', async () => {
    const { siteId, server, member } = await setup();
    const e = event('product_view', { user_id: 'u-7', device_id: 'd-1', client_event_id: 'read-1', properties: { product_id: 'p', product_price: 12.5, currency: 'EUR' } });
    const created = (await track(server, e)).json().data;
    const res = await t().inject({ method: 'GET', url: `/api/v1/events/${created.event_id}`, headers: bearer(await t().idToken(member)) });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.deepEqual(
      { ...data, received_at: undefined, occurred_at: undefined },
      {
        event_id: created.event_id,
        site_id: siteId,
        event_type: 'product_view',
        session_id: e.session_id,
        user_id: 'u-7',
        device_id: 'd-1',
        client_event_id: 'read-1',
        properties: { product_id: 'p', product_price: 12.5, currency: 'EUR' },
        context: e.context,
        trust_class: 'server',
        dedup_key_source: 'client_event_id',
        received_at: undefined,
        occurred_at: undefined,
      },
    );
    assert.equal(data.occurred_at, data.received_at, 'receipt time when occurred_at is omitted');
    // Another site's event answers exactly like one that does not exist (CONTRACT §7).
    const strangerToken = await t().idToken('stranger');
    const stranger = await t().inject({ method: 'GET', url: `/api/v1/events/${created.event_id}`, headers: bearer(strangerToken) });
    const unknown = await t().inject({ method: 'GET', url: `/api/v1/events/evt_${'0'.repeat(32)}`, headers: bearer(strangerToken) });
    assert.equal(stranger.statusCode, 404);
    assert.deepEqual(withoutMeta(stranger.json()), withoutMeta(unknown.json()));
    const missing = await t().inject({ method: 'GET', url: `/api/v1/events/evt_${'0'.repeat(32)}`, headers: bearer(await t().idToken(member)) });
    assert.equal(missing.statusCode, 404);
    const malformed = await t().inject({ method: 'GET', url: '/api/v1/events/nope', headers: bearer(await t().idToken(member)) });
    assert.equal(malformed.statusCode, 400);
  });
});
