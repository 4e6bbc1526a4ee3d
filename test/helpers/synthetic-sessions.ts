// A seeded generator of storefront sessions with the structure real shopping has, to test and
// benchmark recommendations with (the same seed, the same sessions):
//
// - a catalog of categories (each a path "Top > Sub") whose products come in variant groups (the
//   same model in several colours), with a long-tailed popularity (Zipf) over products and over
//   categories;
// - latent tastes: every product has a position in a small style space, every shopper a taste in
//   it; a shopper browses products near their taste, mostly within one category, now and then
//   moving to a related one (the neighbouring category) or to a bestseller;
// - what sessions do: a variant of what was just seen, going back to a product seen before
//   (repeat views), add-to-carts, and purchases of the cart sent by the shop's server (trusted),
//   some also reported by the browser (untrusted);
// - time: sessions spread over `days`, a few seconds to minutes between a session's events, and
//   new products arriving over the period (the newest are unknown to a model trained earlier).
//
// How it could mislead is said in BENCHMARKS.md: the structure it has is the structure the model
// looks for (co-visits within a session), so it flatters co-occurrence by construction.

export interface SyntheticOptions {
  seed: number;
  sessions: number;
  categories?: number;
  productsPerCategory?: number;
  days?: number;
  /** Start of the period (ms). */
  start?: number;
}

export interface SyntheticProduct {
  productId: string;
  groupId: string;
  categories: string[];
  /** When it arrived in the catalog (ms). */
  arrivedAt: number;
}

export interface SyntheticEvent {
  sessionId: string;
  eventType: 'product_view' | 'add_to_cart' | 'purchase';
  /** The product viewed or carted, or the lines of a purchase. */
  productIds: string[];
  orderId?: string;
  at: number;
  /** Sent by the shop's server (a secret key) rather than the browser. */
  trusted: boolean;
}

export interface SyntheticShop {
  products: SyntheticProduct[];
  /** Every event, in time order. */
  events: SyntheticEvent[];
}

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STYLE_DIMENSIONS = 3;

interface Item extends SyntheticProduct {
  category: number;
  style: number[];
  popularity: number;
}

function pickWeighted<T>(random: () => number, items: readonly T[], weight: (t: T) => number): T {
  let total = 0;
  for (const t of items) total += weight(t);
  let r = random() * total;
  for (const t of items) {
    r -= weight(t);
    if (r <= 0) return t;
  }
  return items[items.length - 1]!;
}

function makeCatalog(random: () => number, o: Required<SyntheticOptions>): Item[] {
  const items: Item[] = [];
  for (let c = 0; c < o.categories; c += 1) {
    let n = 0;
    for (let g = 0; n < o.productsPerCategory; g += 1) {
      const style = Array.from({ length: STYLE_DIMENSIONS }, () => random() * 2 - 1);
      const variants = 1 + Math.floor(random() * 3);
      // A fifth of the catalog arrives during the period.
      const arrivedAt = random() < 0.2 ? o.start + random() * o.days * 86_400_000 : o.start - 86_400_000;
      for (let v = 0; v < variants && n < o.productsPerCategory; v += 1, n += 1) {
        items.push({
          productId: `p${c}-${g}-${v}`,
          groupId: `g${c}-${g}`,
          categories: [`Top ${Math.floor(c / 4)} > Category ${c}`],
          arrivedAt,
          category: c,
          style: style.map((x) => x + (random() - 0.5) * 0.2),
          popularity: 0,
        });
      }
    }
  }
  // Popularity is a long tail over a random order of products, not by category.
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  order.forEach((i, rank) => (items[i]!.popularity = 1 / (rank + 1) ** 0.9));
  return items;
}

const affinity = (taste: readonly number[], style: readonly number[]) => {
  let d = 0;
  for (let k = 0; k < taste.length; k += 1) d += (taste[k]! - style[k]!) ** 2;
  return Math.exp(-d * 2.5);
};

interface SessionContext {
  random: () => number;
  byCategory: Item[][];
  groups: Map<string, Item[]>;
  bestsellers: Item[];
  at: number;
}

/** The next product a shopper looks at, from what they saw and their taste. */
function nextItem(ctx: SessionContext, seen: Item[], current: Item, taste: number[], category: { c: number }): Item {
  const { random } = ctx;
  const live = (i: Item) => i.arrivedAt <= ctx.at;
  const r = random();
  if (r < 0.12 && seen.length > 1) return seen[Math.floor(random() * (seen.length - 1))]!;
  if (r < 0.27) {
    const variants = (ctx.groups.get(current.groupId) ?? []).filter((i) => i !== current && live(i));
    if (variants.length > 0) return variants[Math.floor(random() * variants.length)]!;
  }
  if (r > 0.95) return pickWeighted(random, ctx.bestsellers.filter(live), (i) => i.popularity);
  if (r > 0.88) category.c = (category.c + (random() < 0.5 ? 1 : ctx.byCategory.length - 1)) % ctx.byCategory.length;
  const pool = ctx.byCategory[category.c]!.filter(live);
  return pickWeighted(random, pool, (i) => i.popularity * affinity(taste, i.style) + 1e-6);
}

function makeSession(ctx: SessionContext, id: string, categoryWeights: number[]): SyntheticEvent[] {
  const { random } = ctx;
  const category = { c: pickWeighted(random, categoryWeights.map((w, c) => ({ w, c })), (x) => x.w).c };
  const taste = Array.from({ length: STYLE_DIMENSIONS }, () => random() * 2 - 1);
  const length = 1 + Math.floor(-Math.log(1 - random()) * 4);
  const events: SyntheticEvent[] = [];
  const seen: Item[] = [];
  const cart = new Set<string>();
  let current = pickWeighted(random, ctx.byCategory[category.c]!.filter((i) => i.arrivedAt <= ctx.at), (i) => i.popularity * affinity(taste, i.style) + 1e-6);
  for (let k = 0; k < length; k += 1) {
    events.push({ sessionId: id, eventType: 'product_view', productIds: [current.productId], at: ctx.at, trusted: false });
    seen.push(current);
    ctx.at += 5_000 + Math.floor(random() * 120_000);
    if (random() < 0.1 * affinity(taste, current.style) + 0.02) {
      cart.add(current.productId);
      events.push({ sessionId: id, eventType: 'add_to_cart', productIds: [current.productId], at: ctx.at, trusted: false });
      ctx.at += 2_000;
    }
    current = nextItem(ctx, seen, current, taste, category);
  }
  if (cart.size > 0 && random() < 0.5) {
    const order = { sessionId: id, eventType: 'purchase' as const, productIds: [...cart], orderId: `o-${id}`, at: ctx.at };
    events.push({ ...order, trusted: true });
    if (random() < 0.5) events.push({ ...order, at: ctx.at + 500, trusted: false });
  }
  return events;
}

/** A shop's catalog and its sessions' events (time order), the same for the same options. */
export function generateShop(options: SyntheticOptions): SyntheticShop {
  const o: Required<SyntheticOptions> = { categories: 12, productsPerCategory: 60, days: 28, start: Date.UTC(2026, 0, 5), ...options };
  const random = seededRandom(o.seed);
  const items = makeCatalog(random, o);
  const byCategory = Array.from({ length: o.categories }, (_, c) => items.filter((i) => i.category === c));
  const groups = new Map<string, Item[]>();
  for (const i of items) groups.set(i.groupId, [...(groups.get(i.groupId) ?? []), i]);
  const bestsellers = [...items].sort((a, b) => b.popularity - a.popularity).slice(0, 20);
  const categoryWeights = byCategory.map((_, c) => 1 / (c + 1) ** 0.7);
  const events: SyntheticEvent[] = [];
  const span = o.days * 86_400_000;
  for (let s = 0; s < o.sessions; s += 1) {
    const ctx: SessionContext = { random, byCategory, groups, bestsellers, at: o.start + Math.floor((s / o.sessions) * span + random() * 60_000) };
    events.push(...makeSession(ctx, `s${o.seed}-${s}`, categoryWeights));
  }
  events.sort((a, b) => a.at - b.at);
  const products = items.map(({ productId, groupId, categories, arrivedAt }) => ({ productId, groupId, categories, arrivedAt }));
  return { products, events };
}

/** The product interactions of the events, as the events module reads them (a purchase: one per line). */
export function interactionsOf(events: readonly SyntheticEvent[]) {
  const kinds = { product_view: 'view', add_to_cart: 'cart', purchase: 'purchase' } as const;
  return events.flatMap((e) => e.productIds.map((productId) => ({ sessionId: e.sessionId, productId, kind: kinds[e.eventType], at: e.at, trusted: e.trusted })));
}
