// The counts' deltas of a piece of the stream, summed in memory before they are written: many
// sessions add to the same pairs, so a batch writes each pair once (in one order: the smaller id
// first). Every product a delta touches
// (its norm, or one of its pairs) is listed, so that its neighbours are ranked again.
import type { CountSink, ModelKind } from './co-occurrence.js';
import type { PairDelta, ProductDelta } from './model-repository.js';

const SEP = '\u0000';

export class CountBatch implements CountSink {
  private readonly pairs = new Map<string, { weight: number; sessions: number }>();
  private readonly products = new Map<string, { norm: number; sessions: number }>();

  pair(kind: ModelKind, a: string, b: string, weight: number, sessions: number): void {
    const key = a < b ? `${kind}${SEP}${a}${SEP}${b}` : `${kind}${SEP}${b}${SEP}${a}`;
    const c = this.pairs.get(key);
    if (c) {
      c.weight += weight;
      c.sessions += sessions;
    } else this.pairs.set(key, { weight, sessions });
    this.product(kind, a, 0, 0);
    this.product(kind, b, 0, 0);
  }

  product(kind: ModelKind, productId: string, norm: number, sessions: number): void {
    const key = `${kind}${SEP}${productId}`;
    const c = this.products.get(key);
    if (c) {
      c.norm += norm;
      c.sessions += sessions;
    } else this.products.set(key, { norm, sessions });
  }

  get size(): number {
    return this.pairs.size;
  }

  /** Every pair once (the smaller id first), in key order (a fixed lock order for the writes). */
  pairDeltas(): PairDelta[] {
    return [...this.pairs.keys()].sort().map((key) => {
      const [kind, productId, otherId] = key.split(SEP) as [ModelKind, string, string];
      const c = this.pairs.get(key)!;
      return { kind, productId, otherId, weight: c.weight, sessions: c.sessions };
    });
  }

  productDeltas(): ProductDelta[] {
    return [...this.products.keys()].sort().map((key) => {
      const [kind, productId] = key.split(SEP) as [ModelKind, string];
      const c = this.products.get(key)!;
      return { kind, productId, norm: c.norm, sessions: c.sessions };
    });
  }
}
