// The conversion ledger as stored (CONTRACT §4): an order's state and its entries, as plain values
// in integer minor units of the order's currency. Times are epoch milliseconds.

export type EntryType = 'purchase' | 'adjustment' | 'cancellation';

/** An order's state: the sum of its entries. */
export interface Conversion {
  siteId: string;
  orderId: string;
  conversionId: string;
  currency: string;
  state: 'open' | 'cancelled';
  netRevenue: number;
  netCommissionable: number;
  netMargin: number | null;
  latestSourceAt: number;
  purchasedAt: number;
  /** How many entries the order has. */
  entries: number;
}

/** An entry as the ledger view shows it (the stored payload stays behind). */
export interface LedgerEntry {
  entryId: string;
  type: EntryType;
  occurredAt: number;
  receivedAt: number;
  revenueDelta: number;
  commissionableDelta: number;
  marginDelta: number | null;
  reason: string | null;
}

/** The entry that holds an idempotency key: its ids and the fingerprint of its payload. */
export interface KeyedEntry {
  entryId: string;
  conversionId: string;
  fingerprint: string;
}

/** A touch or an experiment assignment an order names, and whether it is known (yet). */
export interface OrderLink {
  id: string;
  resolved: boolean;
}
