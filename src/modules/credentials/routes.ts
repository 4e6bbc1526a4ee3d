// GET /credentials/current: what the presented credential is (kind, site, scopes), so an
// integrator can check a key or token without side effects. Never echoes a secret.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { principalOf } from '../../http/principals.js';

const Credential = Type.Object({
  kind: Type.Enum(['runtime_token', 'api_key', 'merchant_id_token', 'platform_signature']),
  site_id: Type.Optional(Type.String()),
  key_id: Type.Optional(Type.String()),
  scopes: Type.Optional(Type.Array(Type.String())),
  rate_limit_per_hour: Type.Optional(Type.Integer()),
  origin: Type.Optional(Type.String()),
  user: Type.Optional(Type.String()),
  issuer: Type.Optional(Type.String()),
  trust_class: Type.Optional(Type.Enum(['browser', 'server'])),
});

export const credentialsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/credentials/current', {
    config: { auth: { runtime: true, apiKey: { scopes: [] }, merchant: true }, browser: true },
    schema: {
      operationId: 'getCurrentCredential',
      description: 'What the server makes of the credential in this request: its kind and trust class, its site, its scopes or role. Useful to check a key or token before using it.',
      tags: ['credentials'],
      summary: 'Describe the credential this request carries (kind, site, scopes, trust class)',
      response: responses({ 200: Envelope(Credential) }, [401]),
    },
  }, async (request) => {
    const p = principalOf(request, 'runtime', 'apiKey', 'merchant');
    switch (p.kind) {
      case 'runtime':
        return ok(request, { kind: 'runtime_token' as const, site_id: p.siteId, origin: p.origin, trust_class: p.trustClass });
      case 'apiKey':
        return ok(request, {
          kind: 'api_key' as const,
          site_id: p.siteId,
          key_id: p.keyId,
          scopes: p.scopes,
          rate_limit_per_hour: p.rateLimitPerHour,
          trust_class: p.trustClass,
        });
      case 'merchant':
        return ok(request, { kind: 'merchant_id_token' as const, user: p.userId, issuer: p.issuer });
    }
  });
};
