// A product as a client sends it (CONTRACT §8): the schema of its fields with their limits. An
// optional field may also be null, which counts as absent. What the schema cannot say is
// normalize-product.ts's; product-input.ts checks one product with both.
import { Type, type Static } from 'typebox';
import { AVAILABILITIES } from './product.js';

export const PRODUCT_ID_PATTERN = '^[A-Za-z0-9._:/-]{1,128}$';
export const MEDIA_ID_PATTERN = '^[A-Za-z0-9._:-]{1,128}$';
export const LIMITS = {
  title: 300,
  description: 5000,
  url: 2048,
  brand: 200,
  categories: 10,
  category: 300,
  attributes: 30,
  attributeKey: 100,
  attributeValue: 1000,
  timestamp: 64,
} as const;

/** A schema that also takes null (null counts as absent). */
const nullable = <T>(schema: { type: string } & Record<string, unknown>) => Type.Unsafe<T | null>({ ...schema, type: [schema.type, 'null'] });

export const ProductId = Type.String({ pattern: PRODUCT_ID_PATTERN, description: '1–128 of A–Z a–z 0–9 . _ : / - (percent-encoded in a path)' });

export const MoneyInput = Type.Object(
  {
    amount: Type.Number({ minimum: 0, description: 'In the currency’s units, at most its decimals (JPY 0, EUR 2, KWD 3)' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code in capitals' }),
  },
  { description: 'An amount and its currency' },
);

const productFields = {
  group_id: Type.Optional(nullable<string>({ type: 'string', pattern: PRODUCT_ID_PATTERN, description: 'Variants of one item share it; same form as a product id' })),
  title: Type.String({ minLength: 1, maxLength: LIMITS.title, pattern: '\\S' }),
  description: Type.Optional(nullable<string>({ type: 'string', minLength: 1, maxLength: LIMITS.description })),
  url: Type.String({ minLength: 1, maxLength: LIMITS.url, description: 'Absolute http(s) URL of the product page' }),
  image_media_id: Type.Optional(nullable<string>({ type: 'string', pattern: MEDIA_ID_PATTERN, description: 'A media item of the site (422 unknown_media otherwise); not with image_url' })),
  image_url: Type.Optional(nullable<string>({ type: 'string', minLength: 1, maxLength: LIMITS.url, description: 'Absolute http(s) URL of an image elsewhere; not with image_media_id' })),
  price: MoneyInput,
  sale_price: Type.Optional(Type.Union([MoneyInput, Type.Null()], { description: 'In the price’s currency and at most the price (422 invalid_sale_price otherwise)' })),
  availability: Type.Enum([...AVAILABILITIES]),
  categories: Type.Optional(
    nullable<string[]>({
      type: 'array',
      maxItems: LIMITS.categories,
      items: { type: 'string', minLength: 1, maxLength: LIMITS.category },
      description: 'Paths of levels separated by ">" ("Shoes > Running"); whitespace around ">" and inside a level is collapsed, duplicates dropped',
    }),
  ),
  brand: Type.Optional(nullable<string>({ type: 'string', minLength: 1, maxLength: LIMITS.brand, pattern: '\\S' })),
  attributes: Type.Optional(
    nullable<Record<string, string>>({
      type: 'object',
      maxProperties: LIMITS.attributes,
      propertyNames: { minLength: 1, maxLength: LIMITS.attributeKey },
      additionalProperties: { type: 'string', minLength: 1, maxLength: LIMITS.attributeValue },
      description: `At most ${LIMITS.attributes} pairs: keys 1–${LIMITS.attributeKey} characters, values 1–${LIMITS.attributeValue}`,
    }),
  ),
  updated_at: Type.Optional(
    nullable<string>({
      type: 'string',
      maxLength: LIMITS.timestamp,
      description: 'ISO 8601 with offset, from 1970, at most 5 minutes ahead: the version of the product. An older version than the stored one changes nothing; without it the write is the newest',
    }),
  ),
};

/** A product's fields (the body of PUT, whose path names the product). */
export const ProductBody = Type.Object(
  { product_id: Type.Optional(ProductId), ...productFields },
  { description: 'A product; fields left out are gone after the write. product_id, when given, must equal the path’s' },
);

/** A product of a bulk request or an import: its id is in it. */
export const ProductItem = Type.Object({ product_id: ProductId, ...productFields }, { description: 'A product with its id' });

export type ProductFieldsInput = Static<typeof ProductBody>;

