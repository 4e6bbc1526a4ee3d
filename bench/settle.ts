// What a benchmark waits for between runs, so that what one run leaves the servers is not measured
// in the next (bench/hot-paths.ts, bench/recommendations.ts): the analytics rollups catching up with
// the events written, and PostgreSQL's own work after many writes (autovacuum, analyze).
import { openPostgres } from '../src/db/postgres.js';
import { sitesBehind, streamHorizon } from '../src/modules/analytics/rollup-repository.js';
import { fmt, postgresCpuMs } from './lib.js';

/**
 * Waits (two minutes at most) until the PostgreSQL server's rollup task has rolled every site's
 * events below the stream's horizon (the task's own question, `sitesBehind`): the paced runs
 * measure half load, not the backlog that the rounds at full load left (a roll catching up with a
 * batch round took track's paced p99 from 16-33 ms to 69-384 ms in scratch runs, BENCHMARKS.md).
 */
export async function rollupsCaughtUp(url: string, log: (line: string) => void): Promise<void> {
  const db = openPostgres(url, { poolSize: 1 });
  try {
    const t0 = performance.now();
    for (;;) {
      const behind = (await sitesBehind(db, await streamHorizon(db))).length;
      const waited = (performance.now() - t0) / 1000;
      if (behind === 0 || waited > 120) {
        log(`rollups ${behind === 0 ? 'caught up' : 'still behind'} after ${fmt(waited, 1)} s`);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await db.close();
  }
}

/**
 * Waits (30 s at most) until PostgreSQL has used under 5 % of a core for half a second: what a run
 * of many inserts leaves it (autovacuum of the events table) is not the next run's.
 */
export async function postgresQuiet(log: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  for (;;) {
    const before = postgresCpuMs();
    await new Promise((r) => setTimeout(r, 500));
    const busy = (postgresCpuMs() - before) / 500;
    const waited = (performance.now() - t0) / 1000;
    if (busy < 0.05 || waited > 30) {
      log(`PostgreSQL ${busy < 0.05 ? 'quiet' : `still ${fmt(busy * 100)} % busy`} after ${fmt(waited, 1)} s`);
      return;
    }
  }
}
