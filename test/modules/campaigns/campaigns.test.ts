// Campaigns over HTTP on both engines (CONTRACT §9): the three kinds, the status machine, versions,
// the experiment gate, media references, the public configuration (what it shows, ETag/304, the
// cache forgotten on change) and every bad input of the issue, each storing nothing.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, countRows, forEachEngine, ORIGIN, type TestApp } from '../../helpers/app.js';
import { fileBody } from '../media/multipart.js';
import { png } from '../media/images.js';
import { chatbot, overlay, quiz, recommendation, withValue } from './campaign-client.js';

async function shop(t: TestApp) {
  const site = await t.createSite();
  return { ...site, ownerId: site.owner, owner: bearer(await t.idToken(site.owner)), browser: { ...bearer(await t.runtimeToken(site.siteId)), origin: ORIGIN } };
}

forEachEngine('campaigns', (t) => {
  const create = (siteId: string, headers: Record<string, string>, body: unknown) =>
    t().inject({ method: 'POST', url: `/api/v1/sites/${siteId}/campaigns`, headers, payload: body as Record<string, unknown> });
  const patch = (siteId: string, id: string, headers: Record<string, string>, body: unknown) =>
    t().inject({ method: 'PATCH', url: `/api/v1/sites/${siteId}/campaigns/${id}`, headers, payload: body as Record<string, unknown> });
  const config = (headers: Record<string, string>) => t().inject({ method: 'GET', url: '/api/v1/runtime/config', headers });
  const created = async (siteId: string, headers: Record<string, string>, body: unknown) => {
    const res = await create(siteId, headers, body);
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data as { campaign_id: string; version: number; status: string };
  };
  const experiment = async (siteId: string, owner: string, start: boolean) => {
    const actor = { kind: 'user' as const, userId: owner };
    const e = await t().app.services.experiments.create(actor, siteId, { name: 'Gate', surfaces: [{ type: 'overlay', campaign_id: 'x' }] });
    if (start) await t().app.services.experiments.start(actor, e.experiment_id);
    return e.experiment_id;
  };

  it('creates each kind with defaults, reads, lists and changes it (version + 1 a change)', async () => {
    const s = await shop(t());
    const o = await created(s.siteId, s.owner, overlay());
    assert.equal(o.status, 'draft');
    assert.equal(o.version, 1);
    const r = (await create(s.siteId, s.owner, recommendation())).json().data;
    assert.deepEqual(r.content, { placement: 'home', strategy: 'popular', limit: 8, filters: { in_stock_only: true } });
    assert.deepEqual(r.trigger, { on: 'page_load' });
    assert.deepEqual(r.targeting, { url_include: [], url_exclude: [], devices: [], new_visitors_only: false });
    await created(s.siteId, s.owner, chatbot());
    await created(s.siteId, s.owner, quiz());

    const got = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/campaigns/${o.campaign_id}`, headers: s.owner });
    assert.equal(got.statusCode, 200);
    assert.equal(got.json().data.name, 'Welcome');

    const list = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/campaigns?limit=3`, headers: s.owner });
    assert.equal(list.json().data.length, 3);
    assert.ok(list.json().meta.next_cursor);
    const next = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/campaigns?limit=3&cursor=${list.json().meta.next_cursor}`, headers: s.owner });
    assert.equal(next.json().data.length, 1);
    const chatbots = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/campaigns?kind=chatbot`, headers: s.owner });
    assert.deepEqual(chatbots.json().data.map((c: { kind: string }) => c.kind), ['chatbot']);

    const renamed = await patch(s.siteId, o.campaign_id, s.owner, { name: 'Welcome 2' });
    assert.equal(renamed.json().data.version, 2);
    const same = await patch(s.siteId, o.campaign_id, s.owner, { name: 'Welcome 2' });
    assert.equal(same.json().data.version, 2, 'no change, no new version');
    const active = await patch(s.siteId, o.campaign_id, s.owner, { status: 'active' });
    assert.equal(active.json().data.version, 3);
    assert.equal(active.json().data.status, 'active');
  });

  it('keeps the status machine: archived is terminal, nothing goes back to draft', async () => {
    const s = await shop(t());
    const c = await created(s.siteId, s.owner, overlay({ status: 'active' }));
    const back = await patch(s.siteId, c.campaign_id, s.owner, { status: 'draft' });
    assert.equal(back.statusCode, 409);
    assert.equal(back.json().error.code, 'invalid_state');
    assert.equal((await patch(s.siteId, c.campaign_id, s.owner, { status: 'paused' })).statusCode, 200);
    assert.equal((await patch(s.siteId, c.campaign_id, s.owner, { status: 'active' })).statusCode, 200);
    assert.equal((await patch(s.siteId, c.campaign_id, s.owner, { status: 'archived' })).statusCode, 200);
    for (const change of [{ status: 'active' }, { name: 'Again' }, { status: 'archived' }, {}]) {
      const res = await patch(s.siteId, c.campaign_id, s.owner, change);
      assert.equal(res.statusCode, 409, JSON.stringify(change));
      assert.equal(res.json().error.code, 'invalid_state');
    }
    const draft = await created(s.siteId, s.owner, overlay());
    assert.equal((await patch(s.siteId, draft.campaign_id, s.owner, { status: 'paused' })).statusCode, 409);
  });

  it('gates on an experiment of the site: running to activate, unknown is 422; a stopped one takes its campaigns out of the configuration', async () => {
    const s = await shop(t());
    const other = await shop(t());
    const draftExp = await experiment(s.siteId, s.ownerId, false);
    const running = await experiment(s.siteId, s.ownerId, true);
    const theirs = await experiment(other.siteId, other.ownerId, true);

    for (const id of [theirs, 'exp_doesNotExist1']) {
      const res = await create(s.siteId, s.owner, overlay({ experiment_id: id }));
      assert.equal(res.statusCode, 422);
      assert.equal(res.json().error.code, 'unknown_experiment');
      assert.equal(res.json().error.details[0].path, '/experiment_id');
    }
    const notRunning = await create(s.siteId, s.owner, overlay({ experiment_id: draftExp, status: 'active' }));
    assert.equal(notRunning.statusCode, 422);
    assert.equal(notRunning.json().error.code, 'experiment_not_running');
    const draft = await created(s.siteId, s.owner, overlay({ experiment_id: draftExp }));
    const activate = await patch(s.siteId, draft.campaign_id, s.owner, { status: 'active' });
    assert.equal(activate.statusCode, 422);
    assert.equal(activate.json().error.code, 'experiment_not_running');
    assert.equal(await countRows(t(), 'campaigns', s.siteId), 1);

    const gated = await created(s.siteId, s.owner, overlay({ experiment_id: running, status: 'active' }));
    let shown = (await config(s.browser)).json().data.campaigns;
    assert.deepEqual(shown.map((c: { campaign_id: string; experiment_id: string }) => [c.campaign_id, c.experiment_id]), [[gated.campaign_id, running]]);

    await t().app.services.experiments.stop({ kind: 'user', userId: s.ownerId }, running);
    await new Promise((r) => setTimeout(r, 2100));
    shown = (await config(s.browser)).json().data.campaigns;
    assert.deepEqual(shown, [], 'a stopped experiment takes its campaigns out');
    // Still active, it can be changed; a new activation with the stopped experiment is refused.
    assert.equal((await patch(s.siteId, gated.campaign_id, s.owner, { name: 'Renamed' })).statusCode, 200);
    assert.equal((await patch(s.siteId, gated.campaign_id, s.owner, { status: 'paused' })).statusCode, 200);
    assert.equal((await patch(s.siteId, gated.campaign_id, s.owner, { status: 'active' })).json().error.code, 'experiment_not_running');
    // Without the gate it may go live again.
    assert.equal((await patch(s.siteId, gated.campaign_id, s.owner, { status: 'active', experiment_id: null })).statusCode, 200);
  });

  it('references media of the site only; an item a live campaign uses can’t be deleted', async () => {
    const s = await shop(t());
    const other = await shop(t());
    const upload = async (site: { siteId: string; owner: Record<string, string> }, width: number) => {
      const body = fileBody(png(width, 2));
      const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/media`, headers: { ...site.owner, ...body.headers }, payload: body.payload });
      return res.json().data.media_id as string;
    };
    const ours = await upload(s, 7);
    const theirs = await upload(other, 8);
    const refused = await create(s.siteId, s.owner, withValue(overlay(), '/content/image_media_id', theirs));
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json().error.code, 'unknown_media');
    assert.equal(refused.json().error.details[0].path, '/content/image_media_id');
    const bot = await created(s.siteId, s.owner, withValue(chatbot({ status: 'active' }), '/content/avatar_media_id', ours));
    const inUse = await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}/media/${ours}`, headers: s.owner });
    assert.equal(inUse.statusCode, 409);
    assert.equal(inUse.json().error.code, 'media_in_use');

    const shown = (await config(s.browser)).json().data.campaigns[0];
    assert.equal(shown.content.avatar_url, `http://localhost:80/api/v1/public/media/${ours}`, 'on the request’s own origin');
    assert.equal(shown.content.avatar_media_id, undefined);

    assert.equal((await patch(s.siteId, bot.campaign_id, s.owner, { status: 'archived' })).statusCode, 200);
    assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}/media/${ours}`, headers: s.owner })).statusCode, 200);
  });

  it('serves the public configuration: live campaigns only, nothing internal, ETag and 304, a change seen at once', async () => {
    const s = await shop(t());
    const live = await created(s.siteId, s.owner, overlay({ status: 'active', priority: 5, targeting: { url_include: ['/products/*'] }, frequency: { max_per_session: 1 } }));
    const top = await created(s.siteId, s.owner, recommendation({ status: 'active', priority: 9 }));
    await created(s.siteId, s.owner, chatbot());
    await created(s.siteId, s.owner, quiz({ status: 'active', starts_at: new Date(Date.now() + 3_600_000).toISOString() }));
    await created(s.siteId, s.owner, quiz({ status: 'active', ends_at: new Date(Date.now() - 1_000).toISOString(), starts_at: '2020-01-01T00:00:00Z' }));
    const paused = await created(s.siteId, s.owner, chatbot({ status: 'active' }));
    assert.equal((await patch(s.siteId, paused.campaign_id, s.owner, { status: 'paused' })).statusCode, 200);

    const res = await config(s.browser);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'private, max-age=60');
    const etag = res.headers.etag as string;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    const data = res.json().data;
    assert.deepEqual(data.site, { site_id: s.siteId, publisher_mode: false, publisher_hosts: data.site.publisher_hosts, consent: { mode: 'none', honor_gpc: true } });
    assert.deepEqual(data.campaigns.map((c: { campaign_id: string }) => c.campaign_id), [top.campaign_id, live.campaign_id], 'priority order, live only');
    assert.deepEqual(Object.keys(data.campaigns[1]).sort(), ['campaign_id', 'content', 'experiment_id', 'frequency', 'kind', 'targeting', 'trigger', 'version']);
    assert.ok(!res.body.includes('Welcome'), 'no campaign names');
    assert.ok(Buffer.byteLength(res.body) <= 64 * 1024);

    const notModified = await config({ ...s.browser, 'if-none-match': etag });
    assert.equal(notModified.statusCode, 304);

    assert.equal((await patch(s.siteId, live.campaign_id, s.owner, { content: { ...overlay().content, title: 'Changed' } })).statusCode, 200);
    const changed = await config({ ...s.browser, 'if-none-match': etag });
    assert.equal(changed.statusCode, 200, 'the change is seen at once on this process');
    assert.equal(changed.json().data.campaigns[1].content.title, 'Changed');
    assert.equal(changed.json().data.campaigns[1].version, 2);
  });

  it('refuses the configuration without a runtime token or with a wrong origin', async () => {
    const s = await shop(t());
    assert.equal((await config({})).statusCode, 401);
    assert.equal((await config({ ...s.browser, origin: 'https://evil.example' })).statusCode, 401);
    assert.equal((await config(s.owner)).statusCode, 401);
  });

  it('refuses a configuration past 64 KiB (422 config_too_large)', async () => {
    const s = await shop(t());
    const big = (i: number) => ({
      name: `Bot ${i}`,
      kind: 'chatbot',
      status: 'active',
      content: {
        greeting: 'x'.repeat(1000),
        intents: Array.from({ length: 12 }, (_, j) => ({ intent_id: `i${j}`, patterns: ['p'.repeat(100)], reply: 'r'.repeat(1000) })),
        fallback_reply: 'f',
      },
    });
    let refused;
    for (let i = 0; i < 10; i++) {
      const res = await create(s.siteId, s.owner, big(i));
      if (res.statusCode !== 201) {
        refused = res;
        break;
      }
    }
    assert.ok(refused, 'some campaign must pass the limit');
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json().error.code, 'config_too_large');
    // As a draft it is kept; activating it is refused the same way.
    const draft = await created(s.siteId, s.owner, { ...big(99), status: 'draft' });
    assert.equal((await patch(s.siteId, draft.campaign_id, s.owner, { status: 'active' })).json().error.code, 'config_too_large');
    const res = await config(s.browser);
    assert.ok(Buffer.byteLength(res.body) <= 64 * 1024, `${Buffer.byteLength(res.body)} bytes`);
  });

  it('answers another site’s campaign, an unknown one and a non-member with the same 404', async () => {
    const a = await shop(t());
    const b = await shop(t());
    const c = await created(a.siteId, a.owner, overlay());
    const stranger = bearer(await t().idToken('stranger'));
    const bodies = [];
    for (const [siteId, id, headers] of [
      [b.siteId, c.campaign_id, b.owner],
      [a.siteId, 'cmp_unknown00000', a.owner],
      [a.siteId, c.campaign_id, stranger],
    ] as const) {
      const get = await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/campaigns/${id}`, headers });
      assert.equal(get.statusCode, 404);
      bodies.push(get.json().error);
      assert.equal((await patch(siteId, id, headers, { name: 'x' })).statusCode, 404);
    }
    assert.deepEqual(bodies[0], bodies[1]);
    assert.deepEqual(bodies[1], bodies[2]);
    assert.equal((await create(a.siteId, stranger, overlay())).statusCode, 403);
    const key = await t().createKey(a.siteId);
    assert.equal((await create(a.siteId, { 'x-api-key': key.apiKey }, overlay())).statusCode, 401);
  });

  const BAD: [string, (body: Record<string, unknown>) => unknown, string][] = [
    ['an unknown kind', () => ({ ...overlay(), kind: 'popup' }), '/kind'],
    ['content of another kind', () => ({ ...overlay(), content: chatbot().content }), '/content/template'],
    ['overlay content for a chatbot', () => ({ ...chatbot(), content: overlay().content }), '/content/greeting'],
    ['a form without fields', (b) => withValue(b, '/content/form/fields', []), '/content/form/fields'],
    ['duplicate field names', (b) => withValue(b, '/content/form/fields', [{ name: 'email', type: 'email', label: 'E', required: true }, { name: 'email', type: 'text', label: 'E2', required: false }]), '/content/form/fields/1/name'],
    ['the honeypot as a field', (b) => withValue(b, '/content/form/fields', [{ name: 'website', type: 'text', label: 'W', required: false }]), '/content/form/fields/0/name'],
    ['a choice without options', (b) => withValue(b, '/content/form/fields', [{ name: 'size', type: 'choice', label: 'Size', required: true }]), '/content/form/fields/0/options'],
    ['a quiz without answers', () => withValue(quiz(), '/content/quiz/questions/0/answers', []), '/content/quiz/questions/0/answers'],
    ['the quiz template without a quiz', () => withValue(quiz(), '/content/quiz', undefined), '/content/quiz'],
    ['a glob over 200 chars', (b) => ({ ...b, targeting: { url_include: [`/${'a'.repeat(200)}`] } }), '/targeting/url_include/0'],
    ['delay_ms < 0', (b) => ({ ...b, trigger: { on: 'delay', delay_ms: -1 } }), '/trigger/delay_ms'],
    ['a delay trigger without delay_ms', (b) => ({ ...b, trigger: { on: 'delay' } }), '/trigger/delay_ms'],
    ['scroll_percent > 100', (b) => ({ ...b, trigger: { on: 'scroll', scroll_percent: 101 } }), '/trigger/scroll_percent'],
    ['ends_at before starts_at', (b) => ({ ...b, starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }), '/ends_at'],
    ['a javascript: call to action', (b) => withValue(b, '/content/cta', { label: 'Go', url: 'javascript:alert(1)' }), '/content/cta/url'],
    ['a limit of 25', () => withValue(recommendation(), '/content/limit', 25), '/content/limit'],
    ['an unknown device', (b) => ({ ...b, targeting: { devices: ['watch'] } }), '/targeting/devices/0'],
    ['a year before 1970', (b) => ({ ...b, starts_at: '1969-12-31T00:00:00Z' }), '/starts_at'],
    ['a NUL in the title', (b) => withValue(b, '/content/title', 'a\u0000b'), '/content/title'],
    ['an empty name', (b) => ({ ...b, name: '' }), '/name'],
  ];
  for (const [what, make, path] of BAD) {
    it(`refuses ${what} (400 at ${path}), storing nothing`, async () => {
      const s = await shop(t());
      const res = await create(s.siteId, s.owner, make(overlay()));
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().error.code, 'validation_failed');
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.json().error.details));
      assert.equal(await countRows(t(), 'campaigns', s.siteId), 0);
    });
  }

  it('refuses a change that breaks a rule (400) or the kind (400), changing nothing', async () => {
    const s = await shop(t());
    const c = await created(s.siteId, s.owner, overlay());
    for (const [body, path] of [
      [{ kind: 'chatbot' }, '/kind'],
      [{ content: chatbot().content }, '/content/template'],
      [{ trigger: { on: 'scroll', scroll_percent: 101 } }, '/trigger/scroll_percent'],
      [{ ends_at: '1999-01-01T00:00:00Z', starts_at: '2000-01-01T00:00:00Z' }, '/ends_at'],
    ] as const) {
      const res = await patch(s.siteId, c.campaign_id, s.owner, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().error.details[0].path, path);
    }
    const after = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/campaigns/${c.campaign_id}`, headers: s.owner });
    assert.equal(after.json().data.version, 1);
  });
});
