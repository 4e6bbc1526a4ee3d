// Extension points of the kernel that recommendations read from other modules: the live products
// of a site as a storefront shows them (the catalog's), what visitors did with products (the
// events'), and the recommendation slots of live campaigns (the campaigns'). Each is kept by one
// module; without it, it answers as "nothing" (no product, no activity, no slot).
import type { Queryable } from '../db/types.js';

/** A live product as a recommendation shows it: money in integer minor units. */
export interface ShelfProduct {
  productId: string;
  title: string;
  url: string;
  /** A media item of the site (its public URL is the media library's), an image elsewhere, or none. */
  image: { mediaId: string } | { url: string } | null;
  price: { amount: number; currency: string };
  inStock: boolean;
  /** Normalised category paths ("A > B > C"). */
  categories: string[];
  createdAt: Date;
}

export interface ProductShelf {
  /** The live (not archived) products of the site among these ids, by id. */
  products(siteId: string, productIds: readonly string[], q?: Queryable): Promise<Map<string, ShelfProduct>>;
  /** The site's newest live products (in stock only, when asked), at most `limit`. */
  newest(siteId: string, options: { limit: number; inStockOnly: boolean }): Promise<ShelfProduct[]>;
}

/** What visitors did with one product in a period. */
export interface ProductCounts {
  productId: string;
  views: number;
  carts: number;
  purchases: number;
}

export interface ProductActivity {
  /** Per product, its views, add-to-carts and purchases (events of any trust class) since `since`, most active first, at most `limit` products. */
  countsSince(siteId: string, since: Date, limit: number): Promise<ProductCounts[]>;
}

export type RecommendationStrategy = 'similar' | 'frequently_bought_together' | 'personalized' | 'popular';

/** A live recommendation campaign's slot: what it asks for. */
export interface RecommendationSlot {
  campaignId: string;
  strategy: RecommendationStrategy;
  limit: number;
  filters: { categories: string[]; inStockOnly: boolean };
}

export interface RecommendationSlots {
  /** The slot of a live recommendation campaign of the site (active, in its dates, its experiment running), else null. */
  slot(siteId: string, campaignId: string, now: Date): Promise<RecommendationSlot | null>;
}

export const NO_SHELF: ProductShelf = { products: async () => new Map(), newest: async () => [] };
export const NO_ACTIVITY: ProductActivity = { countsSince: async () => [] };
export const NO_SLOTS: RecommendationSlots = { slot: async () => null };
