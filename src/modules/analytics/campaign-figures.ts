// Campaign analytics (CONTRACT §12 `campaigns`), the pure part: per campaign its impressions, clicks
// and click-through rate, submissions, and what the sessions did after their first click (in the
// period) of it: add-to-carts, and server-trusted orders with their revenue per currency.
// - A recommendation impression or click counts for its campaign only when its recommendation_id is
//   an answer stored for that campaign on the site; the others are counted apart, as unattributed.
// - An order counts once per campaign (events naming the same order_id are one order). Its revenue is
//   the ledger's net revenue when the ledger has the order (refunds taken off, a cancelled order 0);
//   otherwise the purchase event's own amount in its currency (an amount without a known currency
//   is left out of revenue: the order still counts).
// - Campaigns listed: every one with a figure in the period, and every one not archived; most
//   impressions first, then by id.
import { currencyDigits, parseAmount, roundToMinorUnits } from '../../domain/money.js';

export interface CampaignRow {
  campaignId: string;
  name: string;
  kind: string;
  status: string;
  experimentId: string | null;
}

export interface CampaignActivity {
  campaignId: string;
  eventType: string;
  events: number;
  /** Recommendation events whose recommendation_id is not an answer of the campaign. */
  unattributed: number;
}

export interface TrustedPurchase {
  orderId: string;
  /** As the event carried them (total_amount, total or revenue; currency). */
  amount: unknown;
  currency: unknown;
  /** The ledger's current state of the order (net revenue in minor units), when it has it. */
  ledger: { currency: string; revenue: number } | null;
}

export interface CampaignOutcomes {
  campaignId: string;
  addToCarts: number;
  purchases: TrustedPurchase[];
}

export interface CampaignFigures {
  campaignId: string;
  name: string;
  kind: string;
  status: string;
  /** The experiment that gates it: the campaign shows to the `treatment` arm (control is the holdout). */
  experiment: { experimentId: string; arm: 'treatment' } | null;
  impressions: number;
  clicks: number;
  /** clicks ÷ impressions, 0 without impressions. */
  ctr: number;
  submissions: number;
  addToCarts: number;
  orders: number;
  /** Minor units per currency. */
  revenue: Record<string, number>;
}

export interface CampaignReport {
  campaigns: CampaignFigures[];
  unattributed: { impressions: number; clicks: number };
}

const IMPRESSIONS = new Set(['recommendation_impression', 'overlay_impression']);

/** An order's revenue in minor units and its currency, or null when it has no value as money. */
export function orderRevenue(p: TrustedPurchase): { currency: string; minor: number } | null {
  if (p.ledger) return { currency: p.ledger.currency, minor: p.ledger.revenue };
  const currency = typeof p.currency === 'string' ? p.currency.toUpperCase() : undefined;
  const digits = currency === undefined ? undefined : currencyDigits(currency);
  const amount = parseAmount(p.amount);
  if (digits === undefined || amount === null || amount.units < 0n) return null;
  const minor = roundToMinorUnits(amount, digits);
  return minor === null ? null : { currency: currency!, minor };
}

function revenueOf(purchases: readonly TrustedPurchase[]): { orders: number; revenue: Record<string, number> } {
  const byOrder = new Map(purchases.map((p) => [p.orderId, p]));
  const revenue: Record<string, number> = {};
  for (const p of byOrder.values()) {
    const r = orderRevenue(p);
    if (r) revenue[r.currency] = (revenue[r.currency] ?? 0) + r.minor;
  }
  return { orders: byOrder.size, revenue };
}

const emptyFigures = (c: CampaignRow): CampaignFigures => ({
  campaignId: c.campaignId,
  name: c.name,
  kind: c.kind,
  status: c.status,
  experiment: c.experimentId === null ? null : { experimentId: c.experimentId, arm: 'treatment' },
  impressions: 0,
  clicks: 0,
  ctr: 0,
  submissions: 0,
  addToCarts: 0,
  orders: 0,
  revenue: {},
});

export function campaignReport(
  campaigns: readonly CampaignRow[],
  activity: readonly CampaignActivity[],
  outcomes: readonly CampaignOutcomes[],
  submissions: ReadonlyMap<string, number>,
): CampaignReport {
  const figures = new Map(campaigns.map((c) => [c.campaignId, emptyFigures(c)]));
  const touched = new Set<string>();
  const unattributed = { impressions: 0, clicks: 0 };
  for (const a of activity) {
    const impression = IMPRESSIONS.has(a.eventType);
    if (impression) unattributed.impressions += a.unattributed;
    else unattributed.clicks += a.unattributed;
    const f = figures.get(a.campaignId);
    if (!f || a.events === a.unattributed) continue;
    if (impression) f.impressions += a.events - a.unattributed;
    else f.clicks += a.events - a.unattributed;
    touched.add(a.campaignId);
  }
  for (const o of outcomes) {
    const f = figures.get(o.campaignId);
    if (!f) continue;
    f.addToCarts += o.addToCarts;
    Object.assign(f, revenueOf(o.purchases));
    touched.add(o.campaignId);
  }
  for (const [campaignId, n] of submissions) {
    const f = figures.get(campaignId);
    if (!f) continue;
    f.submissions += n;
    touched.add(campaignId);
  }
  const listed = [...figures.values()].filter((f) => f.status !== 'archived' || touched.has(f.campaignId));
  for (const f of listed) f.ctr = f.impressions === 0 ? 0 : f.clicks / f.impressions;
  listed.sort((a, b) => b.impressions - a.impressions || (a.campaignId < b.campaignId ? -1 : a.campaignId > b.campaignId ? 1 : 0));
  return { campaigns: listed, unattributed };
}
