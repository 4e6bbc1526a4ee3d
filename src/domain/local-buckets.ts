// The buckets of a merchant analytics timeseries (CONTRACT §12): local calendar units of the caller's
// IANA zone over a period [from, to). Hours are real hours (a DST day has 23 or 25 of them, and an
// hour starts at :30 UTC in Asia/Kolkata); days start at local midnight (or the first instant after
// it when a DST change skips midnight); weeks are ISO weeks from Monday 00:00 local. The first
// bucket starts at its unit's start, which may be before `from`; what it counts is clipped to the
// period, and so is the last. Pure: luxon does the calendar, nothing here reads a clock.
import { DateTime } from 'luxon';

export type Interval = 'hour' | 'day' | 'week';

export interface LocalBuckets {
  /** Each bucket's start (its local unit's first instant), epoch ms; the first may be before `from`. */
  starts: number[];
  /** Where each bucket's counting starts and the last one's ends: `edges[0] = from`, `edges[n] = to`, strictly increasing. */
  edges: number[];
}

const HOUR_MS = 3_600_000;

/** The start of the local hour holding `t`: its offset decides (Asia/Kathmandu's hours start at :15 UTC). */
export function localHourStart(t: number, tz: string): number {
  const offsetMs = DateTime.fromMillis(t, { zone: tz }).offset * 60_000;
  const local = t + offsetMs;
  return t - (((local % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

/** The start of the local unit (day, ISO week, hour) holding `t`. */
export function localUnitStart(t: number, tz: string, interval: Interval): number {
  if (interval === 'hour') return localHourStart(t, tz);
  return DateTime.fromMillis(t, { zone: tz }).startOf(interval).toMillis();
}

/** The start of the local unit after the one starting at `start`. */
export function nextLocalUnit(start: number, tz: string, interval: Interval): number {
  if (interval === 'hour') {
    // A real hour later, floored again: a zone whose DST shift is half an hour (Australia/Lord_Howe) stays on its hours.
    const next = localHourStart(start + HOUR_MS, tz);
    return next > start ? next : start + HOUR_MS;
  }
  const unit = interval === 'day' ? { days: 1 } : { weeks: 1 };
  const next = DateTime.fromMillis(start, { zone: tz }).plus(unit).startOf(interval).toMillis();
  return next > start ? next : localUnitStart(start + (interval === 'day' ? 25 : 169) * HOUR_MS, tz, interval);
}

/** The zero-filled buckets of [from, to) (from < to) in `tz`. */
export function localBuckets(from: number, to: number, tz: string, interval: Interval): LocalBuckets {
  const starts = [localUnitStart(from, tz, interval)];
  const edges = [from];
  for (let next = nextLocalUnit(starts[0]!, tz, interval); next < to; next = nextLocalUnit(next, tz, interval)) {
    starts.push(next);
    edges.push(next);
  }
  edges.push(to);
  return { starts, edges };
}

/**
 * The slots of `slotMs` (their starts, slots counted from the epoch) that hold an edge not on a slot
 * edge: what happens in them is split between buckets (or the period's ends) inside the slot, so a
 * rollup per slot can't answer for them and the raw events must.
 */
export function splitSlots(edges: readonly number[], slotMs: number): number[] {
  const slots = new Set<number>();
  for (const e of edges) if (e % slotMs !== 0) slots.add(e - (((e % slotMs) + slotMs) % slotMs));
  return [...slots].sort((a, b) => a - b);
}
