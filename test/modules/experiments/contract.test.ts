// experiments.md points not checked elsewhere: default weights, every illegal move answered 409
// invalid_state, the complete shape of the results (four metrics, both arms, both effects, four
// states with their figures), and merchant-only management.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';

const BASE = '/api/v1/partner-experiments';
const METRICS = ['conversion', 'revenue_per_session', 'gross_profit_per_session', 'partner_contribution_per_session'];

forEachEngine('contract §5 experiments', (t) => {
  const setup = async () => {
    const site = await t().createSite();
    return {
      ...site,
      memberH: bearer(await t().idToken(site.member)),
      browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN },
    };
  };
  const create = (headers: Record<string, string>, siteId: string, extra: Record<string, unknown> = {}) =>
    t().inject({ method: 'POST', url: BASE, headers, payload: { website_id: siteId, name: 'Exp', surfaces: [{ type: 'recommendation', campaign_id: 'reco-1' }, { type: 'chatbot', campaign_id: 'bot-1' }], ...extra } });
  const move = (headers: Record<string, string>, id: string, to: 'start' | 'stop') => t().inject({ method: 'POST', url: `${BASE}/${id}/${to}`, headers });

  it('defaults the weights to 0.5/0.5 and answers every illegal move with 409 invalid_state', async () => {
    const s = await setup();
    const created = await create(s.memberH, s.siteId);
    assert.equal(created.statusCode, 201, created.body);
    const e = created.json().data;
    assert.deepEqual(e.weights, { control: 0.5, treatment: 0.5 });
    assert.equal(e.state, 'draft');
    assert.deepEqual(e.surfaces.map((x: { type: string }) => x.type), ['recommendation', 'chatbot']);
    const id = e.experiment_id as string;
    const illegal = async (res: { statusCode: number; json(): { error: { code: string } } }, why: string) => {
      assert.equal(res.statusCode, 409, why);
      assert.equal(res.json().error.code, 'invalid_state', why);
    };
    await illegal(await move(s.memberH, id, 'stop'), 'draft → stopped');
    assert.equal((await move(s.memberH, id, 'start')).json().data.state, 'running');
    await illegal(await move(s.memberH, id, 'start'), 'running → running');
    await illegal(await t().inject({ method: 'PATCH', url: `${BASE}/${id}`, headers: s.memberH, payload: { weights: { control: 0.2, treatment: 0.8 } } }), 'PATCH running');
    assert.equal((await move(s.memberH, id, 'stop')).json().data.state, 'stopped');
    await illegal(await move(s.memberH, id, 'stop'), 'stopped → stopped');
    await illegal(await move(s.memberH, id, 'start'), 'stopped → running');
    await illegal(await t().inject({ method: 'PATCH', url: `${BASE}/${id}`, headers: s.memberH, payload: { name: 'again' } }), 'PATCH stopped');
    const got = await t().inject({ method: 'GET', url: `${BASE}/${id}`, headers: s.memberH });
    assert.deepEqual([got.json().data.state, got.json().data.weights], ['stopped', { control: 0.5, treatment: 0.5 }]);
  });

  it('refuses bad weights and windows on PATCH as on create', async () => {
    const s = await setup();
    const id = (await create(s.memberH, s.siteId)).json().data.experiment_id as string;
    for (const [patch, path] of [
      [{ weights: { control: 0.7, treatment: 0.7 } }, '/weights'],
      [{ weights: { control: 1 } }, '/weights'],
      [{ weights: { control: 0.5, treatment: 0.5, holdout: 0 } }, '/weights'],
      [{ surfaces: [{ type: 'popup', campaign_id: 'x' }] }, '/surfaces/0/type'],
      [{ conversion_window_days: 0 }, '/conversion_window_days'],
      [{ refund_window_days: -1 }, '/refund_window_days'],
    ] as const) {
      const res = await t().inject({ method: 'PATCH', url: `${BASE}/${id}`, headers: s.memberH, payload: patch });
      assert.equal(res.statusCode, 400, `${JSON.stringify(patch)}: ${res.body}`);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path.startsWith(path)), `${JSON.stringify(patch)}: ${res.body}`);
    }
    for (const extra of [{ conversion_window_days: 0 }, { refund_window_days: -1 }, { weights: { control: -0.5, treatment: 1.5 } }]) {
      const res = await create(s.memberH, s.siteId, extra);
      assert.equal(res.statusCode, 400, `${JSON.stringify(extra)}: ${res.body}`);
    }
  });

  it('answers results with the four metrics per arm, both effects and the four states', async () => {
    const s = await setup();
    const id = (await create(s.memberH, s.siteId)).json().data.experiment_id as string;
    await move(s.memberH, id, 'start');
    for (let i = 0; i < 20; i += 1) {
      const res = await t().inject({ method: 'POST', url: `${BASE}/assignments`, headers: s.browser, payload: { session_id: `shape-${i}` } });
      const [a] = res.json().data.assignments;
      assert.deepEqual(Object.keys(a).sort(), ['assignment_id', 'experiment_id', 'surfaces', 'variant']);
      assert.deepEqual(a.surfaces.map((x: { type: string; campaign_id: string }) => `${x.type}:${x.campaign_id}`), ['recommendation:reco-1', 'chatbot:bot-1']);
    }
    const res = await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: s.memberH });
    assert.equal(res.statusCode, 200, res.body);
    const r = res.json().data;
    assert.equal(r.sessions.control + r.sessions.treatment, 20);
    for (const metric of METRICS) {
      const m = r.metrics[metric];
      assert.ok(m, metric);
      for (const arm of ['control', 'treatment']) {
        assert.deepEqual(Object.keys(m[arm]).sort(), ['mean', 'n', 'sum', 'sum_squares'], `${metric}.${arm}`);
        assert.equal(m[arm].n, r.sessions[arm], `${metric}.${arm}.n: every assigned session (intent to treat)`);
        assert.equal(m[arm].sum, 0);
      }
      for (const kind of ['absolute', 'relative']) {
        const e = m.effect[kind];
        assert.ok(e, `${metric}.effect.${kind}`);
        for (const field of ['effect', 'ci', 'stddev', 'p_value']) assert.ok(field in e, `${metric}.effect.${kind}.${field}`);
        assert.equal(e.ci.length, 2);
      }
    }
    const states = r.states;
    assert.deepEqual(Object.keys(states).sort(), ['late_conversion', 'power', 'refund', 'sample_ratio']);
    assert.ok(['ok', 'mismatch', 'insufficient_data'].includes(states.sample_ratio.status));
    assert.equal(typeof states.sample_ratio.p_value, 'number');
    assert.ok(['powered', 'underpowered'].includes(states.power.status));
    for (const metric of METRICS) {
      const p = states.power.metrics?.[metric];
      assert.ok(p, `power figures for ${metric}: ${JSON.stringify(states.power)}`);
      assert.ok(['powered', 'underpowered'].includes(p.status));
      assert.ok('power' in p && 'sessions_per_arm_needed' in p, JSON.stringify(p));
    }
    assert.equal(states.power.mde, 0.05);
    assert.equal(states.power.alpha, 0.05);
    assert.equal(typeof states.late_conversion.status, 'string');
    assert.deepEqual([states.late_conversion.count, states.late_conversion.revenue, states.late_conversion.window_complete], [0, 0, false]);
    assert.ok(['provisional', 'final'].includes(states.refund.status));
    assert.deepEqual([states.refund.control, states.refund.treatment], [{ count: 0, amount: 0 }, { count: 0, amount: 0 }]);
  });

  it('keeps each session’s assignment when the weights change underneath', async () => {
    const s = await setup();
    const id = (await create(s.memberH, s.siteId)).json().data.experiment_id as string;
    await move(s.memberH, id, 'start');
    const sessions = Array.from({ length: 200 }, (_, i) => `sticky-${i}`);
    const assignAll = async () =>
      Promise.all(sessions.map(async (session_id) => JSON.stringify((await t().inject({ method: 'POST', url: `${BASE}/assignments`, headers: s.browser, payload: { session_id } })).json().data.assignments)));
    const before = await assignAll();
    assert.ok(before.some((a) => a.includes('"control"')) && before.some((a) => a.includes('"treatment"')));
    await t().database.db.query('UPDATE experiments SET weight_control = 0.05, weight_treatment = 0.95 WHERE experiment_id = $1', [id]);
    assert.deepEqual(await assignAll(), before);
    const results = (await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: s.memberH })).json().data;
    assert.equal(results.sessions.control + results.sessions.treatment, 200, 'each session counted once');
  });

  it('takes merchant ID tokens only for management, and runtime tokens only for assignment', async () => {
    const s = await setup();
    const key = await t().createKey(s.siteId);
    for (const headers of [{ 'x-api-key': key.apiKey }, s.browser]) {
      const res = await create(headers, s.siteId);
      assert.equal(res.statusCode, 401, JSON.stringify(Object.keys(headers)));
    }
    const id = (await create(s.memberH, s.siteId)).json().data.experiment_id as string;
    assert.equal((await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: s.browser })).statusCode, 401);
    assert.equal((await t().inject({ method: 'GET', url: `${BASE}/${id}/results`, headers: { 'x-api-key': key.apiKey } })).statusCode, 401);
    assert.equal((await t().inject({ method: 'POST', url: `${BASE}/assignments`, headers: s.memberH, payload: { session_id: 's' } })).statusCode, 401);
    const stranger = bearer(await t().idToken(`stranger-${Date.now()}`));
    // The site's list is addressed by the (public) site id: 403. One experiment is addressed by its own id: 404 (§7).
    const list = await t().inject({ method: 'GET', url: `${BASE}?website_id=${s.siteId}`, headers: stranger });
    assert.equal(list.statusCode, 403, list.body);
    for (const [method, url] of [['POST', `${BASE}/${id}/start`], ['PATCH', `${BASE}/${id}`]] as const) {
      const res = await t().inject({ method, url, headers: stranger, ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}) });
      assert.equal(res.statusCode, 404, `${method} ${url}: ${res.body}`);
    }
  });

  it('answers another site’s experiment exactly like one that does not exist (CONTRACT §7), and changes nothing', async () => {
    const s = await setup();
    const draft = (await create(s.memberH, s.siteId)).json().data.experiment_id as string;
    const running = (await create(s.memberH, s.siteId)).json().data.experiment_id as string;
    assert.equal((await move(s.memberH, running, 'start')).statusCode, 200);
    const unknown = 'exp_DoesNotExist00000000';
    // A merchant with sites of their own, and one with none: neither learns that the ids exist.
    const elsewhere = await t().createSite();
    const outsiders = { 'owner of another site': bearer(await t().idToken(elsewhere.owner)), stranger: bearer(await t().idToken(`stranger-${Date.now()}`)) };
    const requests = (id: string): [string, 'GET' | 'PATCH' | 'POST', string, object | undefined][] => [
      ['read', 'GET', `${BASE}/${id}`, undefined],
      ['results', 'GET', `${BASE}/${id}/results`, undefined],
      ['patch', 'PATCH', `${BASE}/${id}`, { name: 'Taken over' }],
      ['patch with a bad body', 'PATCH', `${BASE}/${id}`, { weights: { control: 2 } }],
      ['patch with an empty body', 'PATCH', `${BASE}/${id}`, {}],
      ['start', 'POST', `${BASE}/${id}/start`, undefined],
      ['stop', 'POST', `${BASE}/${id}/stop`, undefined],
    ];
    for (const [who, headers] of Object.entries(outsiders)) {
      for (const existing of [draft, running]) {
        const theirs = requests(existing);
        const none = requests(unknown);
        for (let i = 0; i < theirs.length; i += 1) {
          const [what, method, url, payload] = theirs[i]!;
          const a = await t().inject({ method, url, headers, ...(payload ? { payload } : {}) });
          const b = await t().inject({ method, url: none[i]![2], headers, ...(payload ? { payload } : {}) });
          const why = `${who}, ${what}`;
          assert.equal(a.statusCode, 404, `${why}: ${a.body}`);
          assert.equal(b.statusCode, 404, `${why} (unknown id): ${b.body}`);
          assert.deepEqual(a.json().error, b.json().error, `${why}: the same body as for an unknown id`);
          assert.deepEqual(Object.keys(a.json()).sort(), Object.keys(b.json()).sort());
          assert.equal(a.headers['content-type'], b.headers['content-type']);
        }
      }
    }
    const read = async (id: string) => (await t().inject({ method: 'GET', url: `${BASE}/${id}`, headers: s.memberH })).json().data;
    assert.deepEqual([(await read(draft)).name, (await read(draft)).state], ['Exp', 'draft'], 'nothing changed');
    assert.equal((await read(running)).state, 'running', 'nothing stopped');
    // A member still gets the experiment, and a malformed id is still the schema's 400.
    assert.equal((await t().inject({ method: 'GET', url: `${BASE}/${draft}`, headers: s.memberH })).statusCode, 200);
    const malformed = await t().inject({ method: 'PATCH', url: `${BASE}/not-an-id`, headers: outsiders.stranger, payload: { name: 'x' } });
    assert.equal(malformed.statusCode, 400, malformed.body);
    assert.equal(malformed.json().error.details[0].path, '/experimentId');
  });
});
