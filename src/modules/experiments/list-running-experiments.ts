// Each site's running experiments, cached for a few seconds: every storefront session asks for its
// assignments before the campaigns load, so the list is read far more often than it changes. A
// start or stop on this process forgets the site at once; other processes see it within the TTL.
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/types.js';
import type { Experiment } from './experiment.js';
import * as experiments from './experiments-repository.js';

const RUNNING_CACHE_TTL_MS = 5_000;

export interface RunningExperiments {
  /** The site's running experiments, by experiment id. */
  of(siteId: string): Promise<Experiment[]>;
  /** Forget the site's list (its experiments changed state). */
  forget(siteId: string): void;
}

export function createRunningExperiments(db: Database): RunningExperiments {
  const cache = new LRUCache<string, Experiment[]>({ max: 50_000, ttl: RUNNING_CACHE_TTL_MS });
  return {
    async of(siteId) {
      let list = cache.get(siteId);
      if (!list) {
        list = await experiments.runningExperiments(db, siteId);
        cache.set(siteId, list);
      }
      return list;
    },
    forget(siteId) {
      cache.delete(siteId);
    },
  };
}
