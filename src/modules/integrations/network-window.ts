// The fetch plan of an integration run, pure (CONTRACT §11): which stretch of time a run reads from
// a network, cut into the requests the network accepts.
//
// Decisions:
// - The window is the trailing `[now − lookback_days, now)`, half-open, in epoch milliseconds, and
//   aligned to whole seconds (`now` floored): Awin's dates have second precision, so every boundary
//   is a time both networks can name exactly.
// - A watermark (the `to` of the last run that succeeded) never shortens the window: networks amend
//   transactions inside it (validations, declines, corrections), so every run re-reads the whole
//   trailing window and the import's versions decide what changed. A watermark only ever lengthens
//   it: when the last success is older than the window (the integration was paused or failing), the
//   run starts at the watermark so the gap is read too — at most MAX_CATCH_UP_DAYS back, so one run
//   stays a bounded number of requests. A watermark at or after the window's start, in the future,
//   or not a finite number changes nothing.
// - The window is cut, from its start, into consecutive requests of at most `maxRequestDays` days
//   (Awin documents at most 31 days between startDate and endDate); the last one is the remainder.
//   The requests cover the window exactly: no gap, no overlap.
export const DAY_MS = 86_400_000;
export const MIN_LOOKBACK_DAYS = 1;
export const MAX_LOOKBACK_DAYS = 90;
/** How far back a stale watermark may take a run (the contract's longest lookback). */
export const MAX_CATCH_UP_DAYS = MAX_LOOKBACK_DAYS;
/** Awin: "the maximum date range between startDate and endDate currently supported is 31 days". */
export const MAX_REQUEST_DAYS = 31;

/** A stretch of time in epoch milliseconds: `from` inclusive, `to` exclusive. */
export interface TimeRange {
  from: number;
  to: number;
}

export interface FetchPlan {
  /** What the run reads as a whole. */
  window: TimeRange;
  /** The window cut into requests of at most `maxRequestDays` days, in order. */
  requests: TimeRange[];
  /** Whether a stale watermark lengthened the window beyond the lookback. */
  catchUp: boolean;
}

export interface PlanInput {
  /** The run's clock, epoch milliseconds. */
  now: number;
  /** 1–90 (CONTRACT §11; default 30 is the caller's). */
  lookbackDays: number;
  /** The `window.to` of the last run that succeeded, if any. */
  watermark?: number | null;
  /** The longest request in days (default 31). */
  maxRequestDays?: number;
}

const toSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

/** Cuts `[from, to)` into consecutive ranges of at most `maxMs`, from the start; empty for an empty range. */
export function splitRange(range: TimeRange, maxMs: number): TimeRange[] {
  if (!(maxMs > 0) || !Number.isFinite(maxMs)) throw new RangeError('maxMs must be a positive finite number');
  const out: TimeRange[] = [];
  for (let from = range.from; from < range.to; from += maxMs) out.push({ from, to: Math.min(from + maxMs, range.to) });
  return out;
}

/** The run's window: the trailing lookback, lengthened back to a stale watermark (bounded), never shortened. */
export function runWindow(now: number, lookbackDays: number, watermark?: number | null): { window: TimeRange; catchUp: boolean } {
  if (!Number.isFinite(now)) throw new RangeError('now must be a finite time');
  if (!Number.isInteger(lookbackDays) || lookbackDays < MIN_LOOKBACK_DAYS || lookbackDays > MAX_LOOKBACK_DAYS) {
    throw new RangeError(`lookbackDays must be an integer from ${MIN_LOOKBACK_DAYS} to ${MAX_LOOKBACK_DAYS}`);
  }
  const to = toSecond(now);
  const trailing = to - lookbackDays * DAY_MS;
  const earliest = to - Math.max(lookbackDays, MAX_CATCH_UP_DAYS) * DAY_MS;
  if (typeof watermark !== 'number' || !Number.isFinite(watermark) || watermark >= trailing) return { window: { from: trailing, to }, catchUp: false };
  return { window: { from: Math.max(toSecond(watermark), earliest), to }, catchUp: true };
}

/** The plan of a run: its window and the requests that read it. */
export function planFetch(input: PlanInput): FetchPlan {
  const days = input.maxRequestDays ?? MAX_REQUEST_DAYS;
  if (!Number.isInteger(days) || days < 1) throw new RangeError('maxRequestDays must be a positive integer');
  const { window, catchUp } = runWindow(input.now, input.lookbackDays, input.watermark);
  return { window, requests: splitRange(window, days * DAY_MS), catchUp };
}
