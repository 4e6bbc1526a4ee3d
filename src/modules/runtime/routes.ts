// POST /runtime/token: the browser's way in (CONTRACT §1).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { SiteId, Timestamp } from '../../http/common-schemas.js';
import { siteSchemas } from '../../kernel/index.js';
import type { RuntimeLimits } from '../../rate-limit/runtime-limits.js';
import type { RuntimeService } from './runtime-service.js';

const RuntimeToken = Type.Object({
  token: Type.String({ description: 'Send as `Authorization: Bearer …` with the same Origin' }),
  expires_at: Timestamp,
  config: Type.Object(
    {
      site_id: SiteId,
      publisher_mode: Type.Boolean(),
      publisher_hosts: Type.Object({ awin: Type.Array(Type.String()), cj: Type.Array(Type.String()) }),
      max_touches_per_request: Type.Integer(),
      consent: siteSchemas.ConsentPolicySchema,
    },
    { description: 'The site’s public configuration' },
  ),
});

export const runtimeRoutes = (runtime: RuntimeService, limits: RuntimeLimits): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/runtime/token', {
    config: { auth: 'public', browser: true },
    // Exchanges are limited per client address and minute, before anything else is looked at.
    preValidation: async (request) => limits.chargeTokenExchange(request.ip),
    schema: {
      operationId: 'createRuntimeToken',
      description:
        'A storefront page exchanges its public site id for a runtime token bound to the site and to the page’s Origin (which must be one of the site’s origins). No credential; counted against the client address.',
      tags: ['runtime'],
      summary: 'Exchange a public site id for a short-lived runtime token bound to the request Origin',
      body: Type.Object({ site_id: SiteId }),
      response: responses({ 200: Envelope(RuntimeToken) }, [403, 404, 429]),
    },
  }, async (request, reply) => {
    const result = await runtime.issueToken(request.body.site_id, request.headers.origin);
    return reply.header('cache-control', 'no-store').send(ok(request, result));
  });
};
