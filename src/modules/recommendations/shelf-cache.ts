// The catalog as answers read it: live products by id, kept in this process (products that are
// absent too: archived or unknown). Every answer reads its anchor and its proposals; a product
// page's neighbours are the same few dozen products each time. A product is served from here as
// read at most SHELF_TTL_MS ago, as before; from half that age it is read again in the background
// (requests keep being served what is kept meanwhile; refresh reads of many products share a
// query), so requests wait for the catalog only for a product not read yet (or not asked for
// SHELF_TTL_MS). A change to a product (archived, out of stock, a new price) reaches answers
// within SHELF_TTL_MS, as popular products reach them within the popular ranking's. A refresh asks
// which of the products kept changed (their rows' versions) and reads only those.
import type { ProductShelf, ShelfProduct } from '../../kernel/index.js';
import { createRefreshingCache, type Freshness } from './refreshing-cache.js';

export const SHELF_TTL_MS = 5_000;

export interface ShelfReader {
  /** The live products among these ids, by id; `fresh.until` lowered to when the oldest one served reaches SHELF_TTL_MS. */
  products(siteId: string, productIds: readonly string[], fresh?: Freshness): Promise<Map<string, ShelfProduct>>;
  settled(): Promise<void>;
}

export function createShelfCache(shelf: ProductShelf, ttlMs = SHELF_TTL_MS, now?: () => number): ShelfReader {
  const cache = createRefreshingCache<ShelfProduct>({
    refreshAfterMs: ttlMs / 2,
    maxAgeMs: ttlMs,
    max: 100_000,
    load: (siteId, ids) => shelf.products(siteId, ids),
    // Refreshes ask the catalog which products moved, and read only those again.
    version: (p) => p.version,
    changed: (siteId, kept) => shelf.changed(siteId, kept),
    same: sameProduct,
    now,
  });
  return {
    products: (siteId, productIds, fresh) => cache.get(siteId, productIds, fresh),
    settled: () => cache.settled(),
  };
}

/** Whether a product read again shows as the one kept (every field an answer shows or filters by). */
export function sameProduct(a: ShelfProduct, b: ShelfProduct): boolean {
  const image = (p: ShelfProduct) => (p.image === null ? '' : 'url' in p.image ? `u:${p.image.url}` : `m:${p.image.mediaId}`);
  return (
    a.productId === b.productId &&
    a.title === b.title &&
    a.url === b.url &&
    a.inStock === b.inStock &&
    a.price.amount === b.price.amount &&
    a.price.currency === b.price.currency &&
    a.createdAt.getTime() === b.createdAt.getTime() &&
    a.categories.length === b.categories.length &&
    a.categories.every((c, i) => c === b.categories[i]) &&
    image(a) === image(b)
  );
}
