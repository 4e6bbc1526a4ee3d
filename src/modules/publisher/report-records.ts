// Report records, pure: what one record of a network report says, once read from its format
// (canonical here; Awin and CJ in network-formats.ts) into integer minor units, epoch
// milliseconds and the version it is of (docs/publisher-report-formats.md).
import { Type, type Static } from 'typebox';
import type { ErrorDetail } from '../../errors.js';
import { currencyDigits, toMinorUnits } from '../../domain/money.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import { unstorableStrings } from '../../domain/strings.js';
import { compileCheck } from '../../validation/schema-check.js';
import type { RecordWarning } from './record-fields.js';
import { RANK, type NormalizedRecord, type ReadOptions, type ReadResult, type ReportFormat } from './record-model.js';
import { readAwin, readCj } from './network-formats.js';

export type { RecordWarning } from './record-fields.js';

export { RANK, REPORT_FORMATS } from './record-model.js';
export type { NormalizedRecord, ReadOptions, ReadResult, RecordKind, RecordStatus, ReportFormat } from './record-model.js';

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
type CanonicalRecord = Static<typeof CanonicalRecord>;
const canonicalCheck = compileCheck(CanonicalRecord);

const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const noReference = (pointer: string): RecordWarning => ({ path: `${pointer}/reference`, code: 'no_reference', message: 'the record names no reference: it can never match a click' });

/** Our canonical record: its shape checked (the import's currency where the record names none), then read. */
function readCanonical(raw: Record<string, unknown>, pointer: string, options: ReadOptions): ReadResult {
  const candidate = { currency: options.currency, ...raw };
  if (candidate.currency === undefined) delete candidate.currency;
  const checked = canonicalCheck.check(candidate, pointer);
  return checked.ok ? canonicalRecord(checked.value, pointer) : { ok: false, details: checked.details };
}

/** A canonical record of the right shape: amounts as JSON numbers in the currency's decimals (more decimals are refused, CONTRACT §0). */
function canonicalRecord(c: CanonicalRecord, pointer: string): ReadResult {
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
  const commission = money(c.commission_amount, 'commission_amount');
  const reversal = c.reversal ? money(c.reversal.amount, 'reversal/amount') : 0;
  const reference = c.reference && c.reference.trim() !== '' ? c.reference : null;
  const record: NormalizedRecord = {
    providerTransactionId: c.provider_transaction_id,
    orderKey: c.provider_transaction_id,
    kind: 'order',
    reference,
    orderRef: c.order_ref ?? null,
    status: c.status,
    networkStatus: c.status,
    rank: RANK[c.status],
    currency: c.currency,
    sale: money(c.sale_amount, 'sale_amount'),
    commission,
    // A stated reversal: what the record paid before is what it pays now (nothing once declined) plus what was taken back.
    earlierCommission: c.reversal ? (c.status === 'declined' ? 0 : commission) + reversal : null,
    transactionAt: time(c.transaction_at, 'transaction_at'),
    versionAt: time(c.updated_at, 'updated_at'),
    advertiserId: null,
    advertiserName: null,
    paid: null,
    declineReason: c.status === 'declined' ? (c.reversal?.reason ?? null) : null,
    amendReason: c.status !== 'declined' ? (c.reversal?.reason ?? null) : null,
    context: null,
  };
  if (details.length > 0) return { ok: false, details };
  return { ok: true, record, warnings: reference === null ? [noReference(pointer)] : [] };
}

/** Reads one record of a report in its format; `pointer` is the record's JSON pointer in the request. */
export function normalizeRecord(raw: unknown, format: ReportFormat, pointer: string, options: ReadOptions = {}): ReadResult {
  if (!isJsonObject(raw)) return { ok: false, details: [{ path: pointer, code: 'type', message: 'a record must be a JSON object' }] };
  // The string rule (CONTRACT §7) over the record as sent: what PostgreSQL cannot store fails this record alone.
  const encoding = unstorableStrings(raw, pointer);
  if (encoding.length > 0) return { ok: false, details: encoding };
  if (format === 'awin') return readAwin(raw, pointer, options);
  if (format === 'cj') return readCj(raw, pointer, options);
  return readCanonical(raw, pointer, options);
}
