// OpenAPI 3.1 generated from the route schemas (GET /api/v1/openapi.json) and an interactive
// reference at /docs. Security requirements come from each route's credential declaration; named
// schemas, response headers and beacon bodies are added by openapi-document.ts. Nothing here runs
// per request: the document is built when first asked for, then cached.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { docsCsp } from './security-headers.js';
import { namedSchemas } from '../http/openapi-components.js';
import { BEACON_MARK, finishDocument, QUOTA_MARK } from './openapi-document.js';
import { REQUEST_EXAMPLES } from './openapi-examples.js';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every successful answer carries the hourly quota (RateLimit-* headers): documented on its 2xx responses. */
    quotaHeaders?: boolean;
  }
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version,
        contact: { name: 'Storefront maintainers' },
        license: { name: 'UNLICENSED', identifier: 'LicenseRef-UNLICENSED' },
        description:
          'Storefront event capture and partner attribution. Every response uses the envelope ' +
          '`{ success, data | error, meta }`; errors carry a code from one catalogue. Paths are under `/api/v1` ' +
          'except the platform routes under `/api/admin`.',
      },
      components: {
        schemas: namedSchemas(),
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
    // Marks for openapi-document.ts (operation keys starting with `x-` pass through swagger).
    transform: ({ schema, url, route }) => {
      const marks: Record<string, unknown> = {};
      if (route.config?.quotaHeaders) marks[QUOTA_MARK] = true;
      if (route.config?.beacon) marks[BEACON_MARK] = route.config.beacon.credentialField;
      return { schema: Object.keys(marks).length > 0 ? { ...schema, ...marks } : schema, url };
    },
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject, { servers: [{ url: '/', description: 'This server' }], requestExamples: REQUEST_EXAMPLES }) : document.swaggerObject,
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
