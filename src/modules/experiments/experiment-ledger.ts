// Keeps experiments' running sums in step with the conversion ledger, inside the ledger's own
// transaction: a purchase naming assignments adds its amounts to the sessions it counts for; an
// adjustment or cancellation moves them again; an assignment that arrives after an order that
// named it picks the order up. The rules are session-values.ts'; this file reads and writes.
import type { Queryable } from '../../db/types.js';
import type { LedgerDeltas, LinkedOrder, OrderLedgerListener } from '../../kernel/index.js';
import * as armSums from './arm-sums-repository.js';
import * as assignments from './assignments-repository.js';
import type { Assignment, LinkedAssignment } from './experiment.js';
import * as experiments from './experiments-repository.js';
import * as orderLinks from './order-links-repository.js';
import { classifyLink, ledgerEntryChange, purchaseChange, sessionsPerArm } from './session-values.js';

const ARM_SHARDS = 8;
const shard = () => Math.floor(Math.random() * ARM_SHARDS);

/** Classifies one order for one assignment and moves the numbers; returns the assignment as it now is. */
async function link(q: Queryable, siteId: string, order: LinkedOrder, a: LinkedAssignment): Promise<LinkedAssignment> {
  const currency = a.currency ?? (await experiments.setCurrencyIfUnset(q, siteId, a.experimentId, order.currency));
  const status = classifyLink({
    purchasedAt: order.purchasedAt,
    assignedAt: a.assignedAt.getTime(),
    windowDays: a.conversionWindowDays,
    orderCurrency: order.currency,
    experimentCurrency: currency,
  });
  const { values, delta } = purchaseChange(a, status, order);
  if (status === 'included') await assignments.updateSessionValues(q, siteId, a.assignmentId, values);
  await armSums.addArmDelta(q, siteId, a.experimentId, a.variant, shard(), delta);
  await orderLinks.setLinkStatus(q, siteId, order.orderId, a.assignmentId, status);
  return { ...a, ...values, currency };
}

export const experimentLedger = {
  /** A purchase named these assignments (links already stored as unresolved). */
  async onPurchase(q: Queryable, siteId: string, order: LinkedOrder, assignmentIds: readonly string[]): Promise<void> {
    for (const a of await assignments.lockAssignmentsById(q, siteId, assignmentIds)) await link(q, siteId, order, a);
  },

  /** An adjustment or cancellation of an order moves the sessions it counts for. */
  async onLedgerEntry(q: Queryable, siteId: string, orderId: string, d: LedgerDeltas): Promise<void> {
    for (const a of await assignments.lockIncludedAssignmentsOfOrder(q, siteId, orderId)) {
      const { values, delta } = ledgerEntryChange(a, { ...d, carriesTouch: a.carriesTouch });
      await assignments.updateSessionValues(q, siteId, a.assignmentId, values);
      await armSums.addArmDelta(q, siteId, a.experimentId, a.variant, shard(), delta);
    }
  },

  /** New assignments: count the sessions, and pick up orders that named them earlier. */
  async onAssignmentsCreated(q: Queryable, siteId: string, created: readonly Assignment[]): Promise<void> {
    await armSums.addSessions(q, siteId, sessionsPerArm(created).map((arm) => ({ ...arm, shard: shard() })));
    const waiting = await orderLinks.unresolvedOrdersOfAssignments(q, siteId, created.map((a) => a.assignmentId));
    if (waiting.length === 0) return;
    const named = [...new Set(waiting.map((w) => w.assignmentId))];
    const locked = new Map((await assignments.lockAssignmentsById(q, siteId, named)).map((a) => [a.assignmentId, a]));
    for (const w of waiting) {
      const a = locked.get(w.assignmentId);
      if (!a) continue;
      // The next order of the same assignment starts from the values this one left.
      locked.set(w.assignmentId, await link(q, siteId, w.order, a));
    }
  },
} satisfies OrderLedgerListener & Record<string, unknown>;
