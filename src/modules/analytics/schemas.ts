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
