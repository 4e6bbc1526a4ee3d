// One recommendation (CONTRACT §10): the live recommendation campaign of the site (404 otherwise),
// its strategy (similar needs a product_id: 400 at /product_id), the strategy's own proposals from
// the model (neighbours of the anchor, of the session's orders or of its recent views), those the
// slot may show first, popular products filling the rest (the anchor's categories first); stored
// with their new recommendation_id. `strategy` names what served the first item: popularity when
// the strategy had nothing to show (an unknown anchor, one without neighbours seen in two sessions,
// a session the model has not seen). An ask that reads no session is served its answer as composed
// for the same ask a moment ago, within the caches' bounds (answer-memo.ts).
import { notFound, validationFailed } from '../../errors.js';
import { requireMarketingConsent, type ConsentPolicy, type ConsentSignals, type RecommendationSlot, type RecommendationSlots, type ShelfProduct } from '../../kernel/index.js';
import type { AnswerWriter } from './answer-writer.js';
import { readsSession, type AnswerMemo, type Composed } from './answer-memo.js';
import type { ModelReader } from './model-reader.js';
import { composeAnswer } from './popularity.js';
import type { PopularShelf } from './popular-shelf.js';
import type { Freshness } from './refreshing-cache.js';
import { MAX_ITEMS, newRecommendationId, type Answer, type Ask } from './recommendation.js';
import type { ShelfReader } from './shelf-cache.js';
import { proposalsOf, seedsOf } from './strategies.js';

export interface RecommendDeps {
  slots: RecommendationSlots;
  shelf: Pick<ShelfReader, 'products'>;
  popular: PopularShelf;
  model: ModelReader;
  answers: Pick<AnswerWriter, 'write'>;
  /** Answers composed for asks without a session, served again a moment (none: each composed). */
  memo?: AnswerMemo;
  /** The clock the caches read (Date.now). */
  clock?: () => number;
  /** The site's consent policy (undefined: the site is gone); without it, requests are not gated (tests of other rules). */
  consentPolicy?(siteId: string): Promise<ConsentPolicy | undefined>;
}

export interface RecommendRequest {
  siteId: string;
  campaignId: string;
  productId?: string;
  sessionId?: string;
  limit?: number;
  /** What a browser request tells of consent; none for a server (a secret key), which is not gated. */
  consent?: ConsentSignals;
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
async function proposals(deps: RecommendDeps, ask: Ask, fresh: Freshness): Promise<string[]> {
  const session = readsSession(ask) ? await deps.model.session(ask.siteId, ask.sessionId!) : undefined;
  const { kind, seeds } = seedsOf(ask.strategy, ask.anchorProductId, session);
  if (seeds.length === 0) return [];
  const lists = await deps.model.neighbours(ask.siteId, kind, seeds, fresh);
  return proposalsOf(ask.strategy, ask.anchorProductId, session, (_, p) => lists.get(p) ?? []);
}

/** The slot's items: the strategy's proposals that are live, popular products filling the rest; `fresh.until` lowered to when an input read reaches its cache's maximum age. */
async function compose(deps: RecommendDeps, ask: Ask, ranked: readonly ShelfProduct[], fresh: Freshness): Promise<Composed> {
  // Enough of the proposals for the slot when a few are filtered out (the fill covers the rest).
  const own = (await proposals(deps, ask, fresh)).slice(0, 2 * ask.limit + 8);
  // One read of the catalog: the anchor (its categories; archived or unknown, it shapes the answer
  // by its id alone and is never shown) and the proposals that are live.
  const anchorId = ask.anchorProductId;
  const live = await deps.shelf.products(ask.siteId, anchorId === null ? own : [anchorId, ...own], fresh);
  const anchor = anchorId === null ? null : (live.get(anchorId) ?? { productId: anchorId, categories: [] });
  const ownLive = own.map((id) => live.get(id)).filter((p): p is ShelfProduct => p !== undefined);
  return composeAnswer(ask.strategy, ownLive, ranked, { limit: ask.limit, inStockOnly: ask.inStockOnly, categories: ask.categories, anchor });
}

export async function recommend(deps: RecommendDeps, request: RecommendRequest, now = new Date()): Promise<Answer> {
  const slot = await deps.slots.slot(request.siteId, request.campaignId, now);
  if (!slot) throw notFound('Campaign');
  if (slot.strategy === 'similar' && request.productId === undefined) {
    throw validationFailed('/product_id', 'product_id is required: the campaign recommends products similar to one', 'required');
  }
  // Personalized answers read the session's history: marketing (CONTRACT §13), refused before anything is stored.
  if (slot.strategy === 'personalized' && request.consent && deps.consentPolicy) {
    const policy = await deps.consentPolicy(request.siteId);
    if (policy) requireMarketingConsent(policy, request.consent, 'Personalized recommendations');
  }
  const ask = askOf(slot, request);
  const clock = deps.clock ?? Date.now;
  let composed = deps.memo?.get(ask, clock());
  if (!composed) {
    const ranked = await deps.popular.ranking(ask.siteId);
    const fresh = { until: Infinity };
    const started = clock();
    composed = await compose(deps, ask, ranked, fresh);
    composed = deps.memo?.set(ask, composed, fresh.until, started) ?? composed;
  }
  const answer: Answer = { recommendationId: newRecommendationId(), campaignId: ask.campaignId, strategy: composed.strategy, items: composed.items };
  await deps.answers.write(ask, answer);
  return answer;
}
