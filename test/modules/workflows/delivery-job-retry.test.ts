// An operator's retry of a delivery's failed job (POST /api/admin/jobs/{id}/retry), on both engines,
// against a local receiver: a delivery that exhausted its schedule is pending again and sent once
// more with the same webhook-id (verified with `standardwebhooks`), succeeding; a retried attempt
// that fails again fails the delivery after that one attempt (no new schedule), even for a delivery
// whose schedule was not spent (a 410); a delivery that a merchant's replay delivered since is not
// sent again; refusals (a job that has not failed: 409; an unknown job: 404).
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { bearer, forEachEngine } from '../../helpers/app.js';
import { startWebhookReceiver, type Received, type WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { MAX_ATTEMPTS } from '../../../src/modules/workflows/retry-schedule.js';

interface DeliveryView {
  delivery_id: string;
  webhook_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  next_attempt_at: string | null;
}

forEachEngine('an operator’s retry of a delivery’s job', (t) => {
  let hooks: WebhookReceiver;
  before(async () => {
    hooks = await startWebhookReceiver();
  });
  after(async () => hooks.close());

  /** A site whose one workflow sends its purchases to the receiver at `path`. */
  const shop = async (path: string) => {
    const site = await t().createSite();
    const key = await t().createKey(site.siteId);
    const ownerH = bearer(await t().idToken(site.owner));
    const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/workflows`, headers: ownerH, payload: { name: 'Orders', trigger: { on: 'event', event_types: ['purchase'] }, action: { type: 'webhook', url: hooks.url(path) } } });
    assert.equal(res.statusCode, 201, res.body);
    const w = res.json().data as { workflow_id: string; secret: string };
    const purchase = async () => {
      const r = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': key.apiKey }, payload: { event_type: 'purchase', session_id: 's1', properties: { order_id: `o-${Math.random()}`, total: 20, currency: 'EUR' }, context: { page_url: 'https://shop.example/thanks', user_agent: 'test' } } });
      assert.equal(r.statusCode, 201, r.body);
    };
    const delivery = async () => {
      const r = await t().inject({ method: 'GET', url: `/api/v1/sites/${site.siteId}/workflows/${w.workflow_id}/deliveries`, headers: ownerH });
      assert.equal(r.statusCode, 200, r.body);
      const [d] = r.json().data as DeliveryView[];
      return d!;
    };
    const replay = async (deliveryId: string) => {
      const r = await t().inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/workflows/${w.workflow_id}/deliveries/${deliveryId}/replay`, headers: ownerH });
      assert.equal(r.statusCode, 200, r.body);
    };
    return { ...site, ownerH, workflow: w, purchase, delivery, replay, received: () => hooks.received.filter((x) => x.path === path) };
  };

  const admin = (method: 'GET' | 'POST', url: string) => t().inject({ method, url, headers: { 'x-platform-signature': t().platformSignature({ method, url }) } });
  const retry = (jobId: string) => admin('POST', `/api/admin/jobs/${jobId}/retry`);
  const runDue = async () => {
    const res = await admin('POST', '/api/admin/jobs/run-due');
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as { claimed: number; succeeded: number; retried: number; failed: number };
  };
  /** Makes every waiting job due now (its schedule's wait passed). */
  const makeDue = () => t().database.db.query("UPDATE jobs SET run_at = now() - interval '1 second' WHERE status = 'waiting'");
  /** The delivery's own job (not a replay's). */
  const jobOf = async (deliveryId: string) => {
    const { rows } = await t().database.db.query<{ job_id: string; status: string; attempts: number; max_attempts: number }>(
      "SELECT job_id, status, attempts, max_attempts FROM jobs WHERE payload->>'delivery_id' = $1 AND payload->>'replay' IS NULL",
      [deliveryId],
    );
    assert.equal(rows.length, 1);
    return rows[0]!;
  };
  const verify = (secret: string, got: Received) =>
    new Webhook(secret).verify(got.body, { 'webhook-id': String(got.headers['webhook-id']), 'webhook-timestamp': String(got.headers['webhook-timestamp']), 'webhook-signature': String(got.headers['webhook-signature']) });

  /** A purchase whose delivery the receiver refuses on every attempt of its schedule: failed, its job failed. */
  const exhausted = async (path: string) => {
    const s = await shop(path);
    hooks.answer(...Array.from({ length: MAX_ATTEMPTS }, () => 503));
    await s.purchase();
    await runDue();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await makeDue();
      await runDue();
    }
    const d = await s.delivery();
    assert.deepEqual({ status: d.status, attempts: d.attempts, code: d.last_status_code, next: d.next_attempt_at }, { status: 'failed', attempts: MAX_ATTEMPTS, code: 503, next: null });
    const job = await jobOf(d.delivery_id);
    assert.deepEqual({ status: job.status, attempts: job.attempts }, { status: 'failed', attempts: MAX_ATTEMPTS });
    assert.equal(s.received().length, MAX_ATTEMPTS);
    return { s, d, jobId: job.job_id };
  };

  it('sends an exhausted delivery once more with the same webhook-id; it succeeds; the job can then not be retried', async () => {
    const { s, d, jobId } = await exhausted('/exhausted');
    const res = await retry(jobId);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual({ status: res.json().data.status, attempts: res.json().data.attempts }, { status: 'waiting', attempts: MAX_ATTEMPTS });
    const reopened = await s.delivery();
    assert.deepEqual({ status: reopened.status, attempts: reopened.attempts }, { status: 'pending', attempts: MAX_ATTEMPTS }, 'pending again, in the same transaction as the job');

    assert.deepEqual(await runDue(), { claimed: 1, succeeded: 1, retried: 0, failed: 0 });
    const sent = s.received();
    assert.equal(sent.length, MAX_ATTEMPTS + 1, 'exactly one new attempt');
    const last = sent.at(-1)!;
    assert.equal(last.headers['webhook-id'], d.webhook_id, 'the same webhook-id, so the receiver dedupes');
    assert.ok(new Set(sent.map((x) => x.headers['webhook-id'])).size === 1);
    assert.doesNotThrow(() => verify(s.workflow.secret, last));
    const done = await s.delivery();
    assert.deepEqual({ status: done.status, attempts: done.attempts, code: done.last_status_code }, { status: 'succeeded', attempts: MAX_ATTEMPTS + 1, code: 200 });
    assert.equal((await jobOf(d.delivery_id)).status, 'succeeded');

    const again = await retry(jobId);
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(again.json().error.code, 'invalid_state');
    await makeDue();
    assert.equal((await runDue()).claimed, 0);
    assert.equal(s.received().length, MAX_ATTEMPTS + 1, 'nothing more sent');
  });

  it('a retried attempt that fails again fails the delivery after that one attempt, as a replay does', async () => {
    const { s, d, jobId } = await exhausted('/still-down');
    hooks.answer(500);
    assert.equal((await retry(jobId)).statusCode, 200);
    assert.deepEqual(await runDue(), { claimed: 1, succeeded: 0, retried: 0, failed: 1 });
    const failed = await s.delivery();
    assert.deepEqual({ status: failed.status, attempts: failed.attempts, code: failed.last_status_code, next: failed.next_attempt_at }, { status: 'failed', attempts: MAX_ATTEMPTS + 1, code: 500, next: null });
    const job = await jobOf(d.delivery_id);
    assert.deepEqual({ status: job.status, attempts: job.attempts }, { status: 'failed', attempts: MAX_ATTEMPTS + 1 });
    await makeDue();
    assert.equal((await runDue()).claimed, 0, 'no new schedule');
    assert.equal(s.received().length, MAX_ATTEMPTS + 1);

    // The merchant's replay of the same delivery: one attempt likewise.
    hooks.answer(502);
    await s.replay(d.delivery_id);
    await runDue();
    const replayed = await s.delivery();
    assert.deepEqual({ status: replayed.status, attempts: replayed.attempts, code: replayed.last_status_code }, { status: 'failed', attempts: MAX_ATTEMPTS + 2, code: 502 });
  });

  it('a delivery failed early (410) gets one attempt too, not the rest of its schedule', async () => {
    const s = await shop('/gone');
    hooks.answer(410);
    await s.purchase();
    await runDue();
    const d = await s.delivery();
    assert.deepEqual({ status: d.status, attempts: d.attempts, code: d.last_status_code }, { status: 'failed', attempts: 1, code: 410 });
    const jobId = (await jobOf(d.delivery_id)).job_id;
    hooks.answer(503);
    assert.equal((await retry(jobId)).statusCode, 200);
    await runDue();
    const after1 = await s.delivery();
    assert.deepEqual({ status: after1.status, attempts: after1.attempts, code: after1.last_status_code, next: after1.next_attempt_at }, { status: 'failed', attempts: 2, code: 503, next: null });
    await makeDue();
    assert.equal((await runDue()).claimed, 0);
    assert.equal(s.received().length, 2);
    assert.equal(s.received()[1]!.headers['webhook-id'], d.webhook_id);
  });

  it('does not send again a delivery a merchant’s replay delivered since; refuses a job that has not failed (409) and an unknown one (404)', async () => {
    const { s, d, jobId } = await exhausted('/replayed');
    await s.replay(d.delivery_id);
    await runDue();
    assert.equal((await s.delivery()).status, 'succeeded');
    const sent = s.received().length;
    const res = await retry(jobId);
    assert.equal(res.statusCode, 200, res.body);
    await runDue();
    assert.equal(s.received().length, sent, 'not sent again');
    assert.deepEqual({ status: (await s.delivery()).status, attempts: (await s.delivery()).attempts }, { status: 'succeeded', attempts: MAX_ATTEMPTS + 1 });
    assert.equal((await jobOf(d.delivery_id)).status, 'succeeded');

    // A delivery's job still waiting on its schedule is not the operator's to retry.
    const fresh = await shop('/waiting');
    hooks.answer(503);
    await fresh.purchase();
    await runDue();
    const pending = await fresh.delivery();
    assert.equal(pending.status, 'pending');
    const waiting = await jobOf(pending.delivery_id);
    assert.equal(waiting.status, 'waiting');
    const refused = await retry(waiting.job_id);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(refused.json().error.code, 'invalid_state');
    assert.deepEqual(await jobOf(pending.delivery_id), waiting, 'unchanged');
    assert.equal((await fresh.delivery()).attempts, 1);

    const unknown = await retry('job_unknown0000000000');
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.equal(unknown.json().error.code, 'not_found');
  });
}, { env: { ALLOW_PRIVATE_WEBHOOKS: '1', WEBHOOK_RETRY_SCALE: '0.0001' } });
