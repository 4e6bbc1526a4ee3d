// A live product as recommendations read it, for the pure tests: EUR 100, in stock, created at the epoch.
import type { ShelfProduct } from '../../../src/kernel/index.js';

export const shelfProduct = (id: string, extra: Partial<ShelfProduct> = {}): ShelfProduct => ({
  productId: id,
  title: id,
  url: `https://shop.example/${id}`,
  image: null,
  price: { amount: 100, currency: 'EUR' },
  inStock: true,
  categories: ['A > B'],
  createdAt: new Date(0),
  ...extra,
});
