// The model as answers read it: products' materialised neighbours (kept in this process: every
// product page asks for the same few lists) and the sessions the model remembers. A list is served
// as read at most NEIGHBOURS_TTL_MS ago; from half that age it is read again in the background
// (requests keep being served the list kept meanwhile; refreshes of many lists share a query). A
// refresh every few seconds plus this stays inside the contract's 60 s. A refresh asks which of the
// lists kept were stored again with a change (their rows' versions) and reads only those.
import type { Database } from '../../db/types.js';
import type { ModelKind, SessionState } from './co-occurrence.js';
import { changedNeighbours, neighboursOf, sessionState, type StoredNeighbours } from './model-repository.js';
import type { Neighbour } from './neighbours.js';
import { createRefreshingCache, type Freshness } from './refreshing-cache.js';

export const NEIGHBOURS_TTL_MS = 20_000;

export interface ModelReader {
  /** The neighbours of each product (an empty list for a product without any); `fresh.until` lowered to when the oldest list served reaches NEIGHBOURS_TTL_MS. */
  neighbours(siteId: string, kind: ModelKind, productIds: readonly string[], fresh?: Freshness): Promise<Map<string, readonly Neighbour[]>>;
  session(siteId: string, sessionId: string): Promise<SessionState | undefined>;
  /** Forgets what this process kept (after a refresh in this process). */
  forget(): void;
}

const NONE: readonly Neighbour[] = [];

export function createModelReader(db: Database, ttlMs = NEIGHBOURS_TTL_MS): ModelReader {
  const caches = new Map<ModelKind, ReturnType<typeof createRefreshingCache<StoredNeighbours>>>();
  const cacheOf = (kind: ModelKind) => {
    let cache = caches.get(kind);
    if (!cache) {
      cache = createRefreshingCache<StoredNeighbours>({
        refreshAfterMs: ttlMs / 2,
        maxAgeMs: ttlMs,
        max: 50_000,
        load: (siteId, ids) => neighboursOf(db, siteId, kind, ids),
        version: (v) => v.version,
        changed: (siteId, kept) => changedNeighbours(db, siteId, kind, kept),
        same: (a, b) => sameList(a.list, b.list),
      });
      caches.set(kind, cache);
    }
    return cache;
  };
  return {
    async neighbours(siteId, kind, productIds, fresh) {
      const found = await cacheOf(kind).get(siteId, productIds, fresh);
      const out = new Map<string, readonly Neighbour[]>();
      for (const id of productIds) out.set(id, found.get(id)?.list ?? NONE);
      return out;
    },
    session: (siteId, sessionId) => sessionState(db, siteId, sessionId),
    forget: () => {
      for (const cache of caches.values()) cache.clear();
    },
  };
}

/** Whether a list read again is the one kept (the same neighbours, scores and order). */
const sameList = (a: readonly Neighbour[], b: readonly Neighbour[]): boolean => a.length === b.length && a.every((n, i) => n.productId === b[i]!.productId && n.score === b[i]!.score);
