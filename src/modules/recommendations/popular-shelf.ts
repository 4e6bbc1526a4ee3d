// Each site's popularity ranking, kept in this process for a short while (every storefront page
// with a slot asks for recommendations; new events change the answers within POPULAR_TTL_MS, well
// inside the contract's 60 s): the most active products of the last 7 days that are live, then the
// newest live products, so that a site without activity still gets answers.
import { LRUCache } from 'lru-cache';
import type { ProductActivity, ProductShelf, ShelfProduct } from '../../kernel/index.js';
import { rankByPopularity } from './popularity.js';
import { POPULARITY_DAYS } from './recommendation.js';

export const POPULAR_TTL_MS = 30_000;
/** A ranking older than this is never served: the next request waits for a new one. */
const STALE_MS = 300_000;
/** How many products a ranking holds: enough for any slot after its filters. */
const RANKED = 500;
const NEWEST = 200;

export interface PopularShelf {
  ranking(siteId: string): Promise<ShelfProduct[]>;
  forget(siteId: string): void;
}

export function createPopularShelf(deps: { shelf: ProductShelf; activity: ProductActivity; ttlMs?: number; now?: () => number }): PopularShelf {
  const now = deps.now ?? Date.now;
  const ttl = deps.ttlMs ?? POPULAR_TTL_MS;
  // Past its TTL a ranking is still served while the next one is built (one build a site at a
  // time): no request waits for a rebuild, except the first of a site (or after forget, or a
  // ranking older than STALE_MS).
  const cache = new LRUCache<string, { ranking: Promise<ShelfProduct[]>; builtAt: number; next?: Promise<ShelfProduct[]> }>({ max: 10_000, ttl: STALE_MS });
  async function build(siteId: string): Promise<ShelfProduct[]> {
    const counts = await deps.activity.countsSince(siteId, new Date(now() - POPULARITY_DAYS * 86_400_000), RANKED);
    const [active, newest] = await Promise.all([deps.shelf.products(siteId, counts.map((c) => c.productId)), deps.shelf.newest(siteId, { limit: NEWEST, inStockOnly: false })]);
    const products = new Map(active);
    for (const p of newest) if (!products.has(p.productId)) products.set(p.productId, p);
    return rankByPopularity([...products.values()], counts);
  }
  function start(siteId: string): Promise<ShelfProduct[]> {
    const pending = build(siteId);
    pending.then(
      (ranking) => cache.set(siteId, { ranking: Promise.resolve(ranking), builtAt: now() }),
      () => {
        const entry = cache.peek(siteId);
        if (entry?.ranking === pending) cache.delete(siteId);
        else if (entry?.next === pending) entry.next = undefined;
      },
    );
    return pending;
  }
  return {
    ranking(siteId) {
      const entry = cache.get(siteId);
      if (!entry) {
        const ranking = start(siteId);
        cache.set(siteId, { ranking, builtAt: now() });
        return ranking;
      }
      if (now() - entry.builtAt >= ttl && !entry.next) entry.next = start(siteId);
      return entry.ranking;
    },
    forget: (siteId) => void cache.delete(siteId),
  };
}
