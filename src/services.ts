// Composition: the only place that wires the platform (kernel, tokens, limits, keyring, click-id
// protection) and the modules' services together, once, from configuration, database and secrets.
// HTTP routes and the command line both call these; neither re-enters the other.
import type { Config } from './config.js';
import type { Database } from './db/types.js';
import { createReadiness } from './db/readiness.js';
import { createWriteLoad } from './db/write-load.js';
import type { Secrets } from './secrets.js';
import type { Metrics } from './plugins/metrics.js';
import type { ApiKeyVerifier } from './auth/principal.js';
import { createIdTokens } from './auth/id-tokens.js';
import { createRuntimeTokens } from './auth/runtime-tokens.js';
import {
  allListeners,
  allMediaUsers,
  createKernel,
  late,
  NO_ACTIVITY,
  NO_CAMPAIGN_FORMS,
  NO_EXPERIMENTS,
  NO_MEDIA,
  NO_REPORT_IMPORTS,
  NO_SHELF,
  NO_SLOTS,
  NO_TRIGGERS,
  type MediaUser,
  type OrderLedgerListener,
} from './kernel/index.js';
import { createHourlyLimiter } from './rate-limit/hourly-limiter.js';
import { createRuntimeLimits } from './rate-limit/runtime-limits.js';
import { createClickIdKeyring } from './crypto/click-id-keyring.js';
import { createClickIdProtection } from './crypto/click-id-protection.js';
import { unauthorized } from './errors.js';
import { createModuleServices, MODULES } from './modules/index.js';
import type { ModuleContext } from './modules/module.js';
import { createCursorCodec } from './db/paging.js';
import { createJobs } from './jobs/jobs.js';

export interface ServiceDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  /** Where the services report what operators watch (the server's /metrics); none on the command line. */
  metrics?: Metrics;
}

/** No module keeps API keys: every key is refused. */
const NO_KEYS: ApiKeyVerifier = {
  verifyKey: async () => {
    throw unauthorized('The API key is not valid');
  },
};

export function createServices({ config, db, secrets, metrics }: ServiceDeps) {
  const kernel = createKernel(db, secrets, config.limits);
  const runtimeTokens = createRuntimeTokens(secrets, config.runtimeTokenTtlSeconds);
  const limiter = createHourlyLimiter({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, onRefused: metrics?.rateLimitRefused });
  const runtimeLimits = createRuntimeLimits({ limiter, sites: kernel.siteDirectory, tokenExchangesPerMinute: config.tokenExchangesPerIpPerMinute });
  const keyring = createClickIdKeyring(config, secrets);
  const idTokens = createIdTokens(config, secrets);
  const readiness = createReadiness(db);
  const writeLoad = createWriteLoad();
  const jobs = createJobs({ db, cursors: createCursorCodec(secrets), concurrency: db.engine === 'pglite' ? 1 : 4, pollMs: config.jobsPollMs });
  // The modules' listeners join once every module's services exist (they are called per request).
  const listeners: OrderLedgerListener[] = [];
  const mediaUsers: MediaUser[] = [];
  const mediaLibrary = late(NO_MEDIA);
  const experimentGate = late(NO_EXPERIMENTS);
  const campaignForms = late(NO_CAMPAIGN_FORMS);
  const productShelf = late(NO_SHELF);
  const productActivity = late(NO_ACTIVITY);
  const recommendationSlots = late(NO_SLOTS);
  const workflowTriggers = late(NO_TRIGGERS);
  const reportImports = late(NO_REPORT_IMPORTS);
  const ctx: ModuleContext = {
    ...{ config, db, secrets, metrics, kernel, keyring, limiter, runtimeLimits, runtimeTokens, idTokens, readiness, jobs, writeLoad },
    orderLedger: allListeners(listeners),
    mediaLibrary,
    mediaUsers: allMediaUsers(mediaUsers),
    experimentGate,
    campaignForms,
    productShelf,
    productActivity,
    recommendationSlots,
    workflowTriggers,
    reportImports,
  };
  const modules = createModuleServices(ctx);
  for (const m of MODULES) {
    const listener = m.orderLedgerListener(modules);
    if (listener) listeners.push(listener);
    const user = m.mediaUser(modules);
    if (user) mediaUsers.push(user);
    for (const [queue, handler] of Object.entries(m.jobs(modules))) jobs.handle(queue, handler);
  }
  mediaLibrary.resolve(MODULES.map((m) => m.mediaLibrary(modules)).find((l) => l !== undefined));
  experimentGate.resolve(MODULES.map((m) => m.experimentGate(modules)).find((g) => g !== undefined));
  campaignForms.resolve(MODULES.map((m) => m.campaignForms(modules)).find((f) => f !== undefined));
  productShelf.resolve(MODULES.map((m) => m.productShelf(modules)).find((s) => s !== undefined));
  productActivity.resolve(MODULES.map((m) => m.productActivity(modules)).find((a) => a !== undefined));
  recommendationSlots.resolve(MODULES.map((m) => m.recommendationSlots(modules)).find((s) => s !== undefined));
  workflowTriggers.resolve(MODULES.map((m) => m.workflowTriggers(modules)).find((w) => w !== undefined));
  reportImports.resolve(MODULES.map((m) => m.reportImports(modules)).find((r) => r !== undefined));
  const apiKeys = MODULES.map((m) => m.apiKeyVerifier(modules)).find((v) => v !== undefined) ?? NO_KEYS;

  return {
    ...modules,
    config,
    db,
    kernel,
    runtimeLimits,
    runtimeTokens,
    idTokens,
    keyring,
    /** What authentication verifies secret API keys with (the module that keeps keys). */
    apiKeyVerifier: apiKeys,
    /** Rotation and retention over every sealed column the modules declare. */
    clickIds: createClickIdProtection(db, keyring, MODULES.flatMap((m) => m.sealedColumns)),
    readiness,
    /** Durable jobs: the queue, operators' reads, the worker (started by the server unless WORKER=0). */
    jobs,
    /** What every module was given (its routes are given it too). */
    moduleContext: ctx,
    /** Releases what the services hold besides the database (Redis connections). */
    async close(): Promise<void> {
      await limiter.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
