// Schemas of integrations and their runs (CONTRACT §11). The token is write-only: no view has it,
// only `credentials.api_token_last4`.
import { Type, type Static } from 'typebox';
import { NullableTimestamp, SiteId, Timestamp } from '../../http/common-schemas.js';
import { PageQuery } from '../../http/pagination.js';
import { DEFAULT_EVERY_MINUTES, DEFAULT_LOOKBACK_DAYS, MAX_EVERY_MINUTES, MAX_LOOKBACK_DAYS, MIN_EVERY_MINUTES, MIN_LOOKBACK_DAYS } from './integration.js';
import { component } from '../../http/openapi-components.js';

export const INTEGRATION_ID_PATTERN = '^int_[A-Za-z0-9]{4,64}$';

const Kind = Type.Union([Type.Literal('awin'), Type.Literal('cj')], { description: 'The network: awin (Publisher API transaction list) or cj (Commission Detail GraphQL)' });
const Status = Type.Union([Type.Literal('active'), Type.Literal('paused')], { description: 'paused: no scheduled runs (a run can still be asked for)' });
const RunStatus = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]);

const Credentials = Type.Object(
  {
    api_token: Type.String({
      minLength: 8,
      maxLength: 4096,
      pattern: '^[\\x21-\\x7E]+$',
      description: 'Awin: the user’s API token; CJ: a personal access token. Stored encrypted, never shown again (api_token_last4 only)',
    }),
    account_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Awin: the publisher id; CJ: the publisher company id (CID)' }),
    website_id: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Null()], { description: 'Only that website’s records (Awin: its site name or host; CJ: its website id, PID); absent or null: every website' }),
    ),
  },
  { additionalProperties: false },
);

const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'The publisher currency (ISO 4217); required for cj, where …PubCurrency amounts are in it' });
const EveryMinutes = Type.Integer({ minimum: MIN_EVERY_MINUTES, maximum: MAX_EVERY_MINUTES, description: `Minutes between scheduled runs (${MIN_EVERY_MINUTES}–${MAX_EVERY_MINUTES}, default ${DEFAULT_EVERY_MINUTES})` });
const LookbackDays = Type.Integer({ minimum: MIN_LOOKBACK_DAYS, maximum: MAX_LOOKBACK_DAYS, description: `Days of the trailing window each run re-reads (${MIN_LOOKBACK_DAYS}–${MAX_LOOKBACK_DAYS}, default ${DEFAULT_LOOKBACK_DAYS})` });

export const CreateIntegrationBody = Type.Object(
  {
    kind: Kind,
    credentials: Credentials,
    currency: Type.Optional(Type.Union([Currency, Type.Null()])),
    every_minutes: Type.Optional(EveryMinutes),
    lookback_days: Type.Optional(LookbackDays),
    status: Type.Optional(Status),
  },
  { additionalProperties: false },
);
export const PatchIntegrationBody = Type.Object(
  {
    kind: Type.Optional(Kind),
    credentials: Type.Optional(Credentials),
    currency: Type.Optional(Type.Union([Currency, Type.Null()])),
    every_minutes: Type.Optional(EveryMinutes),
    lookback_days: Type.Optional(LookbackDays),
    status: Type.Optional(Status),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CreateIntegrationInput = Static<typeof CreateIntegrationBody>;
export type PatchIntegrationInput = Static<typeof PatchIntegrationBody>;

export const IntegrationView = component('Integration', Type.Object({
  integration_id: Type.String(),
  site_id: SiteId,
  kind: Kind,
  credentials: Type.Object({
    account_id: Type.String(),
    website_id: Type.Union([Type.String(), Type.Null()]),
    api_token_last4: Type.String({ description: 'The last 4 characters of the token: the only part ever shown' }),
  }),
  currency: Type.Union([Type.String(), Type.Null()]),
  every_minutes: Type.Integer(),
  lookback_days: Type.Integer(),
  status: Status,
  next_run_at: Type.Union([Timestamp, Type.Null()], { description: 'When the next scheduled run is queued (null while paused)' }),
  watermark: Type.Union([Timestamp, Type.Null()], { description: 'The end of the window of the last run that succeeded' }),
  version: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
}));

export const RunView = component('IntegrationRun', Type.Object({
  run_id: Type.String(),
  integration_id: Type.String(),
  started_by: Type.Union([Type.Literal('schedule'), Type.Literal('manual')]),
  status: RunStatus,
  window: Type.Union([Type.Object({ from: Timestamp, to: Timestamp }), Type.Null()], { description: 'What the run read: from inclusive, to exclusive (null until planned)' }),
  records: Type.Integer({ description: 'Records the network answered' }),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Integer({ description: 'Records the import refused alone' }),
  calls: Type.Integer({ description: 'Calls made to the network' }),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, { description: 'Why a failed run failed (never the token)' })),
  queued_at: Timestamp,
  started_at: NullableTimestamp,
  finished_at: NullableTimestamp,
}));

export const IntegrationParams = Type.Object({ siteId: SiteId, integrationId: Type.String({ pattern: INTEGRATION_ID_PATTERN }) });
export const ListQuery = Type.Object(PageQuery);
