// Recommendations benchmark (issue #16), through the real server on PostgreSQL:
// - GET /recommendations (a similar slot of 8, a random product of a 2,400-product catalog as the
//   anchor, a secret key) beside a bare Fastify route in the same run answering a real answer's
//   JSON from memory through the same query and response schemas, in alternated rounds with wrk
//   when it is installed (the best of each; one autocannon run of each beside it), autocannon
//   otherwise, once the server has done what loading the site left it (bench/settle.ts); then
//   held at half the route's best rate, paced (open loop), for p50/p99, beside the bare route at
//   the same rate and at half its own, in alternated rounds (bench/paced.ts);
// - `storefront recommendations refresh` of a site with 1,000,000 product events (a seeded
//   synthetic shop of 10,000 products, written straight into the events table), in its own
//   process: wall time and peak RSS;
// - the route at the same half load while a refresh of 300,000 more events runs: the command's
//   (flat out in another process, then with --paced), then the server's own job (at its pace: a
//   quarter of the time);
// - what migration 0015 costs ingestion: 1,000-row inserts of product events (the events module's
//   statement) into a table with the stream column and index and into one without, alternating.
// Sizes: BENCH_REFRESH_EVENTS (default 1,000,000), BENCH_DURING_EVENTS (default 300,000),
// BENCH_SECONDS (each load run, default 10), BENCH_ROUNDS (the route's rounds, default 3),
// BENCH_PACED_ROUNDS (the paced rounds, default 5).
// BENCH_ROUTE_ONLY=1 measures the route alone (its two tables), skipping the refreshes and the
// ingestion cost (for iterating on the route).
//
// Run alone: `node --import tsx bench/recommendations.ts` prints its markdown. With
// RECOMMENDATIONS_BARE_SERVER=1 this file is the bare baseline server instead.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { generateShop, type SyntheticEvent, type SyntheticShop } from '../test/helpers/synthetic-sessions.js';
import { alternatedRounds, drive, preferredGenerator, type Generator, type Target } from './generators.js';
import { benchDatabase, fmt, freePort, pacedLoad, ROOT, startChild, startService, type LoadResult, type PacedResult } from './lib.js';
import { alternatedPaced, PACED_SECONDS, pacedHow, pacedRow, seriesOf, type PacedSeries } from './paced.js';
import { postgresQuiet, rollupsCaughtUp } from './settle.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const REFRESH_EVENTS = Number(process.env.BENCH_REFRESH_EVENTS ?? 1_000_000);
const ROUTE_SESSIONS = 20_000;
/** Events of the sites refreshed while the route is measured. */
const DURING_EVENTS = Number(process.env.BENCH_DURING_EVENTS ?? 300_000);
const ROUTE_ONLY = process.env.BENCH_ROUTE_ONLY === '1';

async function startBareServer(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { Envelope, ok } = await import('../src/http/envelope.js');
  const { schemaBoundary } = await import('../src/http/validation.js');
  const { RecommendationAnswer, RecommendationQuery } = await import('../src/modules/recommendations/schemas.js');
  const answer = JSON.parse(process.env.RECOMMENDATIONS_BARE_ANSWER ?? '{}') as object;
  const app = Fastify({ logger: { level: 'warn' } });
  app.setValidatorCompiler(schemaBoundary);
  app.get('/api/v1/recommendations', { schema: { querystring: RecommendationQuery, response: { 200: Envelope(RecommendationAnswer) } } }, async (request) => ok(request, answer));
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
}

if (process.env.RECOMMENDATIONS_BARE_SERVER === '1') await startBareServer();

// ---------------------------------------------------------------------------------------------

const cli = (env: Record<string, string>, args: string[]) =>
  JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', ...args, '--json'], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }).toString()) as Record<string, unknown>;

const TYPES = { product_view: 'product_view', add_to_cart: 'add_to_cart', purchase: 'purchase' } as const;

/** Writes synthetic events straight into the events table (as the events module stores them), 5,000 a statement. */
async function insertEvents(client: pg.Client, siteId: string, events: readonly SyntheticEvent[], table = 'events'): Promise<number> {
  const t0 = performance.now();
  for (let k = 0; k < events.length; k += 5_000) {
    const chunk = events.slice(k, k + 5_000);
    await client.query(
      `INSERT INTO ${table} (site_id, event_id, event_type, session_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
       SELECT $1, e.id, e.t, e.s, 'derived', e.tc, to_timestamp(e.at / 1000.0), to_timestamp(e.at / 1000.0), e.p, '{"page_url":"https://shop.example/","user_agent":"bench"}'::jsonb
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::jsonb[]) AS e(id, t, s, tc, at, p)`,
      [
        siteId,
        chunk.map(() => `evt_${randomBytes(16).toString('hex')}`),
        chunk.map((e) => TYPES[e.eventType]),
        chunk.map((e) => e.sessionId),
        chunk.map((e) => (e.trusted ? 'server' : 'browser')),
        chunk.map((e) => e.at),
        chunk.map((e) => JSON.stringify(e.eventType === 'purchase' ? { order_id: e.orderId, total: 10, items: e.productIds.map((product_id) => ({ product_id })) } : { product_id: e.productIds[0] })),
      ],
    );
  }
  return (performance.now() - t0) / 1000;
}

/** The shop's catalog through the API (bulk, 500 a request). */
async function createCatalog(url: string, siteId: string, owner: string, shop: SyntheticShop): Promise<void> {
  const products = shop.products.map((p) => ({ product_id: p.productId, title: `Product ${p.productId}`, url: `https://shop.example/p/${p.productId}`, price: { amount: 19.9, currency: 'EUR' }, availability: 'in_stock', categories: p.categories, image_url: `https://cdn.shop.example/${p.productId}.jpg` }));
  for (let k = 0; k < products.length; k += 500) {
    const res = await fetch(`${url}/api/v1/sites/${siteId}/products/bulk`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: JSON.stringify({ products: products.slice(k, k + 500) }) });
    if (res.status !== 201) throw new Error(`catalog: ${res.status} ${await res.text()}`);
  }
}

interface RefreshRun {
  seconds: number;
  peakRssMiB: number;
  result: Record<string, unknown>;
}

/** `storefront recommendations refresh` (`--paced` when `paced`) in its own process: wall time, and its peak RSS (VmHWM, read until it exits). */
function refreshInChild(env: Record<string, string>, siteId: string, paced = false): Promise<RefreshRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['bin/storefront.js', 'recommendations', 'refresh', '--site', siteId, ...(paced ? ['--paced'] : []), '--json'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let peak = 0;
    const watch = setInterval(() => {
      try {
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
      } catch {
        // exited
      }
    }, 50);
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(watch);
      if (code !== 0) return reject(new Error(`refresh exited with ${code}: ${out}`));
      resolve({ seconds: (performance.now() - t0) / 1000, peakRssMiB: peak, result: JSON.parse(out) as Record<string, unknown> });
    });
  });
}

/**
 * Ingestion's cost of the stream column and index: the same inserts into three empty copies of the
 * events table, in turn: as migration 0015 makes it (the transaction-id column and the stream
 * index), without either, and with the alternative a time cursor would need instead (an index on
 * received_at and the event id, no column).
 */
async function ingestCost(client: pg.Client, siteId: string, events: readonly SyntheticEvent[]): Promise<Record<IngestVariant, number> & { rows: number }> {
  await client.query('CREATE TABLE events_stream (LIKE events INCLUDING ALL)');
  await client.query('CREATE TABLE events_plain (LIKE events INCLUDING ALL)');
  await client.query('ALTER TABLE events_plain DROP COLUMN ingest_xid');
  await client.query('CREATE TABLE events_received (LIKE events_plain INCLUDING ALL)');
  await client.query(`CREATE INDEX ON events_received (site_id, received_at, event_id COLLATE "C") WHERE event_type IN ('product_view', 'add_to_cart', 'purchase')`);
  const tables: Record<IngestVariant, string> = { stream: 'events_stream', plain: 'events_plain', received: 'events_received' };
  const seconds: Record<IngestVariant, number> = { stream: 0, plain: 0, received: 0 };
  const variants = Object.keys(tables) as IngestVariant[];
  const rounds = 6;
  const per = Math.floor(events.length / (rounds * variants.length));
  try {
    for (let r = 0; r < rounds; r += 1) {
      for (let v = 0; v < variants.length; v += 1) {
        // Each round starts with another variant; 1,000 rows a statement (the group commit's largest flush).
        const variant = variants[(r + v) % variants.length]!;
        const part = events.slice((r * variants.length + v) * per, (r * variants.length + v + 1) * per);
        for (let k = 0; k < part.length; k += 1_000) seconds[variant] += await insertEvents(client, siteId, part.slice(k, k + 1_000), tables[variant]);
      }
    }
  } finally {
    await client.query('DROP TABLE IF EXISTS events_stream, events_plain, events_received');
  }
  const rows = rounds * per;
  return { stream: rows / seconds.stream, plain: rows / seconds.plain, received: rows / seconds.received, rows };
}

type IngestVariant = 'stream' | 'plain' | 'received';

export interface RecommendationsBenchResult {
  products: number;
  routeEvents: number;
  answerBytes: number;
  /** The rounds' generator (wrk when installed); bare and route are its best runs, bad their non-2xx + errors over every run. */
  generator: Generator;
  bare: LoadResult;
  route: LoadResult;
  bad: { bare: number; route: number };
  /** With wrk: one autocannon run of each, beside it. */
  autocannon?: { bare: LoadResult; route: LoadResult };
  /** Half the route's best rate: the route and the bare route paced at it, and the bare route at half its own. */
  rate: number;
  paced: PacedSeries;
  pacedBare: PacedSeries;
  bareOwn: { rate: number; run: PacedSeries };
  /** The rest is absent with BENCH_ROUTE_ONLY=1. */
  duringCommand?: { paced: PacedResult; events: number; seconds: number };
  /** The same with the command's `--paced`. */
  duringCommandPaced?: { paced: PacedResult; events: number; seconds: number };
  duringJob?: { paced: PacedResult; events: number; learnedWhileMeasured: number; seconds: number };
  refresh?: RefreshRun & { events: number; insertSeconds: number; products: number };
  ingest?: Record<IngestVariant, number> & { rows: number };
  strategies: Record<string, number>;
}

type RouteSite = Awaited<ReturnType<typeof routeSite>>;

/** The route's site: a seeded synthetic shop (`sessions` of them) learned, and a live similar slot of 8 (also bench/hot-paths.ts). */
export async function routeSite(url: string, env: Record<string, string>, client: pg.Client, log: (line: string) => void, sessions = ROUTE_SESSIONS) {
  const site = cli(env, ['site', 'create', '--name', 'Bench', '--origin', 'https://shop.example', '--owner', 'bench']);
  const siteId = String(site.site_id);
  const key = String(cli(env, ['key', 'create', '--site', siteId, '--scopes', 'events:write']).api_key);
  const owner = String(cli(env, ['token', '--user', 'bench']).id_token);
  const shop = generateShop({ seed: 16, sessions, categories: 24, productsPerCategory: 100, start: Date.now() - 28 * 86_400_000 });
  await createCatalog(url, siteId, owner, shop);
  log(`route site: ${fmt(shop.products.length)} products, ${fmt(shop.events.length)} events …`);
  await insertEvents(client, siteId, shop.events);
  cli(env, ['recommendations', 'refresh', '--site', siteId]);
  const created = await fetch(`${url}/api/v1/sites/${siteId}/campaigns`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Similar', kind: 'recommendation', status: 'active', content: { placement: 'product', strategy: 'similar', limit: 8 } }) });
  const campaignId = ((await created.json()) as { data: { campaign_id: string } }).data.campaign_id;
  return { siteId, key, campaignId, productIds: shop.products.map((p) => p.productId), events: shop.events.length };
}

/** A site with `n` synthetic events written into the events table (a shop of 10,000 products, about five events a session). */
async function eventSite(env: Record<string, string>, client: pg.Client, n: number, seed: number, log: (line: string) => void) {
  const siteId = String(cli(env, ['site', 'create', '--name', `Bench ${seed}`, '--origin', 'https://shop.example', '--owner', 'bench']).site_id);
  const shop = generateShop({ seed, sessions: Math.round(n / 4.95), categories: 40, productsPerCategory: 250, start: Date.now() - 28 * 86_400_000 });
  const events = shop.events.slice(0, n);
  log(`writing ${fmt(events.length)} events …`);
  const insertSeconds = await insertEvents(client, siteId, events);
  await client.query('VACUUM ANALYZE events');
  return { siteId, insertSeconds, products: shop.products.length, events: events.length };
}

async function learnedEvents(client: pg.Client, siteId: string): Promise<number> {
  const { rows } = await client.query<{ events: string }>('SELECT events FROM recommendation_models WHERE site_id = $1', [siteId]);
  return Number(rows[0]?.events ?? 0);
}

/** The route's path and query for the site's slot (the anchor follows, per request). */
export const routeBase = (site: { campaignId: string }) => `/api/v1/recommendations?campaign_id=${site.campaignId}`;

/** The catalog's anchors shuffled (Fisher–Yates), sent in turn: a random product of the catalog each request (also bench/hot-paths.ts). */
export function anchorPaths(site: { campaignId: string; productIds: readonly string[] }): string[] {
  const base = routeBase(site);
  const paths = site.productIds.map((id) => `${base}&product_id=${id}`);
  for (let i = paths.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** GET /recommendations of the site's slot on the server at `url`: its key, a random anchor each request. */
const routeTarget = (url: string, site: RouteSite): Target => ({ url: `${url}${routeBase(site)}`, method: 'GET', headers: { 'x-api-key': site.key }, paths: anchorPaths(site) });

/** GET /recommendations paced at `rate` for `seconds`, a random anchor each. */
function pacedRoute(url: string, site: RouteSite, rate: number, seconds = SECONDS): Promise<PacedResult> {
  return pacedLoad({ ...routeTarget(url, site), rate, seconds });
}

async function measureRoute(url: string, databaseUrl: string, site: RouteSite, log: (line: string) => void) {
  const headers = { 'x-api-key': site.key };
  const base = routeBase(site);
  const strategies: Record<string, number> = {};
  let sample = '';
  for (const id of site.productIds.slice(0, 400)) {
    const text = await (await fetch(`${url}${base}&product_id=${id}`, { headers })).text();
    const strategy = (JSON.parse(text) as { data: { strategy: string } }).data.strategy;
    strategies[strategy] = (strategies[strategy] ?? 0) + 1;
    if (strategy === 'similar' && !sample) sample = text;
  }
  const answer = JSON.stringify((JSON.parse(sample) as { data: object }).data);
  const bare = await startChild(['--import', 'tsx', 'bench/recommendations.ts'], { RECOMMENDATIONS_BARE_SERVER: '1', RECOMMENDATIONS_BARE_ANSWER: answer }, await freePort());
  try {
    // The bare route takes no credential.
    const list = [
      { key: 'bare', target: { ...routeTarget(bare.url, site), headers: {} } },
      { key: 'route', target: routeTarget(url, site) },
    ];
    const generator = preferredGenerator();
    if (generator === 'autocannon') log('wrk is not installed: the rounds run on autocannon');
    // What loading the site left the server (its rollups of the events written, PostgreSQL's
    // autovacuum after the refresh's writes) is not the rounds' to measure, nor what a run leaves
    // the next (autovacuum of the answers it stored). Runs without these waits had slow rounds
    // (4,441 and 5,144 req/s before a third at 10,117; another at 2,953) whose cause was not found.
    await rollupsCaughtUp(databaseUrl, log);
    await postgresQuiet(log);
    const best = await alternatedRounds(generator, list, { rounds: ROUNDS, seconds: SECONDS, log, settle: () => postgresQuiet(log) });
    let side: { bare: LoadResult; route: LoadResult } | undefined;
    if (generator === 'wrk') {
      log('autocannon: the bare route, the route …');
      side = { bare: await drive('autocannon', list[0]!.target, SECONDS), route: await drive('autocannon', list[1]!.target, SECONDS) };
    }
    const bareRun = best.bare!.result;
    const route = best.route!.result;
    const bad = { bare: best.bare!.bad, route: best.route!.bad };
    const rate = Math.max(1, Math.floor(route.requestsPerSec / 2));
    const ownRate = Math.max(1, Math.floor(bareRun.requestsPerSec / 2));
    await postgresQuiet(log);
    const [paced, pacedBare, bareOwn] = await alternatedPaced(
      [
        { what: `the route at half load (${rate} req/s)`, target: list[1]!.target, rate },
        { what: 'the bare route at the same rate', target: list[0]!.target, rate },
        { what: `the bare route at its own half load (${ownRate} req/s)`, target: list[0]!.target, rate: ownRate },
      ],
      log,
    );
    return { strategies, answerBytes: Buffer.byteLength(sample), generator, bare: bareRun, route, bad, autocannon: side, rate, paced: paced!, pacedBare: pacedBare!, bareOwn: { rate: ownRate, run: bareOwn! } };
  } finally {
    await bare.stop();
  }
}

/** The route at half load while the command refreshes a site of DURING_EVENTS in its own process: flat out, or with `--paced` (`gently`). */
async function duringCommand(env: Record<string, string>, client: pg.Client, url: string, site: RouteSite, rate: number, gently: boolean, log: (line: string) => void) {
  const c = await eventSite(env, client, DURING_EVENTS, gently ? 20 : 18, log);
  log(`the route at half load while the command refreshes${gently ? ' with --paced' : ''} …`);
  const t0 = performance.now();
  const running = refreshInChild(env, c.siteId, gently);
  await new Promise((r) => setTimeout(r, 2_000));
  const paced = await pacedRoute(url, site, rate);
  await running;
  return { paced, events: c.events, seconds: (performance.now() - t0) / 1000 };
}

/**
 * The route at half load on a server whose own job (every second, at its pace) learns a site of
 * DURING_EVENTS, once the server is warm.
 */
async function duringJob(env: Record<string, string>, client: pg.Client, site: RouteSite, rate: number, log: (line: string) => void) {
  const d = await eventSite(env, client, DURING_EVENTS, 19, log);
  const service = await startService({ ...env, RECOMMENDATIONS_REFRESH_SECONDS: '1' });
  try {
    log('the route at half load while the server’s job refreshes …');
    const t0 = performance.now();
    // A fresh process: warmed as the first server was before its paced run (a run at full load),
    // or its own cold start is measured (p99 74 ms with no job at all, against 3.5 ms warm).
    await drive(preferredGenerator(), routeTarget(service.url, site), SECONDS);
    await pacedRoute(service.url, site, rate, 2);
    const before = await learnedEvents(client, d.siteId);
    const paced = await pacedRoute(service.url, site, rate);
    const learnedWhileMeasured = (await learnedEvents(client, d.siteId)) - before;
    while ((await learnedEvents(client, d.siteId)) < d.events) await new Promise((r) => setTimeout(r, 200));
    return { paced, events: d.events, learnedWhileMeasured, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await service.stop();
  }
}

export async function runRecommendationsBench(log: (line: string) => void): Promise<RecommendationsBenchResult> {
  // The first service's refresh job is off (the refreshes measured are the command's).
  const database = await benchDatabase({ DB_POOL_SIZE: '16', LOCAL_IDP: '1', RECOMMENDATIONS_REFRESH_SECONDS: '0' });
  const env = database.env;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const service = await startService(env);
  let stopped = false;
  try {
    const site = await routeSite(service.url, env, client, log);
    const route = await measureRoute(service.url, env.DATABASE_URL, site, log);
    if (ROUTE_ONLY) return { products: site.productIds.length, routeEvents: site.events, ...route };
    const big = await eventSite(env, client, REFRESH_EVENTS, 17, log);
    log('storefront recommendations refresh, alone …');
    const refresh = await refreshInChild(env, big.siteId);
    log(`refresh: ${fmt(refresh.seconds, 1)} s, peak RSS ${fmt(refresh.peakRssMiB)} MiB`);
    const command = await duringCommand(env, client, service.url, site, route.rate, false, log);
    const commandPaced = await duringCommand(env, client, service.url, site, route.rate, true, log);
    await service.stop();
    stopped = true;
    const job = await duringJob(env, client, site, route.rate, log);
    log('ingestion with and without the stream column and index …');
    const ingest = await ingestCost(client, big.siteId, generateShop({ seed: 99, sessions: 40_000, start: Date.now() - 86_400_000 }).events);
    return {
      products: site.productIds.length,
      routeEvents: site.events,
      ...route,
      duringCommand: command,
      duringCommandPaced: commandPaced,
      duringJob: job,
      refresh: { ...refresh, events: Number(refresh.result.events), insertSeconds: big.insertSeconds, products: big.products },
      ingest,
    };
  } finally {
    if (!stopped) await service.stop();
    await client.end();
    await database.drop();
  }
}

const row = (label: string, r: LoadResult, base: LoadResult | undefined, bad: number) =>
  `| ${label} | ${fmt(r.requestsPerSec)} req/s | ${base ? `${fmt((r.requestsPerSec / base.requestsPerSec) * 100)} %` : '—'} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${bad} |`;

export function recommendationsMarkdown(r: RecommendationsBenchResult): string {
  const routeTables = [
    `Through the real server on PostgreSQL (pool of 16; its refresh job off, except in the last row of the paced table, where a second server runs it every second). The route's site: a seeded synthetic shop of ${fmt(r.products)} products and ${fmt(r.routeEvents)} events learned; a similar slot of 8; each request a random product of the catalog as the anchor (answers served: ${Object.entries(r.strategies).map(([k, v]) => `${k} ${v}`).join(', ')} of 400 sampled), a secret key, ${fmt(r.answerBytes)} bytes an answer, every answer stored. The baseline is a bare Fastify route in the same run with the same query and response schemas answering a real answer from memory, no credentials or storage.`,
    '',
    `Best of ${ROUNDS} alternated runs of ${SECONDS} s with ${r.generator === 'wrk' ? 'wrk (1 thread, 64 connections, a process of its own)' : 'autocannon (64 connections, in the benchmark\'s process; wrk is not installed)'}; non-2xx + errors over every run:`,
    '',
    '| route | throughput | vs. baseline | p50 ms | p99 ms | non-2xx + errors |',
    '|---|---:|---:|---:|---:|---:|',
    row('bare Fastify, the same JSON (baseline)', r.bare, undefined, r.bad.bare),
    row('GET /recommendations (similar, random anchor)', r.route, r.bare, r.bad.route),
    ...(r.autocannon
      ? ['', `Beside it, one run of ${SECONDS} s each with autocannon (64 connections, in the benchmark's process): the baseline ${fmt(r.autocannon.bare.requestsPerSec)} req/s, the route ${fmt(r.autocannon.route.requestsPerSec)} req/s (${fmt((r.autocannon.route.requestsPerSec / r.autocannon.bare.requestsPerSec) * 100)} %), non-2xx + errors ${r.autocannon.bare.non2xx + r.autocannon.bare.errors + r.autocannon.route.non2xx + r.autocannon.route.errors}.`]
      : []),
    '',
    `Held at half the measured maximum, ${fmt(r.rate)} req/s, paced open loop for ${PACED_SECONDS} s by bench/paced-client.mjs (plain sockets in a process of its own; latency counted from each request's due time), beside the bare baseline at the same rate and at half its own best rate (what half load costs a server that does nothing, on this host); ${pacedHow('the route, the bare route at the same rate, the bare route at its own half load')}, with every run's p99:`,
    '',
    '| run | rate | requests | p50 ms | p99 ms | non-2xx | p99 of each run, ms |',
    '|---|---:|---:|---:|---:|---:|---|',
    pacedRow('GET /recommendations', r.rate, r.paced),
    pacedRow('the bare baseline at the same rate', r.rate, r.pacedBare),
    pacedRow('the bare baseline at half its own best rate', r.bareOwn.rate, r.bareOwn.run),
  ];
  if (!r.duringCommand || !r.duringCommandPaced || !r.duringJob || !r.refresh || !r.ingest) return routeTables.join('\n');
  return [
    ...routeTables,
    pacedRow(`GET /recommendations while \`recommendations refresh\` learns ${fmt(r.duringCommand.events)} events flat out in another process (${fmt(r.duringCommand.seconds, 1)} s; one run)`, r.rate, seriesOf([r.duringCommand.paced])),
    pacedRow(`GET /recommendations while \`recommendations refresh --paced\` learns ${fmt(r.duringCommandPaced.events)} other events in another process, as the server's job would (${fmt(r.duringCommandPaced.seconds, 1)} s; one run)`, r.rate, seriesOf([r.duringCommandPaced.paced])),
    pacedRow(`GET /recommendations while the server's own job learns ${fmt(r.duringJob.events)} events at its pace (a quarter of the time, 1,000-event pieces; measured after a run at full load warmed the fresh server; ${fmt(r.duringJob.learnedWhileMeasured)} of them during the measure; all in ${fmt(r.duringJob.seconds, 1)} s; one run)`, r.rate, seriesOf([r.duringJob.paced])),
    '',
    `\`storefront recommendations refresh\` of a site with ${fmt(r.refresh.events)} product events (a synthetic shop of ${fmt(r.refresh.products)} products, about five events a session, carts and purchases; written straight into the events table in ${fmt(r.refresh.insertSeconds, 1)} s), the command in its own process opening PostgreSQL: **${fmt(r.refresh.seconds, 1)} s** (${fmt(r.refresh.events / r.refresh.seconds)} events/s), **peak RSS ${fmt(r.refresh.peakRssMiB)} MiB**; ${JSON.stringify(r.refresh.result)}.`,
    '',
    `Ingestion's cost of migration 0015: ${fmt(r.ingest.rows)} product events inserted into each of three empty copies of \`events\`, 1,000 a statement, in turns: as 0015 makes it (the transaction-id column and the stream index) ${fmt(r.ingest.stream)} events/s; without either ${fmt(r.ingest.plain)} events/s (${fmt((r.ingest.stream / r.ingest.plain) * 100)} %); with what a time cursor would need instead (an index on received_at and the event id) ${fmt(r.ingest.received)} events/s (${fmt((r.ingest.received / r.ingest.plain) * 100)} %).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}` && process.env.RECOMMENDATIONS_BARE_SERVER !== '1') {
  console.log(recommendationsMarkdown(await runRecommendationsBench((l) => process.stderr.write(`${l}\n`))));
}
