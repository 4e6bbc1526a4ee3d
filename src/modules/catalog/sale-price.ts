// The sale price against the price, pure (CONTRACT §8): a business rule, so a 422
// invalid_sale_price, checked once the product passed its schema and normalize-product's rules.
import type { ErrorDetail } from '../../errors.js';
import type { ProductDraft } from './product.js';

/** Why the draft's sale price is refused (a detail at `pointer`/sale_price), or undefined when it is fine. */
export function salePriceProblem(draft: Pick<ProductDraft, 'price' | 'salePrice'>, pointer = ''): ErrorDetail | undefined {
  const { price, salePrice } = draft;
  if (salePrice === null) return undefined;
  const path = `${pointer}/sale_price`;
  if (salePrice.currency !== price.currency) {
    return { path, code: 'invalid_sale_price', message: `the sale price is in ${salePrice.currency}, the price in ${price.currency}` };
  }
  if (salePrice.amount > price.amount) return { path, code: 'invalid_sale_price', message: 'the sale price is above the price' };
  return undefined;
}
