// Platform routes under /api/admin: platform signature only, never from storefront code.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { SiteId } from '../../http/common-schemas.js';
import { Site } from '../sites/schemas.js';

const AdminSite = Type.Object({
  ...Site.properties,
  members: Type.Integer(),
  active_keys: Type.Integer(),
});

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/sites', {
    config: { auth: { platform: true } },
    schema: {
      tags: ['admin'],
      summary: 'All sites with member and active-key counts (platform signature)',
      querystring: Type.Object({
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        after: Type.Optional(SiteId),
      }),
      response: responses(
        { 200: Envelope(Type.Object({ sites: Type.Array(AdminSite), next_after: Type.Union([SiteId, Type.Null()]) })) },
        [401],
      ),
    },
  }, async (request) => ok(request, await app.services.admin.listSites(request.query.limit ?? 100, request.query.after)));
};
