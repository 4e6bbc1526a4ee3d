// When an integration runs (CONTRACT §11 "every_minutes"), pure.
//
// Decisions:
// - The schedule is a chain of durable jobs (queue integration-schedule), one tick at a time: the
//   integration's `next_run_at` names the one tick that acts, and a tick whose due time is not it
//   (an older chain, a time since changed) or whose integration is paused, deleted or of an archived
//   site does nothing and ends its chain. A tick that acts sets `next_run_at` to its own time plus
//   every_minutes, enqueues that tick and queues a run (unless one is queued or running: one run
//   at a time per integration). The ticks' job keys carry their due time, so a tick never collides
//   with its successor while still running, and two ticks for one time are one.
// - Creating an active integration, or activating a paused one, schedules a tick now (its first run
//   is now). Pausing clears `next_run_at` (the waiting tick becomes stale). Changing every_minutes
//   of an active integration brings the next tick forward to now + every_minutes when that is
//   sooner, and never pushes it back. A change to an active integration whose next tick is overdue
//   by more than a period (its chain was lost: a tick failed for good) schedules a tick now.
// - A tick measures from when it ran, not from when it was due: a late tick (a worker that was down)
//   makes one run, not a burst.
import type { IntegrationStatus } from './integration.js';

export const MINUTE_MS = 60_000;

export interface ScheduleState {
  status: IntegrationStatus;
  nextRunAt: Date | null;
  everyMinutes: number;
}

/** The tick after one that acted at `now`. */
export const followingTick = (now: number, everyMinutes: number): Date => new Date(now + everyMinutes * MINUTE_MS);

/** Whether a tick due at `due` acts: the integration exists, its site is live, it is active, and this is its one next tick. */
export function tickActs(integration: ScheduleState | null, due: number, siteLive: boolean): boolean {
  if (integration === null || !siteLive || integration.status !== 'active') return false;
  return integration.nextRunAt !== null && integration.nextRunAt.getTime() === due;
}

/**
 * The next tick once settings are written (`before` null for a new integration): `nextRunAt` to
 * store, and whether a tick for it must be enqueued (it changed, and the integration is active).
 */
export function reschedule(before: ScheduleState | null, after: Pick<ScheduleState, 'status' | 'everyMinutes'>, now: number): { nextRunAt: Date | null; enqueue: boolean } {
  if (after.status === 'paused') return { nextRunAt: null, enqueue: false };
  if (before === null || before.status === 'paused' || before.nextRunAt === null) return { nextRunAt: new Date(now), enqueue: true };
  if (before.nextRunAt.getTime() < now - before.everyMinutes * MINUTE_MS) return { nextRunAt: new Date(now), enqueue: true };
  const sooner = followingTick(now, after.everyMinutes);
  if (after.everyMinutes !== before.everyMinutes && sooner.getTime() < before.nextRunAt.getTime()) return { nextRunAt: sooner, enqueue: true };
  return { nextRunAt: before.nextRunAt, enqueue: false };
}

/** The job key of the tick due at `due`: one tick per (integration, time). */
export const tickKey = (integrationId: string, due: Date): string => `${integrationId}@${due.getTime()}`;
