// From a validated request to the canonical form the ledger works with, pure: every amount in
// integer minor units of the currency (more decimals than the currency has is a 400 naming the
// field), quantities as exact decimals, and a fingerprint of the canonical payload for idempotency.
import { hash } from 'node:crypto';
import type { ErrorDetail } from '../../errors.js';
import { currencyDigits, decimalToString, MAX_AMOUNT, toDecimal, toMinorUnits, type Decimal } from '../../domain/money.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import type { ConversionRequest } from './conversion-request.js';
import type { AdjustmentInput, CancellationInput, PurchaseInput } from './conversion-schemas.js';

export interface NormalizedLine {
  line_id: string;
  sku: string | null;
  quantity: string;
  unit_price: number;
  subtotal: number;
  discount: number;
  commissionable_amount: number;
  item_cost: number | null;
}

interface Base {
  idempotency_key: string;
  website_id: string;
  order_id: string;
  occurred_at: number;
  currency: string;
}

export interface NormalizedPurchase extends Base {
  type: 'purchase';
  revenue: number;
  commissionable_subtotal: number;
  tax: number;
  shipping: number;
  discount: number;
  lines: NormalizedLine[];
  margin: { amount: number; basis: string; source: string | null } | null;
  touch_ids: string[];
  assignment_ids: string[];
}

export interface NormalizedAdjustment extends Base {
  type: 'adjustment';
  reason: string;
  revenue_delta: number;
  commissionable_delta: number;
  margin_delta: number | null;
  lines: { line_id: string; quantity_delta: string | null; amount_delta: number }[];
}

export interface NormalizedCancellation extends Base {
  type: 'cancellation';
  reason: string;
}

export type NormalizedConversion = NormalizedPurchase | NormalizedAdjustment | NormalizedCancellation;

const MAX_QUANTITY_SCALE = 6;

class Collector {
  readonly details: ErrorDetail[] = [];
  constructor(
    readonly pointer: string,
    readonly digits: number,
  ) {}

  money(value: number, path: string): number {
    const minor = toMinorUnits(value, this.digits);
    if (minor === null) {
      const outOfRange = Math.abs(value) > MAX_AMOUNT;
      this.details.push({
        path: `${this.pointer}${path}`,
        code: outOfRange ? 'out_of_range' : 'too_many_decimals',
        message: outOfRange ? 'the amount is out of range' : `the currency allows at most ${this.digits} decimals`,
      });
      return 0;
    }
    return minor;
  }

  quantity(value: number, path: string): Decimal {
    const d = toDecimal(value);
    if (!d || d.scale > MAX_QUANTITY_SCALE) {
      this.details.push({ path: `${this.pointer}${path}`, code: 'too_many_decimals', message: `quantities may have at most ${MAX_QUANTITY_SCALE} decimals` });
      return { units: 1n, scale: 0 };
    }
    return d;
  }
}

type Result<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

function base(input: { idempotency_key: string; website_id: string; order_id: string; occurred_at: string; currency: string }, c: Collector): Base {
  const occurredAt = parseIsoTimestamp(input.occurred_at);
  if (occurredAt === null) c.details.push({ path: `${c.pointer}/occurred_at`, code: 'format', message: 'occurred_at must be an ISO 8601 timestamp with offset' });
  return { idempotency_key: input.idempotency_key, website_id: input.website_id, order_id: input.order_id, occurred_at: occurredAt ?? 0, currency: input.currency };
}

function collector(currency: string, pointer: string): Collector | ErrorDetail[] {
  const digits = currencyDigits(currency);
  if (digits === undefined) return [{ path: `${pointer}/currency`, code: 'unknown_currency', message: 'currency must be an ISO 4217 code of a currency' }];
  return new Collector(pointer, digits);
}

export function normalizePurchase(input: PurchaseInput, pointer: string): Result<NormalizedPurchase> {
  const c = collector(input.currency, pointer);
  if (Array.isArray(c)) return { ok: false, details: c };
  const ids = new Set<string>();
  const lines = input.lines.map((l, i) => {
    if (ids.has(l.line_id)) c.details.push({ path: `${pointer}/lines/${i}/line_id`, code: 'duplicate', message: 'line ids must be unique within the order' });
    ids.add(l.line_id);
    return {
      line_id: l.line_id,
      sku: l.sku ?? null,
      quantity: decimalToString(c.quantity(l.quantity, `/lines/${i}/quantity`)),
      unit_price: c.money(l.unit_price, `/lines/${i}/unit_price`),
      subtotal: c.money(l.subtotal, `/lines/${i}/subtotal`),
      discount: c.money(l.discount ?? 0, `/lines/${i}/discount`),
      commissionable_amount: c.money(l.commissionable_amount, `/lines/${i}/commissionable_amount`),
      item_cost: l.item_cost === undefined ? null : c.money(l.item_cost, `/lines/${i}/item_cost`),
    };
  });
  const value: NormalizedPurchase = {
    type: 'purchase',
    ...base(input, c),
    revenue: c.money(input.revenue, '/revenue'),
    commissionable_subtotal: c.money(input.commissionable_subtotal, '/commissionable_subtotal'),
    tax: c.money(input.tax ?? 0, '/tax'),
    shipping: c.money(input.shipping ?? 0, '/shipping'),
    discount: c.money(input.discount ?? 0, '/discount'),
    lines,
    margin: input.margin ? { amount: c.money(input.margin.amount, '/margin/amount'), basis: input.margin.basis, source: input.margin.source ?? null } : null,
    touch_ids: [...new Set(input.touch_ids ?? [])].sort(),
    assignment_ids: [...new Set(input.experiment_assignment_ids ?? [])].sort(),
  };
  return c.details.length > 0 ? { ok: false, details: c.details } : { ok: true, value };
}

export function normalizeAdjustment(input: AdjustmentInput, pointer: string): Result<NormalizedAdjustment> {
  const c = collector(input.currency, pointer);
  if (Array.isArray(c)) return { ok: false, details: c };
  const value: NormalizedAdjustment = {
    type: 'adjustment',
    ...base(input, c),
    reason: input.reason,
    revenue_delta: c.money(input.revenue_delta, '/revenue_delta'),
    commissionable_delta: c.money(input.commissionable_delta ?? 0, '/commissionable_delta'),
    margin_delta: input.margin_delta === undefined ? null : c.money(input.margin_delta, '/margin_delta'),
    lines: (input.lines ?? []).map((l, i) => ({
      line_id: l.line_id,
      quantity_delta: l.quantity_delta === undefined ? null : decimalToString(c.quantity(l.quantity_delta, `/lines/${i}/quantity_delta`)),
      amount_delta: c.money(l.amount_delta, `/lines/${i}/amount_delta`),
    })),
  };
  if (input.revenue_delta === 0) c.details.push({ path: `${pointer}/revenue_delta`, code: 'zero', message: 'revenue_delta must not be zero' });
  return c.details.length > 0 ? { ok: false, details: c.details } : { ok: true, value };
}

export function normalizeCancellation(input: CancellationInput, pointer: string): Result<NormalizedCancellation> {
  const c = collector(input.currency, pointer);
  if (Array.isArray(c)) return { ok: false, details: c };
  const value: NormalizedCancellation = { type: 'cancellation', ...base(input, c), reason: input.reason };
  return c.details.length > 0 ? { ok: false, details: c.details } : { ok: true, value };
}

/** The request's object in its normal form, or the problems with it (under the object's path). */
export function normalizeConversion(request: ConversionRequest): Result<NormalizedConversion> {
  switch (request.type) {
    case 'purchase':
      return normalizePurchase(request.object, request.pointer);
    case 'adjustment':
      return normalizeAdjustment(request.object, request.pointer);
    case 'cancellation':
      return normalizeCancellation(request.object, request.pointer);
  }
}

/** JSON with object keys sorted: equal payloads give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export const fingerprintOf = (n: NormalizedConversion): string => hash('sha256', canonicalJson(n), 'hex');
