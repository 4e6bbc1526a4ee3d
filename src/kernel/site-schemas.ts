// The kernel's values as the API shows and takes them (TypeBox): sites, members, configuration.
import { Type } from 'typebox';
import { NonEmpty, SiteId, Timestamp } from '../http/common-schemas.js';
import { MAX_ORIGINS, MAX_TOUCHES_PER_REQUEST } from './site-config.js';
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

export const SiteConfigSchema = component('SiteConfig', Type.Object({
  max_touches_per_request: Type.Integer({ minimum: 1, maximum: MAX_TOUCHES_PER_REQUEST }),
  runtime_events_per_hour: RuntimeEventsPerHour,
  runtime_rate_limit_per_ip_per_hour: RuntimeRateLimitPerIp,
  publisher_hosts: PublisherHosts,
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
