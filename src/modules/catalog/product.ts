// The catalog's domain values: a product (one sellable SKU) as a client describes it (a draft,
// checked and normalised), as it is stored, and what a write of one did. Repositories map rows to
// these; rules, use cases and later readers (recommendations, campaigns) read only these.

export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** An amount in integer minor units of its ISO 4217 currency (CONTRACT §0). */
export interface Money {
  amount: number;
  currency: string;
}

/** What a client says a product is, checked and normalised; everything but its id. */
export interface ProductDraft {
  /** Variants of one item share a group id (another product id, or any id of the same form). */
  groupId: string | null;
  title: string;
  description: string | null;
  /** Absolute http(s). */
  url: string;
  /** A media item of the site (at most one of imageMediaId and imageUrl). */
  imageMediaId: string | null;
  imageUrl: string | null;
  price: Money;
  /** In the price's currency and at most the price. */
  salePrice: Money | null;
  availability: Availability;
  /** Normalised paths ("A > B > C"), without duplicates, in the order given. */
  categories: string[];
  brand: string | null;
  /** String keys to string values. */
  attributes: Record<string, string>;
  /** The client's version of the product; null when it sent none (the time of receipt then stands for it). */
  updatedAt: Date | null;
}

/** A draft for a product id: what one write asks for. */
export interface ProductWrite {
  productId: string;
  draft: ProductDraft;
}

/** A stored product. */
export interface Product extends Omit<ProductDraft, 'updatedAt'> {
  siteId: string;
  productId: string;
  /** Its version: the client's updated_at, or the time of receipt of a write without one. */
  updatedAt: Date;
  /** When the product was created (or revived after being archived): the list's order. */
  createdAt: Date;
  /** When its current version was stored. */
  storedAt: Date;
  /** Archived products are gone from every read; a write revives them. */
  archivedAt: Date | null;
}

/** What a write of one product did. */
export type WriteStatus = 'created' | 'updated' | 'unchanged';

/** What a storefront shows of a live product (the recommendation shelf), and its row's version. */
export type ShelfListing = Pick<Product, 'productId' | 'title' | 'url' | 'imageMediaId' | 'imageUrl' | 'price' | 'salePrice' | 'availability' | 'categories' | 'createdAt'> & {
  /** The row's xmin: every write of the product (archiving too) moves it. */
  version: string;
};
