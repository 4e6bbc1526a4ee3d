// Configuration: read from the environment once, validated, and frozen. Nothing else in the
// service reads process.env. EnvironmentSchema declares every variable (type, range or format,
// default, meaning, the problem a bad value is); loadConfig checks the environment against it and
// derives what depends on several variables in the small functions after it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { atLeast16, BASE64, FLAG_WORDS, flag, integer, LOG_LEVELS, parseClickIdKeys, parseTrustProxy, SECRET_FORMAT } from './config-values.js';

export type Engine = 'postgres' | 'pglite';

export interface IdpConfig {
  issuer: string;
  audience: string;
  jwksUrl: string;
  /** The dashboard's OAuth client id at the provider (Authorization Code + PKCE, a public client). */
  clientId: string;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly engine: Engine;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly dbPoolSize: number;
  /** Base64 master secret from the environment; on the embedded engine it may be absent (generated into DATA_DIR). */
  readonly storefrontSecret: Buffer | undefined;
  readonly platformSecret: string | undefined;
  readonly localIdp: boolean;
  /** The local issuer also signs in clients that are not on loopback (LOCAL_IDP_REMOTE=1). */
  readonly localIdpRemote: boolean;
  readonly idp: IdpConfig | undefined;
  readonly runtimeTokenTtlSeconds: number;
  readonly logLevel: string;
  readonly bootstrap: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (the socket's address),
   * a hop count, or addresses/CIDRs/proxy-addr names (loopback, linklocal, uniquelocal).
   */
  readonly trustProxy: false | number | string[];
  /** PostgreSQL: time to connect or to get a pooled connection, per statement, and idle in a transaction. */
  readonly dbConnectTimeoutMs: number;
  readonly dbStatementTimeoutMs: number;
  readonly dbIdleInTransactionTimeoutMs: number;
  /** Runtime-token exchanges per client address per minute (POST /runtime/token). */
  readonly tokenExchangesPerIpPerMinute: number;
  /** GET /metrics with `Authorization: Bearer <token>`; or a separate metrics port (no token). */
  readonly metricsToken: string | undefined;
  readonly metricsPort: number | undefined;
  /** Strict-Transport-Security on every response (HSTS=1, behind TLS). */
  readonly hsts: boolean;
  readonly production: boolean;
  /** Redis for rate-limit counters shared by several processes; in memory when absent. */
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
  /** Click-id encryption keys, newest first (CLICK_ID_KEYS); derived from the master secret when absent. */
  readonly clickIdKeys: readonly { id: string; key: Buffer }[] | undefined;
  readonly clickIdRetentionDays: number;
  /** The demo storefront at /demo (default on the embedded engine). */
  readonly demo: boolean;
  /** Where public URLs (media) point, without a trailing slash; undefined: the request's own origin. */
  readonly publicBaseUrl: string | undefined;
  /** The largest media upload, in bytes. */
  readonly mediaMaxBytes: number;
  /** How often the server refreshes the recommendation model of sites with new product events; 0: never (the CLI still does). */
  readonly recommendationsRefreshSeconds: number;
  /** Hourly analytics rollups kept by a background task, and read by the analytics queries. */
  readonly analyticsRollups: boolean;
  /** Whether this server process runs the worker of durable jobs. */
  readonly worker: boolean;
  readonly jobsPollMs: number;
  readonly allowPrivateWebhooks: boolean;
  readonly webhookRetryScale: number;
  /** What one site (or one user) may hold at most (422 limit_reached past it). */
  readonly limits: Limits;
  /** Awin's API origin (integrations read the transaction list there). */
  readonly awinApiUrl: string;
  /** CJ's Commission Detail GraphQL URL. */
  readonly cjApiUrl: string;
}

export interface Limits {
  readonly apiKeysPerSite: number;
  readonly campaignsPerSite: number;
  readonly experimentsPerSite: number;
  readonly integrationsPerSite: number;
  readonly membersPerSite: number;
  readonly mediaItemsPerSite: number;
  readonly mediaBytesPerSite: number;
  readonly sitesPerUser: number;
}

/** The project's own folder (where package.json is): the default DATA_DIR is inside it, wherever the command runs. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Every environment variable the service reads, in the order of the README's configuration table
 * (a test holds them to it). Values are trimmed and a blank one is unset; integers and flags are
 * read from their text, then the whole is checked here. What depends on several variables (the
 * engine and its defaults, the master secret's need, the identity provider, click-id keys, trusted
 * proxies) is derived after the check, in the functions below.
 */
export const EnvironmentSchema = Type.Object({
  PORT: integer(0, 65535, { default: 8080, description: 'port to listen on (storefront serve --port overrides)' }),
  HOST: Type.String({ default: '127.0.0.1', description: 'address to listen on (--host overrides)' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      errorMessage: 'must be a postgres:// or postgresql:// URL',
      description: 'PostgreSQL URL; when set, PostgreSQL is the engine, else embedded PGlite',
    }),
  ),
  DATA_DIR: Type.Optional(
    Type.String({
      defaultText: '`data/` in the project’s folder, wherever the command runs',
      description: 'embedded database, generated master secret and control socket (a relative path is relative to the working directory)',
    }),
  ),
  DB_POOL_SIZE: integer(1, 200, { default: 10, description: 'PostgreSQL connections' }),
  STOREFRONT_SECRET: Type.Optional(
    Type.Refine(
      Type.String({
        pattern: BASE64,
        errorMessage: `must be ${SECRET_FORMAT}`,
        defaultText: 'generated into `DATA_DIR/storefront.secret` (0600) on the embedded engine',
        description: 'master secret, base64; required with DATABASE_URL',
      }),
      (secret) => Buffer.from(secret, 'base64').length >= 32,
    ),
  ),
  PLATFORM_SECRET: Type.Optional(
    atLeast16({ errorMessage: 'must be at least 16 characters', description: 'HMAC secret of /api/admin/* signatures' }),
  ),
  LOCAL_IDP: Type.Optional(
    flag({ defaultText: '`1` on the embedded engine unless `NODE_ENV=production`, else `0`', description: 'the local ID-token issuer (storefront token)' }),
  ),
  LOCAL_IDP_REMOTE: flag({ default: false, description: 'lets clients that are not on loopback sign in with the local issuer' }),
  IDP_ISSUER: Type.Optional(Type.String({ description: 'issuer of your OIDC identity provider (set all three IDP_ variables)' })),
  IDP_AUDIENCE: Type.Optional(Type.String({ description: 'audience of its ID tokens' })),
  IDP_JWKS_URL: Type.Optional(Type.String({ pattern: '^https?://', errorMessage: 'must be an http(s) URL', description: 'its JSON Web Key Set' })),
  IDP_CLIENT_ID: Type.Optional(
    Type.String({ minLength: 1, defaultText: '`IDP_AUDIENCE`', description: 'the dashboard’s client id at the identity provider (Authorization Code + PKCE)' }),
  ),
  RUNTIME_TOKEN_TTL: integer(30, 86_400, { default: 900, description: 'runtime-token lifetime in seconds' }),
  STOREFRONT_NO_BOOTSTRAP: flag({ default: false, description: 'skips the first-start bootstrap' }),
  TRUST_PROXY: Type.Optional(
    Type.String({ defaultText: 'off', description: 'the proxies whose X-Forwarded-For names the client (see parseTrustProxy)' }),
  ),
  REDIS_URL: Type.Optional(
    Type.String({ pattern: '^rediss?://', errorMessage: 'must be a redis:// or rediss:// URL', description: 'Redis for the rate-limit counters' }),
  ),
  REDIS_KEY_PREFIX: Type.String({
    default: 'storefront',
    pattern: '^[A-Za-z0-9:_.-]{1,64}$',
    errorMessage: 'must be 1-64 characters of A-Z a-z 0-9 : _ . -',
    description: 'prefix of every Redis key',
  }),
  CLICK_ID_KEYS: Type.Optional(
    Type.String({
      defaultText: 'one key derived from `STOREFRONT_SECRET` (id `k0`)',
      description: 'click-id encryption keys, newest first: id:base64 entries (32 bytes each), comma-separated',
    }),
  ),
  CLICK_ID_RETENTION_DAYS: integer(1, 36_500, { default: 400, description: 'default of storefront click-ids purge' }),
  DEMO: Type.Optional(
    flag({
      defaultText: '`1` on the embedded engine unless `NODE_ENV=production`, else `0`',
      description: 'the demo storefront at /demo and its public event feed',
    }),
  ),
  NODE_ENV: Type.Optional(Type.String({ description: 'production turns the demo off by default' })),
  DB_CONNECT_TIMEOUT_MS: integer(100, 60_000, { default: 2_000, description: 'PostgreSQL: connecting, or waiting for a pooled connection' }),
  DB_STATEMENT_TIMEOUT_MS: integer(100, 600_000, { default: 5_000, description: 'PostgreSQL: per statement' }),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer(100, 600_000, { default: 10_000, description: 'PostgreSQL: a transaction left idle is ended' }),
  TOKEN_EXCHANGES_PER_IP_PER_MINUTE: integer(1, 1_000_000, { default: 120, description: 'runtime-token exchanges per client address and minute' }),
  METRICS_TOKEN: Type.Optional(
    atLeast16({ errorMessage: 'must be at least 16 characters', description: 'bearer token of GET /metrics' }),
  ),
  METRICS_PORT: Type.Optional(integer(1, 65535, { description: 'a port serving GET /metrics without a token' })),
  HSTS: flag({ default: false, description: 'sends Strict-Transport-Security' }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info', errorMessage: `must be one of ${LOG_LEVELS.join(', ')}`, description: 'pino level' }),
  PUBLIC_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$',
      errorMessage: 'must be an absolute http(s) URL without a query or fragment',
      description: 'where public URLs (media) point',
    }),
  ),
  MEDIA_MAX_BYTES: integer(1, 10 * 1024 * 1024, { default: 10 * 1024 * 1024, description: 'the largest media upload in bytes' }),
  RECOMMENDATIONS_REFRESH_SECONDS: integer(0, 30, { default: 5, description: 'how often the server learns new product events into the recommendation model (0: never)' }),
  ANALYTICS_ROLLUPS: flag({ default: true, description: 'keeps hourly analytics rollups behind ingestion and answers from them plus the raw tail (0: every analytics query reads the raw events)' }),
  WORKER: flag({ default: true, description: 'runs the worker of durable jobs in this server process (0: another process or POST /api/admin/jobs/run-due runs them)' }),
  JOBS_POLL_MS: integer(50, 60_000, { default: 1_000, description: 'how often the worker looks for due jobs' }),
  ALLOW_PRIVATE_WEBHOOKS: flag({ default: false, description: 'lets webhooks go to http and private addresses (development and tests only)' }),
  WEBHOOK_RETRY_SCALE: Type.Number({ minimum: 0.000001, maximum: 1, default: 1, errorMessage: 'must be a number from 0.000001 to 1', description: 'shrinks the webhook retry schedule (tests); the 10 s timeout stays' }),
  LIMIT_API_KEYS_PER_SITE: integer(1, 1_000_000, { default: 200, description: 'API keys a site may hold (revoked ones included)' }),
  LIMIT_CAMPAIGNS_PER_SITE: integer(1, 1_000_000, { default: 500, description: 'campaigns a site may hold, in any status' }),
  LIMIT_EXPERIMENTS_PER_SITE: integer(1, 1_000_000, { default: 200, description: 'experiments a site may hold, in any status' }),
  LIMIT_INTEGRATIONS_PER_SITE: integer(1, 1_000_000, { default: 50, description: 'integrations a site may hold' }),
  LIMIT_MEMBERS_PER_SITE: integer(1, 1_000_000, { default: 500, description: 'members of a site, owners included' }),
  LIMIT_MEDIA_ITEMS_PER_SITE: integer(1, 100_000_000, { default: 10_000, description: 'media items a site may hold' }),
  LIMIT_MEDIA_BYTES_PER_SITE: integer(1, Number.MAX_SAFE_INTEGER, { default: 10 * 1024 ** 3, description: 'bytes of media a site may hold' }),
  LIMIT_SITES_PER_USER: integer(1, 1_000_000, { default: 100, description: 'sites a user may be a member of' }),
  AWIN_API_URL: Type.String({
    default: 'https://api.awin.com',
    pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$',
    errorMessage: 'must be an absolute http(s) URL such as https://api.awin.com',
    description: 'the origin of Awin’s Publisher API (integrations read the transaction list there)',
  }),
  CJ_API_URL: Type.String({
    default: 'https://commissions.api.cj.com/query',
    pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$',
    errorMessage: 'must be an absolute http(s) URL such as https://commissions.api.cj.com/query',
    description: 'the whole URL of CJ’s Commission Detail GraphQL API',
  }),
});

type Environment = Static<typeof EnvironmentSchema>;
type Variable = keyof Environment;
/** The variables as set: trimmed, blank ones left out. */
type EnvironmentText = Partial<Record<Variable, string>>;
/** A problem and the variable it is about (problems are listed in the schema's order). */
type Problem = readonly [Variable, string];
type Env = Record<string, string | undefined>;

const isVariable = (name: string): name is Variable => Object.hasOwn(EnvironmentSchema.properties, name);
const VARIABLES: readonly Variable[] = Object.keys(EnvironmentSchema.properties).filter(isVariable);

/** Reads and validates the configuration. Throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, overrides: Partial<Record<'port' | 'host', string>> = {}): Config {
  const text = readEnvironment(env, overrides);
  const problems: Problem[] = [];
  const config = deriveConfig(checkEnvironment(text, problems), text, problems);
  if (problems.length > 0) throw new ConfigError(inSchemaOrder(problems));
  return Object.freeze(config);
}

/** The declared variables that are set (trimmed); the command line's port and host (as given) over them. */
function readEnvironment(env: Env, overrides: Partial<Record<'port' | 'host', string>>): EnvironmentText {
  const text: EnvironmentText = {};
  for (const variable of VARIABLES) {
    const value = env[variable]?.trim();
    if (value) text[variable] = value;
  }
  if (overrides.port !== undefined) text.PORT = overrides.port;
  if (overrides.host !== undefined) text.HOST = overrides.host;
  return text;
}

/**
 * The variables checked against the schema one by one (TypeBox's Errors reports at most 8 by
 * default, and every problem is listed), then the defaults filled in. A bad value is a problem
 * worded by its errorMessage, and its default (or nothing) stands in for it while the rest is
 * derived: one mistake is reported once.
 */
function checkEnvironment(text: EnvironmentText, problems: Problem[]): Environment {
  const values: Record<string, unknown> = {};
  for (const variable of VARIABLES) {
    const raw = text[variable];
    if (raw === undefined) continue;
    const schema = EnvironmentSchema.properties[variable];
    const value = typedValue(schema, raw);
    if (Value.Check(schema, value)) values[variable] = value;
    else problems.push([variable, problemWith(variable, raw)]);
  }
  const settings = Value.Default(EnvironmentSchema, values);
  if (!Value.Check(EnvironmentSchema, settings)) throw new Error('the configuration schema refuses its own defaults');
  return settings;
}

/** A variable's text as its declared type: digits for an integer, a flag word for a flag; other text stays text (and fails the check if it should not). */
function typedValue(schema: TSchema, raw: string): unknown {
  if (Type.IsInteger(schema)) return /^\d+$/.test(raw) ? Number(raw) : raw;
  if (Type.IsBoolean(schema)) return FLAG_WORDS.get(raw.toLowerCase()) ?? raw;
  if (Type.IsNumber(schema)) return /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  return raw;
}

/** "<VARIABLE> <errorMessage>", and ` (got "<value>")` where the schema says echoValue. */
function problemWith(variable: Variable, raw: string): string {
  const schema = EnvironmentSchema.properties[variable];
  const problem = `${variable} ${'errorMessage' in schema ? String(schema.errorMessage) : 'is not valid'}`;
  return 'echoValue' in schema && schema.echoValue === true ? `${problem} (got "${raw}")` : problem;
}

function inSchemaOrder(problems: readonly Problem[]): string[] {
  return [...problems].sort(([a], [b]) => VARIABLES.indexOf(a) - VARIABLES.indexOf(b)).map(([, message]) => message);
}

/** The configuration from the checked variables; the rules across variables add their problems. */
function deriveConfig(settings: Environment, text: EnvironmentText, problems: Problem[]): Config {
  const engine = engineOf(text);
  const production = settings.NODE_ENV === 'production';
  return {
    port: settings.PORT,
    host: settings.HOST,
    engine,
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR === undefined ? path.join(PROJECT_ROOT, 'data') : path.resolve(settings.DATA_DIR),
    dbPoolSize: settings.DB_POOL_SIZE,
    storefrontSecret: masterSecret(settings, text, engine, problems),
    platformSecret: settings.PLATFORM_SECRET,
    localIdp: settings.LOCAL_IDP ?? localIdpByDefault(engine, production),
    localIdpRemote: settings.LOCAL_IDP_REMOTE,
    idp: identityProvider(text, problems),
    runtimeTokenTtlSeconds: settings.RUNTIME_TOKEN_TTL,
    logLevel: settings.LOG_LEVEL,
    bootstrap: !settings.STOREFRONT_NO_BOOTSTRAP,
    trustProxy: parsed('TRUST_PROXY', settings.TRUST_PROXY, parseTrustProxy, problems),
    dbConnectTimeoutMs: settings.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
    dbIdleInTransactionTimeoutMs: settings.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    tokenExchangesPerIpPerMinute: settings.TOKEN_EXCHANGES_PER_IP_PER_MINUTE,
    metricsToken: settings.METRICS_TOKEN,
    metricsPort: metricsPort(settings, problems),
    hsts: settings.HSTS,
    production,
    redisUrl: settings.REDIS_URL,
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    clickIdKeys: parsed('CLICK_ID_KEYS', settings.CLICK_ID_KEYS, parseClickIdKeys, problems),
    clickIdRetentionDays: settings.CLICK_ID_RETENTION_DAYS,
    demo: settings.DEMO ?? demoByDefault(engine, production),
    publicBaseUrl: settings.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    mediaMaxBytes: settings.MEDIA_MAX_BYTES,
    recommendationsRefreshSeconds: settings.RECOMMENDATIONS_REFRESH_SECONDS,
    analyticsRollups: settings.ANALYTICS_ROLLUPS,
    worker: settings.WORKER,
    jobsPollMs: settings.JOBS_POLL_MS,
    allowPrivateWebhooks: settings.ALLOW_PRIVATE_WEBHOOKS,
    webhookRetryScale: settings.WEBHOOK_RETRY_SCALE,
    limits: {
      apiKeysPerSite: settings.LIMIT_API_KEYS_PER_SITE,
      campaignsPerSite: settings.LIMIT_CAMPAIGNS_PER_SITE,
      experimentsPerSite: settings.LIMIT_EXPERIMENTS_PER_SITE,
      integrationsPerSite: settings.LIMIT_INTEGRATIONS_PER_SITE,
      membersPerSite: settings.LIMIT_MEMBERS_PER_SITE,
      mediaItemsPerSite: settings.LIMIT_MEDIA_ITEMS_PER_SITE,
      mediaBytesPerSite: settings.LIMIT_MEDIA_BYTES_PER_SITE,
      sitesPerUser: settings.LIMIT_SITES_PER_USER,
    },
    awinApiUrl: settings.AWIN_API_URL.replace(/\/+$/, ''),
    cjApiUrl: settings.CJ_API_URL,
  };
}

/** PostgreSQL whenever DATABASE_URL is set (even to a bad URL: its other rules then apply), else embedded PGlite. */
function engineOf(text: EnvironmentText): Engine {
  return text.DATABASE_URL !== undefined ? 'postgres' : 'pglite';
}

/** The local issuer mints an owner's ID token for any name it is asked: on by default only on the embedded engine outside production. */
function localIdpByDefault(engine: Engine, production: boolean): boolean {
  return engine === 'pglite' && !production;
}

/** The demo shows its site's events to anyone: on by default only on the embedded engine outside production. */
function demoByDefault(engine: Engine, production: boolean): boolean {
  return engine === 'pglite' && !production;
}

/** STOREFRONT_SECRET decoded. PostgreSQL requires it to be set (a bad one is already a problem); the embedded engine generates one into DATA_DIR. */
function masterSecret(settings: Environment, text: EnvironmentText, engine: Engine, problems: Problem[]): Buffer | undefined {
  if (text.STOREFRONT_SECRET === undefined && engine === 'postgres') {
    problems.push(['STOREFRONT_SECRET', `STOREFRONT_SECRET is required with DATABASE_URL: ${SECRET_FORMAT}`]);
  }
  return settings.STOREFRONT_SECRET === undefined ? undefined : Buffer.from(settings.STOREFRONT_SECRET, 'base64');
}

/** IDP_ISSUER, IDP_AUDIENCE and IDP_JWKS_URL: all three or none. */
function identityProvider(text: EnvironmentText, problems: Problem[]): IdpConfig | undefined {
  const { IDP_ISSUER: issuer, IDP_AUDIENCE: audience, IDP_JWKS_URL: jwksUrl, IDP_CLIENT_ID: clientId } = text;
  if (issuer !== undefined && audience !== undefined && jwksUrl !== undefined) return { issuer, audience, jwksUrl, clientId: clientId ?? audience };
  if (issuer !== undefined || audience !== undefined || jwksUrl !== undefined) {
    problems.push(['IDP_ISSUER', 'IDP_ISSUER, IDP_AUDIENCE and IDP_JWKS_URL must be set together']);
  }
  return undefined;
}

function metricsPort(settings: Environment, problems: Problem[]): number | undefined {
  if (settings.METRICS_PORT === settings.PORT) problems.push(['METRICS_PORT', 'METRICS_PORT must differ from PORT']);
  return settings.METRICS_PORT;
}

/** A variable read by a parser of its own grammar (config-values.ts); its problems are about that variable. */
function parsed<T>(variable: Variable, raw: string | undefined, parse: (raw: string | undefined, found: string[]) => T, problems: Problem[]): T {
  const found: string[] = [];
  const value = parse(raw, found);
  for (const problem of found) problems.push([variable, problem]);
  return value;
}
