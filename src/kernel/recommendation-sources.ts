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
  /** The stored row's version, when read by id (any change of the product moves it). */
  version?: string;
}

export interface ProductShelf {
  /** The live (not archived) products of the site among these ids, by id. */
  products(siteId: string, productIds: readonly string[], q?: Queryable): Promise<Map<string, ShelfProduct>>;
  /**
   * Of these ids and the versions read before ('' for an id without a live product then), those
   * whose live product changed, came or went since.
   */
  changed(siteId: string, kept: readonly { id: string; version: string }[]): Promise<string[]>;
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

/** What a visitor did with a product, as recommendations learn from it. */
export type InteractionKind = 'view' | 'cart' | 'purchase';

/** One product of one event: a view, an add-to-cart, or a line of a purchase. */
export interface ProductInteraction {
  sessionId: string;
  productId: string;
  kind: InteractionKind;
  /** When it occurred (epoch milliseconds). */
  at: number;
  /** Sent with a secret key (trust class `server`): only those purchases are orders. */
  trusted: boolean;
}

/**
 * A page of interactions in the order a reader walks them, and where the next page starts. A cursor
 * is opaque to its reader: it stores it and gives it back.
 */
export interface InteractionPage {
  interactions: ProductInteraction[];
  /** How many events the page read (an event may name several products, or none). */
  events: number;
  /** Where the next page starts (the position after the last event read; unchanged when none was). */
  next: string | null;
  /** Whether the walk reached its end (nothing more before the horizon, or before `to`). */
  done: boolean;
}

export interface ProductActivity {
  /** Per product, its views, add-to-carts and purchases (events of any trust class) since `since`, most active first, at most `limit` products. */
  countsSince(siteId: string, since: Date, limit: number): Promise<ProductCounts[]>;
  /**
   * The horizon of the stream of product events: every event before it has committed or never
   * will, so a reader that stops there skips nothing that commits late. Positions are decimal
   * integers (compare them with streamPositionReached); cursors are opaque.
   */
  horizon(q?: Queryable): Promise<string>;
  /** A position after every event committed so far: once the horizon reaches it, a reader sees them all. */
  frontier(q?: Queryable): Promise<string>;
  /**
   * The interactions of the site's product events after `cursor` (null: from the first) and before
   * `horizon`, in the stream's order, from at most `limit` events.
   */
  interactionsAfter(siteId: string, cursor: string | null, horizon: string, limit: number, q?: Queryable): Promise<InteractionPage>;
  /** Which of the sites, each with its cursor (null: none yet), have product events after it and before `horizon`; with `others`, also every other site that has product events. */
  sitesWithInteractions(cursors: ReadonlyMap<string, string | null>, horizon: string, others: boolean): Promise<string[]>;
  /** The interactions of the site's product events that occurred in [from, to), by time, from at most `limit` events after `cursor` (null: from `from`). */
  interactionsBetween(siteId: string, from: Date, to: Date, cursor: string | null, limit: number): Promise<InteractionPage>;
}

/** Whether stream position `a` (a horizon or a frontier: decimal integers) is at or after `b`. */
export const streamPositionReached = (a: string, b: string): boolean => BigInt(a || '0') >= BigInt(b || '0');

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

export const NO_SHELF: ProductShelf = { products: async () => new Map(), changed: async () => [], newest: async () => [] };
const NO_PAGE: InteractionPage = { interactions: [], events: 0, next: null, done: true };
export const NO_ACTIVITY: ProductActivity = {
  countsSince: async () => [],
  horizon: async () => '0',
  frontier: async () => '0',
  interactionsAfter: async () => NO_PAGE,
  sitesWithInteractions: async () => [],
  interactionsBetween: async () => NO_PAGE,
};
export const NO_SLOTS: RecommendationSlots = { slot: async () => null };
