// What one record of a network report says once read from its format, whatever the format:
// integer minor units, epoch milliseconds, the order it belongs to and the version it is of.
import type { ErrorDetail } from '../../errors.js';
import type { RecordWarning } from './record-fields.js';

export const REPORT_FORMATS = ['canonical', 'awin', 'cj'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A record's status as the analytics read it. `deleted` leaves every total. */
export type RecordStatus = 'pending' | 'approved' | 'declined' | 'deleted';
/** An order; a correction of one (CJ: signed deltas of its order); a bonus (never an order). */
export type RecordKind = 'order' | 'correction' | 'bonus';

/**
 * The status rank of a version (CONTRACT §6 "Versions"): on the same date a higher rank applies.
 * pending/new < extended < approved/locked < closed/paid < declined < deleted (the last two terminal).
 */
export const RANK = { pending: 1, extended: 2, approved: 3, paid: 4, declined: 5, deleted: 6 } as const;

export interface NormalizedRecord {
  providerTransactionId: string;
  /** Records sharing it are one order (CJ: originalActionId; else the record's own id). */
  orderKey: string;
  kind: RecordKind;
  /** The raw reference (clickref / shopperId): hashed and sealed before it is stored. */
  reference: string | null;
  orderRef: string | null;
  status: RecordStatus;
  /** The status as the network wrote it (new, extended, locked, closed, pending, approved, …). */
  networkStatus: string;
  rank: number;
  currency: string;
  /** Minor units; negative only on corrections (signed deltas). */
  sale: number;
  commission: number;
  /** A commission the network says this record had before (Awin's oldCommissionAmount when amended). */
  earlierCommission: number | null;
  transactionAt: number;
  /** The version's date: CJ postingDate; Awin amendment or validation date, else transaction date; canonical updated_at. */
  versionAt: number;
  advertiserId: string | null;
  advertiserName: string | null;
  paid: boolean | null;
  declineReason: string | null;
  amendReason: string | null;
  /** Publisher sub-ids kept as context (Awin clickRef2–clickRef6). */
  context: Record<string, string> | null;
}

export interface ReadOptions {
  /** The publisher currency (CJ …PubCurrency amounts; Awin records without a currency; canonical records without one). */
  currency?: string;
  /** IANA zone of network times without an offset (default UTC). */
  timezone?: string;
}

export type ReadResult = { ok: true; record: NormalizedRecord; warnings: RecordWarning[] } | { ok: false; details: ErrorDetail[] };

