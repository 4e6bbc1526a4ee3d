// Platform routes under /api/admin (platform signature only): operators' reads across sites, and the
// durable jobs.
import { defineModule } from '../module.js';
import { createAdminService } from './admin-service.js';
import { adminRoutes } from './routes.js';

export const adminModule = defineModule({
  name: 'admin',
  services: (ctx) => createAdminService(ctx.db, ctx.kernel.sites, ctx.jobs),
  routes: (admin) => [{ prefix: '/api/admin', plugin: adminRoutes(admin) }],
});
