// Workflows as one service (CONTRACT §11): members' CRUD (at most 50 a site), the signing secret
// shown once and rotated (both sign for 24 h), deliveries listed and replayed; the triggers other
// modules record through the kernel; the delivery job.
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { createCursorCodec, openPage, type PageRequest } from '../../db/paging.js';
import type { Database } from '../../db/types.js';
import { AppError, notFound } from '../../errors.js';
import { randomBase62 } from '../../ids.js';
import type { JobHandler } from '../../jobs/job.js';
import type { Jobs } from '../../jobs/jobs.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import type { Secrets } from '../../secrets.js';
import type { SendResult } from '../../outbound/safe-fetch.js';
import { findDelivery, listDeliveries, markPending } from './deliveries-repository.js';
import { deliverOnce, reopenDelivery, secretContext } from './deliver.js';
import { newSigningSecret } from './signing.js';
import { createTriggers } from './triggers.js';
import { checkWorkflow, type WrittenWorkflow } from './workflow-input.js';
import { MAX_WORKFLOWS_PER_SITE, ROTATION_OVERLAP_MS, WEBHOOK_QUEUE, type DeliveryStatus, type Workflow } from './workflow.js';
import type { PatchWorkflowInput } from './schemas.js';
import * as repo from './workflows-repository.js';

export interface WorkflowsDeps {
  db: Database;
  secrets: Secrets;
  keyring: ClickIdKeyring;
  jobs: Jobs;
  allowPrivate: boolean;
  retryScale: number;
  send(request: { url: string; headers: Record<string, string>; body: string }): Promise<SendResult>;
}

const newWorkflowId = () => `wfl_${randomBase62(20)}`;

const written = (w: Workflow): WrittenWorkflow => ({
  name: w.name,
  status: w.status,
  trigger: { on: w.trigger.on, ...(w.trigger.eventTypes ? { event_types: w.trigger.eventTypes } : {}), conditions: w.trigger.conditions },
  action: { type: 'webhook', url: w.url },
});

export function createWorkflowsService(deps: WorkflowsDeps) {
  const { db } = deps;
  const cursors = createCursorCodec(deps.secrets);
  const triggers = createTriggers({ db, jobs: deps.jobs.queue });
  const member = (actor: Actor, siteId: string) => getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  const seal = (siteId: string, workflowId: string, secret: string) => deps.keyring.seal(secret, secretContext(siteId, workflowId));
  const existing = async (siteId: string, workflowId: string) => (await repo.findWorkflow(db, siteId, workflowId)) ?? Promise.reject(notFound('Workflow'));

  const delivery: JobHandler = {
    leaseMs: 30_000,
    run: (job) => deliverOnce({ db, keyring: deps.keyring, send: deps.send, retryScale: deps.retryScale, changed: (s) => triggers.forget(s) }, job),
    retried: reopenDelivery,
  };

  return {
    triggers: triggers.triggers,
    jobs: { [WEBHOOK_QUEUE]: delivery },
    async create(actor: Actor, siteId: string, input: WrittenWorkflow) {
      const settings = checkWorkflow(input, deps.allowPrivate);
      const created = await db.transaction(async (tx) => {
        await getSiteWithRoleOrThrow(tx, siteId, actor, 'member', { forUpdate: true });
        if ((await repo.countWorkflows(tx, siteId)) >= MAX_WORKFLOWS_PER_SITE) throw new AppError('too_many_workflows');
        const workflowId = newWorkflowId();
        const secret = newSigningSecret();
        return { workflow: await repo.insertWorkflow(tx, siteId, workflowId, settings, seal(siteId, workflowId, secret)), secret };
      });
      triggers.forget(siteId);
      return created;
    },
    async change(actor: Actor, siteId: string, workflowId: string, patch: PatchWorkflowInput) {
      await member(actor, siteId);
      const before = await existing(siteId, workflowId);
      const was = written(before);
      const settings = checkWorkflow({ ...was, ...patch, status: patch.status ?? was.status, trigger: patch.trigger ?? was.trigger, action: patch.action ?? was.action }, deps.allowPrivate);
      const changed = await repo.updateWorkflow(db, siteId, workflowId, settings);
      triggers.forget(siteId);
      return changed ?? Promise.reject(notFound('Workflow'));
    },
    async remove(actor: Actor, siteId: string, workflowId: string) {
      await member(actor, siteId);
      if (!(await repo.deleteWorkflow(db, siteId, workflowId))) throw notFound('Workflow');
      triggers.forget(siteId);
    },
    async get(actor: Actor, siteId: string, workflowId: string) {
      await member(actor, siteId);
      return existing(siteId, workflowId);
    },
    async list(actor: Actor, siteId: string, page: PageRequest) {
      await member(actor, siteId);
      const p = openPage(cursors, `workflows:${siteId}`, page);
      return p.result(await repo.listWorkflows(db, siteId, p.fetch, p.after), (w) => w.workflowId, ({ cursor_at: _, ...w }) => w);
    },
    async rotateSecret(actor: Actor, siteId: string, workflowId: string) {
      await member(actor, siteId);
      const secret = newSigningSecret();
      const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
      if (!(await repo.rotateSecret(db, siteId, workflowId, seal(siteId, workflowId, secret), until))) throw notFound('Workflow');
      return { secret, until };
    },
    async deliveries(actor: Actor, siteId: string, workflowId: string, status: DeliveryStatus | undefined, page: PageRequest) {
      await member(actor, siteId);
      await existing(siteId, workflowId);
      const p = openPage(cursors, `deliveries:${siteId}:${workflowId}:${status ?? ''}`, page);
      return p.result(await listDeliveries(db, siteId, workflowId, status, p.fetch, p.after), (d) => d.deliveryId, ({ cursor_at: _, ...d }) => d);
    },
    /** One new attempt of the delivery (same webhook_id), now: its job has one attempt, so a failure fails it (as an operator's retry of its job). */
    async replay(actor: Actor, siteId: string, workflowId: string, deliveryId: string) {
      await member(actor, siteId);
      const found = await findDelivery(db, siteId, deliveryId);
      if (!found || found.workflowId !== workflowId) throw notFound('Delivery');
      const replayed = await db.transaction(async (tx) => {
        const d = await markPending(tx, siteId, deliveryId);
        await deps.jobs.queue.enqueue(tx, { queue: WEBHOOK_QUEUE, siteId, payload: { site_id: siteId, delivery_id: deliveryId, replay: true }, maxAttempts: 1 });
        return d!;
      });
      deps.jobs.queue.nudge();
      return replayed;
    },
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
