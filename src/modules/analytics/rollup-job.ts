// Quarter-hour rollups kept behind ingestion (never in its request): every couple of seconds a server
// process rolls each site's events that are below the stream's horizon and at or above the site's
// own horizon, in chunks of one transaction each (the rollup rows and the site's horizon move
// together, so a query that reads both in one statement always sees events exactly once). Several
// processes may run it: a site whose state row another holds is left to it. On the embedded engine
// it rests after each chunk (restRatio), so the writes that waited behind it go first. Under a burst
// of writes (the group commit running flushes side by side most of the time since the last tick)
// a periodic tick is skipped, for at most maxDeferMs since the job last caught up: ingestion goes
// first, the rollups catch up after it, and answers stay exact meanwhile (they read the raw tail).
// Stopping waits for the chunk under way.
import { setTimeout as wait } from 'node:timers/promises';
import { periodic } from '../../jobs/periodic.js';
import type { Database } from '../../db/types.js';
import type { WriteLoad } from '../../db/write-load.js';
import { ensureRollupState, lockChunk, rollEvents, sitesBehind, streamHorizon } from './rollup-repository.js';

export interface RollupJob {
  start(onError: (err: unknown, context?: string) => void): void;
  /** One pass now over every site that is behind: events rolled. */
  tick(onError?: (err: unknown, context?: string) => void): Promise<number>;
  /** Rolls one site up to the stream's horizon now: events rolled. */
  rollSite(siteId: string): Promise<number>;
  stop(): Promise<void>;
}

const CHUNK_EVENTS = 50_000;

/** A periodic tick yields when the writes were crowded for more than this share of the time since the last look. */
const YIELD_SHARE = 0.5;
/** How long ticks may yield to the writes since the job last caught up: then it rolls whatever the load. */
const MAX_DEFER_MS = 60_000;

/**
 * Whether a periodic tick lets the writes go first: they ran crowded for more than YIELD_SHARE of
 * the `sinceMs` since the last look (`crowdedMs` of it), and the job caught up less than `maxDeferMs`
 * ago.
 */
export function yieldsToWrites(look: { sinceMs: number; crowdedMs: number; sinceCaughtUpMs: number }, maxDeferMs = MAX_DEFER_MS): boolean {
  return look.sinceMs > 0 && look.crowdedMs > look.sinceMs * YIELD_SHARE && look.sinceCaughtUpMs < maxDeferMs;
}

export interface RollupJobOptions {
  db: Database;
  intervalMs: number;
  chunkEvents?: number;
  /**
   * After each chunk the job rests this many times as long as the chunk took, before the next
   * (default 0: none): for the embedded engine, where a chunk holds the one connection and the
   * writes wait for it (EMBEDDED_ROLLUP_REST in module.ts).
   */
  restRatio?: number;
  /** How the job rests (tests record it). */
  sleep?: (ms: number) => Promise<void>;
  /** The writes' load: periodic ticks yield to a burst of them (yieldsToWrites). */
  writes?: WriteLoad;
  maxDeferMs?: number;
  /** The clock of the yielding, in ms (tests). */
  now?: () => number;
}

export function createRollupJob(deps: RollupJobOptions): RollupJob {
  const loop = periodic(deps.intervalMs);
  const size = deps.chunkEvents ?? CHUNK_EVENTS;
  const restRatio = deps.restRatio ?? 0;
  const sleep = deps.sleep ?? ((ms: number) => wait(ms));
  const now = deps.now ?? (() => performance.now());
  // The last look at the writes' load, and when a tick last rolled everything it found.
  let look = { at: now(), crowdedMs: deps.writes?.crowdedMs() ?? 0 };
  let caughtUpAt = look.at;

  /** Whether this periodic tick lets the writes go first (and the look taken for the next). */
  function yielding(): boolean {
    if (!deps.writes) return false;
    const at = now();
    const crowdedMs = deps.writes.crowdedMs();
    const yields = yieldsToWrites({ sinceMs: at - look.at, crowdedMs: crowdedMs - look.crowdedMs, sinceCaughtUpMs: at - caughtUpAt }, deps.maxDeferMs);
    look = { at, crowdedMs };
    return yields;
  }

  /**
   * One chunk in one transaction of two statements (the lock, then the roll in a snapshot that sees
   * what a process that held the site before committed); null when another process holds the site
   * or it is caught up.
   */
  const rollChunk = (siteId: string, horizon: string) =>
    deps.db.transaction(async (tx) => {
      const chunk = await lockChunk(tx, siteId, horizon, size);
      return chunk === null ? null : rollEvents(tx, siteId, chunk.start, chunk.end);
    });

  async function rollUpTo(siteId: string, horizon: string): Promise<number> {
    await ensureRollupState(deps.db, siteId);
    let total = 0;
    for (;;) {
      const started = performance.now();
      const n = await rollChunk(siteId, horizon);
      if (n === null) return total;
      total += n;
      if (restRatio > 0 && !loop.stopped) await sleep((performance.now() - started) * restRatio);
      if (loop.stopped) return total;
    }
  }

  async function tick(onError: (err: unknown, context?: string) => void = () => {}): Promise<number> {
    const horizon = await streamHorizon(deps.db);
    let total = 0;
    for (const siteId of await sitesBehind(deps.db, horizon)) {
      if (loop.stopped) break;
      try {
        total += await rollUpTo(siteId, horizon);
      } catch (err) {
        onError(err, `analytics rollup of ${siteId}`);
      }
    }
    return total;
  }

  return {
    start(onError) {
      const periodicTick = async () => {
        if (yielding()) return;
        await tick(onError);
        if (!loop.stopped) caughtUpAt = now();
      };
      loop.start(periodicTick, (err: unknown) => onError(err, 'analytics rollup'));
    },
    tick,
    async rollSite(siteId) {
      return rollUpTo(siteId, await streamHorizon(deps.db));
    },
    stop: () => loop.stop(),
  };
}
