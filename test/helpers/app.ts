// Builds the application on a test database, with factories for the data a test needs.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createSecrets, type Secrets } from '../../src/secrets.js';
import { SCOPES, type Scope } from '../../src/auth/scopes.js';
import { SYSTEM } from '../../src/kernel/index.js';
import { signPlatformRequest } from '../../src/auth/platform-signature.js';
import { createTestDatabase, ENGINES, type EngineName, type TestDatabase } from './database.js';
import type { Database } from '../../src/db/types.js';
import { checkInjectedResponses } from './openapi-responses.js';

export const PLATFORM_SECRET = 'test-platform-secret-0123456789';
export const ORIGIN = 'https://shop.example';

export interface TestApp {
  engine: EngineName;
  app: FastifyInstance;
  config: Config;
  secrets: Secrets;
  database: TestDatabase;
  /** A site with an owner (`owner-…`), a member (`member-…`) and origin ORIGIN. */
  createSite(options?: { publisherMode?: boolean; origins?: string[] }): Promise<{ siteId: string; owner: string; member: string }>;
  createKey(siteId: string, scopes?: Scope[], options?: { rateLimitPerHour?: number }): Promise<{ keyId: string; apiKey: string }>;
  idToken(userId: string, ttlSeconds?: number): Promise<string>;
  runtimeToken(siteId: string, origin?: string): Promise<string>;
  /** X-Platform-Signature for a request (method, path with query, raw body), with a fresh nonce unless given. */
  platformSignature(request: { method: string; url: string; body?: string }, unixSeconds?: number, nonce?: string): string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Register extra routes before the app is ready (tests of mechanisms). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Check every injected response against the OpenAPI document (default true; see openapi-responses.ts). */
  checkResponses?: boolean;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    STOREFRONT_SECRET: randomBytes(32).toString('base64'),
    PLATFORM_SECRET,
    LOCAL_IDP: '1',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'storefront-test-data-')),
    ...env,
  });
}

/**
 * Apps on one database that share a master secret, each with the CLICK_ID_KEYS it is given (the
 * key-rotation tests: an app with the old keys writes, one with the new keys rotates); `cleanups`
 * closes them.
 */
export function appsWithClickIdKeys(db: Database, cleanups: (() => Promise<void>)[]): (keys: string) => Promise<FastifyInstance> {
  const master = randomBytes(32).toString('base64');
  return async (keys) => {
    const config = testConfig({ STOREFRONT_SECRET: master, CLICK_ID_KEYS: keys });
    const app = await buildApp(config, { db, secrets: createSecrets(config.storefrontSecret!), logger: false });
    await app.ready();
    cleanups.push(() => app.close());
    return app;
  };
}

export async function createTestApp(engine: EngineName, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = testConfig(options.env);
  const secrets = createSecrets(config.storefrontSecret!);
  // TEST_LOG=1 prints the app's error logs (a 500's cause) while a test runs; quiet otherwise.
  const app = await buildApp(config, { db: database.db, secrets, logger: process.env.TEST_LOG ? { level: 'error' } : false });
  // Routes a test adds are its own mechanisms, not the API: their responses are not checked.
  const added = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) added.add(`${method} ${route.url}`);
  });
  await options.extend?.(app);
  await app.ready();
  if (options.checkResponses !== false) checkInjectedResponses(app, added);
  const services = app.services;
  let n = 0;

  return {
    engine,
    app,
    config,
    secrets,
    database,
    async createSite(opts = {}) {
      n += 1;
      const suffix = `${n}-${randomBytes(3).toString('hex')}`;
      const owner = `owner-${suffix}`;
      const member = `member-${suffix}`;
      const site = await services.sites.createSite({
        name: `Shop ${suffix}`,
        origins: opts.origins ?? [ORIGIN],
        publisherMode: opts.publisherMode ?? false,
        owner,
      });
      await services.sites.addMember(SYSTEM, site.site_id, member, 'member');
      return { siteId: site.site_id, owner, member };
    },
    async createKey(siteId, scopes = [...SCOPES], opts = {}) {
      const key = await services.apiKeys.createKey(SYSTEM, siteId, { scopes, rateLimitPerHour: opts.rateLimitPerHour });
      return { keyId: key.key_id, apiKey: key.api_key };
    },
    async idToken(userId, ttlSeconds = 600) {
      return (await services.idTokens.issueLocal(userId, ttlSeconds)).idToken;
    },
    async runtimeToken(siteId, origin = ORIGIN) {
      return (await services.runtimeTokens.issue({ siteId, origin })).token;
    },
    platformSignature: (request, unixSeconds, nonce) =>
      signPlatformRequest(PLATFORM_SECRET, { method: request.method, url: request.url, rawBody: request.body ?? '' }, unixSeconds, nonce),
    inject: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per engine with a fresh app: `forEachEngine('sites', (t) => { it(..., async () => t().inject(...)) })`.
 */
export function forEachEngine(name: string, suite: (ctx: () => TestApp) => void, options: TestAppOptions = {}): void {
  for (const engine of ENGINES) {
    describe(`${name} [${engine}]`, () => {
      let current: TestApp | undefined;
      before(async () => {
        current = await createTestApp(engine, options);
      });
      after(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error('test app not ready');
        return current;
      });
    });
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A publisher-mode site with a key of every scope, and the headers of each credential kind for it. */
export async function siteWithCredentials(t: TestApp) {
  const site = await t.createSite({ publisherMode: true });
  const key = await t.createKey(site.siteId);
  return {
    ...site,
    server: { 'x-api-key': key.apiKey },
    browser: { ...bearer(await t.runtimeToken(site.siteId)), origin: ORIGIN },
    ownerH: bearer(await t.idToken(site.owner)),
  };
}

/** How many rows of `table` belong to the site. */
export async function countRows(t: TestApp, table: string, siteId: string): Promise<number> {
  return (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE site_id = $1`, [siteId])).rows[0]!.n;
}
