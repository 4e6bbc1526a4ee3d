// The recommendations module's domain values (CONTRACT §10): an answer (its id, the strategy that
// served its first item, the products in order), and how popularity weighs what visitors did.
import { randomFillSync } from 'node:crypto';
import type { RecommendationStrategy, ShelfProduct } from '../../kernel/index.js';

export const RECOMMENDATION_ID_PATTERN = '^rec_[A-Za-z0-9]{4,64}$';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** CSPRNG bytes drawn 4 KiB at a time: every answer needs an id, and a draw per id costs more than the id. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A new answer's id: `rec_` and 20 base62 characters (bytes ≥ 248 rejected: no modulo bias), as ids.ts makes them. */
export function newRecommendationId(): string {
  let out = 'rec_';
  while (out.length < 24) {
    if (used === pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const byte = pool[used]!;
    // Each byte is used once, then overwritten by the next draw.
    used += 1;
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** How much one event says about a product's popularity: a purchase means more than a cart, a cart more than a view. */
export const POPULARITY_WEIGHTS = { view: 1, cart: 3, purchase: 5 } as const;
/** Popularity counts the last 7 days (CONTRACT §10). */
export const POPULARITY_DAYS = 7;
export const MAX_ITEMS = 24;

/** What a recommendation was asked for. */
export interface Ask {
  siteId: string;
  campaignId: string;
  strategy: RecommendationStrategy;
  limit: number;
  inStockOnly: boolean;
  /** Only products in these paths or below (empty: any). */
  categories: string[];
  anchorProductId: string | null;
  sessionId: string | null;
}

export interface Answer {
  recommendationId: string;
  campaignId: string;
  /** What served the first item. */
  strategy: RecommendationStrategy;
  items: ShelfProduct[];
}
