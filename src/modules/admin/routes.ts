// Platform routes under /api/admin: platform signature only, never from storefront code.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { responses } from '../../http/envelope.js';
import { Timestamp } from '../../http/common-schemas.js';
import { Page, PageQuery, page, pageRequestOf } from '../../http/pagination.js';
import { siteSchemas } from '../../kernel/index.js';
import type { AdminService } from './admin-service.js';

const AdminSite = Type.Object({
  ...siteSchemas.Site.properties,
  members: Type.Integer(),
  active_keys: Type.Integer(),
  archived_at: Type.Union([Timestamp, Type.Null()], { description: 'When an owner archived the site; null while it is live' }),
});

export const adminRoutes = (admin: AdminService): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sites', {
    config: { auth: { platform: true } },
    schema: {
      tags: ['admin'],
      summary: 'All sites with member and active-key counts, newest first (platform signature)',
      querystring: Type.Object(PageQuery),
      response: responses({ 200: Page(AdminSite) }, [401]),
    },
  }, async (request) => page(request, await admin.listSites(pageRequestOf(request.query))));
};
