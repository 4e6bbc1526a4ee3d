// PUT of one product (CONTRACT §8): the body's product_id, when given, must be the path's (400 at
// /product_id); then the write is the bulk's, with one item, and its refusal is thrown.
import { AppError, validationFailed } from '../../errors.js';
import type { CatalogCaller } from './catalog-caller.js';
import type { Product, WriteStatus } from './product.js';
import type { CheckedBody } from './product-input.js';
import { writeProducts, type WriteDeps } from './write-products.js';

export async function putProduct(deps: WriteDeps, caller: CatalogCaller, siteId: string, productId: string, body: CheckedBody): Promise<{ status: WriteStatus; product: Product }> {
  if (body.productId !== undefined && body.productId !== productId) {
    throw validationFailed('/product_id', `product_id must be the product id of the path (${productId})`, 'mismatch');
  }
  const [outcome] = await writeProducts(deps, caller, siteId, [{ pointer: '', checked: { ok: true, value: { productId, draft: body.draft } } }]);
  if (!outcome!.ok) throw new AppError(outcome!.code, outcome!.message, outcome!.details);
  return { status: outcome!.status, product: outcome!.product };
}
