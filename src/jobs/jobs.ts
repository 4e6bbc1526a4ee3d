// Durable jobs as the platform gives them (CONTRACT §11): modules enqueue in their own transactions
// and name handlers per queue; operators list, count and retry (the admin routes: a retry is one
// more attempt, and the queue's handler reopens what the job works on in the same transaction); the
// worker runs in the server unless WORKER=0, and `runDue` is the external scheduler's tick. Chosen
// over pg-boss and graphile-worker: both need PostgreSQL features (LISTEN/NOTIFY, functions, their
// own schema migrations) the embedded engine doesn't give the same way, and the contract wants one
// queue on both engines; claiming is one statement with FOR UPDATE SKIP LOCKED, which both run.
import type { Database, Queryable } from '../db/types.js';
import type { PageRequest, PageResult, CursorCodec } from '../db/paging.js';
import { openPage } from '../db/paging.js';
import type { Job, JobHandler, JobStatus, NewJob } from './job.js';
import { findJob, insertJob, insertJobs, listJobs, queueCounts, retryFailedJob } from './jobs-repository.js';
import { createWorker, type Worker } from './worker.js';

export interface JobQueue {
  /** Enqueues in the caller's transaction (`q`); the job id, or null when an unfinished job of the same (queue, key) exists. */
  enqueue(q: Queryable, job: NewJob): Promise<string | null>;
  /** Several jobs without keys, in one statement of the caller's transaction. */
  enqueueMany(q: Queryable, jobs: readonly NewJob[]): Promise<void>;
  /** Tells this process's worker that something was enqueued (after the transaction committed). */
  nudge(): void;
}

export interface JobsOptions {
  db: Database;
  cursors: CursorCodec;
  concurrency: number;
  pollMs: number;
}

export function createJobs(options: JobsOptions) {
  const handlers = new Map<string, JobHandler>();
  let worker: Worker | undefined;
  const theWorker = () => (worker ??= createWorker({ db: options.db, handlers, concurrency: options.concurrency, pollMs: options.pollMs }));
  const queue: JobQueue = {
    enqueue: (q, job) => insertJob(q, job),
    enqueueMany: (q, jobs) => insertJobs(q, jobs),
    nudge: () => worker?.nudge(),
  };
  return {
    queue,
    /** Handlers per queue (the modules'), registered once every module's services exist. */
    handle(name: string, handler: JobHandler): void {
      handlers.set(name, handler);
    },
    worker: theWorker,
    counts: () => queueCounts(options.db),
    async list(status: JobStatus | undefined, page: PageRequest): Promise<PageResult<Job>> {
      const p = openPage(options.cursors, `jobs:${status ?? ''}`, page);
      return p.result(await listJobs(options.db, status, p.fetch, p.after), (j) => j.jobId, ({ cursor_at: _, ...j }) => j);
    },
    find: (jobId: string) => findJob(options.db, jobId),
    /** An operator's retry of a failed job: one more attempt, due now; null when no failed job has this id. */
    async retry(jobId: string): Promise<Job | null> {
      const retried = await options.db.transaction(async (tx) => {
        const job = await retryFailedJob(tx, jobId);
        if (job) await handlers.get(job.queue)?.retried?.(tx, job);
        return job;
      });
      if (retried) worker?.nudge();
      return retried;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
