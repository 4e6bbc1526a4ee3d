// OpenAPI 3.1 generated from the route schemas (GET /api/v1/openapi.json) and an interactive
// reference at /docs. Security requirements come from each route's credential declaration.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { docsCsp } from './security-headers.js';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version,
        description:
          'Storefront event capture and partner attribution. Every response uses the envelope ' +
          '`{ success, data | error, meta }`; errors carry a code from one catalogue. Paths are under `/api/v1` ' +
          'except the platform routes under `/api/admin`.',
      },
      components: {
        securitySchemes: {
          runtimeToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Short-lived token from POST /api/v1/runtime/token, bound to one site and one Origin (browser trust).',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: 'Secret API key (`sk_…`) of a trusted server; the listed scopes are required (server trust).',
          },
          merchantIdToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'OIDC ID token of a merchant user from the configured identity provider (or the local issuer).',
          },
          platformSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Platform-Signature',
            description:
              '`t=<unix>,n=<nonce: 16–64 of [A-Za-z0-9]>,v1=<hex HMAC-SHA256(PLATFORM_SECRET, t + "." + n + "." + METHOD + "." + path?query + "." + raw body)>`: ' +
              '300 s tolerance, each nonce usable once (`storefront platform sign` prints one).',
          },
        },
      },
    },
  });
  app.get('/api/v1/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // An HTML page: swagger-ui's CSP (hashes of its own inline script), never framed.
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });
}
