// Merchant analytics (CONTRACT §12): what a merchant reads of the site's traffic, campaigns and
// orders. A read model over what the other modules store: the campaigns report, and the traffic
// figures (summary, timeseries, top, funnel).
import { defineModule } from '../module.js';
import { createAnalyticsService } from './analytics-service.js';
import { analyticsRoutes, trafficRoutes } from './routes.js';
import { createTrafficService } from './traffic-service.js';


export const analyticsModule = defineModule({
  name: 'analytics',
  services: (ctx) => ({
    campaigns: createAnalyticsService(ctx.db),
    traffic: createTrafficService(ctx.db, { rollups: ctx.config.analyticsRollups }),
  }),
  routes: (analytics) => [
    { prefix: '/api/v1', plugin: analyticsRoutes(analytics.campaigns) },
    { prefix: '/api/v1', plugin: trafficRoutes(analytics.traffic) },
  ],
});
