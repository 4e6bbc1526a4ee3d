// Hot paths measured from outside (issue #19, items 1 and 4): wrk (one thread, 64 connections, a C
// program that leaves the two cores to the servers) drives, in alternated rounds, the ingest routes
// and the hot public reads of the real server on PostgreSQL, track on the embedded engine, and a
// bare Fastify server in the same run answering each route through the same schemas and envelope
// from memory (answers captured from the real service first). Each figure is the best of the
// rounds; every ratio is to the bare route of the same run. Then one autocannon run of the bare
// track route and of track, to show both generators side by side, and each route paced (open loop)
// at half its best rate for p50/p99, the bare route at the same rate beside it and at half its own
// best rate (what half load costs a server that does nothing, on this machine), in alternated
// rounds too (each figure the run with the lowest p99, every run's p99 beside it), once the
// PostgreSQL server's analytics rollups have caught up with what the rounds wrote. After each round
// run that wrote events on PostgreSQL, the next run waits for its rollups to catch up too (they
// yield to a burst of writes and roll after it) and for PostgreSQL to be quiet (autovacuum after
// many inserts): what a run leaves behind must not land in another scenario's run.
//
// Settings: BENCH_SECONDS (each run, default 10), BENCH_ROUNDS (default 3), BENCH_PACED_ROUNDS (the
// paced rounds, default 5: bench/paced.ts), BENCH_HOT_SESSIONS (the recommendations shop's sessions,
// default 5,000). Without wrk (the Debian package) the rounds run on autocannon and the markdown
// says so.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { campaignSite } from './campaigns.js';
import { eventBody } from './events.js';
import { alternatedRounds, drive, preferredGenerator, type Best, type Generator, type Target } from './generators.js';
import { benchDatabase, cpuMs, fmt, freePort, postgresCpuMs, serviceNodeArgs, startChild, startService, type Child, type LoadResult, type PacedResult } from './lib.js';
import { postgresQuiet, rollupsCaughtUp } from './settle.js';
import { alternatedPaced, PACED_ROUNDS, PACED_SECONDS, pacedCell, pacedHow, pacedRow, pacedRun, type PacedJob, type PacedSeries } from './paced.js';
import { anchorPaths, routeBase, routeSite } from './recommendations.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SESSIONS = Number(process.env.BENCH_HOT_SESSIONS ?? 5_000);
const ORIGIN = 'https://shop.example';

interface Scenario {
  key: string;
  label: string;
  target: Target;
  /** Events per request (the batch), for the events/s figure. */
  perRequest?: number;
  /** The bare scenario its ratio is to. */
  bare?: string;
}

const cli = (env: Record<string, string>, args: string[]) =>
  JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', ...args, '--json'], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }).toString()) as Record<string, unknown>;

async function expectJson(res: Response, status: number, what: string): Promise<{ data: Record<string, unknown> }> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/** A process whose CPU the paced runs watch: what else was busy while a route was held at half load. */
interface CpuProbe {
  label: string;
  ms: () => number;
}

/** Each probe's CPU during `fn`, as a share of one core: "service 23 %, postgres 41 %, …". */
async function cpuDuring<T>(probes: readonly CpuProbe[], fn: () => Promise<T>): Promise<{ result: T; cpu: string }> {
  const before = probes.map((p) => p.ms());
  const t0 = performance.now();
  const result = await fn();
  const wall = performance.now() - t0;
  const cpu = probes.map((p, i) => `${p.label} ${fmt(((p.ms() - before[i]!) / wall) * 100)} %`).join(', ');
  return { result, cpu };
}

/** One paced run of a job (bench/paced.ts), with what else was busy meanwhile in the log. */
async function paced(job: PacedJob, probes: readonly CpuProbe[], log: (line: string) => void): Promise<PacedResult> {
  const { result, cpu } = await cpuDuring(probes, () => pacedRun(job));
  log(`  ${new URL(job.target.url).port} at ${fmt(job.rate)} req/s: p50 ${fmt(result.p50, 1)} ms, p99 ${fmt(result.p99, 1)} ms, non-2xx ${result.non2xx} (status ${result.status}, lost ${result.failed}, unanswered ${result.unanswered}; ${result.dropped} connections lost); CPU of one core: ${cpu}`);
  return result;
}

/** The service on PostgreSQL with its sites: live campaigns and a running experiment (site A), a learned shop (site B). */
async function setupPostgres(log: (line: string) => void) {
  const database = await benchDatabase({ DB_POOL_SIZE: '16', LOCAL_IDP: '1', RUNTIME_TOKEN_TTL: '86400', RECOMMENDATIONS_REFRESH_SECONDS: '0' });
  const env = database.env;
  const service = await startService(env);
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    log('site with live campaigns, a running experiment …');
    const { siteId, ownerToken, browser } = await campaignSite(service.url, env);
    const owner = { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' };
    // Room for the load: the site's runtime limits raised (per address and per hour).
    await expectJson(await fetch(`${service.url}/api/v1/sites/${siteId}`, { method: 'PATCH', headers: owner, body: JSON.stringify({ config: { runtime_events_per_hour: 100_000_000, runtime_rate_limit_per_ip_per_hour: 100_000_000 } }) }), 200, 'raising the runtime limits');
    const key = String(cli(env, ['key', 'create', '--site', siteId, '--scopes', 'events:write', '--rate-limit', '100000000']).api_key);
    const before = await expectJson(await fetch(`${service.url}/api/v1/runtime/config`, { headers: browser }), 200, 'runtime config');
    const campaigns = (before.data as { campaigns: { campaign_id: string; kind?: string }[] }).campaigns;
    const overlay = campaigns[0]!.campaign_id;
    const exp = await expectJson(await fetch(`${service.url}/api/v1/partner-experiments`, { method: 'POST', headers: owner, body: JSON.stringify({ website_id: siteId, name: 'Overlay', surfaces: [{ type: 'overlay', campaign_id: overlay }], currency: 'EUR' }) }), 201, 'creating an experiment');
    const experimentId = String(exp.data.experiment_id);
    await expectJson(await fetch(`${service.url}/api/v1/partner-experiments/${experimentId}/start`, { method: 'POST', headers: { authorization: owner.authorization } }), 200, 'starting the experiment');
    await new Promise((r) => setTimeout(r, 5_500)); // a change is served within 5 s
    const configRes = await fetch(`${service.url}/api/v1/runtime/config`, { headers: browser });
    const configText = await configRes.clone().text();
    const config = await expectJson(configRes, 200, 'runtime config');
    const assignment = await expectJson(await fetch(`${service.url}/api/v1/partner-experiments/assignments`, { method: 'POST', headers: { ...browser, 'content-type': 'application/json' }, body: JSON.stringify({ session_id: 'capture-1' }) }), 200, 'assignments');
    if (((assignment.data as { assignments?: unknown[] }).assignments ?? []).length === 0) throw new Error('assignments: the running experiment assigned nobody');
    log(`recommendations shop (${fmt(SESSIONS)} sessions) …`);
    const shop = await routeSite(service.url, env, client, log, SESSIONS);
    const recs = await captureRecommendation(service.url, shop);
    return {
      database,
      service,
      track: { key, siteId },
      reads: { browser, experimentId, campaigns: campaigns.length, configBytes: Buffer.byteLength(configText), config: config.data, assignment: assignment.data },
      shop: { ...shop, ...recs },
      async stop() {
        await client.end();
        await service.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await client.end();
    await service.stop();
    await database.drop();
    throw error;
  }
}

/** A similar answer of the shop's slot (the bare route's), and what 400 sampled anchors were served. */
async function captureRecommendation(url: string, shop: Awaited<ReturnType<typeof routeSite>>) {
  const base = routeBase(shop);
  const strategies: Record<string, number> = {};
  let sample: object | undefined;
  let bytes = 0;
  for (const id of shop.productIds.slice(0, 400)) {
    const body = await expectJson(await fetch(`${url}${base}&product_id=${id}`, { headers: { 'x-api-key': shop.key } }), 200, 'recommendations');
    const strategy = String(body.data.strategy);
    strategies[strategy] = (strategies[strategy] ?? 0) + 1;
    if (strategy === 'similar' && !sample) {
      sample = body.data;
      bytes = Buffer.byteLength(JSON.stringify(body));
    }
  }
  if (!sample) throw new Error('no similar answer among 400 anchors');
  return { base, strategies, answer: sample, answerBytes: bytes };
}

/** The service on the embedded engine: its site and key made with the CLI before it starts (PGlite is one process's). */
async function setupEmbedded() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-hot-embedded-'));
  // The engine is PostgreSQL whenever DATABASE_URL is set, even inherited.
  delete process.env.DATABASE_URL;
  // The recommendation job off, as on the PostgreSQL server (the benchmark measures ingestion, not learning).
  const env = { DATA_DIR: dir, STOREFRONT_SECRET: randomBytes(32).toString('base64'), STOREFRONT_NO_BOOTSTRAP: '1', LOG_LEVEL: 'warn', RECOMMENDATIONS_REFRESH_SECONDS: '0' };
  try {
    const site = cli(env, ['site', 'create', '--name', 'Bench', '--origin', ORIGIN, '--owner', 'bench']);
    const key = String(cli(env, ['key', 'create', '--site', String(site.site_id), '--scopes', 'events:write', '--rate-limit', '100000000']).api_key);
    const service = await startService(env);
    return {
      service,
      key,
      async stop() {
        await service.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

type PgSetup = Awaited<ReturnType<typeof setupPostgres>>;

function scenarios(p: PgSetup, embedded: { service: Child; key: string }, bare: Child): Scenario[] {
  const json = { 'content-type': 'application/json' };
  const track = eventBody('[<id>]');
  const batch = `{"events":[${Array.from({ length: 100 }, () => eventBody('[<id>]')).join(',')}]}`;
  const pgKey = { ...json, 'x-api-key': p.track.key };
  const runtime = { ...p.reads.browser };
  const assign = { method: 'POST' as const, headers: { ...runtime, ...json }, body: '{"session_id":"[<id>]"}' };
  const rec = { method: 'GET' as const, headers: { 'x-api-key': p.shop.key }, paths: anchorPaths(p.shop) };
  return [
    { key: 'bare-track', label: 'bare Fastify track route (baseline)', target: { url: `${bare.url}/api/v1/events/track`, method: 'POST', headers: pgKey, body: track } },
    { key: 'track', label: 'POST /events/track, unique events (PostgreSQL)', bare: 'bare-track', target: { url: `${p.service.url}/api/v1/events/track`, method: 'POST', headers: pgKey, body: track } },
    { key: 'batch', label: 'POST /events/batch of 100 (PostgreSQL)', bare: 'bare-track', perRequest: 100, target: { url: `${p.service.url}/api/v1/events/batch`, method: 'POST', headers: pgKey, body: batch } },
    { key: 'track-embedded', label: 'POST /events/track, unique events (embedded engine)', bare: 'bare-track', target: { url: `${embedded.service.url}/api/v1/events/track`, method: 'POST', headers: { ...json, 'x-api-key': embedded.key }, body: track } },
    { key: 'bare-config', label: 'bare Fastify, the same configuration', target: { url: `${bare.url}/api/v1/runtime/config`, method: 'GET', headers: runtime } },
    { key: 'config', label: 'GET /runtime/config', bare: 'bare-config', target: { url: `${p.service.url}/api/v1/runtime/config`, method: 'GET', headers: runtime } },
    { key: 'bare-assign', label: 'bare Fastify, the same assignments', target: { url: `${bare.url}/api/v1/partner-experiments/assignments`, ...assign } },
    { key: 'assign', label: 'POST /partner-experiments/assignments (a new session each)', bare: 'bare-assign', target: { url: `${p.service.url}/api/v1/partner-experiments/assignments`, ...assign } },
    { key: 'bare-rec', label: 'bare Fastify, the same recommendation answer', target: { url: `${bare.url}${p.shop.base}`, ...rec } },
    { key: 'rec', label: 'GET /recommendations (similar, rotating anchor)', bare: 'bare-rec', target: { url: `${p.service.url}${p.shop.base}`, ...rec } },
  ];
}

/** One request of each scenario before any load: every one must answer 2xx (wrk counts only 4xx and 5xx as errors). */
async function preflight(list: Scenario[]): Promise<void> {
  for (const s of list) {
    const t = s.target;
    const url = t.paths ? `${new URL(t.url).origin}${t.paths[0]}` : t.url;
    const res = await fetch(url, { method: t.method, headers: t.headers, body: t.body?.replaceAll('[<id>]', `preflight-${randomBytes(6).toString('hex')}`) });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) throw new Error(`${s.key}: ${res.status} ${text}`);
  }
}

/** The scenarios' rounds: the best run of each. */
const rounds = (generator: Generator, list: Scenario[], log: (line: string) => void, settle: (key: string) => Promise<void>) =>
  alternatedRounds(generator, list, { rounds: ROUNDS, seconds: SECONDS, log, settle });

/** The scenarios that write events on the PostgreSQL server (its rollups roll them after the run). */
const POSTGRES_WRITES = new Set(['track', 'batch']);

export interface HotPathsResult {
  generator: Generator;
  scenarios: { key: string; label: string; perRequest?: number; bare?: string }[];
  best: Record<string, Best>;
  autocannon?: { bare: LoadResult; track: LoadResult };
  paced: { key: string; label: string; rate: number; run: PacedSeries; bare?: PacedSeries; bareOwn?: { rate: number; run: PacedSeries } }[];
  sizes: { campaigns: number; configBytes: number; products: number; events: number; strategies: Record<string, number>; answerBytes: number };
}

/**
 * Each route held at half its best rate, the bare route at the same rate, and the bare route at
 * half its own best rate (what "half load" costs a server that does nothing on this machine: the
 * same generator, cores and ratio of paced to saturated cost), in PACED_ROUNDS alternated rounds
 * (every other one in reverse order).
 */
async function pacedRuns(list: Scenario[], best: Record<string, Best>, probes: readonly CpuProbe[], log: (line: string) => void): Promise<HotPathsResult['paced']> {
  const byKey = new Map(list.map((s) => [s.key, s]));
  const out: HotPathsResult['paced'] = [];
  for (const s of list) {
    if (!s.bare || s.perRequest) continue;
    const rate = Math.max(1, Math.floor(best[s.key]!.result.requestsPerSec / 2));
    const ownRate = Math.max(1, Math.floor(best[s.bare]!.result.requestsPerSec / 2));
    const bareTarget = byKey.get(s.bare)!.target;
    // The embedded track's bare figures are the PostgreSQL track's (the same bare route, another rate).
    const jobs: PacedJob[] = [
      { what: `${s.key} at half load (${rate} req/s)`, target: s.target, rate },
      ...(s.key === 'track-embedded'
        ? []
        : [
            { what: `${s.bare} at the same rate`, target: bareTarget, rate },
            { what: `${s.bare} at its own half load (${ownRate} req/s)`, target: bareTarget, rate: ownRate },
          ]),
    ];
    const [run, same, bareOwn] = await alternatedPaced(jobs, log, (job) => paced(job, probes, log));
    out.push({
      key: s.key,
      label: s.label,
      rate,
      run: run!,
      ...(same ? { bare: same } : {}),
      ...(bareOwn ? { bareOwn: { rate: ownRate, run: bareOwn } } : {}),
    });
  }
  return out;
}

export async function runHotPathsBench(log: (line: string) => void): Promise<HotPathsResult> {
  const generator = preferredGenerator();
  if (generator === 'autocannon') log('wrk is not installed: the rounds run on autocannon');
  const p = await setupPostgres(log);
  let embedded: Awaited<ReturnType<typeof setupEmbedded>> | undefined;
  let bare: Child | undefined;
  try {
    embedded = await setupEmbedded();
    bare = await startChild(['--import', 'tsx', 'bench/bare-server.ts'], {
      BARE_RUNTIME_CONFIG: JSON.stringify(p.reads.config),
      BARE_ASSIGNMENTS: JSON.stringify(p.reads.assignment),
      BARE_RECOMMENDATIONS: JSON.stringify(p.shop.answer),
    }, await freePort());
    const list = scenarios(p, embedded, bare);
    await preflight(list);
    // After a run that wrote events on PostgreSQL, its rollups catch up before the next run: what a
    // burst leaves them (they yield to it, README) is not measured in the next scenario's run.
    const best = await rounds(generator, list, log, async (key) => {
      if (!POSTGRES_WRITES.has(key)) return;
      await rollupsCaughtUp(p.database.env.DATABASE_URL, log);
      await postgresQuiet(log);
    });
    let side: HotPathsResult['autocannon'];
    if (generator === 'wrk') {
      log('autocannon: bare track route, track …');
      side = { bare: await drive('autocannon', list[0]!.target, SECONDS), track: await drive('autocannon', list[1]!.target, SECONDS) };
    }
    await rollupsCaughtUp(p.database.env.DATABASE_URL, log);
    const probes: CpuProbe[] = [
      { label: 'service (PostgreSQL)', ms: () => cpuMs(p.service.child.pid!) },
      { label: 'PostgreSQL', ms: postgresCpuMs },
      { label: 'service (embedded)', ms: () => cpuMs(embedded!.service.child.pid!) },
      { label: 'bare', ms: () => cpuMs(bare!.child.pid!) },
    ];
    const pacedOut = await pacedRuns(list, best, probes, log);
    return {
      generator,
      scenarios: list.map(({ key, label, perRequest, bare: b }) => ({ key, label, perRequest, bare: b })),
      best,
      autocannon: side,
      paced: pacedOut,
      sizes: { campaigns: p.reads.campaigns, configBytes: p.reads.configBytes, products: p.shop.productIds.length, events: p.shop.events, strategies: p.shop.strategies, answerBytes: p.shop.answerBytes },
    };
  } finally {
    await bare?.stop();
    await embedded?.stop();
    await p.stop();
  }
}

// ---------------------------------------------------------------------------------------------

const pct = (a: number, b: number) => `${fmt((a / b) * 100)} %`;

function loadRow(r: HotPathsResult, s: HotPathsResult['scenarios'][number]): string {
  const b = r.best[s.key]!;
  const per = s.perRequest ?? 1;
  const figure = `${fmt(b.result.requestsPerSec * per)} ${s.perRequest ? 'events/s' : 'req/s'}`;
  const ratio = s.bare ? pct(b.result.requestsPerSec * per, r.best[s.bare]!.result.requestsPerSec) : '—';
  return `| ${s.label} | ${figure} | ${ratio} | ${fmt(b.result.p50, 1)} | ${fmt(b.result.p99, 1)} | ${b.bad} |`;
}

export function hotPathsMarkdown(r: HotPathsResult): string {
  const gen = r.generator === 'wrk' ? 'wrk (1 thread, 64 connections)' : 'autocannon (64 connections, in the benchmark’s own process)';
  const how = `best of ${ROUNDS} alternated run${ROUNDS === 1 ? '' : 's'} of ${SECONDS} s with ${gen}`;
  const pacedHowText = pacedHow('the route, the bare route at the same rate, the bare route at its own half load');
  const ingest = r.scenarios.filter((s) => ['bare-track', 'track', 'batch', 'track-embedded'].includes(s.key));
  const reads = r.scenarios.filter((s) => !ingest.includes(s));
  const pacedOf = new Map(r.paced.map((p) => [p.key, p]));
  const lines = [
    ...(r.generator === 'wrk' ? [] : ['**wrk is not installed** (the Debian package `wrk`): every figure below is autocannon’s, which runs in the benchmark’s Node process, takes a share of the two cores and flatters the ratios.', '']),
    `Settings: each run ${SECONDS} s, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} (every other one in reverse order, after a 2 s warm-up of each), ${gen}; the real server on PostgreSQL (pool of 16, LOG_LEVEL=warn, its recommendation job off), the embedded engine (PGlite, its own DATA_DIR, its recommendation job off too; analytics rollups on in both; after each run that wrote events on PostgreSQL, the next waited until its rollups had caught up, since they yield to a burst of writes, and PostgreSQL was quiet), and one bare Fastify server answering every route from memory through the route's own schemas and envelope, each its own process${serviceNodeArgs().length ? `; service node options \`${serviceNodeArgs().join(' ')}\`` : ''}. Every route answered 2xx to one request before the load; non-2xx + errors (wrk: 4xx/5xx answers and socket errors; paced runs: anything not 2xx) count every run of the scenario, not only the best.`,
    '',
    `Ingest, ${how}:`,
    '',
    '| scenario | throughput | vs. bare route | p50 ms | p99 ms | non-2xx + errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...ingest.map((s) => loadRow(r, s)),
  ];
  if (r.autocannon) {
    const w = r.best;
    lines.push(
      '',
      'Both load generators, the same routes and servers:',
      '',
      '| generator | bare track route | track (PostgreSQL) | ratio | non-2xx + errors |',
      '|---|---:|---:|---:|---:|',
      `| wrk, ${how.replace(' with wrk (1 thread, 64 connections)', '')} | ${fmt(w['bare-track']!.result.requestsPerSec)} req/s | ${fmt(w.track!.result.requestsPerSec)} req/s | ${pct(w.track!.result.requestsPerSec, w['bare-track']!.result.requestsPerSec)} | ${w['bare-track']!.bad + w.track!.bad} |`,
      `| autocannon, one run of ${SECONDS} s each (64 connections, in the benchmark's process) | ${fmt(r.autocannon.bare.requestsPerSec)} req/s | ${fmt(r.autocannon.track.requestsPerSec)} req/s | ${pct(r.autocannon.track.requestsPerSec, r.autocannon.bare.requestsPerSec)} | ${r.autocannon.bare.non2xx + r.autocannon.bare.errors + r.autocannon.track.non2xx + r.autocannon.track.errors} |`,
    );
  }
  lines.push(
    '',
    `Hot public reads, ${how}; site A has ${r.sizes.campaigns} live campaigns (the demo's set; a configuration of ${fmt(r.sizes.configBytes)} bytes) and a running experiment, read with a runtime token and its Origin (the site's runtime limits raised); the recommendations are site B's similar slot of 8 on a seeded synthetic shop of ${fmt(r.sizes.products)} products and ${fmt(r.sizes.events)} events learned, a secret key, the anchor rotating over the catalog (400 sampled: ${Object.entries(r.sizes.strategies).map(([k, v]) => `${k} ${v}`).join(', ')}; ${fmt(r.sizes.answerBytes)} bytes a similar answer). Paced: p50 / p99 ms (non-2xx over every run) held at half the route's best rate for ${PACED_SECONDS} s, open loop (bench/paced-client.mjs: plain sockets in a process of its own, 64 connections, latency from each request's due time), and the bare route at the same rate; each cell is ${pacedHowText}, then the range of the runs' p99s:`,
    '',
    '| route | throughput | vs. bare route | p50 ms | p99 ms | non-2xx + errors | half load | paced p50 / p99 ms | bare, same rate | bare at its own half load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...reads.map((s) => {
      const pc = pacedOf.get(s.key);
      const own = pc?.bareOwn ? `${pacedCell(pc.bareOwn.run)} at ${fmt(pc.bareOwn.rate)} req/s` : '—';
      return `${loadRow(r, s)} ${pc ? `${fmt(pc.rate)} req/s` : '—'} | ${pacedCell(pc?.run)} | ${pacedCell(pc?.bare)} | ${own} |`;
    }),
    '',
    `Track held at half its best rate, paced open loop for ${PACED_SECONDS} s (bench/paced-client.mjs; latency from each request's due time), once the PostgreSQL server's rollups had caught up with what the rounds wrote; ${pacedHowText}:`,
    '',
    '| route | rate | requests | p50 ms | p99 ms | non-2xx | p99 of each run, ms |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...r.paced
      .filter((p) => p.key.startsWith('track'))
      .flatMap((p) => [
        pacedRow(p.label, p.rate, p.run),
        ...(p.bare ? [pacedRow('the bare track route at the same rate', p.rate, p.bare)] : []),
        ...(p.bareOwn ? [pacedRow('the bare track route at half its own best rate', p.bareOwn.rate, p.bareOwn.run)] : []),
      ]),
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(hotPathsMarkdown(await runHotPathsBench((l) => process.stderr.write(`${l}\n`))));
}
