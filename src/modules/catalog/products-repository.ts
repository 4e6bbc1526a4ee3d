// All SQL of the products table; rows become Product values. Writes of many products are one
// statement each (a JSON document of rows read with jsonb_to_recordset); a product's search forms
// and ancestor category paths are derived here from its domain value, for the indexes that serve
// `q` (trigram) and `category` (GIN over every ancestor path).
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import { categoryPathsOf } from './categories.js';
import type { Availability, Product, ProductDraft, ShelfListing } from './product.js';
import { containsPattern, searchForm } from './search-text.js';

interface ProductRow {
  site_id: string;
  product_id: string;
  group_id: string | null;
  title: string;
  description: string | null;
  url: string;
  image_media_id: string | null;
  image_url: string | null;
  price_amount: number;
  price_currency: string;
  sale_amount: number | null;
  sale_currency: string | null;
  availability: Availability;
  categories: string[];
  brand: string | null;
  attributes: Record<string, string>;
  updated_at: Date;
  created_at: Date;
  stored_at: Date;
  archived_at: Date | null;
}

const COLUMNS = [
  'site_id', 'product_id', 'group_id', 'title', 'description', 'url', 'image_media_id', 'image_url', 'price_amount', 'price_currency',
  'sale_amount', 'sale_currency', 'availability', 'categories', 'brand', 'attributes', 'updated_at', 'created_at', 'stored_at', 'archived_at',
]
  .map((c) => `p.${c}`)
  .join(', ');

/** The columns a storefront shows (the shelf's): its row type and its select list come from this one list. */
const SHOWN = ['product_id', 'title', 'url', 'image_media_id', 'image_url', 'price_amount', 'price_currency', 'sale_amount', 'sale_currency', 'availability', 'categories', 'created_at'] as const satisfies readonly (keyof ProductRow)[];

/** The shown columns, of a full row or of the shelf's own. */
type ShownRow = Pick<ProductRow, (typeof SHOWN)[number]>;

const shownFromRow = (r: ShownRow): Omit<ShelfListing, 'version'> => ({
  productId: r.product_id,
  title: r.title,
  url: r.url,
  imageMediaId: r.image_media_id,
  imageUrl: r.image_url,
  price: { amount: r.price_amount, currency: r.price_currency },
  salePrice: r.sale_amount === null || r.sale_currency === null ? null : { amount: r.sale_amount, currency: r.sale_currency },
  availability: r.availability,
  categories: r.categories,
  createdAt: r.created_at,
});

const productFromRow = (r: ProductRow): Product => ({
  ...shownFromRow(r),
  siteId: r.site_id,
  groupId: r.group_id,
  description: r.description,
  brand: r.brand,
  attributes: r.attributes,
  updatedAt: r.updated_at,
  storedAt: r.stored_at,
  archivedAt: r.archived_at,
});

/** A product to store: its draft and the version it gets. */
export interface ProductVersion {
  productId: string;
  draft: ProductDraft;
  updatedAt: Date;
}

/** The written columns of each version, as the JSON document jsonb_to_recordset reads (in product id order). */
function rowsDocument(versions: readonly ProductVersion[]): string {
  const sorted = [...versions].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  return JSON.stringify(
    sorted.map(({ productId, draft: d, updatedAt }) => ({
      product_id: productId,
      group_id: d.groupId,
      title: d.title,
      description: d.description,
      url: d.url,
      image_media_id: d.imageMediaId,
      image_url: d.imageUrl,
      price_amount: d.price.amount,
      price_currency: d.price.currency,
      sale_amount: d.salePrice?.amount ?? null,
      sale_currency: d.salePrice?.currency ?? null,
      availability: d.availability,
      categories: d.categories,
      category_paths: categoryPathsOf(d.categories),
      brand: d.brand,
      attributes: d.attributes,
      title_search: searchForm(d.title),
      brand_search: d.brand === null ? null : searchForm(d.brand),
      updated_at: updatedAt.toISOString(),
    })),
  );
}

const WRITTEN = `group_id, title, description, url, image_media_id, image_url, price_amount, price_currency, sale_amount, sale_currency,
  availability, categories, category_paths, brand, attributes, title_search, brand_search, updated_at`;

const RECORDSET = `jsonb_to_recordset($2::jsonb) AS r(product_id text, group_id text, title text, description text, url text,
  image_media_id text, image_url text, price_amount bigint, price_currency text, sale_amount bigint, sale_currency text,
  availability text, categories text[], category_paths text[], brand text, attributes jsonb, title_search text,
  brand_search text, updated_at timestamptz)`;

/**
 * The site's stored products of these ids, archived ones included, locked for the rest of the
 * transaction (in id order, so concurrent writers of the same products never deadlock).
 */
export async function lockProducts(q: Queryable, siteId: string, productIds: readonly string[]): Promise<Map<string, Product>> {
  const { rows } = await q.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products p WHERE p.site_id = $1 AND p.product_id = ANY($2::text[]) ORDER BY p.product_id FOR UPDATE`,
    [siteId, [...new Set(productIds)]],
  );
  return new Map(rows.map((r) => [r.product_id, productFromRow(r)]));
}

/** The site's stored products of these ids, archived ones included, as they are (no lock). */
export async function findStored(q: Queryable, siteId: string, productIds: readonly string[]): Promise<Map<string, Product>> {
  const { rows } = await q.query<ProductRow>(`SELECT ${COLUMNS} FROM products p WHERE p.site_id = $1 AND p.product_id = ANY($2::text[])`, [siteId, [...new Set(productIds)]]);
  return new Map(rows.map((r) => [r.product_id, productFromRow(r)]));
}

/** Inserts products that do not exist; those another writer inserted meanwhile are left out of the answer. */
export async function insertProducts(q: Queryable, siteId: string, versions: readonly ProductVersion[]): Promise<Product[]> {
  if (versions.length === 0) return [];
  const { rows } = await q.query<ProductRow>(
    `INSERT INTO products AS p (site_id, product_id, ${WRITTEN})
     SELECT $1, r.product_id, ${WRITTEN.replace(/(\w+)/g, 'r.$1')} FROM ${RECORDSET}
     ON CONFLICT (site_id, product_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [siteId, rowsDocument(versions)],
  );
  return rows.map(productFromRow);
}

/** Replaces stored products (locked by the caller) whole; an archived one is revived, as if created now. */
export async function replaceProducts(q: Queryable, siteId: string, versions: readonly ProductVersion[]): Promise<Product[]> {
  if (versions.length === 0) return [];
  const set = WRITTEN.split(',').map((c) => `${c.trim()} = r.${c.trim()}`).join(', ');
  const { rows } = await q.query<ProductRow>(
    `UPDATE products AS p SET ${set}, stored_at = now(), archived_at = NULL,
            created_at = CASE WHEN p.archived_at IS NULL THEN p.created_at ELSE now() END
       FROM ${RECORDSET}
      WHERE p.site_id = $1 AND p.product_id = r.product_id
     RETURNING ${COLUMNS}`,
    [siteId, rowsDocument(versions)],
  );
  return rows.map(productFromRow);
}

/** A live (not archived) product of the site. */
export async function findProduct(q: Queryable, siteId: string, productId: string): Promise<Product | undefined> {
  const { rows } = await q.query<ProductRow>(`SELECT ${COLUMNS} FROM products p WHERE p.site_id = $1 AND p.product_id = $2 AND p.archived_at IS NULL`, [siteId, productId]);
  return rows[0] && productFromRow(rows[0]);
}

/** The live products of the site among these ids (any order; unknown and archived ids are left out). */
export async function findProducts(q: Queryable, siteId: string, productIds: readonly string[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const { rows } = await q.query<ProductRow>(
    `SELECT ${COLUMNS} FROM products p WHERE p.site_id = $1 AND p.product_id = ANY($2::text[]) AND p.archived_at IS NULL`,
    [siteId, [...new Set(productIds)]],
  );
  return rows.map(productFromRow);
}

const SHELF_COLUMNS = [...SHOWN.map((c) => `p.${c}`), 'p.xmin::text AS version'].join(', ');

type ShelfRowRaw = ShownRow & { version: string };

const shelfFromRow = (r: ShelfRowRaw): ShelfListing => ({ ...shownFromRow(r), version: r.version });

/** The shelf's columns of the live products of the site among these ids (unknown and archived ids left out). */
export async function findShelfRows(q: Queryable, siteId: string, productIds: readonly string[]): Promise<ShelfListing[]> {
  if (productIds.length === 0) return [];
  const { rows } = await q.query<ShelfRowRaw>(
    `SELECT ${SHELF_COLUMNS} FROM products p WHERE p.site_id = $1 AND p.product_id = ANY($2::text[]) AND p.archived_at IS NULL`,
    [siteId, [...new Set(productIds)]],
  );
  return rows.map(shelfFromRow);
}

/**
 * Of these ids and the versions a reader keeps ('' for an id that had no live product), those whose
 * live row is another version now, or came or went (archived, revived): one index probe an id, and
 * only the changed ids come back.
 */
export async function changedShelfRows(q: Queryable, siteId: string, kept: readonly { id: string; version: string }[]): Promise<string[]> {
  if (kept.length === 0) return [];
  const { rows } = await q.query<{ id: string }>(
    `SELECT k.id FROM unnest($2::text[], $3::text[]) AS k(id, version)
       LEFT JOIN products p ON p.site_id = $1 AND p.product_id = k.id AND p.archived_at IS NULL
      WHERE coalesce(p.xmin::text, '') <> k.version`,
    [siteId, kept.map((k) => k.id), kept.map((k) => k.version)],
  );
  return rows.map((r) => r.id);
}

/** The shelf's columns of the site's newest live products (in stock only, when asked). */
export async function newestShelfRows(q: Queryable, siteId: string, limit: number, inStockOnly: boolean): Promise<ShelfListing[]> {
  const { rows } = await q.query<ShelfRowRaw>(
    `SELECT ${SHELF_COLUMNS} FROM products p WHERE p.site_id = $1 AND p.archived_at IS NULL AND ($3::boolean IS FALSE OR p.availability = 'in_stock')
      ORDER BY p.created_at DESC, p.product_id COLLATE "C" DESC LIMIT $2`,
    [siteId, limit, inStockOnly],
  );
  return rows.map(shelfFromRow);
}

/** Archives a live product: undefined when there is none. */
export async function archiveProduct(q: Queryable, siteId: string, productId: string): Promise<Product | undefined> {
  const { rows } = await q.query<ProductRow>(
    `UPDATE products AS p SET archived_at = now(), stored_at = now() WHERE p.site_id = $1 AND p.product_id = $2 AND p.archived_at IS NULL RETURNING ${COLUMNS}`,
    [siteId, productId],
  );
  return rows[0] && productFromRow(rows[0]);
}

/** Whether a live product of the site shows this media item. */
export async function usesMedia(q: Queryable, siteId: string, mediaId: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM products p WHERE p.site_id = $1 AND p.image_media_id = $2 AND p.archived_at IS NULL LIMIT 1`, [siteId, mediaId]);
  return rows.length > 0;
}

/** The filters of a list, in their normal forms (search-text.ts, categories.ts). */
export interface ProductFilters {
  q?: string;
  category?: string;
  availability?: Availability;
}

/** A page of the site's live products matching the filters, newest first (created_at, then product id). */
export async function listProducts(q: Queryable, siteId: string, filters: ProductFilters, limit: number, after?: PageAfter): Promise<(Product & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'p.created_at', id: 'p.product_id' }, 3, 4);
  const params: unknown[] = [siteId, limit, ...afterParams(after)];
  const where = ['p.site_id = $1', 'p.archived_at IS NULL', page.after];
  if (filters.q !== undefined) {
    params.push(containsPattern(filters.q));
    where.push(`(p.title_search LIKE $${params.length} ESCAPE '\\' OR p.brand_search LIKE $${params.length} ESCAPE '\\')`);
  }
  if (filters.category !== undefined) {
    params.push(filters.category);
    where.push(`p.category_paths @> ARRAY[$${params.length}::text]`);
  }
  if (filters.availability !== undefined) {
    params.push(filters.availability);
    where.push(`p.availability = $${params.length}`);
  }
  const { rows } = await q.query<ProductRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM products p WHERE ${where.join(' AND ')} ${page.orderBy} LIMIT $2`,
    params,
  );
  return rows.map((r) => ({ ...productFromRow(r), cursor_at: r.cursor_at }));
}
