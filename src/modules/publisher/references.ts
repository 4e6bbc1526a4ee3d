// Publisher references, pure: a reference (by keyed hash) as both write paths see it under its row
// lock, the earliest click its records are attributed to, and how a batch of order changes moves
// the reference counts (how many orders name each reference, when a network first reported it, and
// the reference rollups of the day and month it first appeared in).
import type { OrderChange } from './orders.js';
import { buckets, isEarlierClick, recordFacts, type ClickContext, type RecordChange, type ReferenceRollupDelta } from './rollups.js';

/** A click that carries a reference: the earliest one is where the reference's records are attributed. */
export interface ReferenceClick {
  clickId: string;
  occurredAt: number;
  context: ClickContext;
}

/**
 * A reference under its row lock: when a network first reported it (null: not yet), how many
 * records name it, and its earliest click (null: none yet), whose context its records are attributed to.
 */
export interface ReferenceState {
  hash: string;
  firstAt: number | null;
  /** How many records name it now. */
  records: number;
  click: ReferenceClick | null;
}

/** An update of a (locked) reference after a batch of order changes. */
export interface ReferenceUpdate {
  hash: string;
  /** When a network first reported the reference (null: no order names it). */
  firstAt: number | null;
  /** How many more (or fewer) orders name it. */
  records: number;
}

/** The click context of a reference's records (null: no click carries it, or no reference). */
export const clickContextOf = (reference: ReferenceState | undefined): ClickContext | null => reference?.click?.context ?? null;

/** Whether a click would become the earliest of a reference. */
export const mayBecomeEarliest = (click: ReferenceClick, reference: ReferenceState): boolean => isEarlierClick(click, reference.click);

/** How the reference rollups move when a reported reference gets its first click: it counts as matched where it first appeared. */
export const matchedDeltas = (firstAt: number): ReferenceRollupDelta[] => buckets(firstAt).map(([grain, bucket]) => ({ grain, bucket, references: 0, matched: 1 }));

/** How many more (or fewer) orders name each reference after a set of order changes. */
export function ordersNaming(changes: readonly RecordChange[]): Map<string, number> {
  const orders = new Map<string, number>();
  const count = (hash: string, n: number) => orders.set(hash, (orders.get(hash) ?? 0) + n);
  for (const [before, after] of changes) {
    if (before?.reference) count(before.reference, -1);
    if (after?.reference) count(after.reference, 1);
  }
  return orders;
}

/**
 * The updates of the references a batch's orders name (how many orders name each now, when a
 * network first reported it: `firstAt`, recomputed from the orders naming it) and how the reference
 * rollups move: each reported reference counts where it first appeared, matched when a click carries it.
 */
export function referenceCountChanges(
  orders: ReadonlyMap<string, number>,
  references: ReadonlyMap<string, ReferenceState>,
  firstAt: ReadonlyMap<string, number>,
): { updates: ReferenceUpdate[]; rollups: ReferenceRollupDelta[] } {
  const moves = new Map<string, ReferenceRollupDelta>();
  const move = (at: number, references: number, matched: number) => {
    for (const [grain, bucket] of buckets(at)) {
      const k = `${grain}${bucket}`;
      const m = moves.get(k) ?? { grain, bucket, references: 0, matched: 0 };
      m.references += references;
      m.matched += matched;
      moves.set(k, m);
    }
  };
  const updates: ReferenceUpdate[] = [];
  for (const [hash, n] of orders) {
    const old = references.get(hash);
    const before = old?.firstAt ?? null;
    const after = firstAt.get(hash) ?? null;
    if (after !== before) {
      const matched = old?.click ? 1 : 0;
      if (before !== null) move(before, -1, -matched);
      if (after !== null) move(after, 1, matched);
    }
    if (after !== before || n !== 0) updates.push({ hash, firstAt: after, records: n });
  }
  return { updates, rollups: [...moves.values()] };
}

/** The references the orders of a batch name now or named before (the rows to lock, before any other). */
export const referencesOfOrders = (orders: readonly OrderChange[]): string[] =>
  orders.flatMap((o) => [o.before?.reference ?? null, o.after?.reference ?? null]).filter((h): h is string => h !== null);

/** The order changes of a batch as the rollups see them: each order under the click context of its reference. */
export function orderRecordChanges(orders: readonly OrderChange[], references: ReadonlyMap<string, ReferenceState>): RecordChange[] {
  const contextOfHash = (hash: string | null) => (hash === null ? null : clickContextOf(references.get(hash)));
  return orders.map((o) => [o.before ? recordFacts(o.before, contextOfHash(o.before.reference)) : null, o.after ? recordFacts(o.after, contextOfHash(o.after.reference)) : null]);
}

/** The earliest clicks of the references the changed orders name now: each has a record now (once each). */
export const earliestClicksOf = (orders: readonly OrderChange[], references: ReadonlyMap<string, ReferenceState>): string[] =>
  [...new Set(orders.map((o) => (o.after?.reference ? references.get(o.after.reference)?.click?.clickId : null)))].filter((id): id is string => !!id);
