// Archiving a product (CONTRACT §8): it is gone from every read (404) and from what is recommended;
// its row stays, so events that name it stay valid, and a later write revives it (201). The media
// item it showed is no longer in use by it.
import { notFound } from '../../errors.js';
import { catalogSiteOrThrow, type CatalogCaller, type CatalogStore } from './catalog-caller.js';
import type { Product } from './product.js';
import * as products from './products-repository.js';

export async function archiveProduct({ db, sites }: CatalogStore, caller: CatalogCaller, siteId: string, productId: string): Promise<Product> {
  return db.transaction(async (tx) => {
    await catalogSiteOrThrow(tx, sites, siteId, caller);
    const archived = await products.archiveProduct(tx, siteId, productId);
    if (!archived) throw notFound('Product');
    return archived;
  });
}
