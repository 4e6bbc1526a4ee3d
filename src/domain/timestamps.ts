// Timestamps in: ISO 8601 with an offset (CONTRACT §0), checked strictly (no 24:00, no Feb 30), with
// a 4-digit year from 1970 on (CONTRACT §7). The epoch is computed from the calendar fields by
// integer arithmetic: Date.UTC would read years 0–99 as 1900–1999.

/** How far in the future a client's occurred_at may lie (clock skew), CONTRACT §3. */
export const MAX_FUTURE_MS = 5 * 60_000;
export const EARLIEST_YEAR = 1970;

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1–12), for any year. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Milliseconds since the epoch, or null when the text is not an ISO 8601 timestamp with offset from 1970 on. */
export function parseIsoTimestamp(text: string): number | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < EARLIEST_YEAR) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  let off = 0;
  if (offset !== 'Z' && offset !== 'z') {
    const sign = offset!.startsWith('-') ? -1 : 1;
    const digits = offset!.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 23 || om > 59) return null;
    off = sign * (oh * 60 + om) * 60_000;
  }
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const t = daysFromCivil(year, month, day) * DAY_MS + ((Number(h) * 60 + Number(mi)) * 60 + Number(s)) * 1000 + ms - off;
  // 1970-01-01T00:30+01:00 is before the epoch: still a year-1970 text, but not an instant we store.
  return t < 0 ? null : t;
}
