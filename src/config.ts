// Configuration: read from the environment once, validated, and frozen. Nothing else in the
// service reads process.env.
import path from 'node:path';

export type Engine = 'postgres' | 'pglite';

export interface IdpConfig {
  issuer: string;
  audience: string;
  jwksUrl: string;
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
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration. Throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, overrides: Partial<Record<'port' | 'host', string>> = {}): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };

  const integer = (name: string, raw: string | undefined, fallback: number, min: number, max: number): number => {
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be 1 or 0 (got "${raw}")`);
    return fallback;
  };

  const port = integer('PORT', overrides.port ?? value('PORT'), 8080, 0, 65535);
  const host = overrides.host ?? value('HOST') ?? '127.0.0.1';

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const engine: Engine = databaseUrl ? 'postgres' : 'pglite';
  const dataDir = path.resolve(value('DATA_DIR') ?? './data');

  let storefrontSecret: Buffer | undefined;
  const rawSecret = value('STOREFRONT_SECRET');
  if (rawSecret !== undefined) {
    const decoded = /^[A-Za-z0-9+/_-]+={0,2}$/.test(rawSecret) ? Buffer.from(rawSecret, 'base64') : Buffer.alloc(0);
    if (decoded.length < 32) {
      problems.push('STOREFRONT_SECRET must be at least 32 random bytes, base64 encoded (try: openssl rand -base64 32)');
    } else {
      storefrontSecret = decoded;
    }
  } else if (engine === 'postgres') {
    problems.push(
      'STOREFRONT_SECRET is required with DATABASE_URL: at least 32 random bytes, base64 encoded (try: openssl rand -base64 32)',
    );
  }

  const platformSecret = value('PLATFORM_SECRET');
  if (platformSecret !== undefined && platformSecret.length < 16) {
    problems.push('PLATFORM_SECRET must be at least 16 characters');
  }

  const issuer = value('IDP_ISSUER');
  const audience = value('IDP_AUDIENCE');
  const jwksUrl = value('IDP_JWKS_URL');
  let idp: IdpConfig | undefined;
  const idpSet = [issuer, audience, jwksUrl].filter((v) => v !== undefined).length;
  if (idpSet > 0 && idpSet < 3) {
    problems.push('IDP_ISSUER, IDP_AUDIENCE and IDP_JWKS_URL must be set together');
  } else if (issuer && audience && jwksUrl) {
    if (!/^https?:\/\//.test(jwksUrl)) problems.push('IDP_JWKS_URL must be an http(s) URL');
    idp = { issuer, audience, jwksUrl };
  }

  const localIdp = flag('LOCAL_IDP', engine === 'pglite');

  const redisUrl = value('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// or rediss:// URL');
  const redisKeyPrefix = value('REDIS_KEY_PREFIX') ?? 'storefront';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisKeyPrefix)) problems.push('REDIS_KEY_PREFIX must be 1-64 characters of A-Z a-z 0-9 : _ . -');

  let clickIdKeys: { id: string; key: Buffer }[] | undefined;
  const rawClickKeys = value('CLICK_ID_KEYS');
  if (rawClickKeys !== undefined) {
    clickIdKeys = [];
    const entries = rawClickKeys.split(',').map((e) => e.trim()).filter(Boolean);
    if (entries.length === 0) problems.push('CLICK_ID_KEYS holds no key');
    for (const entry of entries) {
      const m = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]+={0,2})$/.exec(entry);
      const key = m ? Buffer.from(m[2]!, 'base64') : Buffer.alloc(0);
      if (!m || key.length !== 32) {
        problems.push('CLICK_ID_KEYS must be a comma-separated list of id:base64 entries, each key exactly 32 bytes, newest first');
        break;
      }
      if (clickIdKeys.some((k) => k.id === m[1])) problems.push(`CLICK_ID_KEYS names the key id ${m[1]} twice`);
      clickIdKeys.push({ id: m[1]!, key });
    }
  }

  const trustProxy = parseTrustProxy(value('TRUST_PROXY'), problems);

  const metricsToken = value('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const rawMetricsPort = value('METRICS_PORT');
  const metricsPort = rawMetricsPort === undefined ? undefined : integer('METRICS_PORT', rawMetricsPort, 0, 1, 65535);
  if (metricsPort !== undefined && metricsPort === port && port !== 0) problems.push('METRICS_PORT must differ from PORT');

  const production = value('NODE_ENV') === 'production';

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const config: Config = {
    port,
    host,
    engine,
    databaseUrl,
    dataDir,
    dbPoolSize: integer('DB_POOL_SIZE', value('DB_POOL_SIZE'), 10, 1, 200),
    storefrontSecret,
    platformSecret,
    localIdp,
    idp,
    runtimeTokenTtlSeconds: integer('RUNTIME_TOKEN_TTL', value('RUNTIME_TOKEN_TTL'), 900, 30, 86_400),
    logLevel,
    bootstrap: !flag('STOREFRONT_NO_BOOTSTRAP', false),
    trustProxy,
    dbConnectTimeoutMs: integer('DB_CONNECT_TIMEOUT_MS', value('DB_CONNECT_TIMEOUT_MS'), 2_000, 100, 60_000),
    dbStatementTimeoutMs: integer('DB_STATEMENT_TIMEOUT_MS', value('DB_STATEMENT_TIMEOUT_MS'), 5_000, 100, 600_000),
    dbIdleInTransactionTimeoutMs: integer('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', value('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'), 10_000, 100, 600_000),
    tokenExchangesPerIpPerMinute: integer('TOKEN_EXCHANGES_PER_IP_PER_MINUTE', value('TOKEN_EXCHANGES_PER_IP_PER_MINUTE'), 120, 1, 1_000_000),
    metricsToken,
    metricsPort,
    hsts: flag('HSTS', false),
    production,
    redisUrl,
    redisKeyPrefix,
    clickIdKeys,
    clickIdRetentionDays: integer('CLICK_ID_RETENTION_DAYS', value('CLICK_ID_RETENTION_DAYS'), 400, 1, 36_500),
    // The demo shows its site's events to anyone: on by default only on the embedded engine outside production.
    demo: flag('DEMO', engine === 'pglite' && !production),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * TRUST_PROXY: unset or 0 trusts no proxy (the client address is the socket's); a number trusts
 * that many hops; otherwise a comma-separated list of addresses, CIDR ranges and the names
 * loopback, linklocal, uniquelocal. `true` (believe any X-Forwarded-For) is refused: any client
 * could then choose its own address and escape the per-address limits.
 */
export function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (raw === undefined || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !PROXY_NAMES.has(e) && !isAddressOrRange(e));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "${raw}")`,
    );
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && /^[0-9a-fA-F:.]+$/.test(address);
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}
