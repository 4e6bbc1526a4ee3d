// Storefront events (CONTRACT §3): track and batch through one ingestion function with group
// commit, and reading an event back; what visitors did with products (the kernel's product activity);
// the anonymous sessions of browsers without analytics consent (CONTRACT §13) and their salts' sweep.
import { defineModule } from '../module.js';
import { createEventWriter } from './write-events.js';
import { createAnonymousSessions } from './anonymous-sessions.js';
import { createEventsService } from './events-service.js';
import { createIngestService } from './ingest-service.js';
import { createProductActivity } from './product-activity.js';
import { eventsRoutes } from './routes.js';

export const eventsModule = defineModule({
  name: 'events',
  services: (ctx) => {
    const anonymousSessions = createAnonymousSessions(ctx.db, ctx.secrets);
    return {
      ingest: createIngestService({
        writer: createEventWriter(ctx.db, ctx.workflowTriggers, { observe: ctx.metrics?.groupCommitFlushed, load: ctx.writeLoad }),
        limiter: ctx.limiter,
        sites: ctx.kernel.siteDirectory,
        anonymousSessions,
      }),
      events: createEventsService(ctx.db),
      activity: createProductActivity(ctx.db),
      anonymousSessions,
    };
  },
  productActivity: ({ activity }) => activity,
  // Deletes the consent salts 48 h after they were made (CONTRACT §13).
  background: ({ anonymousSessions }) => anonymousSessions,
  routes: (services) => [{ prefix: '/api/v1', plugin: eventsRoutes(services) }],
});
