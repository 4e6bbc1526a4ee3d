// Versions of one product, pure (CONTRACT §8): what a write does to what is stored. A product's
// version is its updated_at: a write with an older one changes nothing (a late sync never
// overwrites newer data), one with the same version and the same content is identical (nothing
// changes), anything else replaces the product whole. A write without updated_at is the newest:
// its version is the time of receipt, or the stored one if that is later (a clock ahead of ours),
// so it always applies unless it is identical. An archived product is absent: a write creates it
// again. Applying a set of versions with distinct updated_at in any order ends with the newest.
import type { Product, ProductDraft, WriteStatus } from './product.js';

/** The stored part of a product that a write compares and replaces. */
export type Stored = Pick<Product, keyof Omit<ProductDraft, 'updatedAt'> | 'updatedAt' | 'archivedAt'>;

export interface Decision {
  status: WriteStatus;
  /** The version the product has after the write. */
  updatedAt: Date;
}

const sameMoney = (a: ProductDraft['price'] | null, b: ProductDraft['price'] | null) =>
  a === b || (a !== null && b !== null && a.amount === b.amount && a.currency === b.currency);

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function sameAttributes(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** Whether a draft says what is stored (its version aside). */
export function sameContent(stored: Omit<ProductDraft, 'updatedAt'>, draft: Omit<ProductDraft, 'updatedAt'>): boolean {
  return (
    stored.groupId === draft.groupId &&
    stored.title === draft.title &&
    stored.description === draft.description &&
    stored.url === draft.url &&
    stored.imageMediaId === draft.imageMediaId &&
    stored.imageUrl === draft.imageUrl &&
    sameMoney(stored.price, draft.price) &&
    sameMoney(stored.salePrice, draft.salePrice) &&
    stored.availability === draft.availability &&
    sameList(stored.categories, draft.categories) &&
    stored.brand === draft.brand &&
    sameAttributes(stored.attributes, draft.attributes)
  );
}

/** What writing `draft` at `now` does to the stored product (undefined: none). */
export function decideWrite(stored: Stored | undefined, draft: ProductDraft, now: Date): Decision {
  if (stored === undefined || stored.archivedAt !== null) return { status: 'created', updatedAt: draft.updatedAt ?? now };
  const version = draft.updatedAt;
  if (version === null) {
    if (sameContent(stored, draft)) return { status: 'unchanged', updatedAt: stored.updatedAt };
    return { status: 'updated', updatedAt: now > stored.updatedAt ? now : stored.updatedAt };
  }
  const order = version.getTime() - stored.updatedAt.getTime();
  if (order < 0 || (order === 0 && sameContent(stored, draft))) return { status: 'unchanged', updatedAt: stored.updatedAt };
  return { status: 'updated', updatedAt: version };
}
