// Recommendations as one service: answers for a campaign's slot, from the sources other modules keep
// (the kernel's product shelf, product activity and recommendation slots).
import type { Database } from '../../db/types.js';
import type { ProductActivity, ProductShelf, RecommendationSlots } from '../../kernel/index.js';
import { createPopularShelf } from './popular-shelf.js';
import { recommend, type RecommendRequest } from './recommend.js';

export function createRecommendationsService(deps: { db: Database; shelf: ProductShelf; activity: ProductActivity; slots: RecommendationSlots }) {
  const popular = createPopularShelf({ shelf: deps.shelf, activity: deps.activity });
  const recommendDeps = { db: deps.db, slots: deps.slots, shelf: deps.shelf, popular };
  return {
    recommend: (request: RecommendRequest, now?: Date) => recommend(recommendDeps, request, now),
    /** Forget a site's popularity now (the next answer reads the events again). */
    refresh: (siteId: string) => popular.forget(siteId),
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
