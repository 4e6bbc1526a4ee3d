// The model as answers read it: products' materialised neighbours (kept in this process for
// NEIGHBOURS_TTL_MS: every product page asks for the same few lists; a refresh every few seconds
// plus this stays inside the contract's 60 s) and the sessions the model remembers.
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/types.js';
import type { ModelKind, SessionState } from './co-occurrence.js';
import { neighboursOf, sessionState } from './model-repository.js';
import type { Neighbour } from './neighbours.js';

export const NEIGHBOURS_TTL_MS = 20_000;

export interface ModelReader {
  /** The neighbours of each product (an empty list for a product without any). */
  neighbours(siteId: string, kind: ModelKind, productIds: readonly string[]): Promise<Map<string, readonly Neighbour[]>>;
  session(siteId: string, sessionId: string): Promise<SessionState | undefined>;
  /** Forgets what this process kept (after a refresh in this process). */
  forget(): void;
}

export function createModelReader(db: Database, ttlMs = NEIGHBOURS_TTL_MS): ModelReader {
  const cache = new LRUCache<string, readonly Neighbour[]>({ max: 50_000, ttl: ttlMs });
  const keyOf = (siteId: string, kind: ModelKind, productId: string) => `${siteId}\n${kind}\n${productId}`;
  return {
    async neighbours(siteId, kind, productIds) {
      const out = new Map<string, readonly Neighbour[]>();
      const missing: string[] = [];
      for (const id of new Set(productIds)) {
        const found = cache.get(keyOf(siteId, kind, id));
        if (found) out.set(id, found);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const read = await neighboursOf(db, siteId, kind, missing);
        for (const id of missing) {
          const list = read.get(id) ?? [];
          cache.set(keyOf(siteId, kind, id), list);
          out.set(id, list);
        }
      }
      return out;
    },
    session: (siteId, sessionId) => sessionState(db, siteId, sessionId),
    forget: () => cache.clear(),
  };
}
