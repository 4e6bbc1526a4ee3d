// Reading the catalog (CONTRACT §8): one live product, and a site's live products newest first by
// creation (then id) with filters: `q` a case-insensitive substring of title or brand, `category`
// a path and every path below it, `availability` one of four. A cursor is bound to its list: the
// site and the filters (normalised), so a cursor of one filter set is refused for another.
import type { Queryable } from '../../db/types.js';
import { openPage, type CursorCodec, type PageRequest, type PageResult } from '../../db/paging.js';
import { notFound, validationFailed } from '../../errors.js';
import { catalogSiteOrThrow, type CatalogCaller, type CatalogStore } from './catalog-caller.js';
import { normalizeCategoryPath } from './categories.js';
import type { Availability, Product } from './product.js';
import * as products from './products-repository.js';
import { searchForm } from './search-text.js';

export interface ListFilters {
  q?: string;
  category?: string;
  availability?: Availability;
}

export async function getProduct({ db, sites }: CatalogStore, caller: CatalogCaller, siteId: string, productId: string): Promise<Product> {
  await catalogSiteOrThrow(db, sites, siteId, caller);
  const product = await products.findProduct(db, siteId, productId);
  if (!product) throw notFound('Product');
  return product;
}

/** The filters in their normal forms (a category path that has none is a 400 at /category). */
function normalFilters(filters: ListFilters): products.ProductFilters {
  let category: string | undefined;
  if (filters.category !== undefined) {
    const normal = normalizeCategoryPath(filters.category);
    if (!normal.ok) throw validationFailed('/category', normal.message, 'category');
    category = normal.path;
  }
  return { q: filters.q, category, availability: filters.availability };
}

export async function listProducts({ db, sites }: CatalogStore, cursors: CursorCodec, caller: CatalogCaller, siteId: string, filters: ListFilters, request: PageRequest): Promise<PageResult<Product>> {
  await catalogSiteOrThrow(db, sites, siteId, caller);
  const normal = normalFilters(filters);
  const scope = `products:${siteId}:${JSON.stringify([normal.q === undefined ? null : searchForm(normal.q), normal.category ?? null, normal.availability ?? null])}`;
  const page = openPage(cursors, scope, request);
  const rows = await products.listProducts(db, siteId, normal, page.fetch, page.after);
  return page.result(rows, (p) => p.productId, ({ cursor_at: _at, ...product }) => product);
}

/** The live products of the site among these ids, by id (for modules that show products: recommendations, campaigns). */
export async function findProducts(q: Queryable, siteId: string, productIds: readonly string[]): Promise<Map<string, Product>> {
  return new Map((await products.findProducts(q, siteId, productIds)).map((p) => [p.productId, p]));
}
