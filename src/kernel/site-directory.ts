// Sites as the ingestion hot path sees them: read through a short-lived in-process cache, so a
// request needs no database read for its site. Changes made through this process invalidate at
// once; other processes see them within the TTL.
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/types.js';
import type { Site } from './site.js';
import { findSite } from './sites-repository.js';

export const SITE_CACHE_TTL_MS = 5_000;

export function createSiteDirectory(db: Queryable, ttlMs = SITE_CACHE_TTL_MS): SiteDirectory {
  const cache = new LRUCache<string, { site: Site | null }>({ max: 50_000, ttl: ttlMs });
  return {
    async get(siteId: string): Promise<Site | undefined> {
      const hit = cache.get(siteId);
      if (hit) return hit.site ?? undefined;
      const site = (await findSite(db, siteId)) ?? null;
      cache.set(siteId, { site });
      return site ?? undefined;
    },
    invalidate(siteId: string): void {
      cache.delete(siteId);
    },
  };
}

/** How the hot path (authentication, ingestion, limits) looks a site up: cached, invalidated on change. */
export interface SiteDirectory {
  get(siteId: string): Promise<Site | undefined>;
  invalidate(siteId: string): void;
}
