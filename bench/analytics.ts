// Merchant analytics benchmark (issue #18), through the real server on PostgreSQL:
// - BENCH_ANALYTICS_EVENTS events (default 1,000,000) of one site written straight into the events
//   table by generate_series, 100,000 a transaction, over the 90 days before now (sessions of 5
//   events, a device for 12 events, a seventh without one), then ANALYZE (autovacuum is off here);
// - the rollup catching up: the server's background task (ANALYTICS_ROLLUPS=1) from nothing to all
//   of them, its time and events per second; then its lag: a single event tracked, the time until
//   the site's horizon has passed it (10 times);
// - GET summary and timeseries (day, America/New_York; two in Asia/Kolkata, whose days start at :30
//   UTC) over the last 30 and 90 days, one request at a time (BENCH_QUERIES each, default 40,
//   after 5 not counted): p50 and p95, with rollups (the server above) and without (a second server
//   on the same database with ANALYTICS_ROLLUPS=0, reading the raw events; BENCH_ANALYTICS_RAW=0
//   leaves those out, seconds a query at 10M);
// - POST /events/track (secret key, 64 connections, wrk when installed) with rollups on and off, in
//   alternated turns (BENCH_ROUNDS, default 3; one server at a time, so the rollup task of one never
//   works for the other; before each turn, what the one before left unrolled is rolled, untimed),
//   the best of each: the ratio; for two workloads, unique product views (each a new session and
//   visitor: two key rows to roll an event, the worst case) and sessions of 5 events on a device.
//
// Run alone: `node --import tsx bench/analytics.ts` prints its markdown.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { eventBody } from './events.js';
import { benchDatabase, fmt, load, machine, startService, type Child, type LoadResult } from './lib.js';
import { wrkAvailable, wrkLoad } from './wrk.js';

const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RAW = process.env.BENCH_ANALYTICS_RAW !== '0';
const CHUNK = 100_000;
const DAY_MS = 86_400_000;

const cli = (env: Record<string, string>, args: string[]) =>
  JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', ...args, '--json'], { env: { ...process.env, ...env } }).toString()) as Record<string, unknown>;

/** Events [from, to) of the synthetic site: 5 a session, spread evenly over `spanMs` before `now`. */
async function insertChunk(client: pg.Client, siteId: string, from: number, to: number, total: number, now: number, spanMs: number): Promise<void> {
  await client.query(
    `INSERT INTO events (site_id, event_id, event_type, session_id, device_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
     SELECT $1, 'evt_' || md5($1 || i::text), (ARRAY['page_view','page_view','page_view','page_view','page_view','product_view','product_view','add_to_cart','search','purchase'])[1 + i % 10],
            'sess-' || (i / 5), CASE WHEN i % 7 = 0 THEN NULL ELSE 'dev-' || (i / 12) END, 'derived', 'browser',
            to_timestamp(($4::float8 - $5::float8 + (i / 5)::float8 * ($5::float8 / ($6::float8 / 5)) + (i % 5) * 45000) / 1000), now(),
            jsonb_build_object('product_id', 'sku-' || (i % 2000)),
            jsonb_build_object('page_url', 'https://shop.example/p/' || (i % 500) || '?utm_source=s' || (i % 7), 'user_agent', 'bench', 'device_type', (ARRAY['mobile','desktop','tablet'])[1 + i % 3])
       FROM generate_series($2::bigint, $3::bigint - 1) AS i`,
    [siteId, from, to, now, spanMs, total],
  );
}

async function loadEvents(client: pg.Client, siteId: string, log: (line: string) => void): Promise<{ seconds: number; analyzeSeconds: number }> {
  const now = Date.now() - 60_000;
  const t0 = performance.now();
  for (let k = 0; k < EVENTS; k += CHUNK) {
    await insertChunk(client, siteId, k, Math.min(EVENTS, k + CHUNK), EVENTS, now, 90 * DAY_MS);
    if ((k / CHUNK) % 10 === 9) log(`  ${fmt(k + CHUNK)} events …`);
  }
  const seconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await client.query('ANALYZE events');
  return { seconds, analyzeSeconds: (performance.now() - t1) / 1000 };
}

const rolled = async (client: pg.Client, siteId: string) => Number((await client.query<{ n: string }>('SELECT coalesce((SELECT events FROM analytics_rollup_state WHERE site_id = $1), 0) AS n', [siteId])).rows[0]!.n);

async function waitRolled(client: pg.Client, siteId: string, target: number, timeoutMs = 3_600_000): Promise<number> {
  const t0 = performance.now();
  while ((await rolled(client, siteId)) < target) {
    if (performance.now() - t0 > timeoutMs) throw new Error('the rollup did not catch up');
    await new Promise((done) => setTimeout(done, 100));
  }
  return performance.now() - t0;
}

/** Lag: one event tracked, the time until the rollup has it. */
async function rollupLag(client: pg.Client, url: string, siteId: string, key: string): Promise<number[]> {
  const lags: number[] = [];
  for (let i = 0; i < 10; i++) {
    const before = await rolled(client, siteId);
    const t0 = performance.now();
    const res = await fetch(`${url}/api/v1/events/track`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: eventBody(`lag-${i}-${Date.now()}`) });
    if (res.status !== 201) throw new Error(`track: ${res.status}`);
    await waitRolled(client, siteId, before + 1, 60_000);
    lags.push(performance.now() - t0);
  }
  return lags;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface Latency {
  p50: number;
  p95: number;
}

async function timeQueries(url: string, owner: string, path: string): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < QUERIES + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${owner}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const QUERY_SET = (siteId: string) => {
  const now = Date.now();
  const range = (days: number) => `from=${new Date(now - days * DAY_MS).toISOString()}&to=${new Date(now).toISOString()}`;
  const base = `/api/v1/sites/${siteId}/analytics`;
  return {
    'summary, 30 days': `${base}/summary?${range(30)}&tz=America/New_York`,
    'summary, 90 days': `${base}/summary?${range(90)}&tz=America/New_York`,
    'timeseries visitors by day, 30 days': `${base}/timeseries?metric=visitors&interval=day&${range(30)}&tz=America/New_York`,
    'timeseries visitors by day, 90 days': `${base}/timeseries?metric=visitors&interval=day&${range(90)}&tz=America/New_York`,
    'timeseries page views by day, 90 days': `${base}/timeseries?metric=page_views&interval=day&${range(90)}&tz=America/New_York`,
    // Its local days start at :30 UTC: on quarter-hour slots (every edge one), as fast as New York's.
    'timeseries visitors by day, 30 days, Asia/Kolkata': `${base}/timeseries?metric=visitors&interval=day&${range(30)}&tz=Asia/Kolkata`,
    'timeseries visitors by day, 90 days, Asia/Kolkata': `${base}/timeseries?metric=visitors&interval=day&${range(90)}&tz=Asia/Kolkata`,
    'summary, 90 days, Asia/Kolkata': `${base}/summary?${range(90)}&tz=Asia/Kolkata`,
  };
};

export interface AnalyticsBenchResult {
  events: number;
  load: { seconds: number; analyzeSeconds: number };
  catchUp: { seconds: number; perSecond: number };
  lagMs: { median: number; max: number };
  queries: { name: string; rollups: Latency; raw: Latency | null }[];
  tables: { events: string; rollups: string };
  ingest: { generator: 'wrk' | 'autocannon'; workloads: { key: string; label: string; turns: Turns }[] };
}

async function queryAll(service: Child, owner: string, siteId: string): Promise<Record<string, Latency>> {
  const out: Record<string, Latency> = {};
  for (const [name, path] of Object.entries(QUERY_SET(siteId))) out[name] = await timeQueries(service.url, owner, path);
  return out;
}

/** The ingest workloads: every event a new session and visitor (the roll's worst case: two key rows an event), and sessions of 5 events on a device each. */
const WORKLOADS = [
  { key: 'unique', label: 'unique product views, each a new session and visitor (the rollup\'s worst case)', body: eventBody('[<id>]'), sessionRequests: 1 },
  {
    key: 'sessions',
    label: 'sessions of 5 events on a device each',
    body: JSON.stringify({ ...(JSON.parse(eventBody('[<id>]')) as Record<string, unknown>), session_id: 'bench-[<session>]', device_id: 'device-[<session>]' }),
    sessionRequests: 5,
  },
] as const;

type Turns = { on: LoadResult[]; off: LoadResult[]; best: { on: LoadResult; off: LoadResult }; ratio: number };

/**
 * Track with the rollup task on and off, one server at a time (so the task of one never works for
 * the other), in rounds alternating the order; before each turn, what the turn before left
 * unrolled is rolled (untimed): a server with rollups on in steady state has no backlog of events
 * written while they were off. wrk when installed (autocannon otherwise, the unique workload only:
 * it has no sessions), after a 2 s warm-up.
 */
async function ingestTurns(env: Record<string, string>, siteId: string, key: string, log: (line: string) => void): Promise<AnalyticsBenchResult['ingest']> {
  const generator = wrkAvailable() ? 'wrk' : 'autocannon';
  const headers = { 'content-type': 'application/json', 'x-api-key': key };
  const url = (service: Child) => `${service.url}/api/v1/events/track`;
  const workloads: AnalyticsBenchResult['ingest']['workloads'] = [];
  for (const w of WORKLOADS) {
    if (generator === 'autocannon' && w.sessionRequests > 1) continue;
    const runs = { on: [] as LoadResult[], off: [] as LoadResult[] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const mode of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        cli(env, ['analytics', 'rollup', '--site', siteId]);
        const service = await startService({ ...env, ANALYTICS_ROLLUPS: mode === 'on' ? '1' : '0' });
        try {
          const result =
            generator === 'wrk'
              ? (await wrkLoad({ url: url(service), headers, body: w.body, sessionRequests: w.sessionRequests, seconds: 2 }),
                await wrkLoad({ url: url(service), headers, body: w.body, sessionRequests: w.sessionRequests, seconds: SECONDS }))
              : await load({ url: url(service), method: 'POST', headers, body: w.body, idReplacement: true, duration: SECONDS });
          log(`round ${r + 1}/${ROUNDS}: track (${w.key}), rollups ${mode}: ${fmt(result.requestsPerSec)} req/s, p99 ${fmt(result.p99, 1)} ms, non-2xx ${result.non2xx + result.errors}`);
          runs[mode].push(result);
        } finally {
          await service.stop();
        }
      }
    }
    const best = (xs: LoadResult[]) => xs.reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
    const b = { on: best(runs.on), off: best(runs.off) };
    workloads.push({ key: w.key, label: w.label, turns: { ...runs, best: b, ratio: b.on.requestsPerSec / b.off.requestsPerSec } });
  }
  return { generator, workloads };
}

export async function runAnalyticsBench(log: (line: string) => void): Promise<AnalyticsBenchResult> {
  const database = await benchDatabase({ DB_POOL_SIZE: '16', LOCAL_IDP: '1', WORKER: '0', RECOMMENDATIONS_REFRESH_SECONDS: '0' });
  const env = database.env;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  try {
    // The rollup server first with rollups off, to load the events before the task starts.
    let service = await startService({ ...env, ANALYTICS_ROLLUPS: '0' });
    await client.connect();
    const owner = String(cli(env, ['token', '--user', 'bench']).id_token);
    const siteId = String(cli(env, ['site', 'create', '--name', 'Analytics', '--origin', 'https://shop.example', '--owner', 'bench']).site_id);
    const key = String(cli(env, ['key', 'create', '--site', siteId, '--scopes', 'events:write', '--rate-limit', '100000000']).api_key);
    log(`loading ${fmt(EVENTS)} events …`);
    const loaded = await loadEvents(client, siteId, log);
    log(`  ${fmt(loaded.seconds, 1)} s, ANALYZE ${fmt(loaded.analyzeSeconds, 1)} s`);
    log(RAW ? 'queries without rollups (raw events) …' : 'queries without rollups left out (BENCH_ANALYTICS_RAW=0)');
    const raw = RAW ? await queryAll(service, owner, siteId) : {};
    await service.stop();
    service = await startService({ ...env, ANALYTICS_ROLLUPS: '1' });
    try {
      log('the rollup catching up …');
      const ms = await waitRolled(client, siteId, EVENTS);
      await client.query('ANALYZE analytics_slots; ANALYZE analytics_slot_keys; ANALYZE analytics_slot_distinct; ANALYZE analytics_rollup_state');
      log(`  ${fmt(ms / 1000, 1)} s`);
      const lags = (await rollupLag(client, service.url, siteId, key)).sort((a, b) => a - b);
      log(`lag: median ${fmt(percentile(lags, 50))} ms, max ${fmt(lags.at(-1)!)} ms; queries with rollups …`);
      const rolledQ = await queryAll(service, owner, siteId);
      const sizes = await client.query<{ events: string; rollups: string }>(
        `SELECT pg_size_pretty(pg_total_relation_size('events')) AS events,
                pg_size_pretty(pg_total_relation_size('analytics_slots') + pg_total_relation_size('analytics_slot_keys') + pg_total_relation_size('analytics_slot_distinct')) AS rollups`,
      );
      await service.stop();
      const ingest = await ingestTurns(env, siteId, key, log);
      return {
        events: EVENTS,
        load: loaded,
        catchUp: { seconds: ms / 1000, perSecond: EVENTS / (ms / 1000) },
        lagMs: { median: percentile(lags, 50), max: lags.at(-1)! },
        queries: Object.keys(rolledQ).map((name) => ({ name, rollups: rolledQ[name]!, raw: raw[name] ?? null })),
        tables: sizes.rows[0]!,
        ingest,
      };
    } finally {
      await service.stop();
    }
  } finally {
    await client.end();
    await database.drop();
  }
}

export function analyticsMarkdown(r: AnalyticsBenchResult): string {
  const ms = (n: number) => `${fmt(n, 1)} ms`;
  return [
    `Merchant analytics on PostgreSQL, ${fmt(r.events)} events of one site over 90 days (loaded by generate_series in ${fmt(r.load.seconds, 1)} s, ANALYZE ${fmt(r.load.analyzeSeconds, 1)} s). Rollups ${r.tables.rollups} beside events ${r.tables.events} (with their indexes).`,
    '',
    `- Rollup catching up from nothing: ${fmt(r.catchUp.seconds, 1)} s (${fmt(r.catchUp.perSecond)} events/s); lag of a tracked event until rolled: median ${fmt(r.lagMs.median)} ms, max ${fmt(r.lagMs.max)} ms (the task ticks every 2 s).`,
    '',
    `| query (tz America/New_York unless named, one at a time) | p50 rollups | p95 rollups | p50 raw | p95 raw |`,
    `|---|---|---|---|---|`,
    ...r.queries.map((q) => `| ${q.name} | ${ms(q.rollups.p50)} | ${ms(q.rollups.p95)} | ${q.raw ? ms(q.raw.p50) : '–'} | ${q.raw ? ms(q.raw.p95) : '–'} |`),
    '',
    `POST /events/track with the rollup task on and off, ${r.ingest.generator === 'wrk' ? 'wrk (1 thread, 64 connections)' : 'autocannon (64 connections; wrk is not installed)'}, ${r.ingest.workloads[0]?.turns.on.length ?? 0} alternated rounds of ${SECONDS} s, each turn on its own server started caught up, the best of each mode:`,
    '',
    `| workload | rollups on, req/s | p99 | rollups off, req/s | p99 | on ÷ off | runs on / off |`,
    `|---|---:|---:|---:|---:|---:|---|`,
    ...r.ingest.workloads.map(({ label, turns: t }) =>
      `| ${label} | ${fmt(t.best.on.requestsPerSec)} | ${ms(t.best.on.p99)} | ${fmt(t.best.off.requestsPerSec)} | ${ms(t.best.off.p99)} | ${fmt(t.ratio * 100)} % | ${t.on.map((x) => fmt(x.requestsPerSec)).join(', ')} / ${t.off.map((x) => fmt(x.requestsPerSec)).join(', ')} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runAnalyticsBench((line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`Measured on ${machine()}.\n\n${analyticsMarkdown(result)}\n`);
}
