// Integrations as one service (CONTRACT §11): owners' CRUD (the token sealed, never shown: its last
// 4 characters only; at most LIMIT_INTEGRATIONS_PER_SITE a site, a deleted one freeing room), runs listed and queued on demand, and the two job queues: the schedule's
// ticks (schedule.ts, scheduler.ts) and the runs (run-integration.ts).
//
// Decisions:
// - One run at a time per integration: a run is queued under the integration's row lock, and only
//   when none is queued or running (the partial unique index holds it too); POST …/run while one is
//   queued or running answers that run. A paused integration may still be run by hand: pausing stops
//   the schedule, not the owner.
// - Every schedule change (create, activate, pause, every_minutes) is written with its tick in one
//   transaction, so no committed change is without its tick.
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { createCursorCodec, openPage, type PageRequest } from '../../db/paging.js';
import type { Database, Queryable } from '../../db/types.js';
import { assertWithinLimit, type Limits } from '../../domain/limits.js';
import { notFound } from '../../errors.js';
import { randomBase62 } from '../../ids.js';
import type { JobHandler } from '../../jobs/job.js';
import type { Jobs } from '../../jobs/jobs.js';
import { getSiteWithRoleOrThrow, type Actor, type ReportImports, type SiteDirectory } from '../../kernel/index.js';
import type { Secrets } from '../../secrets.js';
import { RUN_LEASE_MS, RUN_QUEUE, SCHEDULE_QUEUE, tokenContext, type IntegrationRun } from './integration.js';
import { checkNewIntegration, checkPatch, last4, type IntegrationPatch, type WrittenIntegration } from './integration-input.js';
import * as repo from './integrations-repository.js';
import type { CallLimiter } from './network-limiter.js';
import { runIntegration } from './run-integration.js';
import * as runs from './runs-repository.js';
import { reschedule } from './schedule.js';
import { createScheduler } from './scheduler.js';

export interface IntegrationsDeps {
  db: Database;
  secrets: Secrets;
  keyring: ClickIdKeyring;
  jobs: Jobs;
  sites: SiteDirectory;
  imports: ReportImports;
  endpoints: { awinApiUrl: string; cjApiUrl: string };
  limits: Pick<Limits, 'integrationsPerSite'>;
  limiters?: { awin?: CallLimiter; cj?: CallLimiter };
}

const newIntegrationId = () => `int_${randomBase62(20)}`;

export function createIntegrationsService(deps: IntegrationsDeps) {
  const { db } = deps;
  const queue = deps.jobs.queue;
  const { enqueueTick, queueRun, tick } = createScheduler({ db, queue, sites: deps.sites });
  const cursors = createCursorCodec(deps.secrets);
  const owner = (actor: Actor, siteId: string) => getSiteWithRoleOrThrow(db, siteId, actor, 'owner');
  const stored = (siteId: string, integrationId: string, token: string): repo.StoredToken => ({ sealed: deps.keyring.seal(token, tokenContext(siteId, integrationId)), last4: last4(token) });
  const existing = async (siteId: string, integrationId: string, q: Queryable = db, lock = false) =>
    (await repo.findIntegration(q, siteId, integrationId, lock)) ?? Promise.reject(notFound('Integration'));

  const handlers: Record<string, JobHandler> = {
    [SCHEDULE_QUEUE]: { leaseMs: 30_000, run: tick },
    [RUN_QUEUE]: { leaseMs: RUN_LEASE_MS, run: (job, signal) => runIntegration({ db, keyring: deps.keyring, imports: deps.imports, endpoints: deps.endpoints, limiters: deps.limiters }, job, signal) },
  };

  return {
    jobs: handlers,
    async create(actor: Actor, siteId: string, input: WrittenIntegration) {
      const { settings, token } = checkNewIntegration(input);
      const created = await db.transaction(async (tx) => {
        await getSiteWithRoleOrThrow(tx, siteId, actor, 'owner');
        await repo.lockSiteIntegrations(tx, siteId);
        assertWithinLimit('integrationsPerSite', deps.limits.integrationsPerSite, await repo.countIntegrations(tx, siteId));
        const integrationId = newIntegrationId();
        const { nextRunAt, enqueue } = reschedule(null, settings, Date.now());
        const integration = await repo.insertIntegration(tx, siteId, integrationId, settings, stored(siteId, integrationId, token!), nextRunAt);
        if (enqueue && nextRunAt) await enqueueTick(tx, siteId, integrationId, nextRunAt);
        return integration;
      });
      queue.nudge();
      return created;
    },
    async change(actor: Actor, siteId: string, integrationId: string, patch: IntegrationPatch) {
      await owner(actor, siteId);
      const changed = await db.transaction(async (tx) => {
        const before = await existing(siteId, integrationId, tx, true);
        const { settings, token } = checkPatch(before, patch);
        const { nextRunAt, enqueue } = reschedule(before, settings, Date.now());
        const otherAccount = settings.kind !== before.kind || settings.accountId !== before.accountId;
        const after = await repo.updateIntegration(tx, siteId, integrationId, settings, token === null ? null : stored(siteId, integrationId, token), nextRunAt, otherAccount);
        if (enqueue && nextRunAt) await enqueueTick(tx, siteId, integrationId, nextRunAt);
        return after ?? Promise.reject(notFound('Integration'));
      });
      queue.nudge();
      return changed;
    },
    async remove(actor: Actor, siteId: string, integrationId: string) {
      await owner(actor, siteId);
      if (!(await repo.deleteIntegration(db, siteId, integrationId))) throw notFound('Integration');
    },
    async get(actor: Actor, siteId: string, integrationId: string) {
      await owner(actor, siteId);
      return existing(siteId, integrationId);
    },
    async list(actor: Actor, siteId: string, page: PageRequest) {
      await owner(actor, siteId);
      const p = openPage(cursors, `integrations:${siteId}`, page);
      return p.result(await repo.listIntegrations(db, siteId, p.fetch, p.after), (i) => i.integrationId, ({ cursor_at: _, ...i }) => i);
    },
    /** Queues a run now, or gives the one queued or running. */
    async runNow(actor: Actor, siteId: string, integrationId: string): Promise<IntegrationRun> {
      await owner(actor, siteId);
      const run = await db.transaction(async (tx) => {
        await existing(siteId, integrationId, tx, true);
        return queueRun(tx, siteId, integrationId, 'manual');
      });
      queue.nudge();
      return run;
    },
    async runs(actor: Actor, siteId: string, integrationId: string, page: PageRequest) {
      await owner(actor, siteId);
      await existing(siteId, integrationId);
      const p = openPage(cursors, `integration-runs:${siteId}:${integrationId}`, page);
      return p.result(await runs.listRuns(db, siteId, integrationId, p.fetch, p.after), (r) => r.runId, ({ cursor_at: _, ...r }) => r);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
