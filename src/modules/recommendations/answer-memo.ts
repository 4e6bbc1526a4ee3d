// Composed answers kept for the asks that do not depend on a session (a product page's similar or
// bought-together slot, a home page's popular one): the same anchor asked in the same slot within
// MEMO_MS gets the same items, so an answer is composed once and served many times (each with its
// own recommendation_id, each stored).
//
// An entry is served for MEMO_MS at most after it was composed, only with the popular ranking it
// was composed with (the same array: a ranking rebuilt is a new one), and never once one of its
// inputs (the products and neighbour lists it was composed from) is older than its cache's maximum
// age (`until`). So answers keep the caches' bounds (a product changed reaches them within 5 s, a
// neighbour list within 20 s); within those, a value read again reaches them at most MEMO_MS
// later. Each ask composed again goes through the caches, which read again in the background what
// is due (answers served from here read no cache).
import type { ShelfProduct } from '../../kernel/index.js';
import type { Ask } from './recommendation.js';

/** How long an answer composed is served again at most. */
export const MEMO_MS = 1_000;
/** Entries kept at most (the oldest composed go first). */
const MAX_ENTRIES = 20_000;

export interface Composed {
  strategy: Ask['strategy'];
  items: ShelfProduct[];
}

interface Entry {
  composed: Composed;
  ranked: readonly ShelfProduct[];
  until: number;
}

export interface AnswerMemo {
  /** The answer composed for this ask with this ranking, if it is still fresh at `now`. */
  get(ask: Ask, ranked: readonly ShelfProduct[], now: number): Composed | undefined;
  /**
   * Keeps an answer composed at `now` with this ranking from inputs within their maximum age until
   * `until`; returns the answer to serve (the one kept before when its items are the same).
   */
  set(ask: Ask, ranked: readonly ShelfProduct[], composed: Composed, until: number, now: number): Composed;
  /** Forgets every answer (after the model was refreshed in this process). */
  clear(): void;
}

/** Whether an ask's answer depends on a session (then it is never kept). */
export const readsSession = (ask: Ask): boolean =>
  ask.sessionId !== null && (ask.strategy === 'personalized' || (ask.strategy === 'frequently_bought_together' && ask.anchorProductId === null));

/** Everything of an ask an answer depends on, the session aside. */
const keyOf = (ask: Ask): string =>
  `${ask.siteId}\n${ask.campaignId}\n${ask.strategy}\n${ask.limit}\n${ask.inStockOnly ? 1 : 0}\n${ask.categories.join('\t')}\n${ask.anchorProductId ?? ''}`;

export function createAnswerMemo(max = MAX_ENTRIES, memoMs = MEMO_MS): AnswerMemo {
  const entries = new Map<string, Entry>();
  return {
    get(ask, ranked, now) {
      if (readsSession(ask)) return undefined;
      const e = entries.get(keyOf(ask));
      return e && e.until > now && e.ranked === ranked ? e.composed : undefined;
    },
    set(ask, ranked, composed, until, now) {
      if (readsSession(ask) || until <= now) return composed;
      const key = keyOf(ask);
      const kept = entries.get(key)?.composed;
      // The same items as before (the caches keep a product read again unchanged as the same
      // object): the answer kept stays, and so does its view (routes.ts).
      const same = kept !== undefined && kept.strategy === composed.strategy && kept.items.length === composed.items.length && kept.items.every((p, i) => p === composed.items[i]);
      entries.delete(key);
      entries.set(key, { composed: same ? kept : composed, ranked, until: Math.min(until, now + memoMs) });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      return same ? kept : composed;
    },
    clear: () => entries.clear(),
  };
}
