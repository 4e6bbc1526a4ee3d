// The whole application as one Fastify instance built from configuration. The entry point
// (server.ts) only listens; tests call buildApp() and use inject().
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pinoPretty from 'pino-pretty';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Database } from './db/types.js';
import { openDatabase } from './db/open-database.js';
import { migrate } from './db/migrate.js';
import { createSecrets, loadMasterSecret, type Secrets } from './secrets.js';
import { verifyMasterSecret } from './secret-fingerprint.js';
import { createServices, type Services } from './services.js';
import { authenticationChecks, registerCredentialChecks } from './auth/authenticate.js';
import { siteAccessCheck } from './http/site-access.js';
import { runtimeLimitsCheck } from './rate-limit/runtime-limits.js';
import { accepts, securityOf, type AuthSpec } from './auth/principal.js';
import { ErrorEnvelope } from './http/envelope.js';
import { registerContentParsers } from './http/content-parsers.js';
import { schemaBoundary } from './http/validation.js';
import { requestLogger } from './http/request-logger.js';
import { registerFormats } from './http/formats.js';
import { clientErrorHandler, registerErrorHandling, sendError } from './http/error-handler.js';
import { browserPathRegistry, isPreflightRoute, registerCors } from './plugins/cors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { createMetrics, registerMetrics, type Metrics } from './plugins/metrics.js';
import type { PostgresDatabase } from './db/postgres.js';
import { BROWSER_ROUTE_HELMET, registerSecurityHeaders } from './plugins/security-headers.js';
import { MODULES } from './modules/index.js';

export const BODY_LIMIT = 512 * 1024;
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export interface BuildOptions {
  /** Use this database (tests); the app then neither migrates nor closes it. */
  db?: Database;
  secrets?: Secrets;
  logger?: FastifyServerOptions['logger'];
}

/** A route and the credentials it declares (for the OpenAPI document, tests and operators). */
export interface RouteDeclaration {
  method: string;
  url: string;
  auth: AuthSpec | 'public';
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteDeclaration[];
    metrics: Metrics;
  }
}

/**
 * pino options: JSON lines, with credentials redacted. On a terminal (`npm start` by hand) the lines
 * are pretty-printed in this thread, so they keep their order with the welcome text on stdout.
 */
export function loggerOptions(config: Config, terminal = process.stdout.isTTY === true): FastifyServerOptions['logger'] {
  const options = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers["x-platform-signature"]', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  };
  if (!terminal) return options;
  return { ...options, stream: pinoPretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }) };
}

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The Fastify instance with the app's logger, limits, request ids, envelope errors and schema boundary. */
function createFastify(config: Config, options: BuildOptions) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    // A hop count trusts that many proxies in front of this server (as proxy-addr does for a number).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    childLoggerFactory: requestLogger,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Bad URLs and over-long path parameters answer in the envelope like every other client error.
    frameworkErrors: (err, request, reply) => sendError(request, reply, err),
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  registerFormats();
  app.setValidatorCompiler(schemaBoundary);
  return app;
}

/** The database given (tests), or opened and migrated here (then closed with the app); its pool watched by the metrics. */
async function openStorage(app: FastifyInstance, config: Config, options: BuildOptions, metrics: Metrics): Promise<{ db: Database; ownDb: boolean }> {
  const ownDb = !options.db;
  const db =
    options.db ??
    (await openDatabase(config, {
      onError: (err) => {
        metrics.storageError('connection_lost');
        app.log.warn({ err }, 'database connection lost');
      },
    }));
  if (ownDb) await migrate(db);
  if ('poolState' in db && typeof db.poolState === 'function') metrics.watchPool(() => (db as PostgresDatabase).poolState());
  return { db, ownDb };
}

/**
 * Every route under /api declares its credentials; the declaration becomes its OpenAPI security and
 * an entry of the route catalogue. Browser routes are collected for CORS. Returns the browser paths.
 */
function registerRouteDeclarations(app: FastifyInstance) {
  const browserPaths = browserPathRegistry();
  const routeCatalog: RouteDeclaration[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (route.url.startsWith('/api/') && auth === undefined && route.method !== 'OPTIONS' && !route.schema?.hide) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no credentials (config.auth)`);
    }
    if (auth !== undefined && route.schema && !route.schema.hide) {
      route.schema = { ...route.schema, security: securityOf(auth) };
      // Every runtime-token request counts against its client address (rate-limit/runtime-limits.ts).
      const response = route.schema.response as Record<string, unknown> | undefined;
      if (accepts(auth, 'runtime') && response && !response[429]) route.schema = { ...route.schema, response: { ...response, 429: ErrorEnvelope } };
    }
    if (route.config?.browser) {
      browserPaths.add(route.url);
      route.config = { ...route.config, helmet: route.config.helmet ?? BROWSER_ROUTE_HELMET };
    } else if (!isPreflightRoute(route)) {
      route.config = { ...route.config, cors: false };
    }
    if (auth !== undefined && route.url.startsWith('/api/')) {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routeCatalog.push({ method, url: route.url, auth });
    }
  });
  return browserPaths;
}

/** The credential checks, in CONTRACT §0's order: who is calling, then its site, then its runtime limits. */
function registerCredentials(app: FastifyInstance, config: Config, db: Database, services: Services): void {
  const who = authenticationChecks({
    db,
    sites: services.kernel.siteDirectory,
    apiKeys: services.apiKeyVerifier,
    runtimeTokens: services.runtimeTokens,
    idTokens: services.idTokens,
    platformSecret: config.platformSecret,
  });
  registerCredentialChecks(app, [...who, siteAccessCheck(db), runtimeLimitsCheck(services.runtimeLimits)]);
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  const { db, ownDb } = await openStorage(app, config, options, metrics);
  const secrets = options.secrets ?? createSecrets(loadMasterSecret(config));
  if (ownDb) {
    // A server with another master secret than the database's would make keys nobody can verify.
    await verifyMasterSecret(db, secrets).catch(async (err: unknown) => {
      await db.close();
      throw err;
    });
  }
  const services = createServices({ config, db, secrets, metrics });
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.close();
    if (ownDb) await db.close();
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerContentParsers(app);
  registerErrorHandling(app);
  registerMetrics(app, metrics, { token: config.metricsToken });
  await registerSecurityHeaders(app, { hsts: config.hsts });
  const browserPaths = registerRouteDeclarations(app);
  await registerOpenApi(app, VERSION);
  await registerCors(app, browserPaths.matches);
  registerCredentials(app, config, db, services);

  // Each module's routes, in the registry's order, under the prefix it names.
  for (const m of MODULES) {
    for (const { prefix, plugin } of m.routes(services, services.moduleContext)) await app.register(plugin, { prefix });
  }
  return app;
}
