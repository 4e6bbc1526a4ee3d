// Consent on the server (CONTRACT §13) through inject(), on both engines: the site's policy (PATCH
// /sites/{siteId}, carried by the runtime token and GET /runtime/config), browser events under each
// mode (no device_id or user_id and an anonymous session without analytics consent), server events
// untouched, touches, publisher clicks and personalized recommendations refused without marketing
// consent with nothing stored, bad input at its pointer, the salts' 48-hour sweep, and analytics
// still counting anonymous sessions.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';
import { touch } from '../../helpers/attribution.js';
import { event } from '../../helpers/events.js';
import { saltDays } from '../../../src/modules/events/consent-salts-repository.js';
import { campaign } from '../recommendations/shop-client.js';

type Mode = 'none' | 'opt_in' | 'opt_out' | 'cookieless';
type Sent = 'absent' | 'granted' | 'denied';
const MODES: Mode[] = ['none', 'opt_out', 'opt_in', 'cookieless'];
const SENT: Sent[] = ['absent', 'granted', 'denied'];
/** Whether analytics consent is in force for each mode and what the page sent (no GPC). */
const ANALYTICS: Record<Mode, Record<Sent, boolean>> = {
  none: { absent: true, granted: true, denied: false },
  opt_out: { absent: true, granted: true, denied: false },
  opt_in: { absent: false, granted: true, denied: false },
  cookieless: { absent: false, granted: false, denied: false },
};
const consentOf = (sent: Sent) =>
  sent === 'absent' ? undefined : sent === 'granted' ? { analytics: true, marketing: true, source: 'banner' } : { analytics: false, marketing: false, source: 'banner' };

forEachEngine('consent', (t) => {
  const setup = async (mode?: Mode, options: { publisherMode?: boolean } = {}) => {
    const site = await t().createSite(options);
    const ownerH = bearer(await t().idToken(site.owner));
    if (mode) await setPolicy(site.siteId, ownerH, { mode });
    const key = await t().createKey(site.siteId);
    return { ...site, ownerH, browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN }, server: { 'x-api-key': key.apiKey } };
  };
  type Site = Awaited<ReturnType<typeof setup>>;
  async function setPolicy(siteId: string, ownerH: Record<string, string>, consent: Record<string, unknown>) {
    const res = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${siteId}`, headers: ownerH, payload: { config: { consent } } });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.config.consent;
  }
  const post = (url: string, headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
  const withConsent = (sent: Sent, overrides: Record<string, unknown> = {}) => {
    const e = event('page_view', { device_id: `dev-${randomUUID()}`, user_id: `user-${randomUUID()}`, ...overrides });
    const c = consentOf(sent);
    if (c) (e.context as Record<string, unknown>).consent = c;
    return e;
  };
  async function storedEvent(s: Site, eventId: string) {
    const api = await t().inject({ method: 'GET', url: `/api/v1/events/${eventId}`, headers: s.ownerH });
    assert.equal(api.statusCode, 200, api.body);
    const { rows } = await t().database.db.query<{ session_id: string; device_id: string | null; user_id: string | null }>(
      'SELECT session_id, device_id, user_id FROM events WHERE site_id = $1 AND event_id = $2',
      [s.siteId, eventId],
    );
    return { api: api.json().data, row: rows[0]! };
  }
  function assertKept(stored: Awaited<ReturnType<typeof storedEvent>>, sent: Record<string, unknown>, analytics: boolean, label: string) {
    if (analytics) {
      assert.equal(stored.row.device_id, sent.device_id, label);
      assert.equal(stored.row.user_id, sent.user_id, label);
      assert.equal(stored.row.session_id, sent.session_id, label);
      assert.equal(stored.api.device_id, sent.device_id, label);
    } else {
      assert.equal(stored.row.device_id, null, label);
      assert.equal(stored.row.user_id, null, label);
      assert.match(stored.row.session_id, /^anon_[A-Za-z0-9_-]{22}$/, label);
      assert.equal(stored.api.device_id, undefined, label);
      assert.equal(stored.api.user_id, undefined, label);
      assert.equal(stored.api.session_id, stored.row.session_id, label);
    }
  }

  it('an owner sets the policy; the runtime token and GET /runtime/config carry it', async () => {
    const s = await setup();
    const fresh = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}`, headers: s.ownerH });
    assert.deepEqual(fresh.json().data.config.consent, { mode: 'none', honor_gpc: true });
    assert.deepEqual(await setPolicy(s.siteId, s.ownerH, { mode: 'opt_in', honor_gpc: false, policy_version: '2026-12' }), { mode: 'opt_in', honor_gpc: false, policy_version: '2026-12' });
    assert.deepEqual(await setPolicy(s.siteId, s.ownerH, { mode: 'cookieless' }), { mode: 'cookieless', honor_gpc: false, policy_version: '2026-12' });
    const token = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: s.siteId } });
    assert.deepEqual(token.json().data.config.consent, { mode: 'cookieless', honor_gpc: false, policy_version: '2026-12' });
    const config = await t().inject({ method: 'GET', url: '/api/v1/runtime/config', headers: s.browser });
    assert.equal(config.statusCode, 200, config.body);
    assert.deepEqual(config.json().data.site.consent, { mode: 'cookieless', honor_gpc: false, policy_version: '2026-12' });
    const member = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}`, headers: bearer(await t().idToken(s.member)), payload: { config: { consent: { mode: 'none' } } } });
    assert.equal(member.statusCode, 403);
  });

  it('refuses a bad policy at its pointer and stores nothing', async () => {
    const s = await setup();
    await setPolicy(s.siteId, s.ownerH, { mode: 'opt_out', policy_version: 'v1' });
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'always' }, '/config/consent/mode'],
      [{ honor_gpc: 'yes' }, '/config/consent/honor_gpc'],
      [{ policy_version: 'v'.repeat(65) }, '/config/consent/policy_version'],
      [{ policy_version: 'v2\u0007' }, '/config/consent/policy_version'],
      [{ mode: 'opt_in', policy_version: 'v2\n' }, '/config/consent/policy_version'],
    ];
    for (const [consent, path] of cases) {
      const res = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}`, headers: s.ownerH, payload: { name: 'Changed', config: { consent } } });
      assert.equal(res.statusCode, 400, `${JSON.stringify(consent)}: ${res.body}`);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), `${JSON.stringify(consent)}: ${res.body}`);
    }
    const after = (await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}`, headers: s.ownerH })).json().data;
    assert.deepEqual(after.config.consent, { mode: 'opt_out', honor_gpc: true, policy_version: 'v1' });
    assert.notEqual(after.name, 'Changed');
  });

  for (const mode of MODES) {
    it(`${mode}: track and batch keep or drop the ids as consent says`, async () => {
      const s = await setup(mode);
      for (const sent of SENT) {
        const analytics = ANALYTICS[mode][sent];
        const tracked = withConsent(sent);
        const res = await post('/events/track', s.browser, tracked);
        assert.equal(res.statusCode, 201, res.body);
        assertKept(await storedEvent(s, res.json().data.event_id), tracked, analytics, `${mode}/${sent} track`);
        const items = [withConsent(sent), withConsent(sent, { event_type: 'product_view', properties: { product_id: 'sku-1' } })];
        const batch = await post('/events/batch', s.browser, { events: items });
        assert.equal(batch.statusCode, 201, batch.body);
        for (const [i, r] of (batch.json().data.results as { event_id: string }[]).entries()) {
          assertKept(await storedEvent(s, r.event_id), items[i]!, analytics, `${mode}/${sent} batch ${i}`);
        }
      }
    });
  }

  it('one visitor is one anonymous session; another user agent is another; server events are untouched', async () => {
    const s = await setup('cookieless');
    const ua = (agent: string) => ({ ...s.browser, 'user-agent': agent });
    const first = await post('/events/track', ua('Agent A'), withConsent('granted'));
    const second = await post('/events/batch', ua('Agent A'), { events: [withConsent('absent'), withConsent('denied')] });
    const other = await post('/events/track', ua('Agent B'), withConsent('absent'));
    const sessionOf = async (id: string) => (await storedEvent(s, id)).row.session_id;
    const a = await sessionOf(first.json().data.event_id);
    assert.equal(await sessionOf(second.json().data.results[0].event_id), a);
    assert.equal(await sessionOf(second.json().data.results[1].event_id), a);
    assert.notEqual(await sessionOf(other.json().data.event_id), a);

    const server = withConsent('denied');
    const res = await post('/events/track', s.server, server);
    assert.equal(res.statusCode, 201, res.body);
    const stored = await storedEvent(s, res.json().data.event_id);
    assert.equal(stored.row.device_id, server.device_id);
    assert.equal(stored.row.user_id, server.user_id);
    assert.equal(stored.row.session_id, server.session_id);
    assert.equal(stored.api.trust_class, 'server');
  });

  it('opt_out with honor_gpc: Sec-GPC keeps analytics (only marketing is objected to)', async () => {
    const s = await setup('opt_out');
    const e = withConsent('absent');
    const res = await post('/events/track', { ...s.browser, 'sec-gpc': '1' }, e);
    assertKept(await storedEvent(s, res.json().data.event_id), e, true, 'gpc');
    const touches = await post('/partner-attribution/touches', { ...s.browser, 'sec-gpc': '1' }, { touches: [touch()] });
    assert.equal(touches.statusCode, 403, touches.body);
    assert.equal(touches.json().error.code, 'consent_required');
  });

  it('refuses a malformed context.consent at its pointer, in a batch that item only', async () => {
    const s = await setup('opt_in');
    const bad = (consent: unknown) => {
      const e = event();
      (e.context as Record<string, unknown>).consent = consent;
      return e;
    };
    const cases: [unknown, string][] = [
      [{ analytics: 'yes', marketing: true, source: 'banner' }, '/context/consent/analytics'],
      [{ analytics: true, marketing: 1, source: 'banner' }, '/context/consent/marketing'],
      [{ analytics: true, source: 'banner' }, '/context/consent/marketing'],
      [{ analytics: true, marketing: true, source: 'cmp' }, '/context/consent/source'],
      [{ analytics: true, marketing: true }, '/context/consent/source'],
      [{ analytics: true, marketing: true, source: 'banner', policy_version: 'x'.repeat(65) }, '/context/consent/policy_version'],
      ['granted', '/context/consent'],
    ];
    for (const [consent, path] of cases) {
      const res = await post('/events/track', s.browser, bad(consent));
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json().error.details.map((d: { path: string }) => d.path), [path], res.body);
    }
    const batch = await post('/events/batch', s.browser, { events: [withConsent('granted'), bad({ analytics: 'no', marketing: false, source: 'banner' })] });
    assert.equal(batch.statusCode, 207, batch.body);
    const [good, refused] = batch.json().data.results;
    assert.equal(good.success, true);
    assert.equal(refused.success, false);
    assert.deepEqual(refused.error.details.map((d: { path: string }) => d.path), ['/events/1/context/consent/analytics']);
  });

  async function count(table: string, siteId: string): Promise<number> {
    const { rows } = await t().database.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE site_id = $1`, [siteId]);
    return Number(rows[0]!.n);
  }

  it('touches without marketing consent: 403 consent_required, nothing stored', async () => {
    for (const [mode, consent, status] of [
      ['opt_in', undefined, 403],
      ['opt_in', { analytics: true, marketing: false, source: 'banner' }, 403],
      ['opt_out', { analytics: true, marketing: false, source: 'banner' }, 403],
      ['cookieless', { analytics: true, marketing: true, source: 'banner' }, 403],
      ['opt_in', { analytics: false, marketing: true, source: 'banner' }, 201],
      ['none', undefined, 201],
    ] as const) {
      const s = await setup(mode);
      const res = await post('/partner-attribution/touches', s.browser, { touches: [touch()], ...(consent ? { consent } : {}) });
      assert.equal(res.statusCode, status, `${mode} ${JSON.stringify(consent)}: ${res.body}`);
      if (status === 403) assert.equal(res.json().error.code, 'consent_required');
      assert.equal(await count('touches', s.siteId), status === 201 ? 1 : 0);
    }
    const s = await setup('opt_in');
    const malformed = await post('/partner-attribution/touches', s.browser, { touches: [touch()], consent: { analytics: true, marketing: 'yes', source: 'banner' } });
    assert.equal(malformed.statusCode, 400);
    assert.ok(malformed.json().error.details.some((d: { path: string }) => d.path === '/consent/marketing'), malformed.body);
  });

  it('publisher clicks without marketing consent: 403 consent_required, nothing stored', async () => {
    const click = (consent?: object) => ({
      click_id: `c-${randomUUID()}`,
      provider: 'awin',
      reference: `R${randomUUID().replace(/-/g, '')}`.slice(0, 24),
      destination_url: 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref=XYZ',
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      ...(consent ? { consent } : {}),
    });
    const s = await setup('opt_in', { publisherMode: true });
    for (const consent of [undefined, { analytics: true, marketing: false, source: 'banner' }, { analytics: true, marketing: true, source: 'default' }]) {
      const res = await post('/publisher/clicks', s.browser, click(consent));
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(res.json().error.code, 'consent_required');
    }
    assert.equal(await count('publisher_clicks', s.siteId), 0);
    const granted = await post('/publisher/clicks', s.browser, click({ analytics: false, marketing: true, source: 'banner' }));
    assert.equal(granted.statusCode, 201, granted.body);
    assert.equal(await count('publisher_clicks', s.siteId), 1);
  });

  it('personalized recommendations without marketing consent: 403 consent_required, nothing stored; a secret key is not gated', async () => {
    const s = await setup('opt_in');
    const campaignId = await campaign(t(), s as never, { strategy: 'personalized' });
    const ask = (query: string, headers: Record<string, string> = s.browser) =>
      t().inject({ method: 'GET', url: `/api/v1/recommendations?campaign_id=${campaignId}&session_id=sess-1${query}`, headers });
    for (const query of ['', '&consent=analytics&consent_source=banner', '&consent=analytics,marketing', '&consent=none&consent_source=api']) {
      const res = await ask(query);
      assert.equal(res.statusCode, 403, `${query}: ${res.body}`);
      assert.equal(res.json().error.code, 'consent_required');
    }
    await t().app.services.recommendations.drainAnswers();
    assert.equal(await count('recommendation_answers', s.siteId), 0);
    assert.equal((await ask('&consent=marketing&consent_source=banner')).statusCode, 200);
    assert.equal((await ask('', s.server)).statusCode, 200);
    const bad = await ask('&consent=everything');
    assert.equal(bad.statusCode, 400);
    const similar = await campaign(t(), s as never, { strategy: 'popular' });
    const popular = await t().inject({ method: 'GET', url: `/api/v1/recommendations?campaign_id=${similar}`, headers: s.browser });
    assert.equal(popular.statusCode, 200, popular.body);
  });

  it('analytics counts anonymous visitors and sessions of the day', async () => {
    const s = await setup('cookieless');
    for (const agent of ['Agent A', 'Agent B']) {
      for (let i = 0; i < 2; i += 1) {
        const res = await post('/events/track', { ...s.browser, 'user-agent': agent }, withConsent('absent'));
        assert.equal(res.statusCode, 201, res.body);
      }
    }
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/analytics/summary?from=${today}&to=${tomorrow}&tz=UTC`, headers: s.ownerH });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.deepEqual({ v: d.visitors, s: d.sessions, pv: d.page_views }, { v: 2, s: 2, pv: 4 }, res.body);
  });

  it('salts are made once a site and day, and deleted 48 h after; the inactivity rule is 30 minutes', async () => {
    const anon = t().app.services.events.anonymousSessions;
    const s = await setup('cookieless');
    const T = Date.UTC(2026, 0, 10, 8, 0, 0);
    const visitor = { address: '203.0.113.7', userAgent: 'Agent' };
    const [a, b] = await Promise.all([anon.sessionOf(s.siteId, visitor, T), anon.sessionOf(s.siteId, visitor, T)]);
    assert.equal(a, b);
    assert.equal(await anon.sessionOf(s.siteId, visitor, T + 29 * 60_000), a);
    assert.equal(await anon.sessionOf(s.siteId, visitor, T + 59 * 60_000), a, 'seen 30 minutes before: the same session');
    const later = await anon.sessionOf(s.siteId, visitor, T + 89 * 60_000 + 1);
    assert.notEqual(later, a, 'more than 30 minutes idle: a new session');
    assert.deepEqual(await saltDays(t().database.db, s.siteId), ['2026-01-10']);
    const { rows } = await t().database.db.query<{ n: string }>("SELECT count(*)::text AS n FROM consent_salts WHERE site_id = $1 AND encode(salt, 'escape') LIKE '%203.0.113.7%'", [s.siteId]);
    assert.equal(rows[0]!.n, '0');

    await anon.sweep(T + 48 * 3_600_000 - 1);
    assert.deepEqual(await saltDays(t().database.db, s.siteId), ['2026-01-10'], 'kept until 48 h');
    await anon.sweep(T + 48 * 3_600_000);
    assert.deepEqual(await saltDays(t().database.db, s.siteId), [], 'deleted at 48 h');
    assert.equal(await count('consent_anon_sessions', s.siteId), 0);
  });
});

