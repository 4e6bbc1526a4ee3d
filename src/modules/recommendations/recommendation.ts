// The recommendations module's domain values (CONTRACT §10): an answer (its id, the strategy that
// served its first item, the products in order), and how popularity weighs what visitors did.
import { randomFillSync } from 'node:crypto';
import type { RecommendationStrategy, ShelfProduct } from '../../kernel/index.js';

export const RECOMMENDATION_ID_PATTERN = '^rec_[A-Za-z0-9]{4,64}$';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** CSPRNG bytes drawn 4 KiB at a time: every answer needs an id, and a draw per id costs more than the id. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/**
 * A new answer's id: `rec_`, the time in milliseconds as 11 hex digits, then 9 base62 characters
 * (bytes ≥ 248 rejected: no modulo bias). Answers are stored under their id: ids that grow with time
 * land at the right edge of the primary key's index instead of on a random page of it, which kept
 * inserts into a table of millions of answers three to four times cheaper (BENCHMARKS.md). 9 random
 * characters (53 bits) a millisecond keep ids unique and unguessable enough for what they are: a
 * tag that impressions and clicks carry back, never a credential.
 */
export function newRecommendationId(now = Date.now()): string {
  let out = `rec_${now.toString(16).padStart(11, '0')}`;
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
