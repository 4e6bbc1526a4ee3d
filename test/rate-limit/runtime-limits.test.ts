// CONTRACT §7 runtime traffic: each client address gets its share of a site's runtime traffic per
// hour (so one forged-Origin client cannot lock real visitors out), token exchanges are limited per
// address and minute, X-Forwarded-For counts only from the proxies TRUST_PROXY names, and a runtime
// token stops working the moment its origin is removed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearer, createTestApp, forEachEngine, ORIGIN, type TestApp } from '../helpers/app.js';
import { touch } from '../helpers/attribution.js';
import { event } from '../helpers/events.js';

const A = '198.51.100.7';
const B = '198.51.100.8';

/** Waits out the end of a clock minute, so that a per-minute count is not split by the clock. */
async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await sleep(60_000 - intoMinute + 200);
}

forEachEngine('runtime traffic per client address', (t) => {
  const siteWithShare = async (share: number) => {
    const site = await t().createSite({ publisherMode: true });
    const owner = bearer(await t().idToken(site.owner));
    const patch = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${site.siteId}`, headers: owner, payload: { config: { runtime_rate_limit_per_ip_per_hour: share } } });
    assert.equal(patch.statusCode, 200, patch.body);
    assert.equal(patch.json().data.config.runtime_rate_limit_per_ip_per_hour, share);
    return { ...site, owner, browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN } };
  };

  it('throttles one address at its hourly share while another still gets 201', async () => {
    const s = await siteWithShare(5);
    const send = (remoteAddress: string, payload: object, url = '/api/v1/events/track') =>
      t().inject({ method: 'POST', url, headers: s.browser, payload, remoteAddress });
    assert.equal((await send(A, { events: [event(), event(), event()] }, '/api/v1/events/batch')).statusCode, 201, 'a batch counts its events');
    assert.equal((await send(A, event())).statusCode, 201);
    assert.equal((await send(A, { touches: [touch()] }, '/api/v1/partner-attribution/touches')).statusCode, 201, 'other runtime requests count one');
    const refused = await send(A, event());
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().error.code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(refused.headers['ratelimit-limit'], '5');
    assert.equal(refused.headers['ratelimit-remaining'], '0');
    const other = await send(B, event());
    assert.equal(other.statusCode, 201, 'the site’s other visitors are not locked out');
    // Without TRUST_PROXY, a forged X-Forwarded-For is ignored: the socket's address counts.
    const spoofed = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { ...s.browser, 'x-forwarded-for': '203.0.113.50' }, payload: event(), remoteAddress: A });
    assert.equal(spoofed.statusCode, 429, 'X-Forwarded-For from an untrusted peer changes nothing');
    // IPv6: one /64 is one client, whatever address of it a host picks.
    for (let i = 1; i <= 5; i += 1) assert.equal((await send(`2001:db8:1:2::${i.toString(16)}`, event())).statusCode, 201);
    assert.equal((await send('2001:db8:1:2:ffff::1', event())).statusCode, 429);
    assert.equal((await send('2001:db8:1:3::1', event())).statusCode, 201, 'another /64 is another client');
  });

  it('limits token exchanges per address and minute', async () => {
    await awayFromMinuteEdge();
    const s = await t().createSite();
    const exchange = (remoteAddress: string) =>
      t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: s.siteId }, remoteAddress });
    const limit = t().config.tokenExchangesPerIpPerMinute;
    for (let i = 0; i < limit; i += 1) assert.equal((await exchange('192.0.2.44')).statusCode, 200);
    const refused = await exchange('192.0.2.44');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) <= 60);
    assert.equal((await exchange('192.0.2.45')).statusCode, 200, 'another address still gets its token');
  });

  it('refuses a runtime token at once when its origin is removed from the site', async () => {
    const s = await siteWithShare(1000);
    assert.equal((await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: s.browser, payload: event() })).statusCode, 201);
    const patch = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}`, headers: s.owner, payload: { origins: ['https://elsewhere.example'] } });
    assert.equal(patch.statusCode, 200);
    const refused = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: s.browser, payload: event() });
    assert.equal(refused.statusCode, 401, refused.body);
  });
}, { env: { TOKEN_EXCHANGES_PER_IP_PER_MINUTE: '4' } });

describe('runtime traffic behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite', { env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  after(async () => t.close());

  it('counts the client address the trusted proxy reports, and ignores X-Forwarded-For from anyone else', async () => {
    const site = await t.createSite();
    const owner = bearer(await t.idToken(site.owner));
    await t.inject({ method: 'PATCH', url: `/api/v1/sites/${site.siteId}`, headers: owner, payload: { config: { runtime_rate_limit_per_ip_per_hour: 2 } } });
    const browser = { ...bearer(await t.runtimeToken(site.siteId)), origin: ORIGIN };
    const viaProxy = (client: string) =>
      t.inject({ method: 'POST', url: '/api/v1/events/track', headers: { ...browser, 'x-forwarded-for': client }, payload: event(), remoteAddress: '10.1.2.3' });
    assert.equal((await viaProxy('203.0.113.1')).statusCode, 201);
    assert.equal((await viaProxy('203.0.113.1')).statusCode, 201);
    assert.equal((await viaProxy('203.0.113.1')).statusCode, 429, 'the client behind the proxy is throttled');
    assert.equal((await viaProxy('203.0.113.2')).statusCode, 201, 'not the proxy itself');
    // A peer that is not a trusted proxy cannot name another client.
    const direct = (forwarded: string) =>
      t.inject({ method: 'POST', url: '/api/v1/events/track', headers: { ...browser, 'x-forwarded-for': forwarded }, payload: event(), remoteAddress: '198.51.100.99' });
    assert.equal((await direct('203.0.113.3')).statusCode, 201);
    assert.equal((await direct('203.0.113.4')).statusCode, 201);
    assert.equal((await direct('203.0.113.5')).statusCode, 429);
  });
});
