// An integration (CONTRACT §11) as the module keeps it, a run of it, and the rules' constants.
//
// Decisions:
// - The API token is never kept in clear: sealed with the click-id keyring bound to the integration
//   (`tokenContext`), only its last 4 characters beside it; no view ever carries the token.
// - every_minutes is 15 to 10,080 (a week); lookback_days 1 to 90 (network-window.ts).
// - A run's lease is 30 min and a run gives up after 20 min (RUN_DEADLINE_MS) so the lease never
//   passes under a live run; a run still `running` 2 h after it started (or still `queued` 2 h after
//   it was queued) was abandoned by a worker that died on its last attempt, and is failed
//   (`abandoned`) before another is queued.
import type { Provider } from '../../kernel/index.js';
import { MAX_LOOKBACK_DAYS, MIN_LOOKBACK_DAYS } from './network-window.js';

export type IntegrationKind = Provider;
export type IntegrationStatus = 'active' | 'paused';
export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed';
/** What queued a run: the schedule's tick, or an owner's POST …/run. */
export type RunCause = 'schedule' | 'manual';

export const INTEGRATION_KINDS = ['awin', 'cj'] as const satisfies readonly IntegrationKind[];

export interface IntegrationSettings {
  kind: IntegrationKind;
  /** Awin publisher id, CJ publisher company id (CID). */
  accountId: string;
  /** Only that website's records (Awin: siteName or host; CJ: the website id, PID). */
  websiteId: string | null;
  /** The publisher currency (required for CJ). */
  currency: string | null;
  everyMinutes: number;
  lookbackDays: number;
  status: IntegrationStatus;
}

export interface Integration extends IntegrationSettings {
  siteId: string;
  integrationId: string;
  tokenLast4: string;
  /** When the schedule's next tick acts (null while paused). */
  nextRunAt: Date | null;
  /** The end of the window of the last run that succeeded. */
  watermarkAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A sealed API token. */
export interface SealedToken {
  ciphertext: string;
  keyId: string;
}

/** What a run read and imported. */
export interface RunCounts {
  /** Records the network answered (after the website filter, each once). */
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Records the import refused alone. */
  errors: number;
  /** Calls made to the network (429s included). */
  calls: number;
}

/** Why a run failed: the network's error kind (http, timeout, unreachable, bad_response, graphql, rate_limited) or the run's own. */
export interface RunError {
  code: string;
  message: string;
}

export interface IntegrationRun extends RunCounts {
  siteId: string;
  runId: string;
  integrationId: string;
  startedBy: RunCause;
  status: RunStatus;
  windowFrom: Date | null;
  windowTo: Date | null;
  error: RunError | null;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export const MIN_EVERY_MINUTES = 15;
export const MAX_EVERY_MINUTES = 10_080;
export const DEFAULT_EVERY_MINUTES = 60;
export const DEFAULT_LOOKBACK_DAYS = 30;
export { MAX_LOOKBACK_DAYS, MIN_LOOKBACK_DAYS };

/** The schedule's ticks, and the runs they (and owners) queue. */
export const SCHEDULE_QUEUE = 'integration-schedule';
export const RUN_QUEUE = 'integration-run';
export const RUN_LEASE_MS = 30 * 60_000;
export const RUN_DEADLINE_MS = 20 * 60_000;
export const RUN_MAX_ATTEMPTS = 2;
export const STALE_RUN_MS = 2 * 3_600_000;

export const ZERO_COUNTS: RunCounts = { records: 0, created: 0, updated: 0, unchanged: 0, errors: 0, calls: 0 };

/** The associated data an integration's token is sealed with. */
export const tokenContext = (siteId: string, integrationId: string): string => `integration-token:${siteId}:${integrationId}`;
