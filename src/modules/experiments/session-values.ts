// How linked orders move an experiment's numbers, pure. A session's values are the sums over its
// included orders; an arm's running sums move by the change of each session value, so a refund
// read after the fact lowers revenue per session on the next read.
import type { Assignment, LinkStatus, SessionValues, Variant } from './experiment.js';

export const DAY_MS = 86_400_000;

/** Whether an order counts for an assignment: after the assignment, within the window, in the experiment's currency. */
export function classifyLink(opts: {
  purchasedAt: number;
  assignedAt: number;
  windowDays: number;
  orderCurrency: string;
  experimentCurrency: string;
}): LinkStatus {
  if (opts.purchasedAt < opts.assignedAt) return 'pre_assignment';
  if (opts.purchasedAt > opts.assignedAt + opts.windowDays * DAY_MS) return 'late';
  if (opts.orderCurrency !== opts.experimentCurrency) return 'other_currency';
  return 'included';
}

/** Changes of the arm's running sums when a session's values go from `before` to `after`. */
export interface ArmDelta {
  sessions: number;
  conversions: number;
  revenueSum: bigint;
  revenueSumSq: bigint;
  marginSum: bigint;
  marginSumSq: bigint;
  partnerSum: bigint;
  partnerSumSq: bigint;
  lateCount: number;
  lateRevenue: bigint;
  preAssignment: number;
  otherCurrency: number;
  refundCount: number;
  refundAmount: bigint;
  lastPurchaseAt: number | null;
}

export const emptyDelta = (): ArmDelta => ({
  sessions: 0,
  conversions: 0,
  revenueSum: 0n,
  revenueSumSq: 0n,
  marginSum: 0n,
  marginSumSq: 0n,
  partnerSum: 0n,
  partnerSumSq: 0n,
  lateCount: 0,
  lateRevenue: 0n,
  preAssignment: 0,
  otherCurrency: 0,
  refundCount: 0,
  refundAmount: 0n,
  lastPurchaseAt: null,
});

const sq = (v: number) => BigInt(v) * BigInt(v);

/** Adds the change of one session's values to an arm delta (squares exact, in bigint). */
export function addSessionChange(delta: ArmDelta, before: SessionValues, after: SessionValues): ArmDelta {
  delta.conversions += Number(after.converted) - Number(before.converted);
  delta.revenueSum += BigInt(after.revenue - before.revenue);
  delta.revenueSumSq += sq(after.revenue) - sq(before.revenue);
  delta.marginSum += BigInt(after.margin - before.margin);
  delta.marginSumSq += sq(after.margin) - sq(before.margin);
  delta.partnerSum += BigInt(after.partner - before.partner);
  delta.partnerSumSq += sq(after.partner) - sq(before.partner);
  return delta;
}

/** The amounts of an order (or of a ledger entry of one) as they reach a session (minor units). */
export interface OrderAmounts {
  revenue: number;
  margin: number | null;
  commissionable: number;
  /** Whether the order carries at least one partner touch (partner contribution counts only then). */
  carriesTouch: boolean;
}

/** A session's values after an included order (or a ledger entry of one) adds its amounts. */
export function withOrderAmounts(v: SessionValues, amounts: OrderAmounts, purchase: boolean): SessionValues {
  return {
    converted: v.converted || purchase,
    revenue: v.revenue + amounts.revenue,
    margin: v.margin + (amounts.margin ?? 0),
    partner: v.partner + (amounts.carriesTouch ? amounts.commissionable : 0),
  };
}

/** A session's values after a change, and how its arm's running sums move. */
export interface SessionChange {
  values: SessionValues;
  delta: ArmDelta;
}

/**
 * A purchase linked to a session, classified as `status`: an included one adds its amounts to the
 * session; the others leave the session as it was and are only counted (late ones with their revenue).
 */
export function purchaseChange(before: SessionValues, status: LinkStatus, order: OrderAmounts & { purchasedAt: number }): SessionChange {
  const delta = emptyDelta();
  switch (status) {
    case 'pre_assignment':
      delta.preAssignment = 1;
      return { values: before, delta };
    case 'other_currency':
      delta.otherCurrency = 1;
      return { values: before, delta };
    case 'late':
      delta.lateCount = 1;
      delta.lateRevenue = BigInt(order.revenue);
      return { values: before, delta };
    case 'included': {
      const values = withOrderAmounts(before, order, true);
      addSessionChange(delta, before, values);
      delta.lastPurchaseAt = order.purchasedAt;
      return { values, delta };
    }
  }
}

/** An adjustment or cancellation of an included order: the session moves, and a lowered revenue counts as a refund. */
export function ledgerEntryChange(before: SessionValues, amounts: OrderAmounts): SessionChange {
  const values = withOrderAmounts(before, amounts, false);
  const delta = addSessionChange(emptyDelta(), before, values);
  if (amounts.revenue < 0) {
    delta.refundCount = 1;
    delta.refundAmount = BigInt(-amounts.revenue);
  }
  return { values, delta };
}

/** New sessions per arm, for the running sums (arms in the order first met). */
export function sessionsPerArm(created: readonly Pick<Assignment, 'experimentId' | 'variant'>[]): { experimentId: string; variant: Variant; sessions: number }[] {
  const perArm = new Map<string, { experimentId: string; variant: Variant; sessions: number }>();
  for (const a of created) {
    const key = `${a.experimentId}\n${a.variant}`;
    const arm = perArm.get(key) ?? { experimentId: a.experimentId, variant: a.variant, sessions: 0 };
    arm.sessions += 1;
    perArm.set(key, arm);
  }
  return [...perArm.values()];
}
