// The networks' call budgets, per token, on rate-limiter-flexible (CONTRACT §11: Awin "at most 20
// calls in any 60 s per token").
//
// Decisions:
// - "In any 60 s" is a sliding window; rate-limiter-flexible's RateLimiterMemory counts fixed windows
//   (that open at a key's first call), which would let 20 calls at the end of one window and 20 at
//   the start of the next through within a few seconds. So a budget of N calls per D is N slots,
//   each a RateLimiterMemory key of 1 point per D: a call takes a free slot, and a slot frees D after
//   the call that took it. Two calls on one slot are at least D apart, so any D holds at most N calls.
// - A call over budget waits (consume-and-wait: sleep until the earliest slot frees, then try again),
//   never fails; the wait is abortable through the caller's signal.
// - Keys are a hash of the token (the token itself is never kept), so integrations sharing a token
//   share its budget, as the network counts it. The budget is per process: a run's calls are
//   sequential, and a 429 from the network (honoured by the clients) is the backstop across processes.
// - The budget is a parameter (tests use a short window), the networks' budgets are constants.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface CallBudget {
  /** At most this many calls… */
  calls: number;
  /** …in any window of this many milliseconds. */
  perMs: number;
}

/** Awin: 20 API calls per minute per user (the token is the user's). */
export const AWIN_BUDGET: CallBudget = { calls: 20, perMs: 60_000 };
/**
 * CJ: its documentation states 25 calls per minute for its REST APIs and no figure for the
 * Commission Detail GraphQL API; the same budget is kept there as a courtesy (a 429 is honoured too).
 */
export const CJ_BUDGET: CallBudget = { calls: 25, perMs: 60_000 };

/** The key of a token's budget: a hash, so the token is never kept. */
export const tokenKey = (token: string): string => createHash('sha256').update(token).digest('base64url').slice(0, 22);

export class CallLimiter {
  private readonly slots: RateLimiterMemory;

  constructor(readonly budget: CallBudget) {
    if (!Number.isInteger(budget.calls) || budget.calls < 1) throw new RangeError('budget.calls must be a positive integer');
    if (!(budget.perMs > 0) || !Number.isFinite(budget.perMs)) throw new RangeError('budget.perMs must be a positive number');
    this.slots = new RateLimiterMemory({ points: 1, duration: budget.perMs / 1000 });
  }

  /** A free slot of the token's budget taken now, or how long until the earliest one frees. */
  private async take(key: string): Promise<{ taken: true } | { taken: false; waitMs: number }> {
    let waitMs = Number.POSITIVE_INFINITY;
    for (let slot = 0; slot < this.budget.calls; slot += 1) {
      try {
        await this.slots.consume(`${key}:${slot}`);
        return { taken: true };
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        waitMs = Math.min(waitMs, err.msBeforeNext);
      }
    }
    return { taken: false, waitMs };
  }

  /** Waits until a call with `token` keeps within the budget and counts it; resolves with the milliseconds waited. */
  async acquire(token: string, signal?: AbortSignal): Promise<number> {
    const key = tokenKey(token);
    const started = Date.now();
    for (;;) {
      signal?.throwIfAborted();
      const slot = await this.take(key);
      if (slot.taken) return Date.now() - started;
      await sleep(Math.max(1, Math.ceil(slot.waitMs)), undefined, { signal });
    }
  }
}

/** The process's budgets (shared by every integration of the process, keyed by token). */
export const awinLimiter = new CallLimiter(AWIN_BUDGET);
export const cjLimiter = new CallLimiter(CJ_BUDGET);
