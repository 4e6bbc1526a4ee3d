// Storefront events (CONTRACT §3): track and batch through one ingestion function with group
// commit, and reading an event back; what visitors did with products (the kernel's product activity).
import { defineModule } from '../module.js';
import { createEventWriter } from './write-events.js';
import { createEventsService } from './events-service.js';
import { createIngestService } from './ingest-service.js';
import { createProductActivity } from './product-activity.js';
import { eventsRoutes } from './routes.js';

export const eventsModule = defineModule({
  name: 'events',
  services: (ctx) => ({
    ingest: createIngestService({ writer: createEventWriter(ctx.db, ctx.workflowTriggers, { observe: ctx.metrics?.groupCommitFlushed, load: ctx.writeLoad }), limiter: ctx.limiter, sites: ctx.kernel.siteDirectory }),
    events: createEventsService(ctx.db),
    activity: createProductActivity(ctx.db),
  }),
  productActivity: ({ activity }) => activity,
  routes: (services) => [{ prefix: '/api/v1', plugin: eventsRoutes(services) }],
});
