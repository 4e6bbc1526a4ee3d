// One recommendation (CONTRACT §10): the live recommendation campaign of the site (404 otherwise),
// its strategy (similar needs a product_id: 400 at /product_id), the strategy's own proposals from
// the model (neighbours of the anchor, of the session's orders or of its recent views), those the
// slot may show first, popular products filling the rest (the anchor's categories first); stored
// with their new recommendation_id. `strategy` names what served the first item: popularity when
// the strategy had nothing to show (an unknown anchor, one without neighbours seen in two sessions,
// a session the model has not seen).
import type { Database } from '../../db/types.js';
import { notFound, validationFailed } from '../../errors.js';
import type { ProductShelf, RecommendationSlot, RecommendationSlots, ShelfProduct } from '../../kernel/index.js';
import type { AnswerWriter } from './answer-writer.js';
import type { ModelReader } from './model-reader.js';
import { composeAnswer } from './popularity.js';
import type { PopularShelf } from './popular-shelf.js';
import { MAX_ITEMS, newRecommendationId, type Answer, type Ask } from './recommendation.js';
import { proposalsOf, seedsOf } from './strategies.js';

export interface RecommendDeps {
  db: Database;
  slots: RecommendationSlots;
  shelf: Pick<ProductShelf, 'products'>;
  popular: PopularShelf;
  model: ModelReader;
  answers: Pick<AnswerWriter, 'write'>;
}

export interface RecommendRequest {
  siteId: string;
  campaignId: string;
  productId?: string;
  sessionId?: string;
  limit?: number;
}

function askOf(slot: RecommendationSlot, request: RecommendRequest): Ask {
  return {
    siteId: request.siteId,
    campaignId: slot.campaignId,
    strategy: slot.strategy,
    limit: Math.min(request.limit ?? slot.limit, MAX_ITEMS),
    inStockOnly: slot.filters.inStockOnly,
    categories: slot.filters.categories,
    anchorProductId: request.productId ?? null,
    sessionId: request.sessionId ?? null,
  };
}

/** The strategy's proposals in order (product ids), from the model. */
async function proposals(deps: RecommendDeps, ask: Ask): Promise<string[]> {
  const needsSession = ask.sessionId !== null && (ask.strategy === 'personalized' || (ask.strategy === 'frequently_bought_together' && ask.anchorProductId === null));
  const session = needsSession ? await deps.model.session(ask.siteId, ask.sessionId!) : undefined;
  const { kind, seeds } = seedsOf(ask.strategy, ask.anchorProductId, session);
  if (seeds.length === 0) return [];
  const lists = await deps.model.neighbours(ask.siteId, kind, seeds);
  return proposalsOf(ask.strategy, ask.anchorProductId, session, (_, p) => lists.get(p) ?? []);
}

export async function recommend(deps: RecommendDeps, request: RecommendRequest, now = new Date()): Promise<Answer> {
  const slot = await deps.slots.slot(request.siteId, request.campaignId, now);
  if (!slot) throw notFound('Campaign');
  if (slot.strategy === 'similar' && request.productId === undefined) {
    throw validationFailed('/product_id', 'product_id is required: the campaign recommends products similar to one', 'required');
  }
  const ask = askOf(slot, request);
  const [proposed, ranked] = await Promise.all([proposals(deps, ask), deps.popular.ranking(ask.siteId)]);
  // Enough of the proposals for the slot when a few are filtered out (the fill covers the rest).
  const own = proposed.slice(0, 2 * ask.limit + 8);
  // One read of the catalog: the anchor (its categories; archived or unknown, it shapes the answer
  // by its id alone and is never shown) and the proposals that are live.
  const anchorId = ask.anchorProductId;
  const live = await deps.shelf.products(ask.siteId, anchorId === null ? own : [anchorId, ...own]);
  const anchor = anchorId === null ? null : (live.get(anchorId) ?? { productId: anchorId, categories: [] });
  const ownLive = own.map((id) => live.get(id)).filter((p): p is ShelfProduct => p !== undefined);
  const composed = composeAnswer(ask.strategy, ownLive, ranked, { limit: ask.limit, inStockOnly: ask.inStockOnly, categories: ask.categories, anchor });
  const answer: Answer = { recommendationId: newRecommendationId(), campaignId: ask.campaignId, strategy: composed.strategy, items: composed.items };
  await deps.answers.write(ask, answer);
  return answer;
}
