// The schedule and the run queue of integrations, on durable jobs (schedule.ts holds the rules):
// ticks enqueued with the change that causes them, a tick that acts queueing a run and its
// successor under the integration's row lock, and one run at a time per integration.
import type { Database, Queryable } from '../../db/types.js';
import { randomBase62 } from '../../ids.js';
import { DONE, type Job, type JobOutcome } from '../../jobs/job.js';
import type { JobQueue } from '../../jobs/jobs.js';
import type { SiteDirectory } from '../../kernel/index.js';
import { RUN_MAX_ATTEMPTS, RUN_QUEUE, SCHEDULE_QUEUE, STALE_RUN_MS, type IntegrationRun, type RunCause } from './integration.js';
import { findIntegration, setNextRun } from './integrations-repository.js';
import { failAbandonedRuns, insertRun, unfinishedRun } from './runs-repository.js';
import { followingTick, tickActs, tickKey } from './schedule.js';

const newRunId = () => `run_${randomBase62(20)}`;

export function createScheduler(deps: { db: Database; queue: JobQueue; sites: SiteDirectory }) {
  const { db, queue } = deps;

  /** The tick due at `due`, in the caller's transaction. */
  const enqueueTick = (q: Queryable, siteId: string, integrationId: string, due: Date) =>
    queue.enqueue(q, { queue: SCHEDULE_QUEUE, siteId, key: tickKey(integrationId, due), runAt: due, payload: { site_id: siteId, integration_id: integrationId, due: due.toISOString() } });

  /** The integration's queued or running run, or a new one queued (call with its row locked). */
  async function queueRun(tx: Queryable, siteId: string, integrationId: string, cause: RunCause): Promise<IntegrationRun> {
    await failAbandonedRuns(tx, siteId, integrationId, new Date(Date.now() - STALE_RUN_MS));
    const unfinished = await unfinishedRun(tx, siteId, integrationId);
    if (unfinished) return unfinished;
    const run = await insertRun(tx, siteId, newRunId(), integrationId, cause);
    await queue.enqueue(tx, { queue: RUN_QUEUE, siteId, payload: { site_id: siteId, integration_id: integrationId, run_id: run.runId }, maxAttempts: RUN_MAX_ATTEMPTS });
    return run;
  }

  /** A tick of the schedule: when it is the integration's next one, the following tick and a run. */
  async function tick(job: Job): Promise<JobOutcome> {
    const siteId = String(job.payload.site_id);
    const integrationId = String(job.payload.integration_id);
    const due = Date.parse(String(job.payload.due));
    // Read before the transaction (the embedded engine has one connection).
    const live = (await deps.sites.get(siteId)) !== undefined;
    const acted = await db.transaction(async (tx) => {
      const integration = await findIntegration(tx, siteId, integrationId, true);
      if (integration === null || !tickActs(integration, due, live)) return false;
      const next = followingTick(Date.now(), integration.everyMinutes);
      await setNextRun(tx, siteId, integrationId, next);
      await enqueueTick(tx, siteId, integrationId, next);
      await queueRun(tx, siteId, integrationId, 'schedule');
      return true;
    });
    if (acted) queue.nudge();
    return DONE;
  }

  return { enqueueTick, queueRun, tick };
}
