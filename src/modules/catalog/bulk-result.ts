// The answer of a bulk write (CONTRACT §8), pure: each product's result in request order and the
// counts. The HTTP route and the command line's import chunks answer alike.
import { PRODUCT_ID_PATTERN } from './product-schema.js';
import type { ItemOutcome } from './write-products.js';

const PRODUCT_ID = new RegExp(PRODUCT_ID_PATTERN);

/** The product id an item names, when it is one (an invalid one is not echoed). */
function productIdOf(sent: unknown): string | null {
  const id = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? (sent as { product_id?: unknown }).product_id : undefined;
  return typeof id === 'string' && PRODUCT_ID.test(id) ? id : null;
}

export function toBulkResult(sent: readonly unknown[], outcomes: readonly ItemOutcome[]) {
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const results = outcomes.map((o, index) => {
    if (o.ok) {
      counts[o.status] += 1;
      return { index, product_id: o.product.productId, status: o.status };
    }
    counts.failed += 1;
    return { index, product_id: productIdOf(sent[index]), status: 'error' as const, error: { code: o.code, message: o.message, details: o.details } };
  });
  return { results, ...counts };
}

export type BulkResultView = ReturnType<typeof toBulkResult>;
