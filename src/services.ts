// The service layer, wired once from configuration, database and secrets. HTTP routes and the
// command line both call these; neither re-enters the other.
import type { Config } from './config.js';
import type { Database } from './db/types.js';
import { loadMigrations, migrationsApplied } from './db/migrate.js';
import type { Secrets } from './secrets.js';
import type { Metrics } from './plugins/metrics.js';
import { createIdTokens } from './auth/id-tokens.js';
import { createRuntimeTokens } from './auth/runtime-tokens.js';
import { createAdminService } from './modules/admin/admin-service.js';
import { createApiKeysService } from './modules/api-keys/api-keys-service.js';
import { createRuntimeService } from './modules/runtime/runtime-service.js';
import { createSitesService } from './modules/sites/sites-service.js';
import { createSiteDirectory } from './modules/sites/site-directory.js';
import { createEventWriter } from './modules/events/event-writer.js';
import { createEventsService } from './modules/events/events-service.js';
import { createIngestService } from './modules/events/ingest-service.js';
import { createHourlyLimiter } from './rate-limit/hourly-limiter.js';
import { createRuntimeLimits } from './rate-limit/runtime-limits.js';
import { createClickIdKeyring } from './crypto/click-id-keyring.js';
import { createTouchesService } from './modules/attribution/touches-service.js';
import { createConversionsService } from './modules/attribution/conversions-service.js';
import { experimentLedger } from './modules/experiments/experiment-ledger.js';
import { createExperimentsService } from './modules/experiments/experiments-service.js';
import { createClicksService } from './modules/publisher/clicks-service.js';
import { createReportsService } from './modules/publisher/reports-service.js';
import { createPublisherAnalyticsService } from './modules/publisher/analytics-service.js';

const READINESS_TIMEOUT_MS = 2_000;

export interface ServiceDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  /** Where the services report what operators watch (the server's /metrics); none on the command line. */
  metrics?: Metrics;
}

export function createServices({ config, db, secrets, metrics }: ServiceDeps) {
  const runtimeTokens = createRuntimeTokens(secrets, config.runtimeTokenTtlSeconds);
  const siteDirectory = createSiteDirectory(db);
  const limiter = createHourlyLimiter({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, onRefused: metrics?.rateLimitRefused });
  const runtimeLimits = createRuntimeLimits({ limiter, sites: siteDirectory, tokenExchangesPerMinute: config.tokenExchangesPerIpPerMinute });
  const keyring = createClickIdKeyring(config, secrets);
  const migrations = loadMigrations();
  let migrated = false;

  return {
    config,
    db,
    sites: createSitesService(db, siteDirectory, secrets),
    siteDirectory,
    runtimeLimits,
    ingest: createIngestService({ writer: createEventWriter(db, metrics?.groupCommitFlushed), limiter, sites: siteDirectory }),
    events: createEventsService(db),
    keyring,
    touches: createTouchesService({ db, keyring, sites: siteDirectory }),
    conversions: createConversionsService(db, experimentLedger),
    experiments: createExperimentsService(db, secrets),
    clicks: createClicksService({ db, keyring, sites: siteDirectory }),
    reports: createReportsService({ db, keyring }),
    publisherAnalytics: createPublisherAnalyticsService(db),
    apiKeys: createApiKeysService(db, secrets),
    runtimeTokens,
    idTokens: createIdTokens(config, secrets),
    runtime: createRuntimeService(db, runtimeTokens),
    admin: createAdminService(db, secrets),
    /** Releases what the services hold besides the database (Redis connections). */
    async close(): Promise<void> {
      await limiter.close();
    },
    /** A real probe of the database, bounded in time (a database that does not answer is not ready). */
    async readiness(): Promise<{ ready: true; engine: string; migrations: number } | { ready: false; reason: string }> {
      if ('fenced' in db && typeof db.fenced === 'function' && db.fenced()) {
        return { ready: false, reason: 'The embedded database could not write to disk; restart the service' };
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness probe timed out')), READINESS_TIMEOUT_MS);
        });
        await Promise.race([
          (async () => {
            await db.query('SELECT 1');
            migrated ||= await migrationsApplied(db, migrations);
          })(),
          timeout,
        ]);
      } catch {
        return { ready: false, reason: 'The database is unreachable' };
      } finally {
        clearTimeout(timer);
      }
      return migrated
        ? { ready: true, engine: db.engine, migrations: migrations.length }
        : { ready: false, reason: 'Migrations are not applied yet' };
    },
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
