// Quarter-hour rollups kept behind ingestion (never in its request): every couple of seconds a server
// process rolls each site's events that are below the stream's horizon and at or above the site's
// own horizon, in chunks of one transaction each (the rollup rows and the site's horizon move
// together, so a query that reads both in one statement always sees events exactly once). Several
// processes may run it: a site whose state row another holds is left to it. On the embedded engine
// it rests after each chunk (restRatio), so the writes that waited behind it go first. Stopping
// waits for the chunk under way.
import { setTimeout as wait } from 'node:timers/promises';
import { periodic } from '../../jobs/periodic.js';
import type { Database } from '../../db/types.js';
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
}

export function createRollupJob(deps: RollupJobOptions): RollupJob {
  const loop = periodic(deps.intervalMs);
  const size = deps.chunkEvents ?? CHUNK_EVENTS;
  const restRatio = deps.restRatio ?? 0;
  const sleep = deps.sleep ?? ((ms: number) => wait(ms));

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
      loop.start(() => tick(onError), (err: unknown) => onError(err, 'analytics rollup'));
    },
    tick,
    async rollSite(siteId) {
      return rollUpTo(siteId, await streamHorizon(deps.db));
    },
    stop: () => loop.stop(),
  };
}
