// Partner experiments through inject(), on both engines (experiments.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { buildApp } from '../../../src/app.js';
import { assignmentIdFor, assignVariant } from '../../../src/modules/experiments/assignment.js';
import { createSecrets } from '../../../src/secrets.js';
import { bearer, forEachEngine, ORIGIN, testConfig } from '../../helpers/app.js';
import { adjustment, cancellation, purchase } from '../../helpers/attribution.js';
import { event } from '../../helpers/events.js';

const BASE = '/api/v1/partner-experiments';

forEachEngine('partner experiments', (t) => {
  const setup = async () => {
    const site = await t().createSite();
    const key = await t().createKey(site.siteId);
    const member = bearer(await t().idToken(site.member));
    const browser = { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN };
    return { ...site, memberUser: site.member, member, browser, server: { 'x-api-key': key.apiKey } };
  };
  const create = async (headers: Record<string, string>, siteId: string, extra: Record<string, unknown> = {}) =>
    t().inject({ method: 'POST', url: BASE, headers, payload: { website_id: siteId, name: 'Overlay test', surfaces: [{ type: 'overlay', campaign_id: 'summer' }], ...extra } });
  const running = async (s: Awaited<ReturnType<typeof setup>>, extra: Record<string, unknown> = {}) => {
    const res = await create(s.member, s.siteId, extra);
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json().data.experiment_id as string;
    assert.equal((await t().inject({ method: 'POST', url: `${BASE}/${id}/start`, headers: s.member })).statusCode, 200);
    return id;
  };
  const assign = (headers: Record<string, string>, body: unknown) => t().inject({ method: 'POST', url: `${BASE}/assignments`, headers, payload: body as object });

  it('manages drafts and moves draft → running → stopped, refusing other moves with 409', async () => {
    const s = await setup();
    const created = await create(s.member, s.siteId, { hypothesis: 'A bolder overlay sells more', weights: { control: 0.4, treatment: 0.6 } });
    assert.equal(created.statusCode, 201, created.body);
    const e = created.json().data;
    assert.equal(e.state, 'draft');
    assert.deepEqual(e.weights, { control: 0.4, treatment: 0.6 });
    assert.deepEqual([e.conversion_window_days, e.refund_window_days, e.mde, e.alpha], [7, 30, 0.05, 0.05]);
    const url = `${BASE}/${e.experiment_id}`;
    const patched = await t().inject({ method: 'PATCH', url, headers: s.member, payload: { name: 'Renamed', conversion_window_days: 14 } });
    assert.equal(patched.statusCode, 200);
    assert.deepEqual([patched.json().data.name, patched.json().data.conversion_window_days, patched.json().data.weights.control], ['Renamed', 14, 0.4]);
    assert.equal((await t().inject({ method: 'POST', url: `${url}/stop`, headers: s.member })).statusCode, 409, 'a draft cannot stop');
    const started = await t().inject({ method: 'POST', url: `${url}/start`, headers: s.member });
    assert.equal(started.statusCode, 200);
    assert.equal(started.json().data.state, 'running');
    const patchRunning = await t().inject({ method: 'PATCH', url, headers: s.member, payload: { name: 'x' } });
    assert.equal(patchRunning.statusCode, 409);
    assert.equal(patchRunning.json().error.code, 'invalid_state');
    assert.equal((await t().inject({ method: 'POST', url: `${url}/start`, headers: s.member })).statusCode, 409);
    const stopped = await t().inject({ method: 'POST', url: `${url}/stop`, headers: s.member });
    assert.equal(stopped.json().data.state, 'stopped');
    const restart = await t().inject({ method: 'POST', url: `${url}/start`, headers: s.member });
    assert.equal(restart.statusCode, 409, 'starting a stopped experiment');
    const list = await t().inject({ method: 'GET', url: `${BASE}?website_id=${s.siteId}`, headers: s.member });
    assert.deepEqual(list.json().data.map((x: { experiment_id: string }) => x.experiment_id), [e.experiment_id]);
    assert.equal(list.json().meta.next_cursor, null);
    const stranger = bearer(await t().idToken('stranger'));
    assert.equal((await t().inject({ method: 'GET', url, headers: stranger })).statusCode, 404, 'another site’s experiment does not exist');
    assert.equal((await t().inject({ method: 'GET', url: `${url}/results`, headers: stranger })).statusCode, 404, 'a non-member reading results');
    assert.equal((await t().inject({ method: 'GET', url: `${BASE}/exp_doesnotexist0000`, headers: s.member })).statusCode, 404);
  });

  it('refuses bad definitions', async () => {
    const s = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ weights: { control: 0.5, treatment: 0.6 } }, '/weights'],
      [{ weights: { control: 0.3, treatment: 0.3, extra: 0.4 } }, '/weights'],
      [{ surfaces: [{ type: 'banner', campaign_id: 'x' }] }, '/surfaces/0/type'],
      [{ surfaces: [] }, '/surfaces'],
      [{ mde: 0 }, '/mde'],
      [{ alpha: 1 }, '/alpha'],
      [{ currency: 'XYZ' }, '/currency'],
      [{ name: '' }, '/name'],
    ];
    for (const [extra, path] of cases) {
      const res = await create(s.member, s.siteId, extra);
      assert.equal(res.statusCode, 400, `${JSON.stringify(extra)}: ${res.body}`);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path.startsWith(path)), `${JSON.stringify(extra)}: ${res.body}`);
    }
    const other = await t().createSite();
    assert.equal((await create(s.member, other.siteId)).statusCode, 403, 'not a member of that site');
  });

  it('assigns sessions deterministically and stickily, listing the surfaces each variant governs', async () => {
    const s = await setup();
    const id = await running(s);
    const first = await assign(s.browser, { session_id: 'sess-1' });
    assert.equal(first.statusCode, 200, first.body);
    const [a] = first.json().data.assignments;
    assert.equal(a.experiment_id, id);
    assert.match(a.assignment_id, /^asg_[0-9a-f]{32}$/);
    assert.ok(['control', 'treatment'].includes(a.variant));
    assert.deepEqual(a.surfaces, [{ type: 'overlay', campaign_id: 'summer', form: a.variant }]);
    for (let i = 0; i < 3; i += 1) assert.deepEqual((await assign(s.browser, { session_id: 'sess-1', experiment_ids: [id] })).json().data.assignments, [a]);

    // 500 sessions twice in this process and once through another app instance on the same database.
    const sessions = Array.from({ length: 500 }, (_, i) => `s-${i}`);
    const once = await Promise.all(sessions.map((session_id) => assign(s.browser, { session_id })));
    const twice = await Promise.all(sessions.map((session_id) => assign(s.browser, { session_id })));
    const config = testConfig({ STOREFRONT_SECRET: t().config.storefrontSecret!.toString('base64') });
    const other = await buildApp(config, { db: t().database.db, secrets: createSecrets(config.storefrontSecret!), logger: false });
    await other.ready();
    const token = (await other.services.runtimeTokens.issue({ siteId: s.siteId, origin: ORIGIN })).token;
    const thrice = await Promise.all(sessions.map((session_id) => other.inject({ method: 'POST', url: `${BASE}/assignments`, headers: { ...bearer(token), origin: ORIGIN }, payload: { session_id } })));
    await other.close();
    const view = (r: { json(): { data: { assignments: unknown[] } } }) => JSON.stringify(r.json().data.assignments);
    assert.deepEqual(twice.map(view), once.map(view));
    assert.deepEqual(thrice.map(view), once.map(view));
    // One new session asked for eight times at once: its first exposures share a group commit.
    const burst = await Promise.all(Array.from({ length: 8 }, () => assign(s.browser, { session_id: 'burst' })));
    assert.equal(new Set(burst.map(view)).size, 1, 'one sticky answer');
    const results = await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: s.member });
    const sessionsCounted = results.json().data.sessions;
    assert.equal(sessionsCounted.control + sessionsCounted.treatment, 502, 'each session counted once');
  });

  it('flags a skewed assignment stream as a sample-ratio mismatch, not a fair one, and waits for 8 sessions per arm', async () => {
    const s = await setup();
    // Sessions are chosen by the variant the service will give them (the pure rule with the experiment's own salt),
    // then assigned through the API: the stream the service sees is exactly as fair or as skewed as the test intends.
    const streamOf = async (experimentId: string, control: number, treatment: number, prefix: string) => {
      const { rows } = await t().database.db.query<{ salt: string }>('SELECT salt FROM experiments WHERE experiment_id = $1', [experimentId]);
      const want = { control, treatment };
      const picked: string[] = [];
      for (let i = 0; want.control + want.treatment > 0; i += 1) {
        const session = `${prefix}-${i}`;
        const v = assignVariant(rows[0]!.salt, session, { control: 0.5, treatment: 0.5 });
        if (want[v] > 0) {
          want[v] -= 1;
          picked.push(session);
        }
      }
      for (const session_id of picked) {
        const [a] = (await assign(s.browser, { session_id, experiment_ids: [experimentId] })).json().data.assignments;
        assert.ok(a, session_id);
      }
    };
    const srm = async (experimentId: string) => (await t().inject({ method: 'GET', url: `${BASE}/${experimentId}/results`, headers: s.member })).json().data.states.sample_ratio;

    const fair = await running(s);
    await streamOf(fair, 7, 30, 'few');
    assert.equal((await srm(fair)).status, 'insufficient_data', '7 control sessions');
    await streamOf(fair, 293, 270, 'fair');
    const ok = await srm(fair);
    assert.deepEqual([ok.status, ok.observed], ['ok', { control: 300, treatment: 300 }]);

    const skewed = await running(s, { name: 'Skewed' });
    await streamOf(skewed, 360, 240, 'skew');
    const bad = await srm(skewed);
    assert.deepEqual([bad.status, bad.observed, bad.expected], ['mismatch', { control: 360, treatment: 240 }, { control: 300, treatment: 300 }]);
    assert.ok(bad.p_value < bad.threshold, `p = ${bad.p_value}`);
  });

  it('assigns nobody for drafts and stopped experiments, and refuses other sites’ experiments and empty sessions', async () => {
    const s = await setup();
    const draft = (await create(s.member, s.siteId)).json().data.experiment_id;
    assert.deepEqual((await assign(s.browser, { session_id: 'x' })).json().data.assignments, []);
    assert.deepEqual((await assign(s.browser, { session_id: 'x', experiment_ids: [draft] })).json().data.assignments, []);
    const other = await setup();
    const foreign = await running(other);
    const res = await assign(s.browser, { session_id: 'x', experiment_ids: [foreign] });
    assert.equal(res.statusCode, 404, 'another site’s experiment');
    const empty = await assign(s.browser, { session_id: '' });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().error.details[0].path, '/session_id');
    assert.equal((await assign(s.server, { session_id: 'x' })).statusCode, 401, 'runtime tokens only');
  });

  it('measures trusted purchases by intent to treat, net of refunds, and leaves out late and pre-assignment ones', async () => {
    const s = await setup();
    const id = await running(s, { conversion_window_days: 7, refund_window_days: 30 });
    const sessions = Array.from({ length: 40 }, () => `sess-${randomUUID()}`);
    const assignments = await Promise.all(sessions.map(async (session_id) => (await assign(s.browser, { session_id })).json().data.assignments[0]));
    const byVariant = (v: string) => assignments.filter((a) => a.variant === v);
    assert.ok(byVariant('control').length > 3 && byVariant('treatment').length > 3, 'both arms have sessions');
    const soon = new Date(Date.now() + 60_000).toISOString();
    const buy = (assignmentIds: string[], extra: Record<string, unknown> = {}) =>
      t().inject({ method: 'POST', url: '/api/v1/partner-attribution/conversions', headers: s.server, payload: { event_type: 'purchase', conversion: purchase(s.siteId, { occurred_at: soon, experiment_assignment_ids: assignmentIds, ...extra }) } });

    const treatmentBuyer = byVariant('treatment')[0];
    const controlBuyer = byVariant('control')[0];
    const bought = await buy([treatmentBuyer.assignment_id]);
    assert.equal(bought.statusCode, 201, bought.body);
    assert.deepEqual(bought.json().data.unresolved_assignment_ids, []);
    const touched = await buy([controlBuyer.assignment_id], { touch_ids: ['t-partner'] });
    assert.equal(touched.statusCode, 201);
    // Before the assignment, and after the window: linked but left out.
    assert.equal((await buy([byVariant('treatment')[1].assignment_id], { occurred_at: '2026-01-01T00:00:00Z' })).statusCode, 201);
    assert.equal((await buy([byVariant('control')[1].assignment_id], { occurred_at: new Date(Date.now() + 8 * 86_400_000).toISOString() })).statusCode, 201);
    // A browser purchase is never counted.
    await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: s.browser, payload: event('purchase', { properties: { order_id: 'b-1', total: 999 } }) });

    const read = async () => (await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: s.member })).json().data;
    const r1 = await read();
    const nT = byVariant('treatment').length;
    const nC = byVariant('control').length;
    assert.deepEqual(r1.sessions, { control: nC, treatment: nT });
    assert.deepEqual(r1.metrics.conversion.treatment, { n: nT, sum: 1, sum_squares: 1, mean: 1 / nT });
    assert.deepEqual(r1.metrics.conversion.control, { n: nC, sum: 1, sum_squares: 1, mean: 1 / nC });
    assert.equal(r1.metrics.revenue_per_session.treatment.sum, 52.43);
    assert.ok(Math.abs(r1.metrics.revenue_per_session.treatment.sum_squares - 52.43 ** 2) < 1e-9);
    assert.ok(Math.abs(r1.metrics.revenue_per_session.treatment.mean - 52.43 / nT) < 1e-12);
    assert.equal(r1.metrics.gross_profit_per_session.treatment.sum, 26.73);
    assert.equal(r1.metrics.partner_contribution_per_session.treatment.sum, 0, 'no partner touch on that order');
    assert.equal(r1.metrics.partner_contribution_per_session.control.sum, 42.98);
    assert.equal(r1.currency, 'EUR');
    assert.deepEqual([r1.states.late_conversion.count, r1.states.late_conversion.revenue, r1.states.late_conversion.pre_assignment], [1, 52.43, 1]);
    assert.equal(r1.states.late_conversion.window_complete, false);
    assert.equal(r1.states.refund.status, 'provisional');
    for (const metric of ['conversion', 'revenue_per_session']) {
      const effect = r1.metrics[metric].effect;
      assert.equal(typeof effect.absolute.p_value, 'number');
      assert.equal(effect.absolute.ci.length, 2);
    }

    // A refund after the results were read lowers revenue per session on the next read.
    const order = (await t().database.db.query<{ order_id: string }>(`SELECT order_id FROM conversion_assignments WHERE assignment_id = $1`, [treatmentBuyer.assignment_id])).rows[0]!.order_id;
    const refunded = await t().inject({
      method: 'POST',
      url: '/api/v1/partner-attribution/conversions',
      headers: s.server,
      payload: { event_type: 'adjustment', adjustment: adjustment(s.siteId, order, { occurred_at: new Date(Date.now() + 120_000).toISOString() }) },
    });
    assert.equal(refunded.statusCode, 201, refunded.body);
    const r2 = await read();
    assert.equal(r2.metrics.revenue_per_session.treatment.sum, 47.43);
    assert.ok(r2.metrics.revenue_per_session.treatment.mean < r1.metrics.revenue_per_session.treatment.mean);
    assert.equal(r2.metrics.conversion.treatment.sum, 1, 'still converted');
    assert.deepEqual(r2.states.refund.treatment, { count: 1, amount: 5 });
    const cancelled = await t().inject({
      method: 'POST',
      url: '/api/v1/partner-attribution/conversions',
      headers: s.server,
      payload: { event_type: 'cancellation', cancellation: cancellation(s.siteId, order, { occurred_at: new Date(Date.now() + 180_000).toISOString() }) },
    });
    assert.equal(cancelled.statusCode, 201);
    const r3 = await read();
    assert.equal(r3.metrics.revenue_per_session.treatment.sum, 0);
    assert.equal(r3.metrics.revenue_per_session.treatment.sum_squares, 0);
    assert.deepEqual(r3.states.refund.treatment, { count: 2, amount: 52.43 });

    // Provisional until the refund window after the last linked purchase has passed, once stopped.
    await t().inject({ method: 'POST', url: `${BASE}/${id}/stop`, headers: s.member });
    const services = t().app.services;
    const actor = { kind: 'user' as const, userId: s.memberUser };
    const now = Date.now();
    assert.equal((await services.experiments.results(actor, id, now)).states.refund.status, 'provisional');
    const later = await services.experiments.results(actor, id, now + 31 * 86_400_000);
    assert.equal(later.states.refund.status, 'final');
    assert.equal(later.states.late_conversion.window_complete, true);
  });

  it('picks up an order that named an assignment before it existed', async () => {
    const s = await setup();
    const id = await running(s);
    const session = `late-${randomUUID()}`;
    const future = assignmentIdFor(s.siteId, id, session);
    const bought = await t().inject({
      method: 'POST',
      url: '/api/v1/partner-attribution/conversions',
      headers: s.server,
      payload: { event_type: 'purchase', conversion: purchase(s.siteId, { occurred_at: new Date(Date.now() + 3_600_000).toISOString(), experiment_assignment_ids: [future] }) },
    });
    assert.deepEqual(bought.json().data.unresolved_assignment_ids, [future]);
    const a = (await assign(s.browser, { session_id: session })).json().data.assignments[0];
    assert.equal(a.assignment_id, future);
    const r = (await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: s.member })).json().data;
    assert.equal(r.metrics.conversion[a.variant].sum, 1, 'the waiting order now counts');
    assert.equal(r.metrics.revenue_per_session[a.variant].sum, 52.43);
  });

  it('adds up several orders that waited for one assignment, and moves them with later adjustments', async () => {
    const s = await setup();
    const id = await running(s);
    const session = `waiting-${randomUUID()}`;
    const future = assignmentIdFor(s.siteId, id, session);
    const buy = (extra: Record<string, unknown> = {}) =>
      t().inject({
        method: 'POST',
        url: '/api/v1/partner-attribution/conversions',
        headers: s.server,
        payload: { event_type: 'purchase', conversion: purchase(s.siteId, { occurred_at: new Date(Date.now() + 3_600_000).toISOString(), experiment_assignment_ids: [future], ...extra }) },
      });
    assert.equal((await buy()).statusCode, 201);
    const touched = await buy({ touch_ids: ['t-partner'] });
    assert.equal(touched.statusCode, 201);
    const a = (await assign(s.browser, { session_id: session })).json().data.assignments[0];
    assert.equal(a.assignment_id, future);
    const read = async () => (await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: s.member })).json().data.metrics;
    const m1 = await read();
    assert.deepEqual(m1.conversion[a.variant], { n: 1, sum: 1, sum_squares: 1, mean: 1 }, 'one converted session');
    assert.equal(m1.revenue_per_session[a.variant].sum, 104.86, 'both orders count for the session');
    assert.ok(Math.abs(m1.revenue_per_session[a.variant].sum_squares - 104.86 ** 2) < 1e-9, 'the square of the session value, not a sum of squares of orders');
    assert.equal(m1.partner_contribution_per_session[a.variant].sum, 42.98, 'only the order with a partner touch');

    const order = (await t().database.db.query<{ order_id: string }>(
      `SELECT l.order_id FROM conversion_assignments l JOIN conversion_touches t ON t.site_id = l.site_id AND t.order_id = l.order_id WHERE l.assignment_id = $1`,
      [future],
    )).rows[0]!.order_id;
    const refunded = await t().inject({
      method: 'POST',
      url: '/api/v1/partner-attribution/conversions',
      headers: s.server,
      payload: { event_type: 'adjustment', adjustment: adjustment(s.siteId, order, { occurred_at: new Date(Date.now() + 7_200_000).toISOString() }) },
    });
    assert.equal(refunded.statusCode, 201, refunded.body);
    const m2 = await read();
    assert.equal(m2.revenue_per_session[a.variant].sum, 99.86);
    assert.ok(Math.abs(m2.revenue_per_session[a.variant].sum_squares - 99.86 ** 2) < 1e-9);
    assert.equal(m2.partner_contribution_per_session[a.variant].sum, 38.98, 'the touched order’s commissionable amount moved');
  });
});
