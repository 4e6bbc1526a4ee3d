// The webhook retry schedule (CONTRACT §11): after a failed attempt, about 5 s, 5 min, 30 min, 2 h,
// 5 h, 10 h, 10 h, then the delivery is failed (eight attempts in all). WEBHOOK_RETRY_SCALE shrinks
// the schedule for tests; up to a tenth of random spread keeps receivers from a thundering herd.

const SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = SCHEDULE_MS.length + 1;

/** The delay after failed attempt `attempt` (1-based), or null when it was the last. */
export function retryDelayMs(attempt: number, scale: number, random: number): number | null {
  const base = SCHEDULE_MS[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * scale * (1 + random / 10));
}

/** What an attempt's answer means: done, the workflow paused (410), or to try again. */
export function verdictOf(status: number): 'succeeded' | 'gone' | 'retry' {
  if (status >= 200 && status < 300) return 'succeeded';
  return status === 410 ? 'gone' : 'retry';
}
