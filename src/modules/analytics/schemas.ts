// Schemas of merchant analytics (CONTRACT §12).
import { Type } from 'typebox';
import { Timestamp } from '../../http/common-schemas.js';

export const PeriodQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40, description: 'ISO date (local midnight in `tz`) or timestamp with an offset, inclusive; default 30 days before `to`', examples: ['2026-11-01'] })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'ISO date (local midnight in `tz`) or timestamp with an offset, exclusive; default now; at most 366 × 24 h after `from`', examples: ['2026-11-24'] })),
  tz: Type.Optional(Type.String({ maxLength: 64, description: 'IANA time zone of the dates (default UTC); unknown: 400 at /tz', examples: ['Europe/Paris'] })),
});

const Revenue = Type.Record(Type.String(), Type.Number(), { description: 'Per currency ({ "EUR": 12.5 })' });

const CampaignFigures = Type.Object({
  campaign_id: Type.String(),
  name: Type.String(),
  kind: Type.String({ description: 'overlay, chatbot or recommendation' }),
  status: Type.String(),
  experiment: Type.Union([Type.Object({ experiment_id: Type.String(), arm: Type.Literal('treatment', { description: 'The arm the campaign shows to; control is the holdout' }) }), Type.Null()]),
  impressions: Type.Integer({ description: 'recommendation_impression events tied to an answer of this campaign, and overlay_impression events' }),
  clicks: Type.Integer({ description: 'recommendation_click events tied to an answer of this campaign, and overlay_click events' }),
  ctr: Type.Number({ description: 'clicks ÷ impressions (0 without impressions)' }),
  submissions: Type.Integer({ description: 'Form submissions through the campaign (spam left out)' }),
  add_to_carts: Type.Integer({ description: 'add_to_cart events of the clicking sessions after their first click of the campaign in the period' }),
  orders: Type.Integer({ description: 'Server-trusted orders of those sessions after that click (each order once)' }),
  revenue: Revenue,
});

export const CampaignAnalytics = Type.Object({
  from: Timestamp,
  to: Timestamp,
  tz: Type.String(),
  campaigns: Type.Array(CampaignFigures),
  unattributed: Type.Object(
    { impressions: Type.Integer(), clicks: Type.Integer() },
    { description: 'Recommendation events whose recommendation_id is no answer of their campaign on this site: accepted as events, counted here' },
  ),
});

const Currency = Type.String({ pattern: '^[A-Za-z]{3}$', description: 'An ISO 4217 code: amounts become plain numbers in it (other currencies left out)', examples: ['EUR'] });

export const SummaryQuery = Type.Object({ ...PeriodQuery.properties, currency: Type.Optional(Currency) });

export const METRICS = ['visitors', 'sessions', 'page_views', 'product_views', 'add_to_carts', 'conversions', 'revenue'] as const;
export const TimeseriesQuery = Type.Object({
  ...PeriodQuery.properties,
  metric: Type.Union(METRICS.map((m) => Type.Literal(m)), { description: 'What each bucket counts: distinct visitors or sessions in the bucket, events of a type, trusted conversions or their net revenue (revenue needs `currency`)' }),
  interval: Type.Optional(Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('week')], { description: 'Local calendar unit of a bucket (default day); hour covers at most 31 days' })),
  currency: Type.Optional(Currency),
});

export const DIMENSIONS = ['page', 'product', 'referrer_host', 'utm_source', 'utm_campaign', 'device_type'] as const;
export const TopQuery = Type.Object({
  ...PeriodQuery.properties,
  dimension: Type.Union(DIMENSIONS.map((d) => Type.Literal(d)), { description: 'page (path of page views), product (product views), or by sessions’ first event: referrer_host, utm_source, utm_campaign, device_type' }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'How many rows (1–100, default 10)' })),
});

export const FunnelQuery = Type.Object({
  ...PeriodQuery.properties,
  steps: Type.String({ minLength: 1, maxLength: 400, description: '2–8 distinct event types, comma-separated, in order', examples: ['page_view,product_view,add_to_cart,purchase'] }),
  window_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_080, default: 60, description: 'Every step within this many minutes of the first (1–10,080, default 60)' })),
});

const Money = Type.Union([Type.Record(Type.String(), Type.Number()), Type.Number()], { description: 'Per currency ({ "EUR": 12.5 }); a plain number in `currency` when given' });

const PeriodFiguresSchema = {
  from: Timestamp,
  to: Timestamp,
  visitors: Type.Integer({ description: 'Distinct device_id (an event without one counts its session_id)' }),
  sessions: Type.Integer({ description: 'Distinct session_id' }),
  page_views: Type.Integer(),
  product_views: Type.Integer(),
  add_to_carts: Type.Integer(),
  browser_purchases: Type.Integer({ description: 'purchase events of browser trust (observations, never conversions)' }),
  conversions: Type.Object(
    { count: Type.Integer(), revenue: Money, commissionable: Money },
    { description: 'Orders of the trusted ledger whose purchase occurred in the period, net of every later entry; cancelled orders left out' },
  ),
  conversion_rate: Type.Number({ description: 'conversions ÷ sessions (0 without sessions)' }),
  average_order_value: Type.Union([Type.Record(Type.String(), Type.Number()), Type.Number()], { description: 'revenue ÷ conversions per currency, rounded to the minor unit (0 without conversions)' }),
};

export const AnalyticsSummary = Type.Object({
  ...PeriodFiguresSchema,
  tz: Type.String(),
  previous: Type.Object(PeriodFiguresSchema, { description: 'The previous period of equal length: [from − (to − from), from)' }),
});

export const Timeseries = Type.Array(Type.Object({ bucket_start: Timestamp, value: Type.Number() }), { description: 'One point a local bucket, zero-filled, in order' });
export const TopList = Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() }), { description: 'By count, then value' });
export const FunnelSteps = Type.Array(Type.Object({ step: Type.String(), sessions: Type.Integer() }), { description: 'Sessions reaching each step, in the steps’ order' });
