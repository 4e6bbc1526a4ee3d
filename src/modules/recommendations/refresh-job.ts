// The refresh job of a server process: every few seconds, the sites with product events their model
// has not learned (one index probe a site) are refreshed one after the other. Ticks never overlap;
// several processes may run it (a site held by one is left by the others: refresh-model.ts). Stopping
// ends the tick under way at its next transaction's end and waits for it, so the database is never
// closed under it (what was not learned yet, the next start learns).
import { periodic } from '../../jobs/periodic.js';
import type { Database } from '../../db/types.js';
import type { ProductActivity } from '../../kernel/index.js';
import { modelCursors } from './model-repository.js';
import type { RefreshResult } from './refresh-model.js';

export interface RefreshJob {
  /** Starts ticking every `intervalMs`; errors go to `onError` and the job carries on. */
  start(onError: (err: unknown, siteId?: string) => void): void;
  /** One tick now: the sites refreshed. */
  tick(onError?: (err: unknown, siteId?: string) => void): Promise<RefreshResult[]>;
  stop(): Promise<void>;
}

export function createRefreshJob(deps: {
  db: Database;
  activity: ProductActivity;
  /** Refreshes a site, asking `stopping` between its transactions. */
  refresh: (siteId: string, stopping: () => boolean) => Promise<RefreshResult>;
  intervalMs: number;
}): RefreshJob {
  const loop = periodic(deps.intervalMs);

  async function tick(onError: (err: unknown, siteId?: string) => void = () => {}): Promise<RefreshResult[]> {
    const horizon = await deps.activity.horizon();
    const sites = await deps.activity.sitesWithInteractions(await modelCursors(deps.db), horizon, true);
    const done: RefreshResult[] = [];
    for (const siteId of sites) {
      if (loop.stopped) break;
      try {
        done.push(await deps.refresh(siteId, () => loop.stopped));
      } catch (err) {
        onError(err, siteId);
      }
    }
    return done;
  }

  return {
    start(onError) {
      loop.start(() => tick(onError), (err: unknown) => onError(err));
    },
    tick,
    stop: () => loop.stop(),
  };
}
