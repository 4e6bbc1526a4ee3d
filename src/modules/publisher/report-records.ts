// Network report records, pure: the Awin transaction-list and CJ commission-detail shapes mapped
// to the canonical record (docs/publisher-report-formats.md), validated and converted to minor
// units; and the rule that folds a new version of a record into the stored one (the newest
// updated_at wins; what was once pending or approved and is now declined or lower is a reversal).
import { hash } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ErrorDetail } from '../../errors.js';
import { currencyDigits, toMinorUnits } from '../../domain/money.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import { unstorableStrings } from '../../domain/strings.js';
import { validationDetails } from '../../http/validation-details.js';

export const REPORT_FORMATS = ['canonical', 'awin', 'cj'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export type RecordStatus = 'pending' | 'approved' | 'declined';

const CanonicalRecord = Type.Object({
  provider_transaction_id: Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' }),
  reference: Type.Optional(Type.Union([Type.String({ maxLength: 128 }), Type.Null()])),
  order_ref: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  status: Type.Enum(['pending', 'approved', 'declined']),
  sale_amount: Type.Number({ minimum: 0 }),
  commission_amount: Type.Number({ minimum: 0 }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  transaction_at: Type.String({ minLength: 1 }),
  updated_at: Type.String({ minLength: 1 }),
  reversal: Type.Optional(Type.Object({ amount: Type.Number({ minimum: 0 }), reason: Type.Optional(Type.String({ maxLength: 200 })) })),
});
const checkCanonical = Compile(CanonicalRecord);

export interface NormalizedRecord {
  providerTransactionId: string;
  reference: string | null;
  orderRef: string | null;
  status: RecordStatus;
  currency: string;
  sale: number;
  commission: number;
  transactionAt: number;
  updatedAt: number;
  /** Commission taken back as the network states it (0 when it states none). */
  statedReversal: number;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined);
const decimal = (v: unknown): number | undefined => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : undefined);
/** Network timestamps without an offset are UTC. */
const utc = (v: unknown): string | undefined => {
  const s = str(v);
  if (s === undefined) return undefined;
  return /([zZ]|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s}Z`;
};

/** Awin transaction list → canonical. */
export function fromAwin(r: Json): Json {
  const commission = obj(r.commissionAmount);
  const sale = obj(r.saleAmount);
  const status = str(r.commissionStatus)?.toLowerCase();
  const oldCommission = decimal(obj(r.oldCommissionAmount).amount);
  const newCommission = decimal(commission.amount);
  return {
    provider_transaction_id: str(r.id),
    reference: str(obj(r.clickRefs).clickRef) ?? str(r.clickRef) ?? null,
    order_ref: str(r.orderRef) ?? null,
    status: status === 'approved' || status === 'bonus' ? 'approved' : status === 'declined' || status === 'deleted' ? 'declined' : status === 'pending' ? 'pending' : status,
    sale_amount: decimal(sale.amount),
    commission_amount: newCommission,
    currency: str(commission.currency) ?? str(sale.currency),
    transaction_at: utc(r.transactionDate),
    updated_at: utc(r.validationDate) ?? utc(r.transactionDate),
    ...(r.amended === true && oldCommission !== undefined && newCommission !== undefined && oldCommission > newCommission
      ? { reversal: { amount: oldCommission - newCommission, reason: str(r.amendReason) ?? 'amended' } }
      : {}),
  };
}

/** CJ commission detail → canonical. Corrections arrive as their own records with negative amounts. */
export function fromCj(r: Json, defaultCurrency?: string): Json {
  const commission = decimal(r.pubCommissionAmountPubCurrency ?? r.commissionAmount);
  const sale = decimal(r.saleAmountPubCurrency ?? r.saleAmount);
  const validation = str(r.validationStatus)?.toUpperCase();
  const action = str(r.actionStatus)?.toLowerCase();
  const correction = commission !== undefined && commission < 0;
  return {
    provider_transaction_id: str(r.commissionId),
    reference: str(r.shopperId) ?? str(r.sid) ?? null,
    order_ref: str(r.orderId) ?? null,
    status: correction || validation === 'DECLINED' ? 'declined' : validation === 'ACCEPTED' || action === 'locked' || action === 'closed' ? 'approved' : 'pending',
    sale_amount: sale === undefined ? undefined : Math.abs(correction ? 0 : sale),
    commission_amount: correction ? 0 : commission,
    currency: str(r.pubCurrency) ?? str(r.currency) ?? defaultCurrency,
    transaction_at: utc(r.eventDate),
    updated_at: utc(r.postingDate) ?? utc(r.eventDate),
    ...(correction ? { reversal: { amount: -commission!, reason: str(r.correctionReason) ?? 'correction' } } : {}),
  };
}

export function normalizeRecord(raw: unknown, format: ReportFormat, pointer: string, defaultCurrency?: string): { ok: true; record: NormalizedRecord } | { ok: false; details: ErrorDetail[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, details: [{ path: pointer, code: 'type', message: 'a record must be a JSON object' }] };
  // The string rule (CONTRACT §7) over the record as sent: what PostgreSQL cannot store fails this record alone.
  const encoding = unstorableStrings(raw, pointer);
  if (encoding.length > 0) return { ok: false, details: encoding };
  const canonical = format === 'awin' ? fromAwin(raw as Json) : format === 'cj' ? fromCj(raw as Json, defaultCurrency) : { currency: defaultCurrency, ...(raw as Json) };
  for (const k of Object.keys(canonical)) if (canonical[k] === undefined) delete canonical[k];
  if (!checkCanonical.Check(canonical)) {
    return { ok: false, details: validationDetails(checkCanonical.Errors(canonical) as never).map((d) => ({ ...d, path: `${pointer}${format === 'canonical' ? d.path : ''}`, message: format === 'canonical' ? d.message : `${d.path.slice(1) || 'record'}: ${d.message} (after mapping from ${format})` })) };
  }
  const c: Static<typeof CanonicalRecord> = canonical;
  const details: ErrorDetail[] = [];
  const digits = currencyDigits(c.currency);
  if (digits === undefined) details.push({ path: `${pointer}/currency`, code: 'unknown_currency', message: 'currency must be an ISO 4217 code of a currency' });
  const money = (v: number, field: string) => {
    const m = digits === undefined ? 0 : toMinorUnits(v, digits);
    if (m === null) details.push({ path: `${pointer}/${field}`, code: 'too_many_decimals', message: `${c.currency} allows at most ${digits} decimals` });
    return m ?? 0;
  };
  const time = (v: string, field: string) => {
    const t = parseIsoTimestamp(v);
    if (t === null) details.push({ path: `${pointer}/${field}`, code: 'format', message: `${field} must be an ISO 8601 timestamp` });
    return t ?? 0;
  };
  const record: NormalizedRecord = {
    providerTransactionId: c.provider_transaction_id,
    reference: c.reference && c.reference.trim() !== '' ? c.reference : null,
    orderRef: c.order_ref ?? null,
    status: c.status,
    currency: c.currency,
    sale: money(c.sale_amount, 'sale_amount'),
    commission: money(c.commission_amount, 'commission_amount'),
    transactionAt: time(c.transaction_at, 'transaction_at'),
    updatedAt: time(c.updated_at, 'updated_at'),
    statedReversal: c.reversal ? money(c.reversal.amount, 'reversal/amount') : 0,
  };
  return details.length > 0 ? { ok: false, details } : { ok: true, record };
}

export interface StoredRecordState {
  status: RecordStatus;
  sale: number;
  commission: number;
  updatedAt: number;
  peakCommission: number;
  reversalAmount: number;
  fingerprint: string;
}

export const recordFingerprint = (r: NormalizedRecord, referenceHash: string | null): string =>
  hash('sha256', JSON.stringify([r.providerTransactionId, referenceHash, r.orderRef, r.status, r.currency, r.sale, r.commission, r.transactionAt, r.updatedAt, r.statedReversal]), 'hex');

/**
 * Folds a version of a record into the stored state. An older version never overwrites a newer
 * one, and the same version twice changes nothing. A record that was pending or approved and is
 * now declined or lower is a reversal of the commission taken back.
 */
export function foldRecord(stored: StoredRecordState | null, r: NormalizedRecord, fingerprint: string): { action: 'created' | 'updated' | 'unchanged'; next: StoredRecordState } {
  if (stored && (r.updatedAt < stored.updatedAt || stored.fingerprint === fingerprint)) return { action: 'unchanged', next: stored };
  const live = r.status !== 'declined';
  const peakCommission = Math.max(stored?.peakCommission ?? 0, live ? r.commission : 0);
  const effective = live ? r.commission : 0;
  const reversalAmount = Math.max(peakCommission - effective, r.statedReversal, 0);
  return {
    action: stored ? 'updated' : 'created',
    next: { status: r.status, sale: r.sale, commission: r.commission, updatedAt: r.updatedAt, peakCommission, reversalAmount, fingerprint },
  };
}
