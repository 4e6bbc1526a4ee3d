// Hourly quotas per clock hour (rate-limiter-flexible): in memory, or in Redis when configured so
// that several server processes share one count. A request that would pass the quota is refused
// whole and its points are given back. If Redis fails, an in-memory limiter insures the service.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.js';

const HOUR_MS = 3_600_000;

export interface QuotaState {
  limit: number;
  remaining: number;
  /** Seconds until the counter resets (the next clock hour). */
  resetSeconds: number;
}

export const quotaHeaders = (q: QuotaState): Record<string, string> => ({
  'ratelimit-limit': String(q.limit),
  'ratelimit-remaining': String(q.remaining),
  'ratelimit-reset': String(q.resetSeconds),
});

export interface HourlyLimiter {
  /** Takes `points` from `bucket`'s quota of `limit` for the current clock hour, or throws 429 rate_limited. */
  consume(bucket: string, limit: number, points: number): Promise<QuotaState>;
  close(): Promise<void>;
}

export function createHourlyLimiter(options: { redisUrl?: string; keyPrefix: string }): HourlyLimiter {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  // Without a listener, ioredis reports connection errors on stderr; the insurance limiter covers them.
  redis?.on('error', () => {});
  const limiters = new Map<number, RateLimiterAbstract>();
  // Connect when first needed (the command line builds the services but never limits anything).
  let connecting: Promise<void> | undefined;

  const limiterFor = (limit: number): RateLimiterAbstract => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      const memory = new RateLimiterMemory({ points: limit, duration: HOUR_MS / 1000, keyPrefix: `${options.keyPrefix}:rl:${limit}` });
      limiter = redis
        ? new RateLimiterRedis({
            storeClient: redis,
            points: limit,
            duration: HOUR_MS / 1000,
            keyPrefix: `${options.keyPrefix}:rl`,
            insuranceLimiter: memory,
            rejectIfRedisNotReady: true,
          })
        : memory;
      limiters.set(limit, limiter);
    }
    return limiter;
  };

  return {
    async consume(bucket, limit, points) {
      const now = Date.now();
      const hour = Math.floor(now / HOUR_MS);
      const key = `${bucket}:${hour}`;
      const resetSeconds = Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now) / 1000));
      const limiter = limiterFor(limit);
      if (redis?.status === 'wait') await (connecting ??= redis.connect().catch(() => undefined));
      try {
        const res = await limiter.consume(key, points);
        return { limit, remaining: res.remainingPoints, resetSeconds };
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        await limiter.reward(key, points).catch(() => undefined);
        const state = { limit, remaining: Math.max(0, limit - (err.consumedPoints - points)), resetSeconds };
        throw new AppError(
          'rate_limited',
          points > 1
            ? `This request carries ${points} events and would pass the hourly limit of ${limit}; ${state.remaining} remain this hour`
            : `The hourly limit of ${limit} events is used up`,
          undefined,
          { ...quotaHeaders(state), 'retry-after': String(resetSeconds) },
        );
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
