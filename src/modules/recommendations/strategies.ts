// What each strategy proposes before the slot's filters, pure (CONTRACT §10): the products it
// would show, best first. `similar`: the anchor's neighbours. `frequently_bought_together`: the
// neighbours in server-trusted orders of the anchor, or without one, of what the session carted or
// bought. `personalized`: the neighbours of the session's recent views (and the anchor, as the most
// recent), the latest counting most. `popular` proposes nothing of its own: the fill is its answer.
import type { RecommendationStrategy } from '../../kernel/index.js';
import { INTERACTION_WEIGHTS, type ModelKind, type SessionState } from './co-occurrence.js';
import { personalScores, type Neighbour } from './neighbours.js';

export type NeighbourLists = (kind: ModelKind, productId: string) => readonly Neighbour[];

/** The products whose neighbours a strategy reads, by the model's kind; the latest last. */
export function seedsOf(strategy: RecommendationStrategy, anchor: string | null, session: SessionState | undefined): { kind: ModelKind; seeds: string[] } {
  switch (strategy) {
    case 'similar':
      return { kind: 'similar', seeds: anchor === null ? [] : [anchor] };
    case 'frequently_bought_together': {
      if (anchor !== null) return { kind: 'bought', seeds: [anchor] };
      const carted = (session?.products ?? []).filter((p) => p.weight >= INTERACTION_WEIGHTS.cart).map((p) => p.productId);
      return { kind: 'bought', seeds: [...new Set([...(session?.basket ?? []), ...carted])] };
    }
    case 'personalized':
      return { kind: 'similar', seeds: [...(session?.recent ?? []).filter((p) => p !== anchor), ...(anchor === null ? [] : [anchor])] };
    case 'popular':
      return { kind: 'similar', seeds: [] };
  }
}

/** The strategy's own proposals, best first: never the anchor (nor, for bought-together, what the session already holds). */
export function proposalsOf(strategy: RecommendationStrategy, anchor: string | null, session: SessionState | undefined, lists: NeighbourLists): string[] {
  const { kind, seeds } = seedsOf(strategy, anchor, session);
  if (seeds.length === 0) return [];
  const exclude = new Set<string>(strategy === 'frequently_bought_together' ? seeds : []);
  if (anchor !== null) exclude.add(anchor);
  return personalScores(seeds, (p) => lists(kind, p), exclude).map((n) => n.productId);
}
