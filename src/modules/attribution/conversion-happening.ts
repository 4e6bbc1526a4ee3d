// A ledger entry as workflows see it (CONTRACT §11: `conversion.purchase | conversion.adjustment |
// conversion.cancellation`, the entry and the order's state), recorded in the entry's transaction
// when the site has conversion workflows. Amounts in the currency's units, as every response.
import { fromMinorUnitsOf } from '../../domain/money.js';
import type { Queryable } from '../../db/types.js';
import type { WorkflowTriggers } from '../../kernel/index.js';
import { toIso } from '../../time.js';

export interface EntryFacts {
  siteId: string;
  conversionId: string;
  entryId: string;
  orderId: string;
  type: 'purchase' | 'adjustment' | 'cancellation';
  occurredAt: number;
  reason: string | null;
  currency: string;
  deltas: { revenue: number; commissionable: number; margin: number | null };
  order: { state: 'open' | 'cancelled'; netRevenue: number; netCommissionable: number; netMargin: number | null };
}

export async function recordConversionHappening(q: Queryable, triggers: WorkflowTriggers | undefined, f: EntryFacts): Promise<void> {
  if (!triggers) return;
  const m = (minor: number | null) => (minor === null ? null : fromMinorUnitsOf(minor, f.currency));
  const data = {
    entry: { entry_id: f.entryId, type: f.type, occurred_at: toIso(f.occurredAt), revenue_delta: m(f.deltas.revenue), commissionable_delta: m(f.deltas.commissionable), margin_delta: m(f.deltas.margin), ...(f.reason === null ? {} : { reason: f.reason }) },
    order: { order_id: f.orderId, conversion_id: f.conversionId, currency: f.currency, state: f.order.state, net_revenue: m(f.order.netRevenue), net_commissionable: m(f.order.netCommissionable), net_margin: m(f.order.netMargin) },
  };
  const happening = { siteId: f.siteId, on: 'conversion' as const, subtype: f.type, type: `conversion.${f.type}`, data };
  if (await triggers.matches(happening, q)) await triggers.record(q, [happening]);
}
