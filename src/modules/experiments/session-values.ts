// How linked orders move an experiment's numbers, pure. A session's values are the sums over its
// included orders; an arm's running sums move by the change of each session value, so a refund
// read after the fact lowers revenue per session on the next read.

export const DAY_MS = 86_400_000;

export type LinkStatus = 'included' | 'late' | 'pre_assignment' | 'other_currency';

export interface SessionValues {
  converted: boolean;
  revenue: number;
  margin: number;
  partner: number;
}

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

/** A session's values after an included order (or a ledger entry of one) adds its amounts. */
export function withOrderAmounts(v: SessionValues, amounts: { revenue: number; margin: number | null; commissionable: number; carriesTouch: boolean }, purchase: boolean): SessionValues {
  return {
    converted: v.converted || purchase,
    revenue: v.revenue + amounts.revenue,
    margin: v.margin + (amounts.margin ?? 0),
    partner: v.partner + (amounts.carriesTouch ? amounts.commissionable : 0),
  };
}
