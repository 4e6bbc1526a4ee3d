// Writing products (CONTRACT §8): PUT, each item of a bulk request and each chunk of an import come
// here alike. Each product succeeds or fails alone: one that failed its check (400), whose sale
// price is refused (422 invalid_sale_price) or whose media item the site does not have (422
// unknown_media) is answered as such while the others are stored. Each write is decided by
// product-versions.ts in the request's order (a product named twice sees its first write). A read
// without locks decides first: a request that changes nothing (a sync resending what is stored)
// ends there. Otherwise one transaction: the media items named are locked against deletion (the
// media library's FOR SHARE), the products to write locked in id order and decided again as they
// now are, then new products inserted in one statement and changed ones replaced in another. A
// product another writer created between the read and the insert makes it start again.
import type { Queryable } from '../../db/types.js';
import { retryOnConflict } from '../../db/retry.js';
import type { ErrorDetail } from '../../errors.js';
import type { MediaLibrary } from '../../kernel/index.js';
import type { Checked } from '../../validation/schema-check.js';
import { catalogSiteOrThrow, type CatalogCaller, type CatalogStore } from './catalog-caller.js';
import type { Product, ProductWrite, WriteStatus } from './product.js';
import { decideWrite, type Stored } from './product-versions.js';
import * as products from './products-repository.js';
import { salePriceProblem } from './sale-price.js';

export interface WriteDeps extends CatalogStore {
  media: MediaLibrary;
}

/** A product to write as its check left it, and where it is in the request (its pointer). */
export interface WriteItem {
  pointer: string;
  checked: Checked<ProductWrite>;
}

export type ItemFailure = { ok: false; code: 'validation_failed' | 'invalid_sale_price' | 'unknown_media'; message: string; details: ErrorDetail[] };

/** What became of one product: its status and the product as it now is, or why it was refused. */
export type ItemOutcome = { ok: true; status: WriteStatus; product: Product } | ItemFailure;

/** A product another writer inserted after our read: the write starts again. */
class InsertRaced extends Error {}

const invalid = (details: ErrorDetail[]): ItemFailure => ({ ok: false, code: 'validation_failed', message: 'The product is not valid', details });

/** A product in its check's order with where it is in the outcomes. */
interface Pending {
  index: number;
  pointer: string;
  write: ProductWrite;
}

/** The items that passed their check and the sale-price rule; the others' outcomes are set. */
function checkedItems(items: readonly WriteItem[], outcomes: ItemOutcome[]): Pending[] {
  const pending: Pending[] = [];
  items.forEach(({ pointer, checked }, index) => {
    if (!checked.ok) {
      outcomes[index] = invalid(checked.details);
      return;
    }
    const problem = salePriceProblem(checked.value.draft, pointer);
    if (problem) outcomes[index] = { ok: false, code: 'invalid_sale_price', message: problem.message, details: [problem] };
    else pending.push({ index, pointer, write: checked.value });
  });
  return pending;
}

/** Locks the media items the products name; those of unknown items are refused (their outcomes set). */
async function withKnownMedia(tx: Queryable, media: MediaLibrary, siteId: string, pending: readonly Pending[], outcomes: ItemOutcome[]): Promise<Pending[]> {
  const named = [...new Set(pending.map((p) => p.write.draft.imageMediaId).filter((id): id is string => id !== null))];
  if (named.length === 0) return [...pending];
  const found = await media.lockExisting(tx, siteId, named);
  return pending.filter((p) => {
    const id = p.write.draft.imageMediaId;
    if (id === null || found.has(id)) return true;
    const detail = { path: `${p.pointer}/image_media_id`, code: 'unknown_media', message: `the site has no media item ${id}` };
    outcomes[p.index] = { ok: false, code: 'unknown_media', message: detail.message, details: [detail] };
    return false;
  });
}

/** Each product's decision in order (a product named again sees the write before), and the last version of each product written. */
function decideAll(pending: readonly Pending[], stored: ReadonlyMap<string, Product>, now: Date) {
  const current = new Map<string, Stored>(stored);
  const statuses: WriteStatus[] = [];
  const versions = new Map<string, products.ProductVersion>();
  for (const { write } of pending) {
    const decision = decideWrite(current.get(write.productId), write.draft, now);
    statuses.push(decision.status);
    if (decision.status === 'unchanged') continue;
    const { updatedAt: _sent, ...fields } = write.draft;
    current.set(write.productId, { ...fields, updatedAt: decision.updatedAt, archivedAt: null });
    versions.set(write.productId, { productId: write.productId, draft: write.draft, updatedAt: decision.updatedAt });
  }
  return { statuses, versions };
}

/** Each pending product's outcome: its status, and the product as it now is. */
function setOutcomes(pending: readonly Pending[], statuses: readonly WriteStatus[], final: ReadonlyMap<string, Product>, outcomes: ItemOutcome[]): void {
  pending.forEach((p, i) => {
    outcomes[p.index] = { ok: true, status: statuses[i]!, product: final.get(p.write.productId)! };
  });
}

/**
 * The transaction: the media items locked, then the products to write (those the unlocked read
 * said would change) locked and decided again from what they are now; the others keep the state
 * read. Writes, and sets every pending product's outcome.
 */
async function writeLocked(tx: Queryable, deps: WriteDeps, siteId: string, checked: readonly Pending[], read: ReadonlyMap<string, Product>, changing: readonly string[], outcomes: ItemOutcome[], now: Date): Promise<void> {
  const pending = await withKnownMedia(tx, deps.media, siteId, checked, outcomes);
  const locked = await products.lockProducts(tx, siteId, changing);
  const stored = new Map(read);
  for (const id of changing) {
    const current = locked.get(id);
    if (current) stored.set(id, current);
    else stored.delete(id);
  }
  const { statuses, versions } = decideAll(pending, stored, now);
  const fresh = [...versions.values()].filter((v) => !stored.has(v.productId));
  const inserted = await products.insertProducts(tx, siteId, fresh);
  if (inserted.length < fresh.length) throw new InsertRaced();
  const replaced = await products.replaceProducts(tx, siteId, [...versions.values()].filter((v) => stored.has(v.productId)));
  const final = new Map(stored);
  for (const p of [...inserted, ...replaced]) final.set(p.productId, p);
  setOutcomes(pending, statuses, final, outcomes);
}

/**
 * Writes the products that passed their checks. A first read without locks decides every write:
 * when nothing would change and no media item is named (a sync sending what is stored), that is
 * the answer, and nothing is locked or written; otherwise the transaction does it again under locks.
 */
async function writePending(deps: WriteDeps, siteId: string, pending: readonly Pending[], outcomes: ItemOutcome[], now: Date): Promise<void> {
  const read = await products.findStored(deps.db, siteId, pending.map((p) => p.write.productId));
  const { statuses, versions } = decideAll(pending, read, now);
  if (versions.size === 0 && pending.every((p) => p.write.draft.imageMediaId === null)) {
    setOutcomes(pending, statuses, read, outcomes);
    return;
  }
  const changing = [...versions.keys()];
  await retryOnConflict(() => deps.db.transaction((tx) => writeLocked(tx, deps, siteId, pending, read, changing, outcomes, now)));
}

/** Writes the products, each alone: every item's outcome, in order. */
export async function writeProducts(deps: WriteDeps, caller: CatalogCaller, siteId: string, items: readonly WriteItem[], now = new Date()): Promise<ItemOutcome[]> {
  await catalogSiteOrThrow(deps.db, deps.sites, siteId, caller);
  for (let attempt = 1; ; attempt += 1) {
    const outcomes: ItemOutcome[] = new Array(items.length);
    const pending = checkedItems(items, outcomes);
    try {
      if (pending.length > 0) await writePending(deps, siteId, pending, outcomes, now);
      return outcomes;
    } catch (err) {
      if (!(err instanceof InsertRaced) || attempt >= 5) throw err;
    }
  }
}
