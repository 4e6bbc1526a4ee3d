// Recording what workflows a happening triggers (the kernel's workflow triggers), in the transaction
// of its cause: the site's active workflows on the trigger (an indexed lookup), those whose
// event_types and conditions hold, one delivery each with its job (an outbox). Before that, the
// cause asks whether any workflow would take it, against the site's active workflows kept in this
// process for TRIGGER_CACHE_TTL_MS: a happening no workflow takes costs no transaction and no read
// (a change here is seen at once, one made by another process within that time).
import { LRUCache } from 'lru-cache';
import type { Database, Queryable } from '../../db/types.js';
import { randomBase62 } from '../../ids.js';
import type { Happening, TriggerKind, WorkflowTriggers } from '../../kernel/index.js';
import type { JobQueue } from '../../jobs/jobs.js';
import { allHold } from './conditions.js';
import { insertDeliveries, type NewDelivery } from './deliveries-repository.js';
import { MAX_ATTEMPTS } from './retry-schedule.js';
import { WEBHOOK_QUEUE, type Workflow } from './workflow.js';
import { activeWorkflows } from './workflows-repository.js';

export const TRIGGER_CACHE_TTL_MS = 2_000;
const KINDS: TriggerKind[] = ['event', 'conversion', 'publisher_report', 'experiment'];

export const matches = (w: Workflow, h: Happening): boolean =>
  w.trigger.on === h.on && (w.trigger.eventTypes === null || w.trigger.eventTypes.includes(h.subtype)) && allHold(w.trigger.conditions, h.data);

export const newDeliveryId = (): string => `dlv_${randomBase62(20)}`;
export const newWebhookId = (): string => `msg_${randomBase62(24)}`;

export function createTriggers(deps: { db: Database; jobs: JobQueue }) {
  const kept = new LRUCache<string, { workflows: Workflow[] }>({ max: 50_000, ttl: TRIGGER_CACHE_TTL_MS });

  async function deliveriesFor(q: Queryable, siteId: string, on: TriggerKind, happenings: readonly Happening[], now: Date): Promise<NewDelivery[]> {
    const workflows = await activeWorkflows(q, siteId, on);
    return happenings.flatMap((h) =>
      workflows
        .filter((w) => matches(w, h))
        .map((w) => ({ siteId, deliveryId: newDeliveryId(), webhookId: newWebhookId(), workflowId: w.workflowId, type: h.type, body: JSON.stringify({ type: h.type, timestamp: now.toISOString(), data: h.data }) })),
    );
  }

  /** The site's active workflows on `on`, as this process keeps them. */
  async function keptWorkflows(siteId: string, on: TriggerKind, q: Queryable | undefined): Promise<Workflow[]> {
    const key = `${siteId}\n${on}`;
    let entry = kept.get(key);
    if (!entry) {
      // Read on the caller's transaction when there is one (the embedded engine has one connection).
      entry = { workflows: await activeWorkflows(q ?? deps.db, siteId, on) };
      kept.set(key, entry);
    }
    return entry.workflows;
  }

  const triggers: WorkflowTriggers = {
    async matches(h, q) {
      return (await keptWorkflows(h.siteId, h.on, q)).some((w) => matches(w, h));
    },
    async anyOn(siteId, on, q) {
      return (await keptWorkflows(siteId, on, q)).length > 0;
    },
    async record(q, happenings) {
      const groups = new Map<string, Happening[]>();
      for (const h of happenings) {
        const key = `${h.siteId}\n${h.on}`;
        const group = groups.get(key);
        if (group) group.push(h);
        else groups.set(key, [h]);
      }
      const now = new Date();
      const deliveries: NewDelivery[] = [];
      for (const [key, group] of groups) {
        const [siteId, on] = key.split('\n') as [string, TriggerKind];
        deliveries.push(...(await deliveriesFor(q, siteId, on, group, now)));
      }
      await insertDeliveries(q, deliveries);
      await deps.jobs.enqueueMany(q, deliveries.map((d) => ({ queue: WEBHOOK_QUEUE, siteId: d.siteId, payload: { site_id: d.siteId, delivery_id: d.deliveryId }, maxAttempts: MAX_ATTEMPTS })));
      // The worker looks when the cause has committed (or at its next poll).
      if (deliveries.length > 0) setTimeout(() => deps.jobs.nudge(), 20).unref();
    },
  };
  return {
    triggers,
    /** A workflow of the site changed on this process. */
    forget(siteId: string) {
      for (const on of KINDS) kept.delete(`${siteId}\n${on}`);
    },
  };
}
