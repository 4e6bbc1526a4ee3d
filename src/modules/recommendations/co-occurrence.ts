// The model's learning rule, pure: what one product interaction of a session adds to the
// co-occurrence counts. Two models learn side by side from the same stream:
//
// - `similar`: products a session interacted with, each weighed by the strongest thing done with
//   it (a view 1, an add-to-cart 3, a purchase 5; repeat views add nothing). Each product pairs
//   with the WINDOW products of the session met just before it (in the order of first contact), so
//   a long session adds pairs in proportion to its length, not its square. A pair adds
//   decay × w(a) × w(b); a product's norm adds decay × w². Similarity is the cosine
//   C(a,b) / √(N(a)·N(b)): a product everyone views co-occurs with everything, and its norm takes
//   that back, so popular products don't dominate the neighbours.
// - `bought`: products in the session's server-trusted purchases (orders), weight 1 each: every
//   pair of the session's basket.
//
// Time decay: a session counts 2^((start − EPOCH) / half-life), so a session one half-life older
// counts half as much. The absolute scale cancels in the cosine (numerator and both norms carry
// it), and growth instead of decay means nothing stored ever needs rewriting as time passes.
//
// Incremental by construction: every count is a sum over sessions, and a session's contribution
// only grows by deltas computed from its own state, so the stream can be applied in any number of
// pieces, in any process, with the same result. A pair also counts the sessions it was seen in:
// a neighbour needs at least two (CONTRACT §10).
import type { InteractionKind, ProductInteraction } from '../../kernel/index.js';

export type ModelKind = 'similar' | 'bought';
export const MODEL_KINDS: readonly ModelKind[] = ['similar', 'bought'];

/** What one interaction says about interest in a product. */
export const INTERACTION_WEIGHTS: Readonly<Record<InteractionKind, number>> = { view: 1, cart: 3, purchase: 5 };

export interface ModelParams {
  /** How many products met just before a product it pairs with. */
  window: number;
  /** Products of a session that count (a robot's session of thousands stops adding here). */
  maxSessionProducts: number;
  /** A session this much older counts half as much. */
  halfLifeDays: number;
  /** Product views of the session remembered for personalized answers. */
  recent: number;
}

export const MODEL_PARAMS: ModelParams = { window: 5, maxSessionProducts: 50, halfLifeDays: 30, recent: 10 };

/** 2020-01-01: the origin of the decay's growth (any fixed time does: it cancels). */
const EPOCH_MS = Date.UTC(2020, 0, 1);
const DAY_MS = 86_400_000;

/** How much a session that started at `startedAt` counts. */
export const sessionWeight = (startedAt: number, halfLifeDays: number): number => 2 ** ((startedAt - EPOCH_MS) / (halfLifeDays * DAY_MS));

/** What the model remembers of a session. */
export interface SessionState {
  /** When its first interaction occurred (ms): the time its contributions are decayed by. */
  startedAt: number;
  /** When its latest interaction occurred (ms). */
  lastAt: number;
  /** Products in the order of first contact, with the weight counted so far. */
  products: { productId: string; weight: number }[];
  /** Products of its server-trusted purchases, in order. */
  basket: string[];
  /** Products viewed, the most recent last, each once. */
  recent: string[];
}

/** Where the deltas of the counts go (a store in memory, or a batch for the database). */
export interface CountSink {
  /** An unordered pair: weight added, sessions added (1 the first time the session pairs them). */
  pair(kind: ModelKind, a: string, b: string, weight: number, sessions: number): void;
  /** A product's norm added, sessions added. */
  product(kind: ModelKind, productId: string, norm: number, sessions: number): void;
}

export const newSession = (at: number): SessionState => ({ startedAt: at, lastAt: at, products: [], basket: [], recent: [] });

function learnSimilar(s: SessionState, i: ProductInteraction, decay: number, sink: CountSink, p: ModelParams): void {
  const weight = INTERACTION_WEIGHTS[i.kind];
  const at = s.products.findIndex((x) => x.productId === i.productId);
  if (at < 0) {
    if (s.products.length >= p.maxSessionProducts) return;
    for (let j = Math.max(0, s.products.length - p.window); j < s.products.length; j += 1) {
      const other = s.products[j]!;
      sink.pair('similar', i.productId, other.productId, decay * weight * other.weight, 1);
    }
    sink.product('similar', i.productId, decay * weight * weight, 1);
    s.products.push({ productId: i.productId, weight });
    return;
  }
  const before = s.products[at]!.weight;
  if (weight <= before) return;
  // A stronger signal for a product already paired: its existing pairs grow, none is new.
  for (let j = Math.max(0, at - p.window); j <= Math.min(s.products.length - 1, at + p.window); j += 1) {
    if (j === at) continue;
    const other = s.products[j]!;
    sink.pair('similar', i.productId, other.productId, decay * (weight - before) * other.weight, 0);
  }
  sink.product('similar', i.productId, decay * (weight * weight - before * before), 0);
  s.products[at] = { productId: i.productId, weight };
}

function learnBought(s: SessionState, i: ProductInteraction, decay: number, sink: CountSink, p: ModelParams): void {
  if (i.kind !== 'purchase' || !i.trusted || s.basket.includes(i.productId) || s.basket.length >= p.maxSessionProducts) return;
  for (const other of s.basket) sink.pair('bought', i.productId, other, decay, 1);
  sink.product('bought', i.productId, decay, 1);
  s.basket.push(i.productId);
}

/** The session after one more interaction (a new object), its counts' deltas given to `sink`. */
export function learn(state: SessionState | undefined, i: ProductInteraction, sink: CountSink, p: ModelParams = MODEL_PARAMS): SessionState {
  const s: SessionState = state
    ? { ...state, lastAt: Math.max(state.lastAt, i.at), products: [...state.products], basket: [...state.basket], recent: [...state.recent] }
    : newSession(i.at);
  const decay = sessionWeight(s.startedAt, p.halfLifeDays);
  learnSimilar(s, i, decay, sink, p);
  learnBought(s, i, decay, sink, p);
  if (i.kind === 'view') {
    s.recent = [...s.recent.filter((x) => x !== i.productId), i.productId].slice(-p.recent);
  }
  return s;
}

/** Cosine similarity of a pair from its count and both norms (0 when a norm is empty). */
export const cosine = (pairWeight: number, normA: number, normB: number): number => (normA > 0 && normB > 0 ? pairWeight / Math.sqrt(normA * normB) : 0);
