// CONTRACT §3 points not checked elsewhere: client_event_id dedup scoped by site, the 7-day dedup
// window, the optional context fields, the 5-minute future bound over HTTP, duplicates inside a
// batch that is otherwise all good, and the hourly limit per key (not per site) on the clock hour.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';
import { event } from '../../helpers/events.js';

forEachEngine('contract §3 events', (t) => {
  const setup = async () => {
    const site = await t().createSite();
    const key = await t().createKey(site.siteId);
    return { ...site, server: { 'x-api-key': key.apiKey } };
  };
  const countEvents = async (siteId: string) =>
    (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE site_id = $1', [siteId])).rows[0]!.n;
  const track = (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: '/api/v1/events/track', headers, payload: payload as object });
  const batch = (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: '/api/v1/events/batch', headers, payload: payload as object });

  it('scopes client_event_id deduplication by site', async () => {
    const a = await setup();
    const b = await setup();
    const e = event('page_view', { client_event_id: 'shared-client-id', occurred_at: '2026-11-20T10:00:00.000Z' });
    const inA = await track(a.server, e);
    const inB = await track(b.server, e);
    assert.equal(inA.statusCode, 201);
    assert.equal(inB.statusCode, 201, 'the same client_event_id on another site is another event');
    assert.notEqual(inA.json().data.event_id, inB.json().data.event_id);
    const derived = event('search', { occurred_at: '2026-11-20T10:00:00.000Z' });
    assert.equal((await track(a.server, derived)).statusCode, 201);
    assert.equal((await track(b.server, derived)).statusCode, 201, 'the derived key includes the site');
    assert.equal(await countEvents(a.siteId), 2);
    assert.equal(await countEvents(b.siteId), 2);
  });

  it('keys client_event_id per trust class: a browser event never swallows the server event with its id', async () => {
    const { siteId, server } = await setup();
    const browser = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
    const id = 'order-confirmation-77';
    const fromBrowser = await track(browser, event('purchase', { client_event_id: id }));
    assert.equal(fromBrowser.statusCode, 201);
    const fromServer = await track(server, event('purchase', { client_event_id: id }));
    assert.equal(fromServer.statusCode, 201, 'the server event is stored, not a duplicate of the browser one');
    assert.notEqual(fromServer.json().data.event_id, fromBrowser.json().data.event_id);
    const browserRetry = await track(browser, event('purchase', { client_event_id: id }));
    const serverRetry = await track(server, event('purchase', { client_event_id: id }));
    assert.deepEqual([browserRetry.statusCode, serverRetry.statusCode], [200, 200]);
    assert.equal(browserRetry.json().data.event_id, fromBrowser.json().data.event_id);
    assert.equal(serverRetry.json().data.event_id, fromServer.json().data.event_id);
    const stored = await t().database.db.query<{ trust_class: string }>(
      'SELECT trust_class FROM events WHERE site_id = $1 AND client_event_id = $2 ORDER BY trust_class',
      [siteId, id],
    );
    assert.deepEqual(stored.rows.map((r) => r.trust_class), ['browser', 'server']);
  });

  it('keeps deduplicating after 7 days', async () => {
    const { siteId, server, member } = await setup();
    const withId = event('product_view', { client_event_id: 'week-old' });
    const derived = event('add_to_cart', { occurred_at: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    const first = await track(server, withId);
    const firstDerived = await track(server, derived);
    assert.equal(first.statusCode, 201);
    assert.equal(firstDerived.statusCode, 201);
    // As if both had been received eight days ago.
    await t().database.db.query(`UPDATE events SET received_at = received_at - interval '8 days' WHERE site_id = $1`, [siteId]);
    const again = await track(server, withId);
    const againDerived = await track(server, derived);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().data.deduplicated, true);
    assert.equal(again.json().data.event_id, first.json().data.event_id);
    assert.equal(againDerived.statusCode, 200);
    assert.equal(againDerived.json().data.event_id, firstDerived.json().data.event_id);
    assert.equal(await countEvents(siteId), 2);
    const read = await t().inject({ method: 'GET', url: `/api/v1/events/${first.json().data.event_id}`, headers: bearer(await t().idToken(member)) });
    assert.equal(read.json().data.dedup_key_source, 'client_event_id');
    const readDerived = await t().inject({ method: 'GET', url: `/api/v1/events/${firstDerived.json().data.event_id}`, headers: bearer(await t().idToken(member)) });
    assert.equal(readDerived.json().data.dedup_key_source, 'derived');
  });

  it('stores the optional context fields and returns them as sent', async () => {
    const { server, member } = await setup();
    const context = {
      page_url: 'https://shop.example/p/1',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
      referrer: 'https://search.example/?q=shoes',
      page_title: 'Red shoe',
      device_type: 'desktop',
      browser: 'Firefox',
      os: 'Linux',
      language: 'de-DE',
      timezone: 'Europe/Berlin',
      screen_width: 1920,
      screen_height: 1080,
    };
    const created = await track(server, event('product_view', { context }));
    assert.equal(created.statusCode, 201, created.body);
    const read = await t().inject({ method: 'GET', url: `/api/v1/events/${created.json().data.event_id}`, headers: bearer(await t().idToken(member)) });
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json().data.context, context);
    const data = read.json().data;
    for (const field of ['received_at', 'occurred_at']) assert.match(data[field], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, field);
  });

  it('accepts occurred_at up to 5 minutes ahead over HTTP and refuses more', async () => {
    const { siteId, server } = await setup();
    const fourAhead = await track(server, event('page_view', { occurred_at: new Date(Date.now() + 4 * 60_000).toISOString() }));
    assert.equal(fourAhead.statusCode, 201, fourAhead.body);
    const sixAhead = await track(server, event('page_view', { occurred_at: new Date(Date.now() + 6 * 60_000).toISOString() }));
    assert.equal(sixAhead.statusCode, 400);
    assert.equal(sixAhead.json().error.details[0].path, '/occurred_at');
    const inBatch = await batch(server, { events: [event(), event('page_view', { occurred_at: new Date(Date.now() + 6 * 60_000).toISOString() })] });
    assert.equal(inBatch.statusCode, 207);
    assert.equal(inBatch.json().data.results[1].error.details[0].path, '/events/1/occurred_at');
    assert.equal(await countEvents(siteId), 2);
  });

  it('answers 201 to a batch whose items all succeed, duplicates of stored events included', async () => {
    const { server } = await setup();
    const stored = event('page_view', { client_event_id: 'stored-1' });
    const first = await track(server, stored);
    const res = await batch(server, { events: [stored, event()] });
    assert.equal(res.statusCode, 201, res.body);
    const results = res.json().data.results;
    assert.deepEqual(results.map((r: { index: number; success: boolean; deduplicated: boolean }) => [r.index, r.success, r.deduplicated]), [
      [0, true, true],
      [1, true, false],
    ]);
    assert.equal(results[0].event_id, first.json().data.event_id);
    assert.equal(results[0].error, undefined);
  });

  it('limits each key on its own, per clock hour', async () => {
    const { siteId } = await setup();
    const a = await t().createKey(siteId, ['events:write'], { rateLimitPerHour: 2 });
    const b = await t().createKey(siteId, ['events:write'], { rateLimitPerHour: 2 });
    const e1 = event();
    const first = await track({ 'x-api-key': a.apiKey }, e1);
    assert.equal(first.statusCode, 201);
    const reset = Number(first.headers['ratelimit-reset']);
    const now = Date.now();
    const toNextHour = Math.ceil((Math.floor(now / 3_600_000 + 1) * 3_600_000 - now) / 1000);
    assert.ok(Math.abs(reset - toNextHour) <= 2, `RateLimit-Reset ${reset} s, next clock hour in ${toNextHour} s`);
    assert.equal(first.headers['ratelimit-limit'], '2');
    assert.equal(first.headers['ratelimit-remaining'], '1');
    assert.equal((await track({ 'x-api-key': a.apiKey }, event())).statusCode, 201);
    const over = await track({ 'x-api-key': a.apiKey }, event());
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().error.code, 'rate_limited');
    assert.ok(over.headers['retry-after']);
    const other = await track({ 'x-api-key': b.apiKey }, event());
    assert.equal(other.statusCode, 201, 'another key of the same site has its own quota');
    const dup = await track({ 'x-api-key': a.apiKey }, e1);
    assert.equal(dup.statusCode, 429, 'a duplicate counts too');
    assert.equal(await countEvents(siteId), 3);
  });

  it('answers a runtime token over its site limit with 429 rate_limited and the headers', async () => {
    const { siteId, owner } = await setup();
    const patch = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${siteId}`, headers: bearer(await t().idToken(owner)), payload: { config: { runtime_events_per_hour: 1 } } });
    assert.equal(patch.statusCode, 200, patch.body);
    const runtime = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
    assert.equal((await track(runtime, event())).statusCode, 201);
    const over = await batch(runtime, { events: [event()] });
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().error.code, 'rate_limited');
    assert.ok(Number(over.headers['retry-after']) >= 1);
    assert.equal(over.headers['ratelimit-remaining'], '0');
    assert.ok(over.headers['ratelimit-reset']);
    assert.equal(over.headers['access-control-allow-origin'], ORIGIN, 'the browser can read the 429');
  });
});
