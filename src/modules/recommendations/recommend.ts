// One recommendation (CONTRACT §10): the live recommendation campaign of the site (404 otherwise),
// its strategy (similar needs a product_id: 400 at /product_id), the items, stored with their new
// recommendation_id. Until the strategies' models exist on a site, popularity serves every slot (the
// contract's fallback when a strategy has too little data), products sharing the anchor's category
// first; `strategy` names what served the first item.
import type { Database } from '../../db/types.js';
import { notFound, validationFailed } from '../../errors.js';
import type { ProductShelf, RecommendationSlots } from '../../kernel/index.js';
import { insertAnswer } from './answers-repository.js';
import { pickFromRanking } from './popularity.js';
import type { PopularShelf } from './popular-shelf.js';
import { MAX_ITEMS, newRecommendationId, type Answer, type Ask } from './recommendation.js';

export interface RecommendDeps {
  db: Database;
  slots: RecommendationSlots;
  shelf: ProductShelf;
  popular: PopularShelf;
}

export interface RecommendRequest {
  siteId: string;
  campaignId: string;
  productId?: string;
  sessionId?: string;
  limit?: number;
}

export async function recommend(deps: RecommendDeps, request: RecommendRequest, now = new Date()): Promise<Answer> {
  const slot = await deps.slots.slot(request.siteId, request.campaignId, now);
  if (!slot) throw notFound('Campaign');
  if (slot.strategy === 'similar' && request.productId === undefined) {
    throw validationFailed('/product_id', 'product_id is required: the campaign recommends products similar to one', 'required');
  }
  const ask: Ask = {
    siteId: request.siteId,
    campaignId: slot.campaignId,
    strategy: slot.strategy,
    limit: Math.min(request.limit ?? slot.limit, MAX_ITEMS),
    inStockOnly: slot.filters.inStockOnly,
    categories: slot.filters.categories,
    anchorProductId: request.productId ?? null,
    sessionId: request.sessionId ?? null,
  };
  // An archived or unknown anchor still shapes the answer by nothing but its id (never shown).
  const anchor = ask.anchorProductId === null ? null : ((await deps.shelf.products(ask.siteId, [ask.anchorProductId])).get(ask.anchorProductId) ?? { productId: ask.anchorProductId, categories: [] });
  const items = pickFromRanking(await deps.popular.ranking(ask.siteId), { limit: ask.limit, inStockOnly: ask.inStockOnly, categories: ask.categories, anchor });
  const answer: Answer = { recommendationId: newRecommendationId(), campaignId: ask.campaignId, strategy: 'popular', items };
  await insertAnswer(deps.db, ask, answer);
  return answer;
}
