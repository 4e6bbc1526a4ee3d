// Orders, pure (CONTRACT §6): the records sharing an order key are one order (CJ: an original and
// its corrections, by originalActionId; elsewhere one record). An order's figures are the sum of
// its records' current versions; a correction is never an order of its own; a downward correction
// is one reversal of its amount. What an order contributes to the analytics is `orderFacts`.
import { compareVersions, isLive, recordReversal, type RecordState } from './record-versions.js';

/**
 * How an order counts: `pending` / `approved` (`approved` is a settled order), `declined`
 * (declined, or reversed in full by corrections), `bonus` (bonus commission: never an order or
 * revenue), `correction` (corrections whose original has not been imported: their reversals only).
 */
export const ORDER_STATUSES = ['pending', 'approved', 'declined', 'bonus', 'correction'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

export interface OrderFacts {
  status: OrderStatus;
  currency: string;
  /** Minor units: net of corrections for a live order; what was declined for a declined one. */
  sale: number;
  commission: number;
  /** Commission taken back: downward corrections, and records paying less than they once did. */
  reversals: number;
  reversalAmount: number;
  /** The keyed hash of the order's reference (null: none). */
  reference: string | null;
  transactionAt: number;
}

/** An order before and after a batch (null: it contributes nothing). */
export interface OrderChange {
  key: string;
  before: OrderFacts | null;
  after: OrderFacts | null;
}

const FACT_FIELDS = ['status', 'currency', 'sale', 'commission', 'reversals', 'reversalAmount', 'reference', 'transactionAt'] as const;

/** Whether an order contributes the same before and after (then nothing of it is written). */
export const sameOrderFacts = (a: OrderFacts | null, b: OrderFacts | null): boolean => (a === null || b === null ? a === b : FACT_FIELDS.every((f) => a[f] === b[f]));

const sum = (xs: readonly RecordState[], f: (r: RecordState) => number) => xs.reduce((a, r) => a + f(r), 0);
const byId = (a: RecordState, b: RecordState) => (a.providerTransactionId < b.providerTransactionId ? -1 : a.providerTransactionId > b.providerTransactionId ? 1 : 0);

/** The facts of an order from its records' current versions; null when it contributes nothing (all deleted). */
export function orderFacts(records: readonly RecordState[]): OrderFacts | null {
  const present = records.filter((r) => r.status !== 'deleted').sort(byId);
  if (present.length === 0) return null;
  const heads = present.filter((r) => r.kind !== 'correction');
  const corrections = present.filter((r) => r.kind === 'correction' && r.status !== 'declined');
  const downward = corrections.filter((c) => c.commission < 0);
  let reversals = downward.length;
  let reversalAmount = sum(downward, (c) => -c.commission);
  const reference = (heads.find((r) => r.referenceHash !== null) ?? present.find((r) => r.referenceHash !== null))?.referenceHash ?? null;

  if (heads.length === 0) {
    return {
      status: 'correction',
      currency: present[0]!.currency,
      sale: sum(corrections, (c) => c.sale),
      commission: sum(corrections, (c) => c.commission),
      reversals,
      reversalAmount,
      reference,
      transactionAt: Math.min(...present.map((r) => r.transactionAt)),
    };
  }
  const head = heads.reduce((a, b) => (compareVersions(b, a) > 0 ? b : a));
  for (const h of heads) {
    const taken = recordReversal(h);
    if (taken > 0) {
      reversals += 1;
      reversalAmount += taken;
    }
  }
  const live = heads.filter((h) => isLive(h.status));
  const netCommission = sum(live, (h) => h.commission) + sum(corrections, (c) => c.commission);
  const netSale = sum(live, (h) => h.sale) + sum(corrections, (c) => c.sale);
  const reversedInFull = downward.length > 0 && netCommission <= 0;
  const base = { currency: head.currency, reversals, reversalAmount, reference, transactionAt: head.transactionAt };
  if (!isLive(head.status) || reversedInFull) {
    // What was declined: the order at its fullest (its records and upward corrections).
    const positive = [...heads, ...corrections];
    return { ...base, status: 'declined', sale: sum(positive, (r) => Math.max(r.sale, 0)), commission: sum(positive, (r) => Math.max(r.commission, 0)) };
  }
  return { ...base, status: head.kind === 'bonus' ? 'bonus' : head.status, sale: head.kind === 'bonus' ? 0 : netSale, commission: netCommission };
}
