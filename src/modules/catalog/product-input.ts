// The check of one product alone (CONTRACT §7, §8): the string rule, the schema (product-schema.ts),
// then normalize-product's rules. PUT's body, each item of a bulk request and each record of
// `storefront products import` pass it; its problems are 400 details under the item's pointer.
import { unstorableStrings } from '../../domain/strings.js';
import { compileCheck, type Checked } from '../../validation/schema-check.js';
import { normalizeProduct } from './normalize-product.js';
import type { ProductDraft, ProductWrite } from './product.js';
import { ProductBody, ProductItem, type ProductFieldsInput } from './product-schema.js';

const BODY = compileCheck(ProductBody);
const ITEM = compileCheck(ProductItem);

/** A PUT body checked and normalised: the id it names, if any, and the draft. */
export interface CheckedBody {
  productId: string | undefined;
  draft: ProductDraft;
}

function checkWith(check: (sent: unknown, pointer: string) => Checked<ProductFieldsInput>, sent: unknown, pointer: string, now: number): Checked<CheckedBody> {
  const strings = unstorableStrings(sent, pointer);
  if (strings.length > 0) return { ok: false, details: strings };
  const typed = check(sent, pointer);
  if (!typed.ok) return typed;
  const draft = normalizeProduct(typed.value, pointer, now);
  return draft.ok ? { ok: true, value: { productId: typed.value.product_id, draft: draft.value } } : draft;
}

/** The body of PUT (its product_id optional), checked and normalised; details under `pointer`. */
export const checkProductBody = (sent: unknown, pointer = '', now = Date.now()): Checked<CheckedBody> => checkWith(BODY.check, sent, pointer, now);

/** One product of a bulk request or an import (its product_id required), checked and normalised. */
export function checkProductItem(sent: unknown, pointer = '', now = Date.now()): Checked<ProductWrite> {
  const checked = checkWith(ITEM.check, sent, pointer, now);
  return checked.ok ? { ok: true, value: { productId: checked.value.productId!, draft: checked.value.draft } } : checked;
}
