// The demo page's product grid, pure: the demo site's live products (the catalog's shelf) as the
// page draws and tracks them: ids and titles as the catalog has them (so the page's product events
// feed those products' recommendations), prices in the currency's units, an image the page's CSP
// allows (the site's media on this server, or an https URL) or none.
import { fromMinorUnitsOf } from '../../domain/money.js';
import type { ShelfProduct } from '../../kernel/index.js';

export interface PageProduct {
  product_id: string;
  title: string;
  price: number;
  currency: string;
  image: string | null;
  in_stock: boolean;
}

export function pageProducts(shelf: readonly ShelfProduct[], mediaUrl: (mediaId: string) => string): PageProduct[] {
  return [...shelf]
    .sort((a, b) => a.title.localeCompare(b.title, 'en') || a.productId.localeCompare(b.productId, 'en'))
    .map((p) => ({
      product_id: p.productId,
      title: p.title,
      price: fromMinorUnitsOf(p.price.amount, p.price.currency),
      currency: p.price.currency,
      image: p.image === null ? null : 'mediaId' in p.image ? mediaUrl(p.image.mediaId) : p.image.url.startsWith('https://') ? p.image.url : null,
      in_stock: p.inStock,
    }));
}

/** The products as a JSON data block of the page: `<` escaped, so no text of a product ends the block. */
export const productsJson = (products: readonly PageProduct[]): string => JSON.stringify(products).replaceAll('<', '\\u003c');
