// Workflows benchmark (issue #17), through the real server on PostgreSQL:
// - POST /api/v1/events/track with a secret key (server-class events, the only ones that trigger
//   workflows), unique product views, 64 connections, on three sites in turns (a, b, c, a, b, c, …;
//   the best of each): (a) no workflows; (b) 20 active event workflows, none matching (10 filter the
//   event type out, 10 take it but a condition fails), so what is measured is the matching; (c) the
//   same 19 non-matching and one matching each event (every event then records a delivery and its
//   job in its transaction). That server's worker is off (WORKER=0), so deliveries recorded by (c)
//   are not sent during the later runs. Beside throughput, CPU time per event of each site (the
//   service process and its pool's PostgreSQL backends, from /proc), steadier than req/s on a busy machine;
// - deliveries per second to a local receiver (node:http on 127.0.0.1, answering 200 at once): a
//   second server on a database of its own (WORKER=1, JOBS_POLL_MS=50), a site with one matching
//   workflow, BENCH_DELIVERIES (default 5,000) server events tracked; from the first to the last
//   request the receiver sees. Every delivery must arrive exactly once (distinct webhook-id and
//   event ids), every signature verifies with `standardwebhooks` and the secret the creation showed.
// Sizes: BENCH_SECONDS (each load run, default 10), BENCH_ROUNDS (turns of a, b, c, default 3),
// BENCH_DELIVERIES.
//
// Run alone: `node --import tsx bench/workflows.ts` prints its markdown.
import { eventBody } from './events.js';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { benchDatabase, cpuMs, fmt, load, machine, startService, type LoadResult } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 5_000);
const WORKFLOWS = 20;

const cli = (env: Record<string, string>, args: string[]) =>
  JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', ...args, '--json'], { env: { ...process.env, ...env } }).toString()) as Record<string, unknown>;

/** A workflow that a product view of eventBody never matches: the event type filtered out (even i), or taken and a condition failing (odd i). */
const nonMatching = (i: number, url: string) => ({
  name: `No match ${i}`,
  trigger:
    i % 2 === 0
      ? { on: 'event', event_types: [['purchase', 'add_to_cart', 'search', 'custom', 'page_view'][(i / 2) % 5]!] }
      : { on: 'event', event_types: ['product_view', 'add_to_cart'], conditions: [{ path: '/properties/currency', op: 'eq', value: 'EUR' }, { path: '/properties/product_price', op: 'gt', value: 1_000 + i }] },
  action: { type: 'webhook', url },
});
const matching = (url: string) => ({
  name: 'Every product view',
  trigger: { on: 'event', event_types: ['product_view'], conditions: [{ path: '/properties/currency', op: 'eq', value: 'EUR' }] },
  action: { type: 'webhook', url },
});

interface Received {
  at: number;
  headers: Record<string, string>;
  body: string;
}

/** The local webhook receiver: 200 at once, every request kept (its time, headers and body). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ at: performance.now(), headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function createWorkflow(url: string, siteId: string, owner: string, body: object): Promise<{ workflow_id: string; secret: string }> {
  const res = await fetch(`${url}/api/v1/sites/${siteId}/workflows`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`workflow: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { workflow_id: string; secret: string } }).data;
}

/** A site, a secret key with room for the whole run, and `workflows` created through the API of the server at `url`. */
async function benchSite(url: string, env: Record<string, string>, owner: string, name: string, workflows: object[]) {
  const siteId = String(cli(env, ['site', 'create', '--name', name, '--origin', 'https://shop.example', '--owner', 'bench']).site_id);
  const key = String(cli(env, ['key', 'create', '--site', siteId, '--scopes', 'events:write', '--rate-limit', '100000000']).api_key);
  const created = [];
  for (const w of workflows) created.push(await createWorkflow(url, siteId, owner, w));
  return { siteId, key, created };
}

const trackLoad = (url: string, key: string, extra: Partial<Parameters<typeof load>[0]> = {}) =>
  load({ url: `${url}/api/v1/events/track`, method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: eventBody('[<id>]'), idReplacement: true, duration: SECONDS, ...extra });

/** CPU so far of the PostgreSQL backends serving this database (the service's pool), by pid. */
async function backendsCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`);
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}

type Scenario = 'none' | 'nomatch' | 'onematch';

/** CPU per event of one scenario over all its runs (warm-ups included): the service process and its PostgreSQL backends, in µs. */
export interface CpuPerEvent {
  events: number;
  serviceUs: number;
  postgresUs: number;
}

export interface WorkflowsBenchResult {
  runs: Record<Scenario, LoadResult[]>;
  best: Record<Scenario, LoadResult>;
  cpu: Record<Scenario, CpuPerEvent>;
  recorded: { deliveries: number; jobs: number };
  peakRssMiB: number;
  delivery: {
    events: LoadResult & { seconds: number };
    received: number;
    distinctWebhookIds: number;
    distinctEvents: number;
    verified: number;
    seconds: number;
    perSecond: number;
    statuses: Record<string, number>;
    jobStatuses: Record<string, number>;
  };
}

/** Part 1: track throughput on the three sites, in turns. */
async function matchingCost(receiverUrl: string, log: (line: string) => void) {
  const database = await benchDatabase({ DB_POOL_SIZE: '16', LOCAL_IDP: '1', ALLOW_PRIVATE_WEBHOOKS: '1', WORKER: '0' });
  const env = database.env;
  const service = await startService(env);
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const owner = String(cli(env, ['token', '--user', 'bench']).id_token);
    const never = Array.from({ length: WORKFLOWS }, (_, i) => nonMatching(i, `${receiverUrl}/never/${i}`));
    const sites: Record<Scenario, { siteId: string; key: string }> = {
      none: await benchSite(service.url, env, owner, 'No workflows', []),
      nomatch: await benchSite(service.url, env, owner, 'Twenty, none matching', never),
      onematch: await benchSite(service.url, env, owner, 'Twenty, one matching', [...never.slice(0, WORKFLOWS - 1), matching(`${receiverUrl}/one`)]),
    };
    const runs: Record<Scenario, LoadResult[]> = { none: [], nomatch: [], onematch: [] };
    const cpu: Record<Scenario, { events: number; service: number; postgres: number }> = { none: { events: 0, service: 0, postgres: 0 }, nomatch: { events: 0, service: 0, postgres: 0 }, onematch: { events: 0, service: 0, postgres: 0 } };
    const stored = async (siteId: string) => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE site_id = $1', [siteId])).rows[0]!.n);
    log('warming up the three sites (not counted) …');
    for (const s of ['none', 'nomatch', 'onematch'] as const) await trackLoad(service.url, sites[s].key, { duration: 3, warmupSeconds: 0 });
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const s of ['none', 'nomatch', 'onematch'] as const) {
        log(`round ${r + 1}/${ROUNDS}: track, ${s} …`);
        const [events0, service0, backends0] = [await stored(sites[s].siteId), cpuMs(service.child.pid!), await backendsCpu(client)];
        const result = await trackLoad(service.url, sites[s].key);
        await new Promise((done) => setTimeout(done, 1_000)); // the requests autocannon left in flight are answered
        const [service1, backends1] = [cpuMs(service.child.pid!), await backendsCpu(client)];
        cpu[s].events += (await stored(sites[s].siteId)) - events0;
        cpu[s].service += service1 - service0;
        for (const [pid, ms] of backends1) cpu[s].postgres += ms - (backends0.get(pid) ?? 0);
        log(`  ${fmt(result.requestsPerSec)} req/s, p99 ${fmt(result.p99, 1)} ms, non-2xx ${result.non2xx + result.errors}`);
        runs[s].push(result);
      }
    }
    const perEvent = (s: Scenario): CpuPerEvent => ({ events: cpu[s].events, serviceUs: (cpu[s].service * 1000) / cpu[s].events, postgresUs: (cpu[s].postgres * 1000) / cpu[s].events });
    const best = (s: Scenario) => runs[s].reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
    return {
      runs,
      best: { none: best('none'), nomatch: best('nomatch'), onematch: best('onematch') },
      cpu: { none: perEvent('none'), nomatch: perEvent('nomatch'), onematch: perEvent('onematch') },
      recorded: (await client.query<{ deliveries: number; jobs: number }>(`SELECT (SELECT count(*) FROM webhook_deliveries)::int AS deliveries, (SELECT count(*) FROM jobs WHERE queue = 'webhook')::int AS jobs`)).rows[0]!,
      peakRssMiB: service.peakRssMiB(),
    };
  } finally {
    await client.end();
    await service.stop();
    await database.drop();
  }
}

const tally = (rows: { status: string; n: string }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));

/** Part 2: DELIVERIES events on a site with one matching workflow, the worker sending them to the receiver. */
async function deliveryRate(receiver: Awaited<ReturnType<typeof startReceiver>>, log: (line: string) => void): Promise<WorkflowsBenchResult['delivery']> {
  const database = await benchDatabase({ DB_POOL_SIZE: '16', LOCAL_IDP: '1', ALLOW_PRIVATE_WEBHOOKS: '1', WORKER: '1', JOBS_POLL_MS: '50' });
  const env = database.env;
  const service = await startService(env);
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const owner = String(cli(env, ['token', '--user', 'bench']).id_token);
    const site = await benchSite(service.url, env, owner, 'Deliveries', [matching(`${receiver.url}/deliveries`)]);
    const secret = site.created[0]!.secret;
    receiver.received.length = 0;
    log(`tracking ${fmt(DELIVERIES)} server events, the worker delivering …`);
    const t0 = performance.now();
    const events = await trackLoad(service.url, site.key, { amount: DELIVERIES, warmupSeconds: 0 });
    const trackSeconds = (performance.now() - t0) / 1000;
    // Until every delivery arrived, or nothing more for 15 s.
    let seen = -1;
    let idleSince = performance.now();
    while (receiver.received.length < DELIVERIES && performance.now() - idleSince < 15_000) {
      if (receiver.received.length !== seen) {
        seen = receiver.received.length;
        idleSince = performance.now();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would arrive now
    const got = [...receiver.received];
    const seconds = got.length > 1 ? (got[got.length - 1]!.at - got[0]!.at) / 1000 : 0;
    const wh = new Webhook(secret);
    let verified = 0;
    const eventIds = new Set<string>();
    for (const r of got) {
      try {
        const payload = wh.verify(r.body, r.headers) as { type: string; data: { event_id: string } };
        if (payload.type === 'event.product_view') verified += 1;
        eventIds.add(payload.data.event_id);
      } catch {
        // counted as not verified
      }
    }
    const statuses = tally((await client.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM webhook_deliveries GROUP BY status')).rows);
    const jobStatuses = tally((await client.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM jobs GROUP BY status')).rows);
    return {
      events: { ...events, seconds: trackSeconds },
      received: got.length,
      distinctWebhookIds: new Set(got.map((r) => r.headers['webhook-id'])).size,
      distinctEvents: eventIds.size,
      verified,
      seconds,
      perSecond: seconds > 0 ? (got.length - 1) / seconds : 0,
      statuses,
      jobStatuses,
    };
  } finally {
    await client.end();
    await service.stop();
    await database.drop();
  }
}

export async function runWorkflowsBench(log: (line: string) => void): Promise<WorkflowsBenchResult> {
  const receiver = await startReceiver();
  try {
    const part1 = await matchingCost(receiver.url, log);
    const delivery = await deliveryRate(receiver, log);
    return { ...part1, delivery };
  } finally {
    await receiver.close();
  }
}

const row = (label: string, r: LoadResult, base: LoadResult | undefined, all: LoadResult[]) =>
  `| ${label} | ${fmt(r.requestsPerSec)} req/s | ${base ? `${fmt((r.requestsPerSec / base.requestsPerSec) * 100)} %` : '—'} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.non2xx + r.errors} | ${all.map((x) => fmt(x.requestsPerSec)).join(', ')} |`;
const cpuRow = (label: string, c: CpuPerEvent, base?: CpuPerEvent) =>
  `| ${label} | ${fmt(c.events)} | ${fmt(c.serviceUs)} | ${fmt(c.postgresUs)} | ${fmt(c.serviceUs + c.postgresUs)} | ${base ? `${fmt(((c.serviceUs + c.postgresUs) / (base.serviceUs + base.postgresUs)) * 100)} %` : '—'} |`;

export function workflowsMarkdown(r: WorkflowsBenchResult): string {
  const d = r.delivery;
  const ratio = r.best.nomatch.requestsPerSec / r.best.none.requestsPerSec;
  const exactlyOnce = d.received === d.events.total && d.distinctWebhookIds === d.received && d.distinctEvents === d.received;
  return [
    `Through the real server on PostgreSQL (pool of 16, its worker off so that nothing is sent during these runs). POST /api/v1/events/track with a secret key (server-class events, the only ones that trigger workflows), unique product views, 64 connections, ${SECONDS} s a run after a 3 s warm-up, the three sites in turns ${ROUNDS} times after 3 s of each to warm the process up (the best run of each; every run listed). The 20 workflows are active, on trigger \`event\`, created through the API of the same server: 10 filter the event type out, 10 take product views but a condition fails (currency EUR and price above 1,000); the third site's 20th workflow matches every event (one delivery and its job recorded in each event's transaction: ${fmt(r.recorded.deliveries)} deliveries and ${fmt(r.recorded.jobs)} webhook jobs in all).`,
    '',
    '| site, track, 64 connections | best | vs. no workflows | p50 ms | p99 ms | non-2xx + errors | every run |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('no workflows', r.best.none, undefined, r.runs.none),
    row('20 active workflows, none matching', r.best.nomatch, r.best.none, r.runs.nomatch),
    row('20 active workflows, one matching each event', r.best.onematch, r.best.none, r.runs.onematch),
    '',
    `Matching against 20 workflows keeps **${fmt(ratio * 100)} %** of track's throughput without any (best against best; target ≥ 90 %: ${ratio >= 0.9 ? 'met' : '**not met**'}). Peak RSS of the service process: ${fmt(r.peakRssMiB)} MiB.`,
    '',
    'What each event cost, over all the runs of each site (their 3 s warm-ups included; CPU time read from /proc, so less disturbed by other load on the machine than throughput): the service process, and the PostgreSQL backends of its pool.',
    '',
    '| site | events | service µs/event | PostgreSQL µs/event | total µs/event | vs. no workflows |',
    '|---|---:|---:|---:|---:|---:|',
    cpuRow('no workflows', r.cpu.none),
    cpuRow('20 active workflows, none matching', r.cpu.nomatch, r.cpu.none),
    cpuRow('20 active workflows, one matching each event', r.cpu.onematch, r.cpu.none),
    '',
    `Deliveries to a local receiver (node:http on 127.0.0.1 answering 200 at once): a second server on a database of its own with its worker on (concurrency 4, JOBS_POLL_MS=50, ALLOW_PRIVATE_WEBHOOKS=1), a site with one workflow matching every product view; ${fmt(d.events.total)} server events tracked (64 connections, ${fmt(d.events.seconds, 1)} s, ${d.events.non2xx + d.events.errors} non-2xx) while the worker sends. From the first to the last request the receiver saw: **${fmt(d.received)} deliveries in ${fmt(d.seconds, 2)} s, ${fmt(d.perSecond)} deliveries/s**.`,
    '',
    `Exactly once: ${exactlyOnce ? 'yes' : '**no**'} — ${fmt(d.received)} requests, ${fmt(d.distinctWebhookIds)} distinct \`webhook-id\`, ${fmt(d.distinctEvents)} distinct events, for ${fmt(d.events.total)} events tracked; ${fmt(d.verified)} of ${fmt(d.received)} signatures verified with \`standardwebhooks\` and the secret shown at creation. Deliveries stored: ${JSON.stringify(d.statuses)}; jobs: ${JSON.stringify(d.jobStatuses)}.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.`;
  const md = workflowsMarkdown(await runWorkflowsBench((l) => process.stderr.write(`${l}\n`)));
  console.log(`${stamp}\n\n${md}`);
}
