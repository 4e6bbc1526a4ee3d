// One integration run, as the job of queue integration-run runs it (CONTRACT §11): the run marked
// running, the token opened, the window planned (network-window.ts: the trailing lookback,
// lengthened back to a stale watermark), the network read (awin-client.ts, cj-client.ts, within the
// token's call budget), its records imported through the kernel's report imports (the publisher
// import: the same path as POST /publisher/reports) in batches of at most 5,000, and the outcome
// recorded.
//
// Decisions:
// - Watermark: the end of the window of the last run that succeeded. It never shortens a window
//   (amendments inside the trailing window are re-read every run); it lengthens one after a pause or
//   failures, so the gap is read too (at most 90 days back). Only a run that succeeded moves it.
// - A run that fails is recorded `failed` with its error and the job ends: the next tick is the
//   retry (its window covers this one's). The job itself is retried only when the worker stops
//   under it (its signal aborted): the run stays `running` and starts again on the next attempt.
// - A run gives up after RUN_DEADLINE_MS (20 min), well inside its job's lease (30 min).
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import type { Database } from '../../db/types.js';
import { DONE, type Job, type JobOutcome } from '../../jobs/job.js';
import type { ReportImports } from '../../kernel/index.js';
import { fetchAwinTransactions } from './awin-client.js';
import { fetchCjCommissions } from './cj-client.js';
import { RUN_DEADLINE_MS, tokenContext, ZERO_COUNTS, type Integration, type RunCounts } from './integration.js';
import { advanceWatermark, findIntegration, integrationToken } from './integrations-repository.js';
import { importBatches, NetworkApiError, type NetworkFetch } from './network-http.js';
import type { CallLimiter } from './network-limiter.js';
import { planFetch, type TimeRange } from './network-window.js';
import { addImport, runErrorOf } from './run-summary.js';
import { finishRun, startRun } from './runs-repository.js';

export interface RunDeps {
  db: Database;
  keyring: ClickIdKeyring;
  imports: ReportImports;
  /** AWIN_API_URL (the origin) and CJ_API_URL (the GraphQL URL). */
  endpoints: { awinApiUrl: string; cjApiUrl: string };
  /** The tokens' call budgets (default: the process's). */
  limiters?: { awin?: CallLimiter; cj?: CallLimiter };
  /** How long a run may take (default RUN_DEADLINE_MS). */
  deadlineMs?: number;
}

/** Reads the integration's network over the planned requests. */
function fetchNetwork(deps: RunDeps, i: Integration, token: string, ranges: readonly TimeRange[], signal: AbortSignal): Promise<NetworkFetch> {
  const credentials = { apiToken: token, websiteId: i.websiteId };
  if (i.kind === 'awin') {
    return fetchAwinTransactions({
      baseUrl: deps.endpoints.awinApiUrl,
      credentials: { ...credentials, publisherId: i.accountId },
      ranges,
      ...(i.currency !== null ? { currency: i.currency } : {}),
      ...(deps.limiters?.awin ? { limiter: deps.limiters.awin } : {}),
      signal,
    });
  }
  return fetchCjCommissions({
    url: deps.endpoints.cjApiUrl,
    credentials: { ...credentials, companyId: i.accountId },
    ranges,
    currency: i.currency ?? '',
    ...(deps.limiters?.cj ? { limiter: deps.limiters.cj } : {}),
    signal,
  });
}

interface Progress {
  window: { from: Date; to: Date } | null;
  counts: RunCounts;
  token: string;
}

/** Plans, reads and imports; `progress` holds what was done should it throw. */
async function readAndImport(deps: RunDeps, i: Integration, progress: Progress, signal: AbortSignal): Promise<void> {
  const sealed = await integrationToken(deps.db, i.siteId, i.integrationId);
  if (!sealed) throw new Error('the integration was deleted');
  progress.token = deps.keyring.open(sealed, tokenContext(i.siteId, i.integrationId));
  const plan = planFetch({ now: Date.now(), lookbackDays: i.lookbackDays, watermark: i.watermarkAt?.getTime() ?? null });
  progress.window = { from: new Date(plan.window.from), to: new Date(plan.window.to) };
  const fetched = await fetchNetwork(deps, i, progress.token, plan.requests, signal);
  progress.counts = { ...progress.counts, records: fetched.report.records.length, calls: fetched.calls };
  for (const batch of importBatches(fetched.report)) {
    signal.throwIfAborted();
    progress.counts = addImport(progress.counts, await deps.imports.importReport(i.siteId, batch));
  }
}

/** The job of a queued run: runs it once and records what it came to. */
export async function runIntegration(deps: RunDeps, job: Job, workerSignal: AbortSignal): Promise<JobOutcome> {
  const siteId = String(job.payload.site_id);
  const runId = String(job.payload.run_id);
  const run = await startRun(deps.db, siteId, runId);
  // Deleted with its integration, or ended already.
  if (!run) return DONE;
  const integration = await findIntegration(deps.db, siteId, run.integrationId);
  if (!integration) return DONE;
  const deadlineMs = deps.deadlineMs ?? RUN_DEADLINE_MS;
  const signal = AbortSignal.any([workerSignal, AbortSignal.timeout(deadlineMs)]);
  const progress: Progress = { window: null, counts: ZERO_COUNTS, token: '' };
  try {
    await readAndImport(deps, integration, progress, signal);
  } catch (err) {
    // The worker is stopping: the job is attempted again (the run stays running and restarts).
    if (workerSignal.aborted) throw err;
    // Past the deadline, whatever was interrupted failed for it.
    const error = runErrorOf(signal.aborted && !(err instanceof NetworkApiError) ? signal.reason : err, progress.token, deadlineMs);
    await finishRun(deps.db, siteId, runId, { status: 'failed', window: progress.window, counts: progress.counts, error });
    return DONE;
  }
  const window = progress.window!;
  await deps.db.transaction(async (tx) => {
    if (await finishRun(tx, siteId, runId, { status: 'succeeded', window, counts: progress.counts, error: null })) {
      await advanceWatermark(tx, siteId, integration.integrationId, window.to);
    }
  });
  return DONE;
}
