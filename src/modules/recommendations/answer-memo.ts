// Composed answers kept for the asks that do not depend on a session (a product page's similar or
// bought-together slot, a home page's popular one): the same anchor asked in the same slot within
// the memo's lifetime gets the same items, so an answer is composed once and served many times
// (each with its own recommendation_id, each stored).
//
// An entry is served until the first of: MEMO_MS after it was composed (less a random part of up to
// half of it, so that answers composed together, after a start or a refresh, are not composed again
// together), and GRACE_MS before one of its inputs (the products and neighbour lists it was composed
// from) reaches its cache's maximum age (`until`): the composition that follows then finds that input
// still in its cache, due and being read again in the background, instead of waiting for the
// database. So answers keep the caches' bounds: a product changed reaches them within 5 s, a
// neighbour list within 20 s. The popular ranking an answer was filled from is served 30 s at most
// (popular-shelf.ts), and a ranking rebuilt reaches answers within MEMO_MS more; a new ranking does
// not throw every answer away at once (that wave of compositions was the recommendation route's
// tail). Each ask composed again goes through the caches, which read again in the background what
// is due (answers served from here read no cache).
import type { ShelfProduct } from '../../kernel/index.js';
import type { Ask } from './recommendation.js';

/** How long an answer composed is served again at most. */
export const MEMO_MS = 5_000;
/** How long before its oldest input's maximum age an entry ends. */
export const GRACE_MS = 1_000;
/** The share of MEMO_MS by which an entry's lifetime is shortened, at random. */
const JITTER = 0.5;
/** Entries kept at most (the oldest composed go first). */
const MAX_ENTRIES = 20_000;

export interface Composed {
  strategy: Ask['strategy'];
  items: ShelfProduct[];
}

interface Entry {
  composed: Composed;
  until: number;
}

export interface AnswerMemo {
  /** The answer composed for this ask, if it is still fresh at `now`. */
  get(ask: Ask, now: number): Composed | undefined;
  /**
   * Keeps an answer composed at `now` from inputs within their maximum age until `until` (until
   * GRACE_MS before it); returns the answer to serve (the one kept before when its items are the same).
   */
  set(ask: Ask, composed: Composed, until: number, now: number): Composed;
  /** Forgets every answer (after the model was refreshed in this process). */
  clear(): void;
}

/** Whether an ask's answer depends on a session (then it is never kept). */
export const readsSession = (ask: Ask): boolean =>
  ask.sessionId !== null && (ask.strategy === 'personalized' || (ask.strategy === 'frequently_bought_together' && ask.anchorProductId === null));

/** Everything of an ask an answer depends on, the session aside. */
const keyOf = (ask: Ask): string =>
  `${ask.siteId}\n${ask.campaignId}\n${ask.strategy}\n${ask.limit}\n${ask.inStockOnly ? 1 : 0}\n${ask.categories.join('\t')}\n${ask.anchorProductId ?? ''}`;

export function createAnswerMemo(max = MAX_ENTRIES, memoMs = MEMO_MS, random: () => number = Math.random): AnswerMemo {
  const entries = new Map<string, Entry>();
  return {
    get(ask, now) {
      if (readsSession(ask)) return undefined;
      const e = entries.get(keyOf(ask));
      return e && e.until > now ? e.composed : undefined;
    },
    set(ask, composed, until, now) {
      if (readsSession(ask)) return composed;
      const key = keyOf(ask);
      const kept = entries.get(key)?.composed;
      // The same items as before (the caches keep a product read again unchanged as the same
      // object): the answer kept stays, and so does its view (routes.ts). An entry that ends at
      // once is kept too, for that (`get` never serves it).
      const same = kept !== undefined && kept.strategy === composed.strategy && kept.items.length === composed.items.length && kept.items.every((p, i) => p === composed.items[i]);
      const served = same ? kept : composed;
      entries.delete(key);
      entries.set(key, { composed: served, until: Math.min(until - GRACE_MS, now + memoMs * (1 - JITTER * random())) });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      return served;
    },
    clear: () => entries.clear(),
  };
}
