// Durable jobs (CONTRACT §11): what a job is, what a queue's handler returns, and the retry rule.
// A handler that throws is retried with exponential backoff until its attempts are spent; one that
// knows better says so: done, retry at a time of its own schedule, or failed for good. An operator's
// retry of a failed job gives it one more attempt; a handler whose job works on a record of its own
// (a webhook delivery) reopens it in `retried`, so the jobs know no module's records.
import type { Queryable } from '../db/types.js';

export type JobStatus = 'waiting' | 'running' | 'succeeded' | 'failed';

export interface Job {
  jobId: string;
  queue: string;
  key: string | null;
  siteId: string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What to enqueue. */
export interface NewJob {
  queue: string;
  payload: Record<string, unknown>;
  /** At most one unfinished job per (queue, key): a second enqueue is a no-op. */
  key?: string;
  siteId?: string;
  /** When it is due (default now). */
  runAt?: Date;
  /** Default 5. */
  maxAttempts?: number;
}

export type JobOutcome = { kind: 'done' } | { kind: 'retry'; at: Date; error: string } | { kind: 'failed'; error: string };

export interface JobHandler {
  /** How long a claimed job is the worker's before another may take it (default 60 s). */
  leaseMs?: number;
  run(job: Job, signal: AbortSignal): Promise<JobOutcome>;
  /**
   * An operator retried this failed job (now waiting, with one more attempt): reopen what the attempt
   * works on, in `q`, the transaction that made the job waiting again.
   */
  retried?(q: Queryable, job: Job): Promise<void>;
}

/** Whether a claimed job's attempt is its last (an operator's retry, a one-attempt job): a handler with a schedule of its own ends it rather than retries. */
export const isLastAttempt = (job: Pick<Job, 'attempts' | 'maxAttempts'>): boolean => job.attempts >= job.maxAttempts;

export const DONE: JobOutcome = { kind: 'done' };

const BASE_MS = 5_000;
const CAP_MS = 3_600_000;

/**
 * After a failed attempt (1-based), when the next is due: 5 s doubling to an hour at most, with up
 * to a fifth of random spread (`random` in [0, 1)) so that jobs failing together don't return together.
 */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + random / 5));
}

/** The outcome of a handler that threw: retried with backoff until the last attempt, then failed. */
export function outcomeOfError(job: Pick<Job, 'attempts' | 'maxAttempts'>, error: string, now: number, random: number): JobOutcome {
  if (isLastAttempt(job)) return { kind: 'failed', error };
  return { kind: 'retry', at: new Date(now + backoffMs(job.attempts, random)), error };
}
