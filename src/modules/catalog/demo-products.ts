// The demo site's products (first start of an empty database), so that the demo storefront's
// recommendation slot has something to show.
import type { Actor } from '../../kernel/index.js';
import type { ProductsService } from './products-service.js';
import { checkProductItem } from './product-input.js';

const DEMO = [
  ['trail-runner', 'Trail runner', 129, 'Shoes > Running > Trail'],
  ['road-racer', 'Road racer', 119, 'Shoes > Running > Road'],
  ['merino-socks', 'Merino running socks', 18, 'Clothing > Socks'],
  ['rain-shell', 'Packable rain shell', 149, 'Clothing > Jackets'],
  ['running-cap', 'Running cap', 24, 'Accessories > Caps'],
  ['hydration-vest', 'Hydration vest', 89, 'Equipment > Running'],
  ['head-lamp', 'Head lamp', 39, 'Equipment > Lights'],
  ['wool-beanie', 'Wool beanie', 29, 'Accessories > Caps'],
] as const;

export async function createDemoProducts(products: ProductsService, owner: Actor, siteId: string, origin: string): Promise<void> {
  const items = DEMO.map(([id, title, price, category], i) => ({
    pointer: `/products/${i}`,
    checked: checkProductItem({ product_id: id, title, url: `${origin}/demo?product=${id}`, price: { amount: price, currency: 'EUR' }, availability: i === 7 ? 'out_of_stock' : 'in_stock', categories: [category], brand: 'Demo' }),
  }));
  await products.write(owner, siteId, items);
}
