// The catalog routes' schemas (what Fastify validates, and the OpenAPI document says): a product as
// sent (product-schema.ts) and as shown, the path, the list's query, a bulk request and its
// results. PUT's body and each bulk item are checked by product-input.ts (schema and rules).
import { Type, type TSchema } from 'typebox';
import { SiteId, Timestamp } from '../../http/common-schemas.js';
import { ErrorDetailSchema } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { bodyItems, bodyRule } from '../../http/validation.js';
import { AVAILABILITIES } from './product.js';
import { checkProductBody, checkProductItem } from './product-input.js';
import { LIMITS, ProductBody, ProductId, ProductItem } from './product-schema.js';
import { component } from '../../http/openapi-components.js';

export { ProductBody } from './product-schema.js';

export const MAX_BULK_ITEMS = 500;
/** A bulk request's body limit (CONTRACT §8), not §0's 512 KiB. */
export const BULK_BODY_LIMIT = 5 * 1024 * 1024;

export const SiteParams = Type.Object({ siteId: SiteId });
export const ProductParams = Type.Object({ siteId: SiteId, productId: ProductId });

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const MoneyView = Type.Object({ amount: Type.Number({ description: 'With the currency’s decimals' }), currency: Type.String() });

export const Product = component('Product', Type.Object(
  {
    product_id: Type.String(),
    group_id: Nullable(Type.String()),
    title: Type.String(),
    description: Nullable(Type.String()),
    url: Type.String(),
    image_media_id: Nullable(Type.String()),
    image_url: Nullable(Type.String()),
    price: MoneyView,
    sale_price: Nullable(MoneyView),
    availability: Type.Enum([...AVAILABILITIES]),
    categories: Type.Array(Type.String(), { description: 'Normal forms: levels joined by " > "' }),
    brand: Nullable(Type.String()),
    attributes: Type.Record(Type.String(), Type.String()),
    updated_at: Type.String({ format: 'date-time', description: 'The product’s version: the updated_at sent, or the time of receipt of a write without one' }),
    created_at: Timestamp,
    stored_at: Type.String({ format: 'date-time', description: 'When the current version was stored' }),
  },
  { description: 'A product (one sellable SKU)' },
));

export const ArchivedProduct = Type.Object({ ...Product.properties, archived_at: Timestamp }, { description: 'The product as it was when archived' });

export const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A case-insensitive substring of the title or the brand' })),
  category: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.category, description: 'A category path: products in it or any path below it ("Shoes > Running" matches "Shoes > Running > Trail")' })),
  availability: Type.Optional(Type.Enum([...AVAILABILITIES])),
  ...PageQuery,
});

/** PUT's body, checked and normalised at the boundary: a 400 with every problem's pointer. */
export const PutBody = bodyRule(Type.Unknown(), (sent) => checkProductBody(sent), { items: [''], message: 'The product is not valid' });

/** What the framework enforces on a bulk request as a whole; each product is then checked alone. */
export const BulkEnvelope = Type.Object({ products: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_BULK_ITEMS }) });

/** A bulk request's products, each checked alone: one bad product fails alone. */
export const BulkProducts = bodyItems(BulkEnvelope, '/products', checkProductItem);

export const BulkBody = Type.Object({ products: Type.Array(ProductItem, { minItems: 1, maxItems: MAX_BULK_ITEMS }) }, { description: `1–${MAX_BULK_ITEMS} products, at most 5 MiB` });

export const BulkResult = Type.Object({
  results: Type.Array(
    Type.Object({
      index: Type.Integer(),
      product_id: Nullable(Type.String({ description: 'null when the item has no valid product_id' })),
      status: Type.Enum(['created', 'updated', 'unchanged', 'error']),
      error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String(), details: Type.Optional(Type.Array(ErrorDetailSchema)) })),
    }),
  ),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer({ description: 'Identical, or older (updated_at) than what is stored' }),
  failed: Type.Integer(),
});
