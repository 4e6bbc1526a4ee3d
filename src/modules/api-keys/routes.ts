// Merchant routes of secret API keys. The secret is in the creation response and nowhere else.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { Page, PageQuery, page, pageRequestOf } from '../../http/pagination.js';
import { KeyId, NonEmpty, NullableTimestamp, SiteId, SiteParams, Timestamp } from '../../http/common-schemas.js';
import { merchantActor } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { SCOPES } from '../../auth/scopes.js';
import type { ApiKeysService } from './api-keys-service.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import { component } from '../../http/openapi-components.js';

const tags = ['api-keys'];
const merchant = { auth: { merchant: true } } as const;
const memberOfSite = { ...merchant, siteAccess: { role: 'member', site: siteInParams } } as const;
const ownerOfSite = { ...merchant, siteAccess: { role: 'owner', site: siteInParams } } as const;

const ScopeSchema = Type.Enum([...SCOPES]);

const ApiKey = component('ApiKey', Type.Object({
  key_id: KeyId,
  site_id: SiteId,
  name: Type.Union([Type.String(), Type.Null()]),
  prefix: Type.String({ description: 'First characters of the secret, to recognise it' }),
  scopes: Type.Array(ScopeSchema),
  rate_limit_per_hour: Type.Integer({ description: 'Events per clock hour' }),
  expires_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
  created_at: Timestamp,
}));

const CreatedApiKey = Type.Object({
  ...ApiKey.properties,
  api_key: Type.String({ description: 'The secret (`sk_…`). Shown once: store it now.' }),
});

const CreateApiKeyBody = Type.Object({
  name: Type.Optional(NonEmpty(200)),
  scopes: Type.Array(ScopeSchema, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
  rate_limit_per_hour: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  expires_at: Type.Optional(Type.String({ format: 'date-time' })),
});

export const apiKeysRoutes = (apiKeys: ApiKeysService): FastifyPluginAsyncTypebox => async (app) => {

  app.get('/sites/:siteId/api-keys', {
    config: memberOfSite,
    schema: {
      operationId: 'listApiKeys',
      description: 'The site’s API keys with their scopes, rate limit, prefix and revocation time, newest first. The secret itself is never shown after creation. Members of the site.',
      tags,
      summary: 'List API keys, newest first (members); secrets are never shown',
      params: SiteParams,
      querystring: Type.Object(PageQuery),
      response: responses({ 200: Page(ApiKey) }, [401, 403, 404]),
    },
  }, async (request) =>
    page(request, await apiKeys.listKeys(merchantActor(request), request.params.siteId, pageRequestOf(request.query))));

  app.post('/sites/:siteId/api-keys', {
    config: ownerOfSite,
    schema: {
      operationId: 'createApiKey',
      description: 'Creates a secret API key (`sk_…`) with the scopes asked and an hourly event rate limit. The secret is in this response only (Cache-Control: no-store); store it now. Owners of the site. A site holds at most LIMIT_API_KEYS_PER_SITE keys (default 200), revoked and expired ones included: past it, 422 limit_reached, its message naming the number.',
      tags,
      summary: 'Create a secret API key (owners); the secret is in this response only',
      params: SiteParams,
      body: CreateApiKeyBody,
      response: responses({ 201: Envelope(CreatedApiKey) }, [401, 403, 404, 422]),
    },
  }, async (request, reply) => {
    const key = await apiKeys.createKey(merchantActor(request), request.params.siteId, {
      name: request.body.name,
      scopes: request.body.scopes,
      rateLimitPerHour: request.body.rate_limit_per_hour,
      // The schema's date-time format is parseIsoTimestamp's (any offset form), which Date.parse may not read.
      expiresAt: request.body.expires_at === undefined ? undefined : new Date(parseIsoTimestamp(request.body.expires_at)!),
    });
    return reply.code(201).header('cache-control', 'no-store').send(ok(request, key));
  });

  app.delete('/sites/:siteId/api-keys/:keyId', {
    config: ownerOfSite,
    schema: {
      operationId: 'revokeApiKey',
      description: 'Revokes the key at once: requests with it answer 401 from then on. Revoking an already revoked key is 200 and keeps the first revocation time. Owners of the site.',
      tags,
      summary: 'Revoke an API key (owners); revoking twice keeps the first time',
      params: Type.Object({ siteId: SiteId, keyId: KeyId }),
      response: responses({ 200: Envelope(ApiKey) }, [401, 403, 404]),
    },
  }, async (request) => ok(request, await apiKeys.revokeKey(merchantActor(request), request.params.siteId, request.params.keyId)));
};
