// Merchant analytics (CONTRACT §12): what a merchant reads of the site's traffic, campaigns and
// orders. A read model over what the other modules store; so far the campaigns report.
import { defineModule } from '../module.js';
import { createAnalyticsService } from './analytics-service.js';
import { analyticsRoutes } from './routes.js';

export const analyticsModule = defineModule({
  name: 'analytics',
  services: (ctx) => createAnalyticsService(ctx.db),
  routes: (analytics) => [{ prefix: '/api/v1', plugin: analyticsRoutes(analytics) }],
});
