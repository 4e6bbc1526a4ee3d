// Ranking, pure: a product's top-K neighbours from its co-occurrence counts, and a session's
// personalized scores from the neighbours of what it viewed lately.
import { cosine } from './co-occurrence.js';

/** A co-occurring product as counted: the pair's weight and sessions, the other product's norm. */
export interface Candidate {
  productId: string;
  weight: number;
  sessions: number;
  norm: number;
}

export interface Neighbour {
  productId: string;
  score: number;
}

/** Neighbours kept per product: more than any slot shows, so that filters (stock, categories) leave enough. */
export const TOP_K = 50;
/** A neighbour is a product seen with it in at least this many sessions (CONTRACT §10). */
export const MIN_SESSIONS = 2;

const byScore = (a: Neighbour, b: Neighbour) => b.score - a.score || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);

/** The `k` most similar candidates seen in at least `minSessions` sessions, best first (ties by id); never the product itself. */
export function topNeighbours(productId: string, norm: number, candidates: Iterable<Candidate>, k = TOP_K, minSessions = MIN_SESSIONS): Neighbour[] {
  const kept: Neighbour[] = [];
  for (const c of candidates) {
    if (c.sessions < minSessions || c.productId === productId) continue;
    const score = cosine(c.weight, norm, c.norm);
    if (score > 0) kept.push({ productId: c.productId, score });
  }
  return kept.sort(byScore).slice(0, k);
}

/** How much each earlier view counts, relative to the next more recent one. */
export const RECENCY = 0.7;

/**
 * A session's candidates: the neighbours of its recent views (the most recent last), each view
 * counting RECENCY times less than the next one, scores summed; never a product of `exclude`.
 */
export function personalScores(recent: readonly string[], neighboursOf: (productId: string) => readonly Neighbour[], exclude: ReadonlySet<string>, k = TOP_K): Neighbour[] {
  if (recent.length === 1) {
    // One view (a product page's similar slot, every answer): its list as stored is already in
    // this order (topNeighbours'), checked, so it needs no scoring and no sort.
    const list = neighboursOf(recent[0]!);
    if (isRanked(list)) return list.filter((n) => !exclude.has(n.productId)).slice(0, k);
  }
  const scores = new Map<string, number>();
  let weight = 1;
  for (let i = recent.length - 1; i >= 0; i -= 1) {
    for (const n of neighboursOf(recent[i]!)) {
      if (!exclude.has(n.productId)) scores.set(n.productId, (scores.get(n.productId) ?? 0) + weight * n.score);
    }
    weight *= RECENCY;
  }
  return [...scores].map(([productId, score]) => ({ productId, score })).sort(byScore).slice(0, k);
}

/** Whether a list is best first (ties by id) with no product twice, as topNeighbours makes it. */
function isRanked(list: readonly Neighbour[]): boolean {
  for (let i = 1; i < list.length; i += 1) if (byScore(list[i - 1]!, list[i]!) >= 0) return false;
  return true;
}
