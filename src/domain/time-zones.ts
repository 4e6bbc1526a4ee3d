// Times a network exports without an offset are wall-clock times in the zone the export was made
// in (Awin's `timezone` parameter). Zone rules come from the runtime's IANA database through luxon;
// the text itself is checked by parseIsoTimestamp's rules (CONTRACT §0, §7).
import { DateTime, IANAZone } from 'luxon';
import { parseIsoTimestamp } from './timestamps.js';

/**
 * An IANA zone name the runtime knows, links such as US/Eastern and Canada/Pacific included. Never
 * an offset such as +01:00: Node 24's Intl takes those as zones too (ECMA-402's offset time zones),
 * and Node 20's refuses them; no IANA name starts with a sign.
 */
export const isTimeZone = (zone: string): boolean => zone.length <= 64 && !/^[+\-\u2212]/.test(zone) && IANAZone.isValidZone(zone);

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * Milliseconds since the epoch of a network time: with an offset, as written; without one, as a
 * wall-clock time in `zone` (a time in a spring-forward gap moves forward by the gap, an ambiguous
 * autumn time is the later, standard-time instant). Null when the text is not such a time.
 */
export function parseZonedTimestamp(text: string, zone: string): number | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return parseIsoTimestamp(text);
  // The calendar checks (no Feb 30, no 24:00, a year from 1970) are parseIsoTimestamp's.
  if (parseIsoTimestamp(`${text}Z`) === null) return null;
  const [, y, mo, d, h, mi, s = '0', frac = ''] = m;
  const local = DateTime.fromObject(
    { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s), millisecond: Number(frac.padEnd(3, '0').slice(0, 3)) },
    { zone },
  );
  if (!local.isValid) return null;
  const ms = local.toMillis();
  return ms < 0 ? null : ms;
}
