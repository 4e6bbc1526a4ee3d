// Each site's popularity ranking, kept in this process for a short while (every storefront page
// with a slot asks for recommendations; new events change the answers within POPULAR_TTL_MS, well
// inside the contract's 60 s): the most active products of the last 7 days that are live, then the
// newest live products, so that a site without activity still gets answers.
import { LRUCache } from 'lru-cache';
import type { ProductActivity, ProductShelf, ShelfProduct } from '../../kernel/index.js';
import { rankByPopularity } from './popularity.js';
import { POPULARITY_DAYS } from './recommendation.js';

export const POPULAR_TTL_MS = 30_000;
/** How many products a ranking holds: enough for any slot after its filters. */
const RANKED = 500;
const NEWEST = 200;

export interface PopularShelf {
  ranking(siteId: string): Promise<ShelfProduct[]>;
  forget(siteId: string): void;
}

export function createPopularShelf(deps: { shelf: ProductShelf; activity: ProductActivity; ttlMs?: number; now?: () => number }): PopularShelf {
  const now = deps.now ?? Date.now;
  const cache = new LRUCache<string, Promise<ShelfProduct[]>>({ max: 10_000, ttl: deps.ttlMs ?? POPULAR_TTL_MS });
  async function build(siteId: string): Promise<ShelfProduct[]> {
    const counts = await deps.activity.countsSince(siteId, new Date(now() - POPULARITY_DAYS * 86_400_000), RANKED);
    const [active, newest] = await Promise.all([deps.shelf.products(siteId, counts.map((c) => c.productId)), deps.shelf.newest(siteId, { limit: NEWEST, inStockOnly: false })]);
    const products = new Map(active);
    for (const p of newest) if (!products.has(p.productId)) products.set(p.productId, p);
    return rankByPopularity([...products.values()], counts);
  }
  return {
    ranking(siteId) {
      let pending = cache.get(siteId);
      if (!pending) {
        pending = build(siteId);
        cache.set(siteId, pending);
        pending.catch(() => {
          if (cache.peek(siteId) === pending) cache.delete(siteId);
        });
      }
      return pending;
    },
    forget: (siteId) => void cache.delete(siteId),
  };
}
