// Quotas per clock window (rate-limiter-flexible): the hourly event quotas of keys and sites, the
// hourly runtime quota of each client address, and the per-minute token exchanges of each address.
// In memory, or in Redis when configured so that several server processes share one count. A
// request that would pass the quota is refused whole and its points are given back. If Redis
// fails, an in-memory limiter insures the service.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.js';

export const HOUR_MS = 3_600_000;
const REDIS_COMMAND_TIMEOUT_MS = 500;

export interface QuotaState {
  limit: number;
  remaining: number;
  /** Seconds until the counter resets (the next clock window). */
  resetSeconds: number;
}

export const quotaHeaders = (q: QuotaState): Record<string, string> => ({
  'ratelimit-limit': String(q.limit),
  'ratelimit-remaining': String(q.remaining),
  'ratelimit-reset': String(q.resetSeconds),
});

export interface ConsumeOptions {
  /** The clock window the quota counts in (default one hour, aligned to the clock). */
  windowMs?: number;
  /** What the 429 says, given the state after the refusal and the points asked. */
  refusal?: (state: QuotaState, points: number) => string;
}

export interface HourlyLimiter {
  /** Takes `points` from `bucket`'s quota of `limit` for the current clock window, or throws 429 rate_limited. */
  consume(bucket: string, limit: number, points: number, options?: ConsumeOptions): Promise<QuotaState>;
  close(): Promise<void>;
}

const eventsRefusal = (state: QuotaState, points: number) =>
  points > 1
    ? `This request carries ${points} events and would pass the hourly limit of ${state.limit}; ${state.remaining} remain this hour`
    : `The hourly limit of ${state.limit} events is used up`;

export function createHourlyLimiter(options: { redisUrl?: string; keyPrefix: string; onRefused?: (bucket: string) => void }): HourlyLimiter {
  // A Redis that stops answering must not hold requests: each command gives up after
  // REDIS_COMMAND_TIMEOUT_MS and the in-memory insurance limiter answers instead.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
        connectTimeout: 2_000,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  // Without a listener, ioredis reports connection errors on stderr; the insurance limiter covers them.
  redis?.on('error', () => {});
  const limiters = new Map<string, RateLimiterAbstract>();
  // Connect when first needed (the command line builds the services but never limits anything).
  let connecting: Promise<void> | undefined;

  const limiterFor = (limit: number, windowMs: number): RateLimiterAbstract => {
    const id = `${limit}:${windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const duration = windowMs / 1000;
      const memory = new RateLimiterMemory({ points: limit, duration, keyPrefix: `${options.keyPrefix}:rl:${id}` });
      limiter = redis
        ? new RateLimiterRedis({
            storeClient: redis,
            points: limit,
            duration,
            keyPrefix: `${options.keyPrefix}:rl`,
            insuranceLimiter: memory,
            rejectIfRedisNotReady: true,
          })
        : memory;
      limiters.set(id, limiter);
    }
    return limiter;
  };

  return {
    async consume(bucket, limit, points, consumeOptions = {}) {
      const windowMs = consumeOptions.windowMs ?? HOUR_MS;
      const now = Date.now();
      const window = Math.floor(now / windowMs);
      // The window's index in the key: every process counts the same clock window, whoever started first.
      const key = windowMs === HOUR_MS ? `${bucket}:${window}` : `${bucket}:${windowMs}:${window}`;
      const resetSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
      const limiter = limiterFor(limit, windowMs);
      if (redis?.status === 'wait') await (connecting ??= redis.connect().catch(() => undefined));
      try {
        const res = await limiter.consume(key, points);
        return { limit, remaining: res.remainingPoints, resetSeconds };
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        await limiter.reward(key, points).catch(() => undefined);
        const state = { limit, remaining: Math.max(0, limit - (err.consumedPoints - points)), resetSeconds };
        options.onRefused?.(bucket);
        throw new AppError('rate_limited', (consumeOptions.refusal ?? eventsRefusal)(state, points), undefined, {
          ...quotaHeaders(state),
          'retry-after': String(resetSeconds),
        });
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
