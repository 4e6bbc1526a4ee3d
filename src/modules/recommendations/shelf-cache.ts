// The catalog as answers read it: live products by id, kept in this process for SHELF_TTL_MS
// (products that are absent too: archived or unknown). Every answer reads its anchor and its
// proposals; a product page's neighbours are the same few dozen products each time. A change to a
// product (archived, out of stock, a new price) reaches answers within the TTL, as popular products
// reach them within the popular ranking's.
import { LRUCache } from 'lru-cache';
import type { ProductShelf, ShelfProduct } from '../../kernel/index.js';

export const SHELF_TTL_MS = 5_000;

export function createShelfCache(shelf: ProductShelf, ttlMs = SHELF_TTL_MS): Pick<ProductShelf, 'products'> {
  const cache = new LRUCache<string, { product: ShelfProduct | null }>({ max: 100_000, ttl: ttlMs });
  const keyOf = (siteId: string, productId: string) => `${siteId}\n${productId}`;
  return {
    async products(siteId, productIds) {
      const out = new Map<string, ShelfProduct>();
      const missing: string[] = [];
      for (const id of new Set(productIds)) {
        const hit = cache.get(keyOf(siteId, id));
        if (!hit) missing.push(id);
        else if (hit.product) out.set(id, hit.product);
      }
      if (missing.length > 0) {
        const found = await shelf.products(siteId, missing);
        for (const id of missing) {
          const product = found.get(id) ?? null;
          cache.set(keyOf(siteId, id), { product });
          if (product) out.set(id, product);
        }
      }
      return out;
    },
  };
}
