// The pure rules of the traffic figures (CONTRACT §12): the funnel (each step strictly later than
// the one before and within the window of the first), the top values of a dimension (parsed from
// what events carry, rows without a value left out, sorted by count then value), and the money of
// conversions (per currency, the average order value rounded half up to the minor unit).
import { roundHalfUp } from '../../domain/money.js';

export interface StepEvents {
  types: readonly string[];
  times: readonly number[];
}

/**
 * How many steps of the funnel one session reaches: the best over every event of the first step as
 * the start; from a start, taking each next step at its earliest occurrence leaves the most room for
 * the steps after it.
 */
export function stepsReached(session: StepEvents, steps: readonly string[], windowMs: number): number {
  let best = 0;
  for (let s = 0; s < session.types.length && best < steps.length; s++) {
    if (session.types[s] !== steps[0]) continue;
    const start = session.times[s]!;
    let reached = 1;
    let at = start;
    for (let k = s + 1; k < session.types.length && reached < steps.length; k++) {
      const t = session.times[k]!;
      if (t - start > windowMs) break;
      if (session.types[k] === steps[reached] && t > at) {
        at = t;
        reached++;
      }
    }
    best = Math.max(best, reached);
  }
  return best;
}

/** Sessions reaching each step (the first step: sessions with its event). */
export function funnel(sessions: readonly StepEvents[], steps: readonly string[], windowMs: number): { step: string; sessions: number }[] {
  const counts = steps.map(() => 0);
  for (const session of sessions) {
    const reached = stepsReached(session, steps, windowMs);
    for (let k = 0; k < reached; k++) counts[k]!++;
  }
  return steps.map((step, k) => ({ step, sessions: counts[k]! }));
}

export type Dimension = 'page' | 'product' | 'referrer_host' | 'utm_source' | 'utm_campaign' | 'device_type';

function url(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A dimension's value from what the event carried, or null (left out). */
export function dimensionValue(dimension: Dimension, raw: string): string | null {
  let value: string | null = raw;
  if (dimension === 'page') value = url(raw)?.pathname ?? null;
  else if (dimension === 'referrer_host') value = url(raw)?.hostname.toLowerCase() ?? null;
  else if (dimension === 'utm_source' || dimension === 'utm_campaign') value = url(raw)?.searchParams.get(dimension) ?? null;
  return value === null || value.trim() === '' ? null : value;
}

/** Values merged (two URLs of one path are one page), sorted by count, then value; the first `limit`. */
export function topRows(dimension: Dimension, rows: readonly { value: string; count: number }[], limit: number): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const v = dimensionValue(dimension, r.value);
    if (v !== null) counts.set(v, (counts.get(v) ?? 0) + r.count);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, limit);
}

/** revenue ÷ orders rounded half up to the minor unit; 0 without orders. */
export const averageOrderValue = (revenueMinor: number, orders: number): number => (orders === 0 ? 0 : Number(roundHalfUp(BigInt(revenueMinor), BigInt(orders))));

/** conversions ÷ sessions as a fraction; 0 without sessions. */
export const conversionRate = (conversions: number, sessions: number): number => (sessions === 0 ? 0 : conversions / sessions);
