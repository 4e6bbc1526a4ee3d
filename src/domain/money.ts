// Money: integer minor units of an ISO 4217 currency from the schema boundary inward (CONTRACT §0).
// JSON numbers are converted exactly (through their shortest decimal representation, never by
// float arithmetic); an amount with more decimals than its currency allows is refused. Rounding
// happens in one function, roundHalfUp.
import currencyCodes from 'currency-codes';

// Units of account, metals and test codes are not money a shop is paid in.
const NOT_TENDER = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX']);

/** Decimals of a currency (JPY 0, EUR 2, KWD 3), or undefined for an unknown code. */
export function currencyDigits(code: string): number | undefined {
  if (!/^[A-Z]{3}$/.test(code) || NOT_TENDER.has(code)) return undefined;
  return currencyCodes.code(code)?.digits;
}

/** Amounts above this (in major units) are refused: their minor units stay exact integers. */
export const MAX_AMOUNT = 1e12;

/** A decimal number: units / 10^scale. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** The exact decimal a JSON number denotes (its shortest round-trip representation). */
export function toDecimal(n: number): Decimal | null {
  if (!Number.isFinite(n)) return null;
  const m = DECIMAL.exec(String(n));
  if (!m) return null;
  const [, sign, int, frac = '', exp = '0'] = m;
  let digits = `${int}${frac}`;
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  // Trailing zeros after the point carry no information.
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  const units = BigInt(digits);
  return { units: sign === '-' ? -units : units, scale };
}

/**
 * Integer minor units of `amount` in a currency with `digits` decimals, or null when the amount has
 * more decimals than that, or is beyond ±MAX_AMOUNT.
 */
export function toMinorUnits(amount: number, digits: number): number | null {
  if (Math.abs(amount) > MAX_AMOUNT) return null;
  const d = toDecimal(amount);
  if (!d || d.scale > digits) return null;
  return Number(d.units * 10n ** BigInt(digits - d.scale));
}

/** A plain decimal text as networks export amounts: optional minus, digits, optional point and digits. */
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The exact decimal of an amount a network exported: a JSON number, or a decimal string such as
 * "7.781" or "-51.826" (CJ's DecimalNumber is a string). Null for anything else: "12,34", "1e3", "".
 */
export function parseAmount(value: unknown): Decimal | null {
  if (typeof value === 'number') return toDecimal(value);
  if (typeof value !== 'string') return null;
  const m = DECIMAL_TEXT.exec(value.trim());
  if (!m || value.trim().length > 40) return null;
  const [, sign, int, frac = ''] = m;
  const units = BigInt(`${int}${frac}`);
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

/**
 * Minor units of a decimal with any number of decimals, rounded once, half up (roundHalfUp), to
 * the currency's `digits`; null beyond ±MAX_AMOUNT.
 */
export function roundToMinorUnits(d: Decimal, digits: number): number | null {
  const minor = d.scale <= digits ? d.units * 10n ** BigInt(digits - d.scale) : roundHalfUp(d.units, 10n ** BigInt(d.scale - digits));
  const limit = BigInt(MAX_AMOUNT) * 10n ** BigInt(digits);
  return minor > limit || minor < -limit ? null : Number(minor);
}

/** The decimal as text, exactly (e.g. quantities in a canonical payload, where bigint cannot go). */
export function decimalToString(d: Decimal): string {
  if (d.scale === 0) return d.units.toString();
  const negative = d.units < 0n;
  const s = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  return `${negative ? '-' : ''}${s.slice(0, -d.scale)}.${s.slice(-d.scale)}`;
}

/** The inverse of decimalToString. */
export function parseDecimalString(s: string): Decimal {
  const [int, frac = ''] = s.split('.');
  return { units: BigInt(`${int}${frac}`), scale: frac.length };
}

/** Minor units back to a JSON number with the currency's decimals (12345, 2 → 123.45). */
export function fromMinorUnits(minor: number, digits: number): number {
  return digits === 0 ? minor : Number(decimalToString({ units: BigInt(minor), scale: digits }));
}

/** Minor units of a stored amount back to a JSON number in its currency (CONTRACT §0: money out). */
export function fromMinorUnitsOf(minor: number, currency: string): number {
  return fromMinorUnits(minor, currencyDigits(currency) ?? 2);
}

/** numerator / denominator rounded half up (half away from zero). The only rounding of money. */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

/** Σ quantity_i × unitMinor_i, summed exactly and rounded half up once. */
export function sumOfProducts(terms: readonly { quantity: Decimal; unitMinor: number }[]): number {
  const scale = Math.max(0, ...terms.map((t) => t.quantity.scale));
  let total = 0n;
  for (const t of terms) total += t.quantity.units * 10n ** BigInt(scale - t.quantity.scale) * BigInt(t.unitMinor);
  return Number(roundHalfUp(total, 10n ** BigInt(scale)));
}

/** quantity × unit price (minor units), rounded half up to the minor unit. */
export const lineAmount = (quantity: Decimal, unitMinor: number): number => sumOfProducts([{ quantity, unitMinor }]);

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
