// Durable jobs (CONTRACT §11) on both engines: enqueued in the caller's transaction (a rollback
// leaves none), claimed once across workers (FOR UPDATE SKIP LOCKED), retried with backoff until
// the attempts are spent, taken again after a dead worker's lease; the admin routes (counts, list,
// retry, run-due) and their refusals; a running worker picks up what is enqueued and stops cleanly.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachEngine } from '../helpers/app.js';
import { DONE, type Job, type JobHandler } from '../../src/jobs/job.js';
import { claimJobs } from '../../src/jobs/jobs-repository.js';
import { createWorker } from '../../src/jobs/worker.js';
import { until } from '../helpers/browser.js';

forEachEngine('durable jobs', (t) => {
  const db = () => t().database.db;
  const jobs = () => t().app.services.jobs;
  let n = 0;
  /** A fresh queue name with this handler. */
  const queueWith = (handler: JobHandler['run'], leaseMs?: number) => {
    const name = `test-${n++}`;
    jobs().handle(name, { run: handler, ...(leaseMs ? { leaseMs } : {}) });
    return name;
  };
  const enqueue = (queue: string, payload: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => db().transaction((tx) => jobs().queue.enqueue(tx, { queue, payload, ...extra }));
  const job = async (id: string) => (await jobs().find(id))!;
  const admin = (method: 'GET' | 'POST', url: string) => t().inject({ method, url, headers: { 'x-platform-signature': t().platformSignature({ method, url }) } });
  /** Makes the job due now (its backoff passed). */
  const due = (id: string) => db().query("UPDATE jobs SET run_at = now() - interval '1 second' WHERE job_id = $1", [id]);

  it('runs an enqueued job once; a rolled-back enqueue leaves nothing', async () => {
    const seen: Job[] = [];
    const q = queueWith(async (j) => {
      seen.push(j);
      return DONE;
    });
    await assert.rejects(db().transaction(async (tx) => {
      await jobs().queue.enqueue(tx, { queue: q, payload: { lost: true } });
      throw new Error('rolled back');
    }));
    const id = (await enqueue(q, { order: 1 }, { siteId: 'site_x' }))!;
    const summary = await jobs().worker().runDue();
    assert.equal(summary.succeeded >= 1, true);
    assert.deepEqual(seen.map((j) => j.payload), [{ order: 1 }]);
    assert.equal(seen[0]!.attempts, 1);
    assert.equal((await job(id)).status, 'succeeded');
    await jobs().worker().runDue();
    assert.equal(seen.length, 1, 'never twice');
  });

  it('retries a throwing handler with backoff, then fails it with its last error; an operator retries it', async () => {
    let calls = 0;
    const q = queueWith(async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const id = (await enqueue(q, {}, { maxAttempts: 3 }))!;
    await jobs().worker().runDue();
    let j = await job(id);
    assert.deepEqual({ status: j.status, attempts: j.attempts, error: j.lastError }, { status: 'waiting', attempts: 1, error: 'boom 1' });
    assert.ok(j.runAt.getTime() > Date.now() + 3_000, 'about 5 s later');
    await jobs().worker().runDue();
    assert.equal(calls, 1, 'not due yet');
    for (const _ of [2, 3]) {
      await due(id);
      await jobs().worker().runDue();
    }
    j = await job(id);
    assert.deepEqual({ status: j.status, attempts: j.attempts, error: j.lastError }, { status: 'failed', attempts: 3, error: 'boom 3' });

    const list = await admin('GET', '/api/admin/jobs?status=failed&limit=200');
    assert.equal(list.statusCode, 200, list.body);
    const data = list.json().data;
    assert.ok(data.jobs.some((x: { job_id: string }) => x.job_id === id));
    assert.deepEqual(data.queues.find((x: { name: string }) => x.name === q), { name: q, waiting: 0, running: 0, failed: 1 });
    const retried = await admin('POST', `/api/admin/jobs/${id}/retry`);
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.json().data.status, 'waiting');
    const ran = await admin('POST', '/api/admin/jobs/run-due');
    assert.equal(ran.statusCode, 200, ran.body);
    assert.equal(calls, 4, 'one more attempt');
    assert.equal((await job(id)).status, 'failed');
  });

  it('takes a handler’s own outcome: retry at its time, or failed at once', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const later = queueWith(async () => ({ kind: 'retry', at, error: 'HTTP 503' }));
    const never = queueWith(async () => ({ kind: 'failed', error: 'blocked_destination' }));
    const a = (await enqueue(later))!;
    const b = (await enqueue(never))!;
    await jobs().worker().runDue();
    assert.equal((await job(a)).runAt.getTime(), at.getTime());
    assert.deepEqual({ s: (await job(b)).status, e: (await job(b)).lastError, n: (await job(b)).attempts }, { s: 'failed', e: 'blocked_destination', n: 1 });
  });

  it('keeps one unfinished job per key', async () => {
    const q = queueWith(async () => DONE);
    const first = await enqueue(q, {}, { key: 'integration-1' });
    assert.ok(first);
    assert.equal(await enqueue(q, {}, { key: 'integration-1' }), null);
    await jobs().worker().runDue();
    assert.ok(await enqueue(q, {}, { key: 'integration-1' }), 'a finished one no longer counts');
  });

  it('claims each job once across workers, and takes a dead worker’s job again after its lease', async () => {
    const q = queueWith(async () => DONE, 1);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueue(q, { i })));
    const leases = new Map([[q, 60_000]]);
    const [a, b] = await Promise.all([claimJobs(db(), leases, 'w-a', 20), claimJobs(db(), leases, 'w-b', 20)]);
    const claimed = [...a, ...b].map((j) => j.jobId).sort();
    assert.deepEqual(claimed, [...ids].map(String).sort(), 'every job, once');
    // w-a died: its jobs come back once their lease passes.
    await db().query("UPDATE jobs SET locked_until = now() - interval '1 second' WHERE locked_by = 'w-a'");
    const again = await claimJobs(db(), leases, 'w-c', 50);
    assert.deepEqual(again.map((j) => j.jobId).sort(), a.map((j) => j.jobId).sort());
    assert.ok(again.every((j) => j.attempts === 2));
  });

  it('a running worker picks up what is enqueued, and stops after the attempt under way', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const started: string[] = [];
    const handler: JobHandler = {
      async run(j) {
        started.push(j.jobId);
        await gate;
        return DONE;
      },
    };
    const q = `test-${n++}`;
    const w = createWorker({ db: db(), handlers: new Map([[q, handler]]), concurrency: 2, pollMs: 20 });
    const errors: unknown[] = [];
    w.start((err) => errors.push(err));
    const id = (await enqueue(q))!;
    w.nudge();
    await until(async () => started.includes(id), 10_000, 'the job started');
    const stopped = w.stop();
    release();
    await stopped;
    assert.equal((await job(id)).status, 'succeeded');
    assert.deepEqual(errors, []);
  });

  it('refuses what the contract refuses', async () => {
    assert.equal((await t().inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode, 401, 'unsigned');
    assert.equal((await admin('GET', '/api/admin/jobs?status=lost')).statusCode, 400);
    assert.equal((await admin('POST', '/api/admin/jobs/job_unknown0000/retry')).statusCode, 404);
    assert.equal((await admin('POST', '/api/admin/jobs/nope/retry')).statusCode, 400);
    const q = queueWith(async () => DONE);
    const id = (await enqueue(q))!;
    const res = await admin('POST', `/api/admin/jobs/${id}/retry`);
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().error.code, 'invalid_state');
  });
});

