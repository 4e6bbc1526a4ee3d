import { Type } from 'typebox';
import { REFERENCE_PATTERN } from '../../domain/decorate.js';
import { NonEmpty, SiteId, Timestamp } from '../../http/common-schemas.js';
import { ErrorDetailSchema } from '../../http/envelope.js';
import { PROVIDERS } from '../sites/site-config.js';
import { REPORT_FORMATS } from './report-records.js';

const Provider = Type.Enum([...PROVIDERS]);

export const ClickBody = Type.Object({
  click_id: NonEmpty(128, { description: 'Your id of the click; a replay with other content is 409' }),
  provider: Provider,
  reference: Type.String({ pattern: REFERENCE_PATTERN.source, description: 'The clickref (Awin) or sid (CJ) put on the link; stored only hashed and encrypted' }),
  destination_url: Type.String({ minLength: 1, maxLength: 4096, description: 'The decorated network link; its host must be on the provider’s allowlist' }),
  occurred_at: Type.String({ format: 'date-time' }),
  content_id: Type.Optional(NonEmpty(256)),
  campaign: Type.Optional(NonEmpty(256)),
  placement: Type.Optional(NonEmpty(256)),
  creative: Type.Optional(NonEmpty(256)),
  session_id: Type.Optional(NonEmpty(256)),
  runtime_token: Type.Optional(Type.String({ description: 'Beacon form only (text/plain body, no credential header)' })),
});

export const ClickResult = Type.Object({ click_id: Type.String(), status: Type.Enum(['created', 'unchanged']) });

const MAX_RECORDS = 5000;

export const ReportsBody = Type.Object({
  provider: Provider,
  format: Type.Optional(Type.Enum([...REPORT_FORMATS], { description: 'canonical (default), or the Awin transaction-list / CJ commission-detail JSON records' })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'Currency of records that carry none (CJ publisher-currency amounts)' })),
  records: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_RECORDS }),
});

export const ReportsResult = Type.Object({
  results: Type.Array(
    Type.Object({
      index: Type.Integer(),
      status: Type.Enum(['created', 'updated', 'unchanged', 'error']),
      error: Type.Optional(
        Type.Object({ code: Type.String(), message: Type.String(), details: Type.Optional(Type.Array(ErrorDetailSchema)) }),
      ),
    }),
  ),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
});

const Amount = Type.Union([Type.Number(), Type.Record(Type.String(), Type.Number())], { description: 'Per currency ({ "EUR": 12.5 }), or a number when `currency` is given' });
const Top = (key: string) => Type.Array(Type.Object({ [key]: Type.String(), clicks: Type.Number(), commission: Amount }), { maxItems: 10 });

export const AnalyticsQuery = Type.Object({
  website_id: SiteId,
  from: Type.Optional(Type.String({ description: 'ISO date or timestamp, inclusive; default 30 days before `to`' })),
  to: Type.Optional(Type.String({ description: 'ISO date or timestamp, exclusive; default now' })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
});

export const Analytics = Type.Object({
  website_id: SiteId,
  from: Timestamp,
  to: Timestamp,
  currency: Type.Optional(Type.String()),
  clicks: Type.Number({ description: 'Observed clicks in the period (by occurred_at)' }),
  settled_orders: Type.Number({ description: 'Provider records with status approved (by transaction_at)' }),
  commissionable_revenue: Amount,
  commission: Type.Object({ approved: Amount, pending: Amount, declined: Amount }),
  reversals: Type.Object({ count: Type.Number(), amount: Amount }, { description: 'Records once pending or approved, now declined or amended down, and the commission taken back' }),
  top_content: Top('content_id'),
  top_destinations: Top('destination'),
  top_content_by_commission: Top('content_id'),
  top_destinations_by_commission: Top('destination'),
  reference_correlation: Type.Object({
    provider_references: Type.Number(),
    matched: Type.Number(),
    unmatched_provider: Type.Number(),
    observed_without_order: Type.Number(),
    variance: Type.Number({ description: 'unmatched_provider / provider_references (0 when none)' }),
  }),
});
