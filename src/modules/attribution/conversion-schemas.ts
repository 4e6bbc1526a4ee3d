// Request shapes of trusted conversions (spec 2.4, 2.5; CONTRACT §4). Amounts are JSON numbers in
// major units here; the use cases convert them to integer minor units of the currency.
import { Type, type Static, type TLiteral, type TSchema } from 'typebox';
import { NonEmpty, SiteId } from '../../http/common-schemas.js';
import { component } from '../../http/openapi-components.js';

const Amount = (description?: string) => Type.Number({ minimum: 0, ...(description ? { description } : {}) });
const Delta = (description: string) => Type.Number({ description });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code; amounts may have at most its decimals (JPY 0, EUR 2, KWD 3)' });
const Common = {
  schema_version: Type.Literal(1),
  idempotency_key: NonEmpty(255, { description: 'Unique per site; an identical replay answers 200, a changed one 409' }),
  website_id: SiteId,
  order_id: NonEmpty(255),
  occurred_at: Type.String({ format: 'date-time', description: 'Source timestamp; each later entry of an order must be later' }),
  currency: Currency,
};

export const PurchaseLine = Type.Object({
  line_id: NonEmpty(255),
  sku: Type.Optional(NonEmpty(255)),
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'May be fractional (up to 6 decimals)' }),
  unit_price: Amount(),
  subtotal: Amount('quantity × unit_price, rounded half up to the minor unit'),
  discount: Type.Optional(Amount('Default 0')),
  commissionable_amount: Amount('At most subtotal − discount'),
  item_cost: Type.Optional(Amount('Per unit; required on every line when margin.basis is exact')),
});

export const Purchase = Type.Object({
  ...Common,
  revenue: Amount('Σ line.subtotal − discount + tax + shipping'),
  commissionable_subtotal: Amount('Σ line.commissionable_amount'),
  tax: Type.Optional(Amount('Default 0')),
  shipping: Type.Optional(Amount('Default 0')),
  discount: Type.Optional(Amount('Σ line.discount; default 0')),
  lines: Type.Array(PurchaseLine, { minItems: 1, maxItems: 1000 }),
  margin: Type.Optional(
    Type.Object({
      amount: Type.Number({ description: 'With basis exact: (Σ line.subtotal − discount) − Σ quantity × item_cost' }),
      basis: NonEmpty(64, { description: '`exact` requires item_cost on every line and is reconciled' }),
      source: Type.Optional(NonEmpty(64, { description: 'e.g. order_costs' })),
    }),
  ),
  touch_ids: Type.Optional(Type.Array(NonEmpty(128), { maxItems: 50 })),
  experiment_assignment_ids: Type.Optional(Type.Array(NonEmpty(128), { maxItems: 50 })),
});

export const ADJUSTMENT_REASONS = ['refund', 'return', 'correction', 'price_adjustment', 'other'] as const;
export const CANCELLATION_REASONS = ['customer_request', 'fraud', 'payment_failed', 'other'] as const;

export const Adjustment = Type.Object({
  ...Common,
  reason: Type.Enum([...ADJUSTMENT_REASONS]),
  revenue_delta: Type.Number({ description: 'Signed and non-zero: a refund is negative' }),
  commissionable_delta: Type.Optional(Delta('Signed; default 0')),
  margin_delta: Type.Optional(Delta('Signed; only for orders whose purchase carried a margin')),
  lines: Type.Optional(
    Type.Array(
      Type.Object({
        line_id: NonEmpty(255, { description: 'A line of the purchase' }),
        quantity_delta: Type.Optional(Type.Number()),
        amount_delta: Type.Number(),
      }),
      { maxItems: 1000 },
    ),
  ),
});

export const Cancellation = Type.Object({
  ...Common,
  reason: Type.Enum([...CANCELLATION_REASONS]),
});

export type PurchaseInput = Static<typeof Purchase>;
export type AdjustmentInput = Static<typeof Adjustment>;
export type CancellationInput = Static<typeof Cancellation>;

/** event_type → the name of the object it takes. */
export const CONVERSION_TYPES = { purchase: 'conversion', adjustment: 'adjustment', cancellation: 'cancellation' } as const;
export type ConversionType = keyof typeof CONVERSION_TYPES;
const EventType = Type.Enum(['purchase', 'adjustment', 'cancellation']);

/** What the framework enforces as a whole; the matching object is then checked with its schema (conversion-request.ts). */
export const ConversionEnvelope = Type.Object({
  event_type: EventType,
  conversion: Type.Optional(Type.Unknown()),
  adjustment: Type.Optional(Type.Unknown()),
  cancellation: Type.Optional(Type.Unknown()),
});
export type ConversionEnvelopeInput = Static<typeof ConversionEnvelope>;

const variant = <K extends string, O extends TSchema>(name: string, type: string, key: K, object: O, description: string) =>
  component(name, Type.Object({ event_type: Type.Literal(type), [key]: object } as { event_type: TLiteral<string> } & Record<K, O>, { description }));

const ref = (name: string) => `#/components/schemas/${name}`;

/**
 * The documented body: one of three shapes, told apart by event_type (an OpenAPI discriminator).
 * What the route enforces is ConversionEnvelope, then the matching object with its own schema.
 */
export const ConversionBody = component(
  'ConversionBody',
  Type.Unsafe<Static<typeof ConversionEnvelope>>({
    oneOf: [
      variant('PurchaseConversion', 'purchase', 'conversion', component('Purchase', Purchase), 'A purchase: the order as placed, with its lines'),
      variant('AdjustmentConversion', 'adjustment', 'adjustment', component('Adjustment', Adjustment), 'A signed change of an order’s amounts (refund, return, correction)'),
      variant('CancellationConversion', 'cancellation', 'cancellation', component('Cancellation', Cancellation), 'The order is cancelled: its net amounts go to zero'),
    ],
    discriminator: {
      propertyName: 'event_type',
      mapping: { purchase: ref('PurchaseConversion'), adjustment: ref('AdjustmentConversion'), cancellation: ref('CancellationConversion') },
    },
    description: 'event_type and exactly one matching object: purchase → conversion, adjustment → adjustment, cancellation → cancellation',
  }),
);
