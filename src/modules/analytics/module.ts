// Merchant analytics (CONTRACT §12): what a merchant reads of the site's traffic, campaigns and
// orders. A read model over what the other modules store: the campaigns report, and the traffic
// figures (summary, timeseries, top, funnel), answered from quarter-hour rollups that a background task
// keeps behind ingestion (ANALYTICS_ROLLUPS) plus the raw events not rolled yet.
import { str } from '../../cli/command.js';
import { defineModule } from '../module.js';
import { createAnalyticsService } from './analytics-service.js';
import { createRollupJob } from './rollup-job.js';
import { rollupLag } from './rollup-repository.js';
import { analyticsRoutes, trafficRoutes } from './routes.js';
import { createTrafficService } from './traffic-service.js';

/** How often a server process rolls new events into the quarter-hour rollups. */
const ROLLUP_INTERVAL_MS = 2_000;

/**
 * A chunk's events on the embedded engine. PGlite has one connection: while a chunk's transaction
 * is open, ingestion's writes wait for it. A tick in 50,000-event chunks held them up to half a
 * second under load (track's p99 at 418-494 ms under wrk); chunks of 500 hold them a few tens of
 * milliseconds (p99 41-44 ms), and writes queued meanwhile go between two chunks. The price: a
 * backlog rolls about a fifth slower (152,162 events: 10.2-10.5 s against 8.3-8.7 s). PostgreSQL
 * keeps the default (writes never wait for a roll there).
 */
export const EMBEDDED_ROLLUP_CHUNK = 500;

/**
 * On the embedded engine the job rests as long as each chunk took before the next: chunks back to
 * back left ingestion less of the connection than events kept arriving, so a tick's backlog made
 * every write behind it wait. Track paced at 3,000 req/s: p99 53-163 ms without the rest, 39-58 ms
 * with it; under wrk 4,783-5,328 against 5,188-5,797 req/s (alternated runs, BENCHMARKS.md). A
 * roll keeps up as long as it needs less than half of the connection (about a sixth at full load).
 */
export const EMBEDDED_ROLLUP_REST = 1;

export const analyticsModule = defineModule({
  name: 'analytics',
  services: (ctx) => ({
    campaigns: createAnalyticsService(ctx.db),
    traffic: createTrafficService(ctx.db, { rollups: ctx.config.analyticsRollups }),
    rollups: createRollupJob({
      db: ctx.db,
      intervalMs: ctx.config.analyticsRollups ? ROLLUP_INTERVAL_MS : 0,
      writes: ctx.writeLoad,
      ...(ctx.db.engine === 'pglite' ? { chunkEvents: EMBEDDED_ROLLUP_CHUNK, restRatio: EMBEDDED_ROLLUP_REST } : {}),
    }),
    rollupLag: (siteId: string) => rollupLag(ctx.db, siteId),
  }),
  background: (analytics) => analytics.rollups,
  routes: (analytics) => [
    { prefix: '/api/v1', plugin: analyticsRoutes(analytics.campaigns) },
    { prefix: '/api/v1', plugin: trafficRoutes(analytics.traffic) },
  ],
  commands: {
    'analytics rollup': {
      kind: 'database',
      usage: "analytics rollup --site SITE                  rolls the site's new events into its analytics rollups now",
      options: { site: { type: 'string' } },
      async run(analytics, o) {
        const siteId = str(o, 'site')!;
        const rolled = await analytics.rollups.rollSite(siteId);
        return { rolled, ...(await analytics.rollupLag(siteId)) };
      },
    },
  },
});
