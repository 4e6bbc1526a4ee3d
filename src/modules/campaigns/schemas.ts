// The campaign routes' schemas (what Fastify validates and the OpenAPI document says): a campaign as
// members see it, the public configuration as browsers see it, the paths and the list's query. A
// create's body is checked by its rule (the envelope, then the content by its kind).
import { Type, type TSchema } from 'typebox';
import { NullableTimestamp, SiteId, Timestamp } from '../../http/common-schemas.js';
import { PageQuery } from '../../http/pagination.js';
import { bodyRule } from '../../http/validation.js';
import { CAMPAIGN_ID_PATTERN, KINDS, STATUSES } from './campaign.js';
import { checkCreate } from './campaign-input.js';
import { CreateCampaignBody, FrequencySchema, TARGETING_DESCRIPTION, TriggerSchema } from './campaign-schema.js';
import { component } from '../../http/openapi-components.js';
import { siteSchemas } from '../../kernel/index.js';

export { CreateCampaignBody, PatchCampaignBody } from './campaign-schema.js';

export const CampaignId = Type.String({ pattern: CAMPAIGN_ID_PATTERN, description: 'Campaign id (`cmp_…`)' });
export const SiteParams = Type.Object({ siteId: SiteId });
export const CampaignParams = Type.Object({ siteId: SiteId, campaignId: CampaignId });

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Targeting = Type.Object({ url_include: Type.Array(Type.String()), url_exclude: Type.Array(Type.String()), devices: Type.Array(Type.String()), new_visitors_only: Type.Boolean() }, { description: TARGETING_DESCRIPTION });
const Content = Type.Record(Type.String(), Type.Unknown(), { description: 'The content of its kind, in its normal form' });

export const Campaign = component('Campaign', Type.Object(
  {
    campaign_id: CampaignId,
    site_id: SiteId,
    name: Type.String(),
    kind: Type.Enum([...KINDS]),
    status: Type.Enum([...STATUSES]),
    version: Type.Integer({ description: '1 at creation; every change adds one' }),
    content: Content,
    targeting: Targeting,
    trigger: TriggerSchema,
    frequency: FrequencySchema,
    experiment_id: Nullable(Type.String()),
    priority: Type.Integer(),
    starts_at: NullableTimestamp,
    ends_at: NullableTimestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A campaign' },
));

export const ListQuery = Type.Object({
  status: Type.Optional(Type.Enum([...STATUSES])),
  kind: Type.Optional(Type.Enum([...KINDS])),
  ...PageQuery,
});

export const PublicConfig = Type.Object(
  {
    site: Type.Object({
      site_id: SiteId,
      publisher_mode: Type.Boolean(),
      publisher_hosts: Type.Object({ awin: Type.Array(Type.String()), cj: Type.Array(Type.String()) }),
      consent: siteSchemas.ConsentPolicySchema,
    }),
    campaigns: Type.Array(
      Type.Object({
        campaign_id: CampaignId,
        kind: Type.Enum([...KINDS]),
        version: Type.Integer(),
        content: Type.Record(Type.String(), Type.Unknown(), { description: 'Media as absolute image_url / avatar_url' }),
        targeting: Targeting,
        trigger: TriggerSchema,
        frequency: FrequencySchema,
        experiment_id: Nullable(Type.String({ description: 'Shown only to sessions assigned treatment' })),
      }),
      { description: 'Live campaigns (active, in their dates, their experiment running), highest priority first' },
    ),
  },
  { description: 'What a browser of the site may see (at most 64 KiB)' },
);

/** A create's body: the envelope's schema, then the content by its kind's schema and the campaign's rules. */
export const CreateBody = bodyRule(CreateCampaignBody, checkCreate, { message: 'The campaign is not valid' });
