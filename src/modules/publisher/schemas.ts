// The publisher routes' schemas (what Fastify validates, and the OpenAPI document says): a click,
// a report (its records validated one by one, each alone), the analytics query and answers.
import { Type } from 'typebox';
import { REFERENCE_PATTERN } from '../../domain/decorate.js';
import { NonEmpty, SiteId, Timestamp } from '../../http/common-schemas.js';
import { ErrorDetailSchema } from '../../http/envelope.js';
import { PROVIDERS, siteSchemas } from '../../kernel/index.js';
import { MAX_RECORDS } from './report-documents.js';
import { REPORT_FORMATS } from './report-records.js';
import { component } from '../../http/openapi-components.js';

const Provider = Type.Enum([...PROVIDERS]);

export const ClickBody = component('ClickBody', Type.Object({
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
  consent: Type.Optional(siteSchemas.SentConsentSchema),
}));

export const ClickResult = Type.Object({ click_id: Type.String(), status: Type.Enum(['created', 'unchanged']) });

export const ReportsBody = component('ReportsBody', Type.Object({
  provider: Provider,
  format: Type.Optional(Type.Enum([...REPORT_FORMATS], { description: 'canonical (default), or the network’s own export: awin (transaction list), cj (Commission Detail GraphQL); see docs/publisher-report-formats.md' })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'The publisher currency (ISO 4217; an unknown code is 400): of CJ …PubCurrency amounts, and of records that carry none' })),
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone of network times without an offset (Awin’s aliases such as US/Eastern included); default UTC' })),
  records: Type.Union([Type.Array(Type.Unknown(), { maxItems: MAX_RECORDS }), Type.Object({}, { additionalProperties: true })], {
    description: `The records (at most ${MAX_RECORDS}), or the network’s whole response document (CJ: { data: { publisherCommissions: { records } } })`,
  }),
}));

/** Where a batch's items are in a request (each is validated alone). */
export const REPORT_ITEMS = ['/records', '/records/data/publisherCommissions/records'];

const Warning = Type.Object({ code: Type.String(), message: Type.String(), path: Type.String() });

export const ReportsResult = Type.Object({
  results: Type.Array(
    Type.Object({
      index: Type.Integer(),
      status: Type.Enum(['created', 'updated', 'unchanged', 'error']),
      warnings: Type.Optional(Type.Array(Warning, { description: 'Imported, but worth knowing: e.g. no_reference (it can never match a click)' })),
      error: Type.Optional(
        Type.Object({ code: Type.String(), message: Type.String(), details: Type.Optional(Type.Array(ErrorDetailSchema)) }),
      ),
    }),
  ),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  warnings: Type.Integer({ description: 'Records imported with warnings' }),
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
  settled_orders: Type.Number({ description: 'Orders with status approved (by transaction_at); a CJ correction is never an order of its own, a bonus never an order' }),
  commissionable_revenue: Amount,
  commission: Type.Object({ approved: Amount, pending: Amount, declined: Amount, bonus: Type.Union([Type.Number(), Type.Record(Type.String(), Type.Number())], { description: 'Bonus commission (Awin type Bonus, CJ action type bonus), pending or approved' }) }),
  reversals: Type.Object({ count: Type.Number(), amount: Amount }, { description: 'Commission taken back: records once pending or approved now declined or amended down, and each downward CJ correction' }),
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
