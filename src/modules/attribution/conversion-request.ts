// The conversion envelope of spec 2.4, checked at the HTTP boundary: event_type and exactly one
// matching object (purchase → conversion, adjustment → adjustment, cancellation → cancellation),
// that object checked with its own schema, compiled once, its problems under the object's path.
import type { ErrorDetail } from '../../errors.js';
import { compileCheck, type Checked } from '../../validation/schema-check.js';
import {
  Adjustment,
  Cancellation,
  CONVERSION_TYPES,
  Purchase,
  type AdjustmentInput,
  type CancellationInput,
  type ConversionEnvelopeInput,
  type PurchaseInput,
} from './conversion-schemas.js';

/** A conversion request as its schemas typed it; `pointer` is where its object is in the body. */
export type ConversionRequest =
  | { type: 'purchase'; pointer: string; object: PurchaseInput }
  | { type: 'adjustment'; pointer: string; object: AdjustmentInput }
  | { type: 'cancellation'; pointer: string; object: CancellationInput };

const PURCHASE = compileCheck(Purchase);
const ADJUSTMENT = compileCheck(Adjustment);
const CANCELLATION = compileCheck(Cancellation);

/** The request typed, or its problems: the envelope's first (an object of another type, the matching one missing), then its object's. */
export function checkConversionRequest(body: ConversionEnvelopeInput): Checked<ConversionRequest> {
  const expected = CONVERSION_TYPES[body.event_type];
  const present = Object.values(CONVERSION_TYPES).filter((k) => body[k] !== undefined);
  const details: ErrorDetail[] = present
    .filter((k) => k !== expected)
    .map((k) => ({ path: `/${k}`, code: 'unexpected', message: `event_type ${body.event_type} takes only the ${expected} object` }));
  if (!present.includes(expected)) details.push({ path: `/${expected}`, code: 'required', message: `event_type ${body.event_type} needs the ${expected} object` });
  if (details.length > 0) return { ok: false, details };
  const pointer = `/${expected}`;
  switch (body.event_type) {
    case 'purchase': {
      const checked = PURCHASE.check(body.conversion, pointer);
      return checked.ok ? { ok: true, value: { type: 'purchase', pointer, object: checked.value } } : checked;
    }
    case 'adjustment': {
      const checked = ADJUSTMENT.check(body.adjustment, pointer);
      return checked.ok ? { ok: true, value: { type: 'adjustment', pointer, object: checked.value } } : checked;
    }
    case 'cancellation': {
      const checked = CANCELLATION.check(body.cancellation, pointer);
      return checked.ok ? { ok: true, value: { type: 'cancellation', pointer, object: checked.value } } : checked;
    }
  }
}
