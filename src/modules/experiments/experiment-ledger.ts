// Keeps experiments' running sums in step with the conversion ledger, inside the ledger's own
// transaction: a purchase naming assignments adds its amounts to the sessions it counts for; an
// adjustment or cancellation moves them again; an assignment that arrives after an order that
// named it picks the order up.
import type { Queryable } from '../../db/types.js';
import type { LedgerDeltas, LinkedOrder, OrderLedgerListener } from '../../kernel/index.js';
import type { Variant } from './assignment.js';
import * as repo from './experiments-repository.js';
import { addSessionChange, classifyLink, emptyDelta, withOrderAmounts, type ArmDelta, type SessionValues } from './session-values.js';

const ARM_SHARDS = 8;
const shard = () => Math.floor(Math.random() * ARM_SHARDS);


/** Classifies one order for one assignment and moves the numbers; returns the row as it now is. */
async function link(q: Queryable, siteId: string, order: LinkedOrder, row: repo.LinkedAssignmentRow): Promise<repo.LinkedAssignmentRow> {
  const currency = row.currency ?? (await repo.setCurrencyIfUnset(q, siteId, row.experiment_id, order.currency));
  const status = classifyLink({
    purchasedAt: order.purchasedAt,
    assignedAt: row.assigned_at.getTime(),
    windowDays: row.conversion_window_days,
    orderCurrency: order.currency,
    experimentCurrency: currency,
  });
  const delta = emptyDelta();
  let values: SessionValues = row;
  if (status === 'pre_assignment') delta.preAssignment = 1;
  else if (status === 'other_currency') delta.otherCurrency = 1;
  else if (status === 'late') {
    delta.lateCount = 1;
    delta.lateRevenue = BigInt(order.revenue);
  } else {
    values = withOrderAmounts(row, order, true);
    addSessionChange(delta, row, values);
    delta.lastPurchaseAt = order.purchasedAt;
    await repo.updateSessionValues(q, siteId, row.assignment_id, values);
  }
  await repo.addArmDelta(q, siteId, row.experiment_id, row.variant, shard(), delta);
  await repo.setLinkStatus(q, siteId, order.orderId, row.assignment_id, status);
  return { ...row, ...values, currency };
}

export const experimentLedger = {
  /** A purchase named these assignments (links already stored as unresolved). */
  async onPurchase(q: Queryable, siteId: string, order: LinkedOrder, assignmentIds: readonly string[]): Promise<void> {
    for (const row of await repo.lockAssignmentsById(q, siteId, assignmentIds)) await link(q, siteId, order, row);
  },

  /** An adjustment or cancellation of an order moves the sessions it counts for. */
  async onLedgerEntry(q: Queryable, siteId: string, orderId: string, d: LedgerDeltas): Promise<void> {
    for (const row of await repo.lockIncludedAssignmentsOfOrder(q, siteId, orderId)) {
      const after = withOrderAmounts(row, { ...d, carriesTouch: row.carries_touch }, false);
      const delta: ArmDelta = addSessionChange(emptyDelta(), row, after);
      if (d.revenue < 0) {
        delta.refundCount = 1;
        delta.refundAmount = BigInt(-d.revenue);
      }
      await repo.updateSessionValues(q, siteId, row.assignment_id, after);
      await repo.addArmDelta(q, siteId, row.experiment_id, row.variant, shard(), delta);
    }
  },

  /** New assignments: count the sessions, and pick up orders that named them earlier. */
  async onAssignmentsCreated(q: Queryable, siteId: string, created: readonly { experiment_id: string; variant: Variant; assignment_id: string }[]): Promise<void> {
    const perArm = new Map<string, { experimentId: string; variant: Variant; sessions: number }>();
    for (const a of created) {
      const key = `${a.experiment_id}\n${a.variant}`;
      const arm = perArm.get(key) ?? { experimentId: a.experiment_id, variant: a.variant, sessions: 0 };
      arm.sessions += 1;
      perArm.set(key, arm);
    }
    await repo.addSessions(q, siteId, [...perArm.values()].map((arm) => ({ ...arm, shard: shard() })));
    const waiting = await repo.unresolvedOrdersOfAssignments(q, siteId, created.map((a) => a.assignment_id));
    if (waiting.length === 0) return;
    const rows = new Map((await repo.lockAssignmentsById(q, siteId, [...new Set(waiting.map((w) => w.assignment_id))])).map((r) => [r.assignment_id, r]));
    for (const w of waiting) {
      const row = rows.get(w.assignment_id);
      if (!row) continue;
      // The next order of the same assignment starts from the values this one left.
      rows.set(w.assignment_id, await link(q, siteId, {
        orderId: w.order_id,
        currency: w.currency,
        revenue: w.net_revenue,
        commissionable: w.net_commissionable,
        margin: w.net_margin,
        purchasedAt: w.purchased_at.getTime(),
        carriesTouch: w.carries_touch,
      }, row));
    }
  },
} satisfies OrderLedgerListener & Record<string, unknown>;
