// Popularity, pure (CONTRACT §10): products ranked by weighted views, carts and purchases of the last
// 7 days, ties by the newest; and the picking of a slot's items from a ranking: never the anchor,
// only live products (the ranking holds only those), in stock unless the slot says otherwise, within
// the slot's categories, and products sharing a category with the anchor first.
import type { ProductCounts, ShelfProduct } from '../../kernel/index.js';
import { POPULARITY_WEIGHTS } from './recommendation.js';

export const popularityScore = (c: Pick<ProductCounts, 'views' | 'carts' | 'purchases'>): number =>
  c.views * POPULARITY_WEIGHTS.view + c.carts * POPULARITY_WEIGHTS.cart + c.purchases * POPULARITY_WEIGHTS.purchase;

/** The shelf's products, most popular first (then the newest, then by id): products without activity rank by age alone. */
export function rankByPopularity(products: readonly ShelfProduct[], counts: readonly ProductCounts[]): ShelfProduct[] {
  const score = new Map(counts.map((c) => [c.productId, popularityScore(c)]));
  return [...products].sort(
    (a, b) =>
      (score.get(b.productId) ?? 0) - (score.get(a.productId) ?? 0) ||
      b.createdAt.getTime() - a.createdAt.getTime() ||
      (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
  );
}

/** Whether a product lies in one of these category paths or below one (`A > B` holds `A > B > C`). */
export const inCategories = (p: Pick<ShelfProduct, 'categories'>, paths: readonly string[]): boolean =>
  paths.length === 0 || p.categories.some((c) => paths.some((path) => c === path || c.startsWith(`${path} > `)));

export interface PickOptions {
  limit: number;
  inStockOnly: boolean;
  categories: readonly string[];
  /** Never shown; its categories go first. */
  anchor: Pick<ShelfProduct, 'productId' | 'categories'> | null;
  /** Already chosen by another strategy: not shown twice. */
  taken?: ReadonlySet<string>;
}

/**
 * Up to `limit` products of a ranking that the slot may show, those sharing a category with the
 * anchor first. Every answer picks from its site's ranking (hundreds of products): the products of
 * the anchor's categories are found through an index of the ranking by category (built once a
 * ranking), and the scan stops once the slot is full.
 */
export function pickFromRanking(ranked: readonly ShelfProduct[], o: PickOptions): ShelfProduct[] {
  if (o.limit <= 0) return [];
  const shown = (p: ShelfProduct) => !o.taken?.has(p.productId) && eligible(p, o);
  const anchorCategories = o.anchor?.categories ?? [];
  const near: ShelfProduct[] = [];
  if (anchorCategories.length > 0) {
    for (const at of positionsIn(ranked, anchorCategories)) {
      const p = ranked[at]!;
      if (shown(p) && near.push(p) === o.limit) return near;
    }
  }
  // Every product of the anchor's categories the slot may show is in `near` by now.
  const out = near;
  for (const p of ranked) {
    if (out.length === o.limit) break;
    if (shown(p) && !p.categories.some((c) => anchorCategories.includes(c))) out.push(p);
  }
  return out;
}

/** Each ranking's positions by category (rankings are kept as they are built, never changed). */
const CATEGORY_INDEX = new WeakMap<readonly ShelfProduct[], Map<string, number[]>>();

/** The positions in the ranking of the products in any of these categories, in ranking order. */
function positionsIn(ranked: readonly ShelfProduct[], categories: readonly string[]): number[] {
  let index = CATEGORY_INDEX.get(ranked);
  if (!index) {
    index = new Map();
    for (let at = 0; at < ranked.length; at += 1) {
      for (const c of new Set(ranked[at]!.categories)) {
        const list = index.get(c);
        if (list) list.push(at);
        else index.set(c, [at]);
      }
    }
    CATEGORY_INDEX.set(ranked, index);
  }
  const lists = [...new Set(categories)].map((c) => index.get(c) ?? []).filter((l) => l.length > 0);
  if (lists.length <= 1) return lists[0] ?? [];
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** Whether the slot may show a product: not the anchor, in stock unless the slot says otherwise, within its categories. */
export const eligible = (p: ShelfProduct, o: Pick<PickOptions, 'anchor' | 'inStockOnly' | 'categories'>): boolean =>
  p.productId !== o.anchor?.productId && (!o.inStockOnly || p.inStock) && inCategories(p, o.categories);

/**
 * A slot's items: the strategy's own proposals (live products, best first) that the slot may show,
 * then popular ones to fill the rest (the anchor's categories first). The strategy named is the one
 * that served the first item: popularity when its own had nothing to show.
 */
export function composeAnswer<S extends string>(strategy: S, own: readonly ShelfProduct[], ranked: readonly ShelfProduct[], o: PickOptions): { strategy: S | 'popular'; items: ShelfProduct[] } {
  const served: ShelfProduct[] = [];
  const taken = new Set<string>(o.taken);
  for (const p of own) {
    if (served.length >= o.limit) break;
    if (taken.has(p.productId) || !eligible(p, o)) continue;
    taken.add(p.productId);
    served.push(p);
  }
  const fill = pickFromRanking(ranked, { ...o, limit: o.limit - served.length, taken });
  return { strategy: served.length > 0 ? strategy : 'popular', items: [...served, ...fill] };
}
