// An extension point of the kernel: what else moves with a site's order ledger, inside the ledger's
// own transactions. The module that keeps the ledger (attribution) calls every listener; a module
// that keeps figures over orders (experiments: their running sums) registers one.
import type { Queryable } from '../db/types.js';

/** A purchase as the listeners see it (integer minor units, epoch milliseconds). */
export interface LinkedOrder {
  orderId: string;
  currency: string;
  revenue: number;
  commissionable: number;
  margin: number | null;
  purchasedAt: number;
  carriesTouch: boolean;
}

/** The amounts an adjustment or a cancellation moves (signed, minor units). */
export interface LedgerDeltas {
  revenue: number;
  commissionable: number;
  margin: number | null;
}

export interface OrderLedgerListener {
  /** A purchase named these assignment ids (the links are stored as unresolved before). */
  onPurchase(q: Queryable, siteId: string, order: LinkedOrder, assignmentIds: readonly string[]): Promise<void>;
  /** An adjustment or a cancellation of an order. */
  onLedgerEntry(q: Queryable, siteId: string, orderId: string, deltas: LedgerDeltas): Promise<void>;
}

/** Every registered listener as one. */
export function allListeners(listeners: readonly OrderLedgerListener[]): OrderLedgerListener {
  return {
    async onPurchase(q, siteId, order, assignmentIds) {
      for (const l of listeners) await l.onPurchase(q, siteId, order, assignmentIds);
    },
    async onLedgerEntry(q, siteId, orderId, deltas) {
      for (const l of listeners) await l.onLedgerEntry(q, siteId, orderId, deltas);
    },
  };
}
