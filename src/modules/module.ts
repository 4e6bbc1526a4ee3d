// What a module is (the contract every folder under src/modules/ fulfils) and what it is given. A
// module contributes services built from the platform (ModuleContext), routes under a prefix,
// command-line commands, and its part of the platform's extension points: the key verifier of
// authentication, listeners of the order ledger, the media library and its users, the experiment gate, campaign forms, report imports, the sealed
// columns that click-id rotation and retention cover, a step of the first start, and work the server runs in the background. A module imports the kernel (kernel/index.ts),
// the infrastructure (db, http, auth, crypto, domain, …) and its own files; never another module.
// modules/index.ts, the registry, lists them: deleting a module is removing its folder and its line.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Database } from '../db/types.js';
import type { Secrets } from '../secrets.js';
import type { Metrics } from '../plugins/metrics.js';
import type {
  Actor,
  CampaignForms,
  ExperimentGate,
  Kernel,
  MediaLibrary,
  MediaUser,
  OrderLedgerListener,
  ProductActivity,
  ProductShelf,
  RecommendationSlots,
  ReportImports,
  SiteView,
  WorkflowTriggers,
} from '../kernel/index.js';
import type { ClickIdKeyring } from '../crypto/click-id-keyring.js';
import type { SealedColumn } from '../crypto/sealed-columns.js';
import type { HourlyLimiter } from '../rate-limit/hourly-limiter.js';
import type { RuntimeLimits } from '../rate-limit/runtime-limits.js';
import type { RuntimeTokens } from '../auth/runtime-tokens.js';
import type { IdTokens } from '../auth/id-tokens.js';
import type { ApiKeyVerifier } from '../auth/principal.js';
import type { Readiness } from '../db/readiness.js';
import type { WriteLoad } from '../db/write-load.js';
import type { JobHandler } from '../jobs/job.js';
import type { Jobs } from '../jobs/jobs.js';
import { narrowCommand, type Command, type InternalCommand } from '../cli/command.js';

export type { Readiness } from '../db/readiness.js';

/** What the platform gives every module's services. */
export interface ModuleContext {
  config: Config;
  db: Database;
  secrets: Secrets;
  /** Where services report what operators watch (the server's /metrics); none on the command line. */
  metrics?: Metrics;
  kernel: Kernel;
  keyring: ClickIdKeyring;
  limiter: HourlyLimiter;
  runtimeLimits: RuntimeLimits;
  runtimeTokens: RuntimeTokens;
  idTokens: IdTokens;
  /** Every module's order-ledger listener as one: the module that keeps the ledger calls it in its transactions. */
  orderLedger: OrderLedgerListener;
  /** The media library (the media module's), for modules that reference media items. */
  mediaLibrary: MediaLibrary;
  /** Every module that references media, as one: the media module asks it before deleting an item. */
  mediaUsers: MediaUser;
  /** Experiments as gates (the experiments module's), for modules whose features an experiment gates. */
  experimentGate: ExperimentGate;
  /** The forms of live campaigns (the campaigns module's), for the module that takes submissions. */
  campaignForms: CampaignForms;
  /** Live products as storefronts show them (the catalog's), for recommendations. */
  productShelf: ProductShelf;
  /** What visitors did with products (the events module's), for recommendations. */
  productActivity: ProductActivity;
  /** The slots of live recommendation campaigns (the campaigns module's). */
  recommendationSlots: RecommendationSlots;
  /** What records the deliveries of workflows (the workflows module's), for modules whose happenings trigger them. */
  workflowTriggers: WorkflowTriggers;
  /** Network report imports (the publisher module's), for the module that polls the networks. */
  reportImports: ReportImports;
  /** Durable jobs: enqueue in a transaction of the module's; operators' reads and retries. */
  jobs: Jobs;
  /** A bounded probe of the database and its migrations. */
  readiness(): Promise<Readiness>;
  /** How hard ingestion's writes are pressed (the events module reports; background work yields to them). */
  writeLoad: WriteLoad;
}

/** Routes a module registers under a prefix (`/api/v1`, `/api/admin`, or '' for the root). */
export interface RouteSet {
  prefix: string;
  plugin: FastifyPluginAsyncTypebox;
}

/**
 * The first start of an empty database. The kernel made the demo site (behind /demo, when the demo
 * is on), which each module's step seeds, and, on the embedded engine's zero-setup start, a second
 * site of the same owner whose secret key is printed (the README's examples use it, never /demo).
 */
export interface FirstStart {
  /** The demo site, when the demo is on: the steps seed it. */
  demoSite: SiteView | undefined;
  /** The site of the printed key with every scope: the embedded engine's zero-setup start, outside production. */
  keySite: SiteView | undefined;
  /** The owner of both sites. */
  owner: Actor;
  /**
   * Work a step leaves until every step has run, done in the order it was left: what needs a later
   * module's part (the demo experiment starts once the campaign it gates exists, then that campaign goes live).
   */
  later: (() => Promise<void>)[];
  /** What the steps made, for the later steps and the welcome text. */
  made: {
    key?: { apiKey: string; keyId: string };
    experimentId?: string;
    /** The demo campaigns the demo experiment gates (shown to `treatment` only). */
    gatedCampaignIds?: string[];
    /** Media items of the demo site for its products' images, in order. */
    demoImages?: string[];
  };
}

/**
 * Work a module does in the server process while it serves (a periodic job): started once the
 * server listens, stopped before it closes (waiting for the work under way). Never on the command
 * line, nor in apps that tests build.
 */
export interface BackgroundTask {
  start(onError: (err: unknown, context?: string) => void): void;
  stop(): Promise<void>;
}

/** A module as its folder writes it, over its own services `S`. */
export interface ModuleSpec<N extends string, S> {
  name: N;
  services(ctx: ModuleContext): S;
  routes?(services: S, ctx: ModuleContext): RouteSet[];
  commands?: Record<string, Command<S>>;
  internalCommands?: Record<string, InternalCommand<S>>;
  sealedColumns?: readonly SealedColumn[];
  apiKeyVerifier?(services: S): ApiKeyVerifier;
  orderLedgerListener?(services: S): OrderLedgerListener;
  mediaLibrary?(services: S): MediaLibrary;
  mediaUser?(services: S): MediaUser;
  experimentGate?(services: S): ExperimentGate;
  campaignForms?(services: S): CampaignForms;
  productShelf?(services: S): ProductShelf;
  productActivity?(services: S): ProductActivity;
  recommendationSlots?(services: S): RecommendationSlots;
  workflowTriggers?(services: S): WorkflowTriggers;
  reportImports?(services: S): ReportImports;
  background?(services: S): BackgroundTask;
  /** Handlers of the module's queues of durable jobs, by queue name. */
  jobs?(services: S): Record<string, JobHandler>;
  firstStart?(services: S, start: FirstStart): Promise<void>;
}

/**
 * A module as the registry uses it: every part takes the services of all modules (`Record<N, S>` is
 * the part it reads), so the registry calls each module alike.
 */
export interface StorefrontModule<N extends string, S> {
  name: N;
  services(ctx: ModuleContext): S;
  routes(all: Record<N, S>, ctx: ModuleContext): RouteSet[];
  commands: Record<string, Command<Record<N, S>>>;
  internalCommands: Record<string, InternalCommand<Record<N, S>>>;
  sealedColumns: readonly SealedColumn[];
  apiKeyVerifier(all: Record<N, S>): ApiKeyVerifier | undefined;
  orderLedgerListener(all: Record<N, S>): OrderLedgerListener | undefined;
  mediaLibrary(all: Record<N, S>): MediaLibrary | undefined;
  mediaUser(all: Record<N, S>): MediaUser | undefined;
  experimentGate(all: Record<N, S>): ExperimentGate | undefined;
  campaignForms(all: Record<N, S>): CampaignForms | undefined;
  productShelf(all: Record<N, S>): ProductShelf | undefined;
  productActivity(all: Record<N, S>): ProductActivity | undefined;
  recommendationSlots(all: Record<N, S>): RecommendationSlots | undefined;
  workflowTriggers(all: Record<N, S>): WorkflowTriggers | undefined;
  reportImports(all: Record<N, S>): ReportImports | undefined;
  background(all: Record<N, S>): BackgroundTask | undefined;
  jobs(all: Record<N, S>): Record<string, JobHandler>;
  firstStart(all: Record<N, S>, start: FirstStart): Promise<void>;
}

export function defineModule<N extends string, S>(spec: ModuleSpec<N, S>): StorefrontModule<N, S> {
  const own = (all: Record<N, S>): S => all[spec.name];
  const mapValues = <A, B>(o: Record<string, A> | undefined, f: (a: A) => B): Record<string, B> =>
    Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k, f(v)]));
  return {
    name: spec.name,
    services: (ctx) => spec.services(ctx),
    routes: (all, ctx) => spec.routes?.(own(all), ctx) ?? [],
    commands: mapValues(spec.commands, (c) => narrowCommand(c, own)),
    internalCommands: mapValues(spec.internalCommands, (c) => (all: Record<N, S>, input: Record<string, unknown>) => c(own(all), input)),
    sealedColumns: spec.sealedColumns ?? [],
    apiKeyVerifier: (all) => spec.apiKeyVerifier?.(own(all)),
    orderLedgerListener: (all) => spec.orderLedgerListener?.(own(all)),
    mediaLibrary: (all) => spec.mediaLibrary?.(own(all)),
    mediaUser: (all) => spec.mediaUser?.(own(all)),
    experimentGate: (all) => spec.experimentGate?.(own(all)),
    campaignForms: (all) => spec.campaignForms?.(own(all)),
    productShelf: (all) => spec.productShelf?.(own(all)),
    productActivity: (all) => spec.productActivity?.(own(all)),
    recommendationSlots: (all) => spec.recommendationSlots?.(own(all)),
    workflowTriggers: (all) => spec.workflowTriggers?.(own(all)),
    reportImports: (all) => spec.reportImports?.(own(all)),
    background: (all) => spec.background?.(own(all)),
    jobs: (all) => spec.jobs?.(own(all)) ?? {},
    firstStart: async (all, start) => spec.firstStart?.(own(all), start),
  };
}
