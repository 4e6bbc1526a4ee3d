// The model held in memory: the counts of both kinds and the sessions, learned from a stream of
// interactions with the same rule the database's refresh applies (co-occurrence.ts), and
// neighbours ranked with the same function. What the evaluation trains, and what the tests
// compare the database's model with.
import type { ProductInteraction } from '../../kernel/index.js';
import { learn, MODEL_PARAMS, type CountSink, type ModelKind, type ModelParams, type SessionState } from './co-occurrence.js';
import { topNeighbours, type Candidate, type Neighbour } from './neighbours.js';

interface Count {
  weight: number;
  sessions: number;
}

type Counts = Map<string, Count>;

function add(map: Map<string, Count>, key: string, weight: number, sessions: number): void {
  const c = map.get(key);
  if (c) {
    c.weight += weight;
    c.sessions += sessions;
  } else map.set(key, { weight, sessions });
}

export class MemoryModel implements CountSink {
  private readonly pairs = new Map<ModelKind, Map<string, Counts>>([['similar', new Map()], ['bought', new Map()]]);
  private readonly norms = new Map<ModelKind, Counts>([['similar', new Map()], ['bought', new Map()]]);
  private readonly ranked = new Map<string, Neighbour[]>();
  readonly sessions = new Map<string, SessionState>();

  constructor(private readonly params: ModelParams = MODEL_PARAMS) {}

  pair(kind: ModelKind, a: string, b: string, weight: number, sessions: number): void {
    const of = this.pairs.get(kind)!;
    for (const [x, y] of [[a, b], [b, a]] as const) {
      let row = of.get(x);
      if (!row) of.set(x, (row = new Map()));
      add(row, y, weight, sessions);
    }
  }

  product(kind: ModelKind, productId: string, norm: number, sessions: number): void {
    add(this.norms.get(kind)!, productId, norm, sessions);
  }

  /** Learns one interaction (the neighbours ranked so far are forgotten). */
  learn(i: ProductInteraction): void {
    this.sessions.set(i.sessionId, learn(this.sessions.get(i.sessionId), i, this, this.params));
    this.ranked.clear();
  }

  /** A pair's counts (order of the two does not matter). */
  count(kind: ModelKind, a: string, b: string): Count | undefined {
    return this.pairs.get(kind)!.get(a)?.get(b);
  }

  norm(kind: ModelKind, productId: string): Count | undefined {
    return this.norms.get(kind)!.get(productId);
  }

  /** Every product with a norm, of one kind. */
  products(kind: ModelKind): string[] {
    return [...this.norms.get(kind)!.keys()];
  }

  /** The candidates of a product: every product it co-occurred with, with their counts and norms. */
  candidates(kind: ModelKind, productId: string): Candidate[] {
    const norms = this.norms.get(kind)!;
    return [...(this.pairs.get(kind)!.get(productId) ?? new Map<string, Count>())].map(([other, c]) => ({ productId: other, weight: c.weight, sessions: c.sessions, norm: norms.get(other)?.weight ?? 0 }));
  }

  /** A product's top neighbours (ranked once until the next interaction is learned). */
  neighbours(kind: ModelKind, productId: string): Neighbour[] {
    const key = `${kind}\n${productId}`;
    let found = this.ranked.get(key);
    if (!found) {
      found = topNeighbours(productId, this.norm(kind, productId)?.weight ?? 0, this.candidates(kind, productId));
      this.ranked.set(key, found);
    }
    return found;
  }
}
