// Reading one report record's fields as a network sent them, pure: each reader names the field by
// its JSON pointer in the request (the network's own field, not ours) when it refuses it, and
// collects warnings for what is imported but worth knowing.
import type { ErrorDetail } from '../../errors.js';
import { currencyDigits, parseAmount, roundToMinorUnits } from '../../domain/money.js';
import { parseZonedTimestamp } from '../../domain/time-zones.js';

export interface RecordWarning {
  code: string;
  message: string;
  path: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export class RecordFields {
  readonly details: ErrorDetail[] = [];
  readonly warnings: RecordWarning[] = [];

  constructor(
    readonly raw: Json,
    readonly pointer: string,
  ) {}

  path(keys: readonly string[]): string {
    return keys.length === 0 ? this.pointer : `${this.pointer}/${keys.join('/')}`;
  }

  fail(keys: readonly string[], code: string, message: string): null {
    this.details.push({ path: this.path(keys), code, message });
    return null;
  }

  warn(keys: readonly string[], code: string, message: string): void {
    this.warnings.push({ path: this.path(keys), code, message });
  }

  /** The value at a path of keys (undefined where a step is not an object). */
  at(keys: readonly string[]): unknown {
    let v: unknown = this.raw;
    for (const k of keys) v = isObject(v) ? v[k] : undefined;
    return v;
  }

  /** Whether the field is there with a value (null and "" count as absent: networks export both for "none"). */
  has(keys: readonly string[]): boolean {
    const v = this.at(keys);
    return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
  }

  /** Text of a string or number field; null when absent (or refused: see details). */
  text(keys: readonly string[], opts: { required?: boolean; max?: number } = {}): string | null {
    const v = this.at(keys);
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      return opts.required ? this.fail(keys, 'required', `${keys.join('.')} is required`) : null;
    }
    if (typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v))) return this.fail(keys, 'type', `${keys.join('.')} must be a string`);
    const s = typeof v === 'number' ? String(v) : v;
    if (s.length > (opts.max ?? 256)) return this.fail(keys, 'too_long', `${keys.join('.')} may be at most ${opts.max ?? 256} characters`);
    return s;
  }

  /** A boolean field, also as the strings "true"/"false"/"1"/"0" older exports use; null when absent. */
  flag(keys: readonly string[]): boolean | null {
    const v = this.at(keys);
    if (v === undefined || v === null || v === '') return null;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return this.fail(keys, 'type', `${keys.join('.')} must be true or false`);
  }

  /**
   * An ISO 4217 currency code of tender, or null (refused). `keys` name the field it came from; a
   * code that came from elsewhere (the import's options: `keys` empty) is named by `source`.
   */
  currency(keys: readonly string[], code: string, source?: string): string | null {
    if (currencyDigits(code) !== undefined) return code;
    const what = `${code.slice(0, 16)} is not an ISO 4217 currency code`;
    return this.fail(keys, 'unknown_currency', source ? `${source}: ${what}` : what);
  }

  /**
   * An amount in minor units of `currency`, rounded once half up whatever its decimals; absent:
   * `fallback` (undefined: required). A negative amount is refused unless `negative`.
   */
  amount(keys: readonly string[], currency: string | null, opts: { fallback?: number; negative?: boolean } = {}): number | null {
    const v = this.at(keys);
    if (v === undefined || v === null) {
      return opts.fallback !== undefined ? opts.fallback : this.fail(keys, 'required', `${keys.join('.')} is required`);
    }
    const d = parseAmount(v);
    if (d === null) return this.fail(keys, 'format', `${keys.join('.')} must be a decimal number or a decimal string such as "12.34"`);
    if (d.units < 0n && !opts.negative) return this.fail(keys, 'negative', `${keys.join('.')} must not be negative on an original record`);
    const digits = currency === null ? undefined : currencyDigits(currency);
    if (digits === undefined) return 0; // the currency was refused already
    const minor = roundToMinorUnits(d, digits);
    return minor === null ? this.fail(keys, 'too_large', `${keys.join('.')} is beyond the largest amount stored`) : minor;
  }

  /** A time (with an offset, or wall-clock in `zone`); absent: null, or refused when required. */
  time(keys: readonly string[], zone: string, opts: { required?: boolean } = {}): number | null {
    const v = this.at(keys);
    if (v === undefined || v === null || v === '') return opts.required ? this.fail(keys, 'required', `${keys.join('.')} is required`) : null;
    const t = typeof v === 'string' ? parseZonedTimestamp(v, zone) : null;
    return t === null ? this.fail(keys, 'format', `${keys.join('.')} must be an ISO 8601 time from 1970 on (with an offset, or local to the import's timezone)`) : t;
  }
}
