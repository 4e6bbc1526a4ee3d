// The demo site's products (first start of an empty database): the demo page's product grid is
// drawn from them, so its product views feed the recommendations of these same products. Each has
// an image of the demo site's library (the media module's step uploaded them), when there is one.
import type { FirstStart } from '../module.js';
import type { ProductsService } from './products-service.js';
import { checkProductItem } from './product-input.js';

export const DEMO_PRODUCTS = [
  ['trail-runner', 'Trail runner', 129, 'Shoes > Running > Trail'],
  ['road-racer', 'Road racer', 119, 'Shoes > Running > Road'],
  ['merino-socks', 'Merino running socks', 18, 'Clothing > Socks'],
  ['rain-shell', 'Packable rain shell', 149, 'Clothing > Jackets'],
  ['running-cap', 'Running cap', 24, 'Accessories > Caps'],
  ['hydration-vest', 'Hydration vest', 89, 'Equipment > Running'],
  ['head-lamp', 'Head lamp', 39, 'Equipment > Lights'],
  ['wool-beanie', 'Wool beanie', 29, 'Accessories > Caps'],
] as const;

export async function createDemoProducts(products: ProductsService, start: FirstStart): Promise<void> {
  const site = start.demoSite;
  if (!site) return;
  const origin = site.origins[0] ?? 'http://localhost';
  const images = start.made.demoImages ?? [];
  const items = DEMO_PRODUCTS.map(([id, title, price, category], i) => {
    const checked = checkProductItem({
      product_id: id,
      title,
      url: `${origin}/demo?product=${id}`,
      price: { amount: price, currency: 'EUR' },
      availability: i === DEMO_PRODUCTS.length - 1 ? 'out_of_stock' : 'in_stock',
      categories: [category],
      brand: 'Demo',
      ...(images[i] ? { image_media_id: images[i] } : {}),
    });
    return { pointer: `/products/${i}`, checked };
  });
  await products.write(start.owner, site.site_id, items);
}
