// Composed answers kept for the asks that do not depend on a session (a product page's similar or
// bought-together slot, a home page's popular one): the same anchor asked in the same slot gets the
// same items until something they were composed from changes, so each answer is composed once and
// served many times (each with its own recommendation_id, each stored).
//
// An entry is served only while every input it was composed from is still fresh in its cache (the
// products and neighbour lists read less than their caches' refresh age ago: `until`) and only with
// the popular ranking it was composed with (the same array: a ranking rebuilt is a new one). So an
// answer served from here is what composing it again would give, from the same caches: it adds no
// staleness to the products' 5 s or the neighbours' 20 s. After `until`, the next ask composes it
// again through the caches (which then read the stale inputs again in the background).
import type { ShelfProduct } from '../../kernel/index.js';
import type { Ask } from './recommendation.js';

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
  /** Keeps an answer composed with this ranking from inputs fresh until `until` (kept only if later than `now`). */
  set(ask: Ask, ranked: readonly ShelfProduct[], composed: Composed, until: number, now: number): void;
  /** Forgets every answer (after the model was refreshed in this process). */
  clear(): void;
}

/** Whether an ask's answer depends on a session (then it is never kept). */
export const readsSession = (ask: Ask): boolean =>
  ask.sessionId !== null && (ask.strategy === 'personalized' || (ask.strategy === 'frequently_bought_together' && ask.anchorProductId === null));

/** Everything of an ask an answer depends on, the session aside. */
const keyOf = (ask: Ask): string =>
  `${ask.siteId}\n${ask.campaignId}\n${ask.strategy}\n${ask.limit}\n${ask.inStockOnly ? 1 : 0}\n${ask.categories.join('\t')}\n${ask.anchorProductId ?? ''}`;

export function createAnswerMemo(max = MAX_ENTRIES): AnswerMemo {
  const entries = new Map<string, Entry>();
  return {
    get(ask, ranked, now) {
      if (readsSession(ask)) return undefined;
      const e = entries.get(keyOf(ask));
      return e && e.until > now && e.ranked === ranked ? e.composed : undefined;
    },
    set(ask, ranked, composed, until, now) {
      if (readsSession(ask) || until <= now) return;
      const key = keyOf(ask);
      entries.delete(key);
      entries.set(key, { composed, ranked, until });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    clear: () => entries.clear(),
  };
}
