// An operator's retry of a failed job (POST /api/admin/jobs/{id}/retry) on both engines: the queue's
// `retried` hook runs once, in the transaction that makes the job waiting (a hook that throws leaves
// the job failed), and the one more attempt is the job's last; a queue without a hook is retried as
// before: an integration run left running by a stopped worker runs again and succeeds.
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { bearer, forEachEngine } from '../helpers/app.js';
import { startFakeNetworks } from '../helpers/fake-networks.js';
import { isLastAttempt, type Job, type JobHandler } from '../../src/jobs/job.js';

// Started before the apps, so that their configuration names it.
const fake = await startFakeNetworks();
after(async () => fake.close());

forEachEngine('retrying a failed job', (t) => {
  const db = () => t().database.db;
  const jobs = () => t().app.services.jobs;
  const admin = (method: 'GET' | 'POST', url: string) => t().inject({ method, url, headers: { 'x-platform-signature': t().platformSignature({ method, url }) } });
  let n = 0;
  const queueWith = (handler: JobHandler) => {
    const name = `retry-test-${n++}`;
    jobs().handle(name, handler);
    return name;
  };
  /** A job of `queue` that failed its only attempt. */
  const failedJob = async (queue: string) => {
    const id = (await db().transaction((tx) => jobs().queue.enqueue(tx, { queue, payload: { thing: 'x' }, maxAttempts: 1 })))!;
    await jobs().worker().runDue();
    assert.equal((await jobs().find(id))!.status, 'failed');
    return id;
  };

  it('runs the queue’s retried hook in the retry’s transaction, and the attempt is the last', async () => {
    const hooked: { job: Job; sawWaiting: string | undefined }[] = [];
    const attempts: boolean[] = [];
    const q = queueWith({
      async run(job) {
        attempts.push(isLastAttempt(job));
        return { kind: 'failed', error: 'down' };
      },
      async retried(tx, job) {
        const { rows } = await tx.query<{ status: string }>('SELECT status FROM jobs WHERE job_id = $1', [job.jobId]);
        hooked.push({ job, sawWaiting: rows[0]?.status });
      },
    });
    const id = await failedJob(q);
    const res = await admin('POST', `/api/admin/jobs/${id}/retry`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(hooked.length, 1);
    assert.deepEqual({ id: hooked[0]!.job.jobId, status: hooked[0]!.job.status, payload: hooked[0]!.job.payload, seen: hooked[0]!.sawWaiting }, { id, status: 'waiting', payload: { thing: 'x' }, seen: 'waiting' });
    await jobs().worker().runDue();
    assert.deepEqual(attempts, [true, true], 'the retried attempt is its job’s last');
    assert.equal((await jobs().find(id))!.attempts, 2);
  });

  it('a hook that throws leaves the job failed', async () => {
    const q = queueWith({
      run: async () => ({ kind: 'failed', error: 'down' }),
      retried: async () => {
        throw new Error('cannot reopen');
      },
    });
    const id = await failedJob(q);
    await assert.rejects(jobs().retry(id), /cannot reopen/);
    const job = (await jobs().find(id))!;
    assert.deepEqual({ status: job.status, attempts: job.attempts, max: job.maxAttempts }, { status: 'failed', attempts: 1, max: 1 }, 'rolled back');
  });

  it('an integration run left running by a stopped worker runs again on an operator’s retry', async () => {
    const site = await t().createSite({ publisherMode: true });
    const ownerH = bearer(await t().idToken(site.owner));
    const base = `/api/v1/sites/${site.siteId}/integrations`;
    fake.awin.token = `awin-tok-retry-${Date.now()}`;
    fake.awin.transactions = [];
    const created = await t().inject({ method: 'POST', url: base, headers: ownerH, payload: { kind: 'awin', status: 'paused', credentials: { api_token: fake.awin.token, account_id: fake.awin.publisherId } } });
    assert.equal(created.statusCode, 201, created.body);
    const integrationId = created.json().data.integration_id as string;
    const queued = await t().inject({ method: 'POST', url: `${base}/${integrationId}/run`, headers: ownerH });
    assert.equal(queued.statusCode, 202, queued.body);
    const runId = queued.json().data.run_id as string;
    // The worker stopped during the job's last attempt: the run stays running, the job failed.
    await db().query(`UPDATE integration_runs SET status = 'running', started_at = now() WHERE run_id = $1`, [runId]);
    const { rows } = await db().query<{ job_id: string }>(
      `UPDATE jobs SET status = 'failed', attempts = max_attempts, last_error = 'the worker stopped during the last attempt' WHERE payload->>'run_id' = $1 RETURNING job_id`,
      [runId],
    );
    const jobId = rows[0]!.job_id;

    const res = await admin('POST', `/api/admin/jobs/${jobId}/retry`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.queue, 'integration-run');
    assert.equal(res.json().data.status, 'waiting');
    const ran = await admin('POST', '/api/admin/jobs/run-due');
    assert.equal(ran.statusCode, 200, ran.body);
    assert.equal((await jobs().find(jobId))!.status, 'succeeded');
    const runs = await t().inject({ method: 'GET', url: `${base}/${integrationId}/runs`, headers: ownerH });
    assert.equal(runs.statusCode, 200, runs.body);
    const run = (runs.json().data as { run_id: string; status: string }[]).find((r) => r.run_id === runId);
    assert.equal(run?.status, 'succeeded');
  });
}, { env: { AWIN_API_URL: fake.awinUrl, CJ_API_URL: fake.cjUrl } });
