// All SQL of durable jobs. Claiming takes due waiting jobs and running jobs whose lease has passed,
// with FOR UPDATE SKIP LOCKED, so two workers never take the same job and neither waits for the other.
import { randomBase62 } from '../ids.js';
import { afterParams, newestFirst, type PageAfter } from '../db/keyset.js';
import type { Queryable } from '../db/types.js';
import type { Job, JobOutcome, JobStatus, NewJob } from './job.js';

interface JobRow {
  job_id: string;
  queue: string;
  key: string | null;
  site_id: string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_at?: string;
}

const COLUMNS = 'job_id, queue, key, site_id, payload, status, attempts, max_attempts, run_at, last_error, created_at, updated_at';

const jobOf = (r: JobRow): Job => ({
  jobId: r.job_id,
  queue: r.queue,
  key: r.key,
  siteId: r.site_id,
  payload: r.payload,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  runAt: r.run_at,
  lastError: r.last_error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const newJobId = (): string => `job_${randomBase62(20)}`;

/** Enqueues in the caller's transaction; null when an unfinished job of the same (queue, key) exists. */
export async function insertJob(q: Queryable, job: NewJob): Promise<string | null> {
  const { rows } = await q.query<{ job_id: string }>(
    `INSERT INTO jobs (job_id, queue, key, site_id, payload, status, max_attempts, run_at)
     VALUES ($1, $2, $3, $4, $5, 'waiting', $6, coalesce($7, now()))
     ON CONFLICT (queue, key) WHERE key IS NOT NULL AND status IN ('waiting', 'running') DO NOTHING
     RETURNING job_id`,
    [newJobId(), job.queue, job.key ?? null, job.siteId ?? null, JSON.stringify(job.payload), job.maxAttempts ?? 5, job.runAt ?? null],
  );
  return rows[0]?.job_id ?? null;
}

/** Enqueues several keyless jobs in one statement, in the caller's transaction. */
export async function insertJobs(q: Queryable, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await q.query(
    `INSERT INTO jobs (job_id, queue, site_id, payload, status, max_attempts, run_at)
     SELECT j.job_id, j.queue, j.site_id, j.payload::jsonb, 'waiting', j.max_attempts, coalesce(j.run_at, now())
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[]) AS j(job_id, queue, site_id, payload, max_attempts, run_at)`,
    [jobs.map(() => newJobId()), jobs.map((j) => j.queue), jobs.map((j) => j.siteId ?? null), jobs.map((j) => JSON.stringify(j.payload)), jobs.map((j) => j.maxAttempts ?? 5), jobs.map((j) => j.runAt ?? null)],
  );
}

/** Claims at most `limit` due jobs of these queues for `workerId`, each for its queue's lease. */
export async function claimJobs(q: Queryable, queues: ReadonlyMap<string, number>, workerId: string, limit: number): Promise<Job[]> {
  const names = [...queues.keys()];
  const { rows } = await q.query<JobRow>(
    `WITH due AS (
       SELECT job_id FROM jobs
        WHERE queue = ANY($1::text[])
          AND ((status = 'waiting' AND run_at <= now()) OR (status = 'running' AND locked_until < now() AND attempts < max_attempts))
        ORDER BY run_at, job_id
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     )
     UPDATE jobs j SET status = 'running', attempts = j.attempts + 1, locked_by = $2, updated_at = now(),
            locked_until = now() + make_interval(secs => (SELECT l.ms FROM unnest($1::text[], $4::float8[]) AS l(queue, ms) WHERE l.queue = j.queue) / 1000.0)
       FROM due WHERE j.job_id = due.job_id
     RETURNING ${COLUMNS.split(', ').map((c) => `j.${c}`).join(', ')}`,
    [names, workerId, limit, names.map((n) => queues.get(n)!)],
  );
  return rows.map(jobOf);
}

/** Records what a claimed job's attempt came to; false when the job is no longer this worker's (its lease passed and another took it). */
export async function settleJob(q: Queryable, jobId: string, workerId: string, outcome: JobOutcome): Promise<boolean> {
  const status = outcome.kind === 'done' ? 'succeeded' : outcome.kind === 'retry' ? 'waiting' : 'failed';
  const { rowCount } = await q.query(
    `UPDATE jobs SET status = $3, run_at = coalesce($4, run_at), last_error = $5, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE job_id = $1 AND locked_by = $2 AND status = 'running'`,
    [jobId, workerId, status, outcome.kind === 'retry' ? outcome.at : null, outcome.kind === 'done' ? null : outcome.error],
  );
  return rowCount === 1;
}

/** A job whose attempts are spent and whose lease passed: failed without another attempt. */
export async function failAbandoned(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE jobs SET status = 'failed', last_error = coalesce(last_error, 'the worker stopped during the last attempt'), locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts`,
  );
  return rowCount;
}

/** An operator's retry of a failed job: one more attempt, now. */
export async function retryFailedJob(q: Queryable, jobId: string): Promise<Job | null> {
  const { rows } = await q.query<JobRow>(
    `UPDATE jobs SET status = 'waiting', run_at = now(), max_attempts = attempts + 1, updated_at = now()
      WHERE job_id = $1 AND status = 'failed' RETURNING ${COLUMNS}`,
    [jobId],
  );
  return rows[0] ? jobOf(rows[0]) : null;
}

export async function findJob(q: Queryable, jobId: string): Promise<Job | null> {
  const { rows } = await q.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE job_id = $1`, [jobId]);
  return rows[0] ? jobOf(rows[0]) : null;
}

/** Per queue: waiting, running and failed jobs. */
export async function queueCounts(q: Queryable): Promise<{ name: string; waiting: number; running: number; failed: number }[]> {
  const { rows } = await q.query<{ queue: string; waiting: number; running: number; failed: number }>(
    `SELECT queue, count(*) FILTER (WHERE status = 'waiting')::int AS waiting, count(*) FILTER (WHERE status = 'running')::int AS running,
            count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM jobs WHERE status <> 'succeeded' GROUP BY queue ORDER BY queue`,
  );
  return rows.map((r) => ({ name: r.queue, waiting: r.waiting, running: r.running, failed: r.failed }));
}

const page = newestFirst({ createdAt: 'created_at', id: 'job_id' }, 2, 3);

/** Jobs newest first, of one status or all, one page. */
export async function listJobs(q: Queryable, status: JobStatus | undefined, limit: number, after: PageAfter | undefined): Promise<(Job & { cursor_at: string })[]> {
  const { rows } = await q.query<JobRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM jobs
      WHERE ($1::text IS NULL OR status = $1) AND ${page.after} ${page.orderBy} LIMIT $4`,
    [status ?? null, ...afterParams(after), limit],
  );
  return rows.map((r) => ({ ...jobOf(r), cursor_at: r.cursor_at }));
}

/** Forgets succeeded jobs finished before `before`, at most `limit` at a time. */
export async function pruneSucceeded(q: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await q.query(
    `DELETE FROM jobs WHERE job_id IN (SELECT job_id FROM jobs WHERE status = 'succeeded' AND updated_at < $1 LIMIT $2)`,
    [before, limit],
  );
  return rowCount;
}
