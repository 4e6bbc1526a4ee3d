// Campaigns benchmark (issue #15): GET /runtime/config through the real server on PostgreSQL (a
// runtime token and its Origin, the site's four live campaigns: the demo site's set), full answers
// and 304s, beside a bare Fastify route in the same run that answers the same JSON from memory with
// no credentials. BENCH_SECONDS (each load run, default 10).
//
// Run alone: `node --import tsx bench/campaigns.ts` prints its markdown. With CAMPAIGNS_BARE_SERVER=1
// this file is the bare baseline server instead (a child process of the benchmark).
import { execFileSync } from 'node:child_process';
import type autocannon from 'autocannon';
import { benchDatabase, fmt, freePort, load, startChild, startService, type LoadResult } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORIGIN = 'https://shop.example';

async function startBareServer(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { Envelope, ok } = await import('../src/http/envelope.js');
  const { PublicConfig } = await import('../src/modules/campaigns/schemas.js');
  const document = JSON.parse(process.env.CAMPAIGNS_BARE_DOCUMENT ?? '{}') as object;
  const app = Fastify({ logger: { level: 'warn' } });
  app.get('/api/v1/runtime/config', { schema: { response: { 200: Envelope(PublicConfig) } } }, async (request) => ok(request, document));
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
}

if (process.env.CAMPAIGNS_BARE_SERVER === '1') await startBareServer();

export interface CampaignsBenchResult {
  configBytes: number;
  bare: LoadResult;
  config: LoadResult;
  notModified: LoadResult;
  extra: Record<string, LoadResult>;
}

const cli = (env: Record<string, string>, args: string[]) =>
  JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', ...args, '--json'], { env: { ...process.env, ...env } }).toString()) as Record<string, unknown>;

/** The demo site's four campaigns, made active on a site through the API. */
async function seedCampaigns(url: string, siteId: string, ownerToken: string): Promise<void> {
  const { DEMO_CAMPAIGNS } = await import('../src/modules/campaigns/demo-campaigns.js');
  for (const c of DEMO_CAMPAIGNS) {
    const body = { name: c.name, kind: c.kind, status: 'active', content: c.content, targeting: c.targeting, trigger: c.trigger, frequency: c.frequency, priority: c.priority };
    const res = await fetch(`${url}/api/v1/sites/${siteId}/campaigns`, { method: 'POST', headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`seeding a campaign: ${res.status} ${await res.text()}`);
  }
}

/** What the benchmark needs of a running service: a site with live campaigns and a browser's credentials. */
export async function campaignSite(url: string, env: Record<string, string>) {
  const site = cli(env, ['site', 'create', '--name', 'Bench', '--origin', ORIGIN, '--owner', 'bench']);
  const siteId = String(site.site_id);
  const ownerToken = String(cli(env, ['token', '--user', 'bench']).id_token);
  await seedCampaigns(url, siteId, ownerToken);
  const token = ((await (await fetch(`${url}/api/v1/runtime/token`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ site_id: siteId }) })).json()) as { data: { token: string } }).data.token;
  return { siteId, ownerToken, browser: { authorization: `Bearer ${token}`, origin: ORIGIN } };
}

/**
 * POST /submissions to the site's modal form: a new visitor each request (a fresh client id and
 * email, and a client address of its own through X-Forwarded-For, so that the per-address limit of
 * 10 a minute and campaign does not refuse the load).
 */
function submissions(campaignId: string): autocannon.Request[] {
  let k = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req: autocannon.Request) => {
        k += 1;
        const body = { campaign_id: campaignId, form_id: 'welcome', client_submission_id: `bench-${process.pid}-${k}`, session_id: `s-${k}`, fields: { email: `visitor${k}@example.com`, first_name: 'Bench' }, consent: { granted: true } };
        return { ...req, headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}` }, body: JSON.stringify(body) };
      },
    },
  ];
}

export async function runCampaignsBench(log: (line: string) => void): Promise<CampaignsBenchResult> {
  const database = await benchDatabase({ DB_POOL_SIZE: '16', LOCAL_IDP: '1', TRUST_PROXY: 'loopback' });
  const env = database.env;
  const service = await startService(env);
  let bare: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    const { browser, siteId } = await campaignSite(service.url, env);
    // Room for the load: the site's runtime limits raised (per address and per hour).
    const owner = String(cli(env, ['token', '--user', 'bench']).id_token);
    await fetch(`${service.url}/api/v1/sites/${siteId}`, { method: 'PATCH', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: JSON.stringify({ config: { runtime_events_per_hour: 1_000_000_000, runtime_rate_limit_per_ip_per_hour: 1_000_000_000 } }) });
    const first = await fetch(`${service.url}/api/v1/runtime/config`, { headers: browser });
    const text = await first.text();
    const etag = first.headers.get('etag') ?? '';
    bare = await startChild(['--import', 'tsx', 'bench/campaigns.ts'], { CAMPAIGNS_BARE_SERVER: '1', CAMPAIGNS_BARE_DOCUMENT: JSON.stringify((JSON.parse(text) as { data: object }).data) }, await freePort());

    log('GET /runtime/config, bare baseline …');
    const bareRun = await load({ url: `${bare.url}/api/v1/runtime/config`, duration: SECONDS });
    log('GET /runtime/config …');
    const config = await load({ url: `${service.url}/api/v1/runtime/config`, headers: browser, duration: SECONDS });
    log('GET /runtime/config with If-None-Match (304) …');
    const notModified = await load({ url: `${service.url}/api/v1/runtime/config`, headers: { ...browser, 'if-none-match': etag }, duration: SECONDS });
    const modal = (JSON.parse(text) as { data: { campaigns: { campaign_id: string; content: { form?: object } }[] } }).data.campaigns.find((c) => c.content.form);
    log('POST /submissions (a new visitor each) …');
    const submitted = await load({ url: `${service.url}/api/v1/submissions`, headers: browser, duration: SECONDS, connections: 16, requests: submissions(modal!.campaign_id) });
    return { configBytes: Buffer.byteLength(text), bare: bareRun, config, notModified, extra: { 'POST /submissions (validated, sealed, hashed, deduped; 16 connections)': submitted } };
  } finally {
    await service.stop();
    await bare?.stop();
    await database.drop();
  }
}

/** `expected3xx`: the run's answers are 304s, which the load generator counts as non-2xx. */
const row = (label: string, r: LoadResult, base?: LoadResult, expected3xx = false) =>
  `| ${label} | ${fmt(r.requestsPerSec)} req/s | ${base ? `${fmt((r.requestsPerSec / base.requestsPerSec) * 100)} %` : '—'} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${(expected3xx ? 0 : r.non2xx) + r.errors} |`;

export function campaignsMarkdown(r: CampaignsBenchResult): string {
  return [
    `Through the real server on PostgreSQL (pool of 16), 64 connections for ${SECONDS} s each. The site has the demo's four live campaigns (a modal with a form, a quiz, a chatbot, a recommendation slot): a configuration of ${fmt(r.configBytes)} bytes. The baseline is a bare Fastify route in the same run answering the same document from memory through the same response schema, with no credentials.`,
    '',
    '| route | throughput | vs. baseline | p50 ms | p99 ms | unexpected answers + errors |',
    '|---|---:|---:|---:|---:|---:|',
    row('bare Fastify, the same JSON (baseline)', r.bare),
    row('GET /runtime/config (runtime token, Origin, the site’s cached configuration)', r.config, r.bare),
    row('GET /runtime/config with If-None-Match → 304', r.notModified, r.bare, true),
    ...Object.entries(r.extra).map(([label, result]) => row(label, result)),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}` && process.env.CAMPAIGNS_BARE_SERVER !== '1') {
  console.log(campaignsMarkdown(await runCampaignsBench((l) => process.stderr.write(`${l}\n`))));
}
