// Reconciliation of a purchase (CONTRACT §4), pure and exact in minor units. Each violation names
// its rule and the field it is about.
import type { ErrorDetail } from '../../errors.js';
import { lineAmount, parseDecimalString, sum, sumOfProducts } from '../../domain/money.js';
import type { NormalizedPurchase } from './normalize-conversion.js';

export const RULES = {
  line_subtotal: 'line subtotal = quantity × unit_price, rounded half up to the minor unit',
  line_commissionable: 'line commissionable_amount ≤ subtotal − discount',
  order_discount: 'discount = Σ line.discount',
  order_commissionable_subtotal: 'commissionable_subtotal = Σ line.commissionable_amount',
  order_revenue: 'revenue = Σ line.subtotal − discount + tax + shipping',
  margin_costs: 'margin.basis exact requires item_cost on every line',
  margin_amount: 'margin.amount = (Σ line.subtotal − discount) − Σ quantity × item_cost',
} as const;

export type Rule = keyof typeof RULES;

export interface Violation extends ErrorDetail {
  code: Rule;
}

export function reconcilePurchase(p: NormalizedPurchase, pointer = '/conversion'): Violation[] {
  const out: Violation[] = [];
  const violate = (code: Rule, path: string, detail: string) => out.push({ path: `${pointer}${path}`, code, message: `${RULES[code]} (${detail})` });

  p.lines.forEach((l, i) => {
    const expected = lineAmount(parseDecimalString(l.quantity), l.unit_price);
    if (l.subtotal !== expected) violate('line_subtotal', `/lines/${i}/subtotal`, `expected ${expected} minor units, got ${l.subtotal}`);
    if (l.commissionable_amount > l.subtotal - l.discount) {
      violate('line_commissionable', `/lines/${i}/commissionable_amount`, `at most ${l.subtotal - l.discount} minor units, got ${l.commissionable_amount}`);
    }
  });

  const lineDiscount = sum(p.lines.map((l) => l.discount));
  if (p.discount !== lineDiscount) violate('order_discount', '/discount', `expected ${lineDiscount} minor units, got ${p.discount}`);
  const commissionable = sum(p.lines.map((l) => l.commissionable_amount));
  if (p.commissionable_subtotal !== commissionable) {
    violate('order_commissionable_subtotal', '/commissionable_subtotal', `expected ${commissionable} minor units, got ${p.commissionable_subtotal}`);
  }
  const merchandise = sum(p.lines.map((l) => l.subtotal)) - p.discount;
  const revenue = merchandise + p.tax + p.shipping;
  if (p.revenue !== revenue) violate('order_revenue', '/revenue', `expected ${revenue} minor units, got ${p.revenue}`);

  if (p.margin?.basis === 'exact') {
    const missing = p.lines.findIndex((l) => l.item_cost === null);
    if (missing >= 0) {
      violate('margin_costs', `/lines/${missing}/item_cost`, 'a line has no item_cost');
    } else {
      const cost = sumOfProducts(p.lines.map((l) => ({ quantity: parseDecimalString(l.quantity), unitMinor: l.item_cost! })));
      const margin = merchandise - cost;
      if (p.margin.amount !== margin) violate('margin_amount', '/margin/amount', `expected ${margin} minor units, got ${p.margin.amount}`);
    }
  }
  return out;
}
