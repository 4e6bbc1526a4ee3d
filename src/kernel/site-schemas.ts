// The kernel's values as the API shows and takes them (TypeBox): sites, members, configuration.
import { Type } from 'typebox';
import { NonEmpty, SiteId, Timestamp } from '../http/common-schemas.js';
import { MAX_ORIGINS, MAX_TOUCHES_PER_REQUEST } from './site-config.js';
import { CONSENT_MODES, CONSENT_SOURCES, MAX_POLICY_VERSION_LENGTH } from './consent-policy.js';
import { component } from '../http/openapi-components.js';

export const Role = Type.Enum(['owner', 'member']);

export const PublisherHosts = Type.Object(
  {
    awin: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 50 }),
    cj: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 50 }),
  },
  { description: 'Link hosts per network that publisher mode may decorate' },
);

const RuntimeEventsPerHour = Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'Events per clock hour browsers may send for the site' });

const RuntimeRateLimitPerIp = Type.Integer({
  minimum: 1,
  maximum: 100_000_000,
  description: 'Runtime-token traffic (events, touches, clicks, assignments) one client address may send for the site per clock hour',
});

// No C0 or C1 control character nor DEL (the rule's own check says the same: consent-policy.ts).
const PolicyVersion = (description: string) => Type.String({ minLength: 1, maxLength: MAX_POLICY_VERSION_LENGTH, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$', description });

const ConsentMode = Type.Enum([...CONSENT_MODES], {
  description: 'none: no consent asked (both categories granted); opt_out: granted until the visitor objects; opt_in: denied until the visitor grants; cookieless: always denied',
});

export const ConsentPolicySchema = component('ConsentPolicy', Type.Object(
  {
    mode: ConsentMode,
    honor_gpc: Type.Boolean({ description: 'Under opt_out, the browser’s Global Privacy Control signal is an objection to marketing' }),
    policy_version: Type.Optional(PolicyVersion('The version of the site’s privacy policy the banner shows')),
  },
  { description: 'What browsers of the site may store, and what the server keeps of visitors who did not consent' },
));

/** What a browser had in force: an event's context.consent, the top-level consent of touches and of a click. */
export const SentConsentSchema = component('SentConsent', Type.Object(
  {
    analytics: Type.Boolean({ description: 'Device id, persistent session, user id' }),
    marketing: Type.Boolean({ description: 'Affiliate touches, publisher click references, personalized recommendations' }),
    source: Type.Enum([...CONSENT_SOURCES], { description: 'default: nobody decided; banner: the visitor; gpc: the Global Privacy Control signal; api: the merchant’s own banner or CMP' }),
    policy_version: Type.Optional(PolicyVersion('The policy version the decision was made under')),
  },
  { description: 'The consent the page had in force (the server applies the site’s policy to it)' },
));

export const SiteConfigSchema = component('SiteConfig', Type.Object({
  max_touches_per_request: Type.Integer({ minimum: 1, maximum: MAX_TOUCHES_PER_REQUEST }),
  runtime_events_per_hour: RuntimeEventsPerHour,
  runtime_rate_limit_per_ip_per_hour: RuntimeRateLimitPerIp,
  publisher_hosts: PublisherHosts,
  consent: ConsentPolicySchema,
}));

export const Site = component('Site', Type.Object({
  site_id: SiteId,
  name: Type.String(),
  origins: Type.Array(Type.String()),
  publisher_mode: Type.Boolean(),
  config: SiteConfigSchema,
  role: Type.Optional(Role),
  created_at: Timestamp,
  updated_at: Timestamp,
}));

const Origins = Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
  maxItems: MAX_ORIGINS,
  description: 'Allowed browser origins, e.g. https://shop.example',
});

export const CreateSiteBody = component('CreateSiteBody', Type.Object({
  name: NonEmpty(200),
  origins: Origins,
  publisher_mode: Type.Optional(Type.Boolean()),
}));

export const UpdateSiteBody = component('UpdateSiteBody', Type.Object({
  name: Type.Optional(NonEmpty(200)),
  origins: Type.Optional(Origins),
  publisher_mode: Type.Optional(Type.Boolean()),
  config: Type.Optional(
    Type.Object({
      max_touches_per_request: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TOUCHES_PER_REQUEST })),
      runtime_events_per_hour: Type.Optional(RuntimeEventsPerHour),
      runtime_rate_limit_per_ip_per_hour: Type.Optional(RuntimeRateLimitPerIp),
      publisher_hosts: Type.Optional(Type.Partial(PublisherHosts)),
      consent: Type.Optional(Type.Object({
        mode: Type.Optional(ConsentMode),
        honor_gpc: Type.Optional(Type.Boolean()),
        policy_version: Type.Optional(Type.Union([PolicyVersion('The privacy policy’s version; null removes it'), Type.Null()])),
      }, { description: 'Only the fields sent change' })),
    }),
  ),
}));

export const Member = component('Member', Type.Object({
  site_id: SiteId,
  user: Type.String(),
  role: Role,
  created_at: Timestamp,
}));

export const AddMemberBody = Type.Object({
  user: NonEmpty(200, { description: 'User id: the `sub` claim of the member’s ID token' }),
  role: Type.Optional(Role),
});
