// The products service: it wires the database, the cursor codec and the media library into the
// catalog's use cases (one a file). The HTTP routes, the command line's import and, through it,
// later readers of the catalog call these.
import type { Database, Queryable } from '../../db/types.js';
import { createCursorCodec, type PageRequest } from '../../db/paging.js';
import type { MediaLibrary, SiteDirectory } from '../../kernel/index.js';
import type { Secrets } from '../../secrets.js';
import { archiveProduct } from './archive-product.js';
import type { CatalogCaller } from './catalog-caller.js';
import type { CheckedBody } from './product-input.js';
import { usesMedia } from './products-repository.js';
import { putProduct } from './put-product.js';
import { findProducts, getProduct, listProducts, type ListFilters } from './read-products.js';
import { writeProducts, type WriteItem } from './write-products.js';

export function createProductsService(deps: { db: Database; sites: SiteDirectory; secrets: Secrets; media: MediaLibrary }) {
  const { db } = deps;
  const cursors = createCursorCodec(deps.secrets);
  const store = { db, sites: deps.sites };
  const writer = { ...store, media: deps.media };
  return {
    /** PUT: creates or replaces one product (its status, and the product as it now is). */
    put: (caller: CatalogCaller, siteId: string, productId: string, body: CheckedBody) => putProduct(writer, caller, siteId, productId, body),
    /** Bulk and import: each product written alone; every item's outcome, in order. */
    write: (caller: CatalogCaller, siteId: string, items: readonly WriteItem[]) => writeProducts(writer, caller, siteId, items),
    get: (caller: CatalogCaller, siteId: string, productId: string) => getProduct(store, caller, siteId, productId),
    list: (caller: CatalogCaller, siteId: string, filters: ListFilters, page: PageRequest) => listProducts(store, cursors, caller, siteId, filters, page),
    archive: (caller: CatalogCaller, siteId: string, productId: string) => archiveProduct(store, caller, siteId, productId),
    /** The live products of the site among these ids, by id: what a module showing products reads. */
    findProducts: (siteId: string, productIds: readonly string[], q: Queryable = db) => findProducts(q, siteId, productIds),
    /** Whether a live product shows the media item (asked by the media module before it deletes one). */
    usesMedia: (q: Queryable, siteId: string, mediaId: string) => usesMedia(q, siteId, mediaId),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
