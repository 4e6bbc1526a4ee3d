// GET /sdk/v1/storefront.js (IIFE, global Storefront) and /sdk/v1/storefront.mjs (ES module),
// cacheable: an ETag, and a week of freshness with stale-while-revalidate.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sdkBundle } from './bundle.js';

export const sdkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [file, format] of [['storefront.js', 'iife'], ['storefront.mjs', 'esm']] as const) {
    app.get(`/sdk/v1/${file}`, {
      config: { auth: 'public', browser: true },
      schema: {
        tags: ['sdk'],
        summary: format === 'iife' ? 'The browser SDK (global `Storefront`)' : 'The browser SDK as an ES module',
        response: { 200: Type.String({ description: 'JavaScript' }), 304: Type.Null() },
      },
    }, async (request, reply) => {
      const bundle = await sdkBundle(format);
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600, stale-while-revalidate=604800')
        .header('etag', bundle.etag);
      if (request.headers['if-none-match'] === bundle.etag) return reply.code(304).send(null);
      return reply.send(bundle.code);
    });
  }
};
