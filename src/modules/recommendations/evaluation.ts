// Honest evaluation, pure (CONTRACT §10): a model trained on the interactions before a split is
// asked about the sessions after it. For each test session with at least two distinct consecutive
// product views, each view but the last asks for 10 products and scores the next view: HitRate@10
// (the next view is among them) and NDCG@10 (1 / log2(1 + its position), 0 when absent; one
// relevant product, so the ideal DCG is 1). Every strategy answers as the route does: never the
// anchor, its own products first, then popular products (those sharing a category with the anchor
// first when categories are known); stock, archiving and slot filters are left out (the test asks
// about what visitors went on to view, whatever the catalog says today). The model stays frozen
// during the test: it never learns from what it is asked about.
import type { ProductInteraction, RecommendationStrategy } from '../../kernel/index.js';
import { MODEL_PARAMS, type ModelParams } from './co-occurrence.js';
import { MemoryModel } from './memory-model.js';
import { personalScores } from './neighbours.js';
import { POPULARITY_DAYS, POPULARITY_WEIGHTS } from './recommendation.js';

export const EVALUATION_CUTOFF = 10;
export const STRATEGIES: readonly RecommendationStrategy[] = ['similar', 'frequently_bought_together', 'personalized', 'popular'];

export interface StrategyScore {
  hit_rate_at_10: number;
  ndcg_at_10: number;
}

export interface EvaluationResult {
  split: string;
  sessions: number;
  questions: number;
  strategies: Record<RecommendationStrategy, StrategyScore>;
}

/** One question: the session's views so far (distinct consecutive, the current one last) and the view that came next. */
export interface Question {
  history: readonly string[];
  next: string;
}

/** Sums of hits and gains over answers, one at a time. */
export class Scorer {
  private hits = 0;
  private gain = 0;
  private n = 0;
  constructor(private readonly k = EVALUATION_CUTOFF) {}

  add(items: readonly string[], next: string): void {
    this.n += 1;
    const at = items.slice(0, this.k).indexOf(next) + 1;
    if (at > 0) {
      this.hits += 1;
      this.gain += 1 / Math.log2(at + 1);
    }
  }

  get answers(): number {
    return this.n;
  }

  result(): StrategyScore {
    return { hit_rate_at_10: this.n === 0 ? 0 : this.hits / this.n, ndcg_at_10: this.n === 0 ? 0 : this.gain / this.n };
  }
}

/** HitRate@k and NDCG@k of answers to questions (each answer: product ids in order). */
export function score(answers: readonly { items: readonly string[]; next: string }[], k = EVALUATION_CUTOFF): StrategyScore {
  const scorer = new Scorer(k);
  for (const a of answers) scorer.add(a.items, a.next);
  return scorer.result();
}

/** The questions of a test session's product views (in time order): consecutive repeats folded; none under two distinct views. */
export function questionsOf(views: readonly string[]): Question[] {
  const folded = views.filter((v, i) => i === 0 || v !== views[i - 1]);
  return folded.slice(0, -1).map((_, i) => ({ history: folded.slice(0, i + 1), next: folded[i + 1]! }));
}

/** Up to `limit` products: `own` first, then the ranking's (those `near` the anchor first); never the anchor or one twice. */
export function fillFromRanking(own: readonly string[], ranking: readonly string[], anchor: string, limit: number, near: (productId: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const taken = new Set<string>([anchor]);
  const take = (id: string) => {
    if (out.length < limit && !taken.has(id)) {
      taken.add(id);
      out.push(id);
    }
  };
  for (const id of own) take(id);
  for (const id of ranking) if (near(id)) take(id);
  for (const id of ranking) take(id);
  return out;
}

/** Popular products at a time, from the interactions of the POPULARITY_DAYS before it: weighted counts, then by id. */
export class PopularityCounter {
  private readonly scores = new Map<string, number>();
  constructor(private readonly until: number) {}

  count(i: ProductInteraction): void {
    if (i.at < this.until - POPULARITY_DAYS * 86_400_000 || i.at >= this.until) return;
    this.scores.set(i.productId, (this.scores.get(i.productId) ?? 0) + POPULARITY_WEIGHTS[i.kind]);
  }

  ranking(limit: number): string[] {
    return [...this.scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([id]) => id);
  }
}

/** Trains on the interactions before the split, collects the test sessions after it, and scores every strategy. */
export class Evaluation {
  readonly model: MemoryModel;
  private readonly popularity: PopularityCounter;
  private readonly tests = new Map<string, string[]>();

  constructor(readonly split: Date, params: ModelParams = MODEL_PARAMS, private readonly categoriesOf: (productId: string) => readonly string[] = () => []) {
    this.model = new MemoryModel(params);
    this.popularity = new PopularityCounter(split.getTime());
  }

  /** One interaction, in time order: learned before the split, a test view after it. */
  add(i: ProductInteraction): void {
    if (i.at < this.split.getTime()) {
      this.model.learn(i);
      this.popularity.count(i);
    } else if (i.kind === 'view') {
      const views = this.tests.get(i.sessionId);
      if (views) views.push(i.productId);
      else this.tests.set(i.sessionId, [i.productId]);
    }
  }

  /** What each strategy answers to a question (ids, at most 10). */
  answers(q: Question, ranking: readonly string[]): Record<RecommendationStrategy, string[]> {
    const anchor = q.history[q.history.length - 1]!;
    const anchorCategories = new Set(this.categoriesOf(anchor));
    const near = (id: string) => anchorCategories.size > 0 && this.categoriesOf(id).some((c) => anchorCategories.has(c));
    const ids = (list: readonly { productId: string }[]) => list.map((n) => n.productId);
    const fill = (own: readonly string[]) => fillFromRanking(own, ranking, anchor, EVALUATION_CUTOFF, near);
    return {
      similar: fill(ids(this.model.neighbours('similar', anchor))),
      frequently_bought_together: fill(ids(this.model.neighbours('bought', anchor))),
      personalized: fill(ids(personalScores(q.history, (p) => this.model.neighbours('similar', p), new Set([anchor])))),
      popular: fill([]),
    };
  }

  result(): EvaluationResult {
    const ranking = this.popularity.ranking(EVALUATION_CUTOFF * 10);
    const scorers = new Map<RecommendationStrategy, Scorer>(STRATEGIES.map((s) => [s, new Scorer()]));
    let sessions = 0;
    for (const views of this.tests.values()) {
      const questions = questionsOf(views);
      if (questions.length > 0) sessions += 1;
      for (const q of questions) {
        const a = this.answers(q, ranking);
        for (const s of STRATEGIES) scorers.get(s)!.add(a[s], q.next);
      }
    }
    const strategies = Object.fromEntries(STRATEGIES.map((s) => [s, scorers.get(s)!.result()])) as Record<RecommendationStrategy, StrategyScore>;
    return { split: this.split.toISOString(), sessions, questions: scorers.get('popular')!.answers, strategies };
  }
}
