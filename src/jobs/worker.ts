// The worker of durable jobs: every process runs one unless WORKER=0 (CONTRACT §11). It claims due
// jobs of the queues it has handlers for (FOR UPDATE SKIP LOCKED: workers of several processes
// never take the same job), runs up to `concurrency` at once, and records each attempt's outcome.
// It polls every `pollMs`, at once again after a full claim, and when nudged (an enqueue in this
// process). Stopping claims nothing more and waits for the attempts under way (their signal is
// aborted after `stopGraceMs`; a job left running is taken again once its lease has passed).
// `runDue` is one pass for an external scheduler (POST /api/admin/jobs/run-due when WORKER=0).
import { randomBase62 } from '../ids.js';
import type { Database } from '../db/types.js';
import { outcomeOfError, type Job, type JobHandler, type JobOutcome } from './job.js';
import { claimJobs, failAbandoned, pruneSucceeded, settleJob } from './jobs-repository.js';

const DEFAULT_LEASE_MS = 60_000;
/** Succeeded jobs are kept this long for operators to see. */
const KEEP_SUCCEEDED_MS = 7 * 86_400_000;

export interface WorkerOptions {
  db: Database;
  handlers: ReadonlyMap<string, JobHandler>;
  concurrency: number;
  pollMs: number;
  stopGraceMs?: number;
  onError?(err: unknown, context?: string): void;
}

export interface RunSummary {
  claimed: number;
  succeeded: number;
  retried: number;
  failed: number;
}

export interface Worker {
  start(onError: (err: unknown, context?: string) => void): void;
  stop(): Promise<void>;
  /** Claims and runs what is due now (up to `limit`), waiting for it: one pass. */
  runDue(limit?: number): Promise<RunSummary>;
  /** Look for work now (something was enqueued here). */
  nudge(): void;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1_000);

/** Running one claimed job and recording its outcome; the chores of every poll. */
function jobRunner(options: WorkerOptions, workerId: string, signal: AbortSignal) {
  let lastPrune = 0;
  async function attempt(job: Job): Promise<JobOutcome> {
    const handler = options.handlers.get(job.queue)!;
    try {
      return await handler.run(job, signal);
    } catch (err) {
      return outcomeOfError(job, messageOf(err), Date.now(), Math.random());
    }
  }
  return {
    async runOne(job: Job, summary?: RunSummary): Promise<void> {
      const outcome = await attempt(job);
      await settleJob(options.db, job.jobId, workerId, outcome);
      if (summary) summary[outcome.kind === 'done' ? 'succeeded' : outcome.kind === 'retry' ? 'retried' : 'failed'] += 1;
    },
    /** Jobs abandoned on their last attempt are failed; succeeded jobs past their keeping are forgotten (once a minute). */
    async housekeeping(): Promise<void> {
      await failAbandoned(options.db);
      if (Date.now() - lastPrune > 60_000) {
        lastPrune = Date.now();
        await pruneSucceeded(options.db, new Date(Date.now() - KEEP_SUCCEEDED_MS), 1_000);
      }
    },
  };
}

export function createWorker(options: WorkerOptions): Worker {
  const workerId = `wrk_${randomBase62(12)}`;
  /** The queues it has handlers for, each with its lease (read at each claim: handlers may be added after it was made). */
  const leases = () => new Map([...options.handlers].map(([queue, h]) => [queue, h.leaseMs ?? DEFAULT_LEASE_MS]));
  const running = new Set<Promise<void>>();
  /** Aborted when a stop's grace has passed: handlers give up what they are doing. */
  const abort = new AbortController();
  let closing = false;
  let onError = options.onError ?? (() => {});
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let polling: Promise<void> | null = null;

  const runner = jobRunner(options, workerId, abort.signal);

  function poll(): Promise<void> {
    if (polling || closing || options.handlers.size === 0) return polling ?? Promise.resolve();
    polling = claimAndStart().finally(() => {
      polling = null;
    });
    return polling;
  }

  async function claimAndStart(): Promise<void> {
    try {
      await runner.housekeeping();
      const free = options.concurrency - running.size;
      const jobs = free > 0 ? await claimJobs(options.db, leases(), workerId, free) : [];
      for (const job of jobs) {
        const p = runner.runOne(job)
          .catch((err) => onError(err, `job ${job.jobId}`))
          .finally(() => {
            running.delete(p);
            schedule(0);
          });
        running.add(p);
      }
    } catch (err) {
      onError(err, 'claiming jobs');
    }
  }

  function schedule(ms: number): void {
    if (!started || closing) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void poll().finally(() => timer ?? schedule(options.pollMs));
    }, ms);
    timer.unref();
  }

  return {
    start(report) {
      onError = report;
      started = true;
      schedule(0);
    },
    async stop() {
      closing = true;
      if (timer) clearTimeout(timer);
      const grace = setTimeout(() => abort.abort(), options.stopGraceMs ?? 10_000);
      await polling;
      await Promise.allSettled([...running]);
      clearTimeout(grace);
    },
    async runDue(limit = 100) {
      const summary: RunSummary = { claimed: 0, succeeded: 0, retried: 0, failed: 0 };
      await runner.housekeeping();
      const jobs = await claimJobs(options.db, leases(), workerId, limit);
      summary.claimed = jobs.length;
      await Promise.all(jobs.map((job) => runner.runOne(job, summary)));
      return summary;
    },
    nudge() {
      if (started && running.size < options.concurrency) schedule(0);
    },
  };
}
