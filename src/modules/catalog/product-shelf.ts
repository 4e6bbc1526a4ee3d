// The catalog as recommendations read it (the kernel's product shelf): live products as a storefront
// shows them, by id or newest first.
import type { Database } from '../../db/types.js';
import type { ProductShelf, ShelfProduct } from '../../kernel/index.js';
import type { ShelfListing } from './product.js';
import { changedShelfRows, findShelfRows, newestShelfRows } from './products-repository.js';

export const toShelfProduct = (p: ShelfListing): ShelfProduct => ({
  productId: p.productId,
  title: p.title,
  url: p.url,
  image: p.imageMediaId ? { mediaId: p.imageMediaId } : p.imageUrl ? { url: p.imageUrl } : null,
  // What the shopper pays: the sale price when there is one.
  price: p.salePrice ?? p.price,
  inStock: p.availability === 'in_stock',
  categories: p.categories,
  createdAt: p.createdAt,
  version: p.version,
});

export function createProductShelf(db: Database): ProductShelf {
  return {
    async products(siteId, productIds, q = db) {
      return new Map((await findShelfRows(q, siteId, productIds)).map((p) => [p.productId, toShelfProduct(p)]));
    },
    changed: (siteId, kept) => changedShelfRows(db, siteId, kept),
    async newest(siteId, { limit, inStockOnly }) {
      return (await newestShelfRows(db, siteId, limit, inStockOnly)).map(toShelfProduct);
    },
  };
}
