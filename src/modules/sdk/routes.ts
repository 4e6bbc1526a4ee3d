// GET /sdk/v1/storefront.js (IIFE, global Storefront), /sdk/v1/storefront.mjs (ES module) and
// /sdk/v1/render.mjs (the campaign renderer, imported by the core across origins: CORS like every
// browser route), cacheable: an ETag, and an hour of freshness with a week of stale-while-revalidate.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotModified } from '../../http/conditional.js';
import { responses } from '../../http/envelope.js';
import { SDK_FILES, sdkBundle } from './bundle.js';

const SUMMARY = {
  'storefront.js': 'The browser SDK (global `Storefront`)',
  'storefront.mjs': 'The browser SDK as an ES module',
  'render.mjs': 'The SDK’s campaign renderer (an ES module the SDK imports when a campaign is shown)',
} as const;

const OPERATION_IDS = { 'storefront.js': 'getSdkScript', 'storefront.mjs': 'getSdkModule', 'render.mjs': 'getSdkRenderer' } as const;

export const sdkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const file of SDK_FILES) {
    app.get(`/sdk/v1/${file}`, {
      config: { auth: 'public', browser: true },
      schema: {
        operationId: OPERATION_IDS[file],
        tags: ['sdk'],
        summary: SUMMARY[file],
        description: 'Cacheable: ETag, Cache-Control: public, max-age=3600, stale-while-revalidate=604800; 304 when If-None-Match names the current ETag. No credential.',
        response: {
          ...responses({}, []),
          200: { description: 'JavaScript', content: { 'application/javascript': { schema: Type.String() } } },
          304: NotModified,
        },
      },
    }, async (request, reply) => {
      const bundle = await sdkBundle(file);
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600, stale-while-revalidate=604800')
        .header('etag', bundle.etag);
      if (request.headers['if-none-match'] === bundle.etag) return reply.code(304).send(null);
      return reply.send(bundle.code);
    });
  }
};
