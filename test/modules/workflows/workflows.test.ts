// Workflows on both engines (CONTRACT §11): a server event recorded as a delivery in its own
// transaction and sent by the job, signed by Standard Webhooks v1 (verified with the
// `standardwebhooks` package); browser events never trigger; conditions; a paused workflow records
// nothing; retries keep the webhook-id; 410 pauses; rotation signs with both secrets; replay; every
// bad input of the issue.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { bearer, createTestApp, forEachEngine, type TestApp } from '../../helpers/app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { adjustment, CONVERSIONS_URL, purchase as purchaseOf } from '../../helpers/attribution.js';

forEachEngine('workflows', (t) => {
  let hooks: WebhookReceiver;
  before(async () => {
    hooks = await startWebhookReceiver();
  });
  after(async () => hooks.close());

  const shop = async () => {
    const site = await t().createSite();
    const key = await t().createKey(site.siteId);
    return { ...site, ownerH: bearer(await t().idToken(site.owner)), server: { 'x-api-key': key.apiKey }, browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: 'https://shop.example' } };
  };
  type Shop = Awaited<ReturnType<typeof shop>>;
  const create = async (s: Shop, body: Record<string, unknown>) =>
    t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/workflows`, headers: s.ownerH, payload: { name: 'Orders', trigger: { on: 'event', event_types: ['purchase'] }, action: { type: 'webhook', url: hooks.url() }, ...body } });
  const workflow = async (s: Shop, body: Record<string, unknown> = {}) => {
    const res = await create(s, body);
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data as { workflow_id: string; secret: string };
  };
  const purchase = (s: Shop, headers: Record<string, string>, total: number, order = `o-${Math.random()}`) =>
    t().inject({ method: 'POST', url: '/api/v1/events/track', headers, payload: { event_type: 'purchase', session_id: 's1', properties: { order_id: order, total, currency: 'EUR' }, context: { page_url: 'https://shop.example/thanks', user_agent: 'test' } } });
  const deliveries = async (s: Shop, workflowId: string, query = '') => {
    const res = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/workflows/${workflowId}/deliveries${query}`, headers: s.ownerH });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as { delivery_id: string; webhook_id: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; next_attempt_at: string | null; response_body: string | null }[];
  };
  const runDue = () => t().app.services.jobs.worker().runDue();
  const makeDue = () => t().database.db.query("UPDATE jobs SET run_at = now() - interval '1 second' WHERE status = 'waiting'");
  const from = (n: number) => hooks.received.slice(n);

  it('records a server event’s delivery with the event, sends it signed, and never for a browser event', async () => {
    const s = await shop();
    const w = await workflow(s);
    assert.match(w.secret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
    const shown = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/workflows/${w.workflow_id}`, headers: s.ownerH });
    assert.equal(shown.json().data.secret, undefined, 'the secret is shown once');
    const seen = hooks.received.length;
    const res = await purchase(s, s.server, 52.43, 'o-1');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((await purchase(s, s.browser, 99)).statusCode, 201);
    const pending = await deliveries(s, w.workflow_id);
    assert.equal(pending.length, 1, 'recorded with the event, before any send; the browser purchase records nothing');
    assert.equal(pending[0]!.status, 'pending');
    await runDue();
    const [got] = from(seen);
    assert.ok(got, 'delivered');
    const verified = new Webhook(w.secret).verify(got.body, { 'webhook-id': String(got.headers['webhook-id']), 'webhook-timestamp': String(got.headers['webhook-timestamp']), 'webhook-signature': String(got.headers['webhook-signature']) }) as { type: string; data: Record<string, unknown> };
    assert.equal(verified.type, 'event.purchase');
    assert.equal(verified.data.event_id, res.json().data.event_id);
    assert.deepEqual(verified.data.properties, { order_id: 'o-1', total: 52.43, currency: 'EUR' });
    assert.equal(verified.data.trust_class, 'server');
    assert.equal(got.headers['webhook-id'], pending[0]!.webhook_id);
    const [done] = await deliveries(s, w.workflow_id);
    assert.deepEqual({ status: done!.status, attempts: done!.attempts, code: done!.last_status_code, body: done!.response_body }, { status: 'succeeded', attempts: 1, code: 200, body: 'answer 200' });
  });

  it('delivers only what the conditions let through; a paused workflow records nothing', async () => {
    const s = await shop();
    const big = await workflow(s, { trigger: { on: 'event', event_types: ['purchase'], conditions: [{ path: '/properties/total', op: 'gte', value: 50 }, { path: '/properties/currency', op: 'in', value: ['EUR', 'USD'] }] } });
    const paused = await workflow(s, { status: 'paused' });
    await purchase(s, s.server, 10);
    await purchase(s, s.server, 80);
    assert.equal((await deliveries(s, big.workflow_id)).length, 1);
    assert.equal((await deliveries(s, paused.workflow_id)).length, 0);
    const patched = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${s.siteId}/workflows/${paused.workflow_id}`, headers: s.ownerH, payload: { status: 'active' } });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().data.version, 2);
    await purchase(s, s.server, 5);
    assert.equal((await deliveries(s, paused.workflow_id)).length, 1, 'active again: seen at once on this process');
    await runDue();
  });

  it('retries with the same webhook-id until a 2xx; a 410 fails the delivery and pauses the workflow', async () => {
    const s = await shop();
    const w = await workflow(s, { action: { type: 'webhook', url: hooks.url('/flaky') } });
    const seen = hooks.received.length;
    hooks.answer(500, 503);
    await purchase(s, s.server, 20);
    await runDue();
    let [d] = await deliveries(s, w.workflow_id);
    assert.deepEqual({ status: d!.status, attempts: d!.attempts, code: d!.last_status_code, error: d!.last_error }, { status: 'pending', attempts: 1, code: 500, error: 'HTTP 500' });
    assert.ok(d!.next_attempt_at);
    for (const _ of [2, 3]) {
      await makeDue();
      await runDue();
    }
    [d] = await deliveries(s, w.workflow_id);
    assert.deepEqual({ status: d!.status, attempts: d!.attempts }, { status: 'succeeded', attempts: 3 });
    const ids = new Set(from(seen).map((r) => r.headers['webhook-id']));
    assert.equal(ids.size, 1, 'the same webhook-id on every retry');

    hooks.answer(410);
    await purchase(s, s.server, 30);
    await runDue();
    const failed = await deliveries(s, w.workflow_id, '?status=failed');
    assert.equal(failed.length, 1);
    assert.equal(failed[0]!.last_status_code, 410);
    const after410 = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/workflows/${w.workflow_id}`, headers: s.ownerH });
    assert.equal(after410.json().data.status, 'paused');
  });

  it('signs with both secrets during a rotation; a replay is one more attempt with the same webhook-id', async () => {
    const s = await shop();
    const w = await workflow(s);
    const rotated = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/workflows/${w.workflow_id}/rotate-secret`, headers: s.ownerH });
    assert.equal(rotated.statusCode, 200, rotated.body);
    const fresh = rotated.json().data.secret as string;
    assert.notEqual(fresh, w.secret);
    const seen = hooks.received.length;
    await purchase(s, s.server, 12);
    await runDue();
    const [got] = from(seen);
    assert.equal(String(got!.headers['webhook-signature']).split(' ').length, 2);
    const headers = { 'webhook-id': String(got!.headers['webhook-id']), 'webhook-timestamp': String(got!.headers['webhook-timestamp']), 'webhook-signature': String(got!.headers['webhook-signature']) };
    for (const secret of [w.secret, fresh]) assert.doesNotThrow(() => new Webhook(secret).verify(got!.body, headers));

    const [d] = await deliveries(s, w.workflow_id);
    const replay = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/workflows/${w.workflow_id}/deliveries/${d!.delivery_id}/replay`, headers: s.ownerH });
    assert.equal(replay.statusCode, 200, replay.body);
    assert.equal(replay.json().data.status, 'pending');
    await runDue();
    const [again] = await deliveries(s, w.workflow_id);
    assert.deepEqual({ status: again!.status, attempts: again!.attempts }, { status: 'succeeded', attempts: 2 });
    assert.equal(from(seen).length, 2);
    assert.equal(from(seen)[1]!.headers['webhook-id'], got!.headers['webhook-id']);
  });

  it('fires on trusted conversions, publisher report imports and experiment changes, each in its own transaction', async () => {
    const site = await t().createSite({ publisherMode: true });
    const key = await t().createKey(site.siteId);
    const s = { ...site, ownerH: bearer(await t().idToken(site.owner)), server: { 'x-api-key': key.apiKey }, browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: 'https://shop.example' } };
    const refunds = await workflow(s, { trigger: { on: 'conversion', event_types: ['adjustment'] } });
    const imports = await workflow(s, { trigger: { on: 'publisher_report' } });
    const experiments = await workflow(s, { trigger: { on: 'experiment', event_types: ['started'] } });
    const order = purchaseOf(s.siteId);
    for (const body of [{ event_type: 'purchase', conversion: order }, { event_type: 'adjustment', adjustment: adjustment(s.siteId, String(order.order_id)) }]) {
      const res = await t().inject({ method: 'POST', url: CONVERSIONS_URL, headers: s.server, payload: body });
      assert.equal(res.statusCode, 201, res.body);
    }
    const record = { provider_transaction_id: 'tx-1', reference: 'AbCdEfGh12345678', status: 'approved', sale_amount: 10, commission_amount: 1, currency: 'EUR', transaction_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' };
    const report = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.server, payload: { provider: 'awin', records: [record, { ...record, provider_transaction_id: 'tx-2', sale_amount: 'ten' }] } });
    assert.equal(report.statusCode, 207, report.body);
    const created = await t().inject({ method: 'POST', url: '/api/v1/partner-experiments', headers: s.ownerH, payload: { website_id: s.siteId, name: 'Gate', surfaces: [{ type: 'overlay', campaign_id: 'c' }] } });
    const experimentId = created.json().data.experiment_id as string;
    assert.equal((await t().inject({ method: 'POST', url: `/api/v1/partner-experiments/${experimentId}/start`, headers: s.ownerH })).statusCode, 200);
    assert.equal((await t().inject({ method: 'POST', url: `/api/v1/partner-experiments/${experimentId}/stop`, headers: s.ownerH })).statusCode, 200);

    const seen = hooks.received.length;
    await runDue();
    const bodies = new Map(from(seen).map((r) => { const b = JSON.parse(r.body) as { type: string; data: Record<string, unknown> }; return [b.type, b.data]; }));
    assert.deepEqual([...bodies.keys()].sort(), ['conversion.adjustment', 'experiment.started', 'publisher_report.imported'], 'one each: the purchase and the stop filtered out');
    const adj = bodies.get('conversion.adjustment') as { entry: Record<string, unknown>; order: Record<string, unknown> };
    assert.deepEqual({ type: adj.entry.type, delta: adj.entry.revenue_delta, reason: adj.entry.reason }, { type: 'adjustment', delta: -5, reason: 'refund' });
    assert.deepEqual({ state: adj.order.state, net: adj.order.net_revenue, order: adj.order.order_id }, { state: 'open', net: 47.43, order: order.order_id });
    assert.deepEqual(bodies.get('publisher_report.imported'), { provider: 'awin', format: 'canonical', records: 2, created: 1, updated: 0, unchanged: 0, failed: 1, warnings: 0 });
    assert.equal((bodies.get('experiment.started') as { experiment_id: string; state: string }).experiment_id, experimentId);
    for (const w of [refunds, imports, experiments]) assert.equal((await deliveries(s, w.workflow_id)).length, 1);
  });

  it('refuses every bad input of the issue, storing nothing', async () => {
    const s = await shop();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ trigger: { on: 'cron' } }, 400, '/trigger/on'],
      [{ trigger: { on: 'event', event_types: ['purchased'] } }, 400, '/trigger/event_types/0'],
      [{ trigger: { on: 'conversion', event_types: ['purchase', 'refund'] } }, 400, '/trigger/event_types/1'],
      [{ trigger: { on: 'event', conditions: [{ path: 'properties/total', op: 'eq', value: 1 }] } }, 400, '/trigger/conditions/0/path'],
      [{ trigger: { on: 'event', conditions: [{ path: '/properties/total', op: 'in', value: 5 }] } }, 400, '/trigger/conditions/0/value'],
      [{ trigger: { on: 'event', conditions: [{ path: '/a~2', op: 'exists' }] } }, 400, '/trigger/conditions/0/path'],
      [{ action: { type: 'webhook', url: '/relative/hook' } }, 400, '/action/url'],
    ];
    for (const [body, status, path] of cases) {
      const res = await create(s, body);
      assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
      assert.equal(res.json().error.details?.[0]?.path, path, JSON.stringify(body));
    }
    assert.equal((await create(s, { action: { type: 'webhook', url: 'nope' } })).json().error.code, 'destination_not_allowed');
    const list = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/workflows`, headers: s.ownerH });
    assert.deepEqual(list.json().data, [], 'nothing stored');
    const asKey = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/workflows`, headers: s.server, payload: {} });
    assert.equal(asKey.statusCode, 401);
    const asBrowser = await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/workflows`, headers: s.browser });
    assert.equal(asBrowser.statusCode, 401);
    const stranger = bearer(await t().idToken('stranger'));
    assert.equal((await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/workflows`, headers: stranger })).statusCode, 403);
    assert.equal((await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/workflows/wfl_unknown000`, headers: s.ownerH })).statusCode, 404);

    for (let i = 0; i < 50; i += 1) await workflow(s, { name: `W${i}`, status: 'paused' });
    const over = await create(s, { name: 'one too many' });
    assert.equal(over.statusCode, 422, over.body);
    assert.equal(over.json().error.code, 'too_many_workflows');
  });
}, { env: { ALLOW_PRIVATE_WEBHOOKS: '1', WEBHOOK_RETRY_SCALE: '0.0001' } });

// Without ALLOW_PRIVATE_WEBHOOKS: https only, and no private address named literally.
let strict: TestApp;
before(async () => {
  strict = await createTestApp('pglite');
});
after(async () => strict?.close());
it('refuses http and private destinations at creation unless they are allowed', async () => {
  const site = await strict.createSite();
  const headers = bearer(await strict.idToken(site.owner));
  for (const url of ['http://hooks.example.com/x', 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://[::1]/x', 'https://169.254.169.254/latest', 'https://localhost/x', 'https://user:pw@hooks.example.com/']) {
    const res = await strict.inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/workflows`, headers, payload: { name: 'W', trigger: { on: 'event' }, action: { type: 'webhook', url } } });
    assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
    assert.equal(res.json().error.code, 'destination_not_allowed', url);
    assert.equal(res.json().error.details[0].path, '/action/url');
  }
  const ok = await strict.inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/workflows`, headers, payload: { name: 'W', trigger: { on: 'event' }, action: { type: 'webhook', url: 'https://hooks.example.com/x' } } });
  assert.equal(ok.statusCode, 201, ok.body);
});
