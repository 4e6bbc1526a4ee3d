// A product as the API shows it (schemas.ts: Product), pure: domain values in; the contract's
// snake_case fields, money back as numbers with the currency's decimals (CONTRACT §0) and ISO
// timestamps out. Absent optional fields are null, so every reader sees one shape.
import { fromMinorUnitsOf } from '../../domain/money.js';
import { toIso } from '../../time.js';
import type { Money, Product } from './product.js';

const moneyView = (m: Money) => ({ amount: fromMinorUnitsOf(m.amount, m.currency), currency: m.currency });

export const toProductView = (p: Product) => ({
  product_id: p.productId,
  group_id: p.groupId,
  title: p.title,
  description: p.description,
  url: p.url,
  image_media_id: p.imageMediaId,
  image_url: p.imageUrl,
  price: moneyView(p.price),
  sale_price: p.salePrice === null ? null : moneyView(p.salePrice),
  availability: p.availability,
  categories: p.categories,
  brand: p.brand,
  attributes: p.attributes,
  updated_at: toIso(p.updatedAt),
  created_at: toIso(p.createdAt),
  stored_at: toIso(p.storedAt),
});

export type ProductView = ReturnType<typeof toProductView>;

/** An archived product (the answer of DELETE): the product as it was, and when it was archived. */
export const toArchivedView = (p: Product) => ({ ...toProductView(p), archived_at: toIso(p.archivedAt ?? new Date()) });
