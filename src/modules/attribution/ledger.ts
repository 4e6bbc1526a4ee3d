// The conversion ledger's rules, pure: an order's state is the sum of its entries, and each new
// entry is checked against the state it would change (CONTRACT §4). Amounts are minor units.
import type { ErrorCode, ErrorDetail } from '../../errors.js';
import type { NormalizedAdjustment, NormalizedCancellation, NormalizedPurchase } from './normalize-conversion.js';

export interface OrderState {
  currency: string;
  state: 'open' | 'cancelled';
  netRevenue: number;
  netCommissionable: number;
  /** null when the purchase carried no margin. */
  netMargin: number | null;
  /** Latest source timestamp (occurred_at) of the order's entries, epoch ms. */
  latestSourceAt: number;
  lineIds: readonly string[];
}

export interface EntryDeltas {
  revenue: number;
  commissionable: number;
  margin: number | null;
}

export type Plan =
  | { ok: true; deltas: EntryDeltas; next: OrderState }
  | { ok: false; code: ErrorCode; message: string; details?: ErrorDetail[] };

export function stateAfterPurchase(p: NormalizedPurchase): OrderState {
  return {
    currency: p.currency,
    state: 'open',
    netRevenue: p.revenue,
    netCommissionable: p.commissionable_subtotal,
    netMargin: p.margin?.amount ?? null,
    latestSourceAt: p.occurred_at,
    lineIds: p.lines.map((l) => l.line_id),
  };
}

function precheck(state: OrderState, req: NormalizedAdjustment | NormalizedCancellation): Plan | undefined {
  if (state.state === 'cancelled') return { ok: false, code: 'conversion_cancelled', message: 'The order is cancelled; it takes no further entries' };
  if (req.currency !== state.currency) {
    return { ok: false, code: 'currency_mismatch', message: `The order is in ${state.currency}, not ${req.currency}` };
  }
  if (req.occurred_at <= state.latestSourceAt) {
    return {
      ok: false,
      code: 'stale_source_timestamp',
      message: `occurred_at must be later than the order's latest source timestamp ${new Date(state.latestSourceAt).toISOString()}`,
    };
  }
  return undefined;
}

export function planAdjustment(state: OrderState, adj: NormalizedAdjustment, pointer = '/adjustment'): Plan {
  const refused = precheck(state, adj);
  if (refused) return refused;
  const unknown = adj.lines.findIndex((l) => !state.lineIds.includes(l.line_id));
  if (unknown >= 0) {
    return {
      ok: false,
      code: 'reconciliation_failed',
      message: 'An adjusted line is not a line of the purchase',
      details: [{ path: `${pointer}/lines/${unknown}/line_id`, code: 'adjustment_line', message: 'not a line_id of the purchase' }],
    };
  }
  if (adj.margin_delta !== null && state.netMargin === null) {
    return {
      ok: false,
      code: 'reconciliation_failed',
      message: 'The purchase carried no margin, so a margin_delta has nothing to adjust',
      details: [{ path: `${pointer}/margin_delta`, code: 'adjustment_margin', message: 'the purchase carried no margin' }],
    };
  }
  const netRevenue = state.netRevenue + adj.revenue_delta;
  const netCommissionable = state.netCommissionable + adj.commissionable_delta;
  if (netRevenue < 0 || netCommissionable < 0) {
    return {
      ok: false,
      code: 'negative_revenue',
      message: `The adjustment would leave ${netRevenue < 0 ? `revenue at ${netRevenue}` : `the commissionable amount at ${netCommissionable}`} minor units`,
    };
  }
  const margin = state.netMargin === null ? null : adj.margin_delta ?? 0;
  return {
    ok: true,
    deltas: { revenue: adj.revenue_delta, commissionable: adj.commissionable_delta, margin },
    next: {
      ...state,
      netRevenue,
      netCommissionable,
      netMargin: state.netMargin === null ? null : state.netMargin + margin!,
      latestSourceAt: adj.occurred_at,
    },
  };
}

/** A cancellation reverses exactly what remains, and the order takes nothing after it. */
export function planCancellation(state: OrderState, c: NormalizedCancellation): Plan {
  const refused = precheck(state, c);
  if (refused) return refused;
  return {
    ok: true,
    // 0 - x, not -x: reversing nothing is +0, never -0.
    deltas: { revenue: 0 - state.netRevenue, commissionable: 0 - state.netCommissionable, margin: state.netMargin === null ? null : 0 - state.netMargin },
    next: { ...state, state: 'cancelled', netRevenue: 0, netCommissionable: 0, netMargin: state.netMargin === null ? null : 0, latestSourceAt: c.occurred_at },
  };
}
