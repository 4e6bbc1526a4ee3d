// The period of a merchant analytics query (CONTRACT §12): `from` and `to` as §6 (an ISO date, or a
// timestamp with its offset), read in the caller's IANA zone `tz` (default UTC): a date is local
// midnight there (luxon moves a midnight that a DST change skips forward to the first instant that
// exists). From inclusive, to exclusive; at most 366 × 24 h; by default the 30 days before `to`,
// which is by default now.
import { DateTime } from 'luxon';
import { validationFailed } from '../errors.js';
import { isTimeZone } from './time-zones.js';
import { parseIsoTimestamp } from './timestamps.js';

export interface LocalPeriod {
  /** Epoch milliseconds, inclusive. */
  from: number;
  /** Epoch milliseconds, exclusive. */
  to: number;
  tz: string;
}

const HOUR_MS = 3_600_000;
export const MAX_PERIOD_HOURS = 366 * 24;
const DEFAULT_PERIOD_MS = 30 * 24 * HOUR_MS;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function instant(text: string, name: 'from' | 'to', tz: string): number {
  if (ISO_DATE.test(text)) {
    // The calendar checks (no Feb 30, a year from 1970) are parseIsoTimestamp's.
    const local = parseIsoTimestamp(`${text}T00:00:00Z`) === null ? null : DateTime.fromISO(text, { zone: tz });
    if (local?.isValid && local.toMillis() >= 0) return local.toMillis();
  } else {
    const t = parseIsoTimestamp(text);
    if (t !== null) return t;
  }
  throw validationFailed(`/${name}`, `${name} must be an ISO date (2026-11-01, midnight in tz) or a timestamp with an offset`, 'format');
}

export function parseLocalPeriod(query: { from?: string; to?: string; tz?: string }, now: number): LocalPeriod {
  const tz = query.tz ?? 'UTC';
  if (!isTimeZone(tz)) throw validationFailed('/tz', 'tz must be an IANA time zone such as Europe/Paris', 'unknown_time_zone');
  const to = query.to === undefined ? now : instant(query.to, 'to', tz);
  const from = query.from === undefined ? to - DEFAULT_PERIOD_MS : instant(query.from, 'from', tz);
  if (from >= to) throw validationFailed('/from', 'from must be before to', 'order');
  if (to - from > MAX_PERIOD_HOURS * HOUR_MS) throw validationFailed('/to', 'the period may be at most 366 days (366 × 24 h)', 'too_long');
  return { from, to, tz };
}
