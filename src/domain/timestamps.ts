// Timestamps in: ISO 8601 with an offset (CONTRACT §0), checked strictly (no 24:00, no Feb 30).

/** How far in the future a client's occurred_at may lie (clock skew), CONTRACT §3. */
export const MAX_FUTURE_MS = 5 * 60_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})$/;

/** Milliseconds since the epoch, or null when the text is not an ISO 8601 timestamp with offset. */
export function parseIsoTimestamp(text: string): number | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
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
  return Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s), ms) - off;
}
