// Staged uploads left behind by a process that died (a failed or aborted upload removes its own at
// once) are removed by age: looked for at most once a minute per process, when an upload starts.
import type { Queryable } from '../../db/types.js';
import * as blobs from './blobs-repository.js';
import { STAGING_TTL_SECONDS } from './media.js';

const EVERY_MS = 60_000;

export interface StagingReaper {
  /** Removes stale staged uploads unless that was done less than a minute ago here. */
  maybeReap(): Promise<void>;
  /** Removes them now; how many. */
  reap(): Promise<number>;
}

export function createStagingReaper(db: Queryable, ttlSeconds = STAGING_TTL_SECONDS): StagingReaper {
  let last = Number.NEGATIVE_INFINITY;
  const reap = () => blobs.deleteStaleStagedBlobs(db, ttlSeconds);
  return {
    reap,
    async maybeReap() {
      const now = Date.now();
      if (now - last < EVERY_MS) return;
      last = now;
      await reap();
    },
  };
}
