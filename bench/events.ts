// Ingestion benchmark (issue #3): the service on PostgreSQL beside a bare Fastify route with the
// same schema and envelope, both driven by autocannon in one run.
import { execFileSync } from 'node:child_process';
import { benchDatabase, fmt, freePort, load, pacedLoad, startChild, startService, type LoadResult } from './lib.js';

/** A track body, unique per idTag (its client_event_id). */
export const eventBody = (idTag: string) =>
  JSON.stringify({
    event_type: 'product_view',
    session_id: `bench-session-${idTag}`,
    client_event_id: idTag,
    properties: { product_id: 'sku-123', product_name: 'Trail shoe', product_price: 89.95, currency: 'EUR' },
    context: { page_url: 'https://shop.example/products/sku-123', user_agent: 'Mozilla/5.0 (bench)', referrer: 'https://search.example/' },
  });

export interface EventsBenchResult {
  rows: { scenario: string; result: LoadResult; perSecond: number; unit: string; ratio?: number }[];
  halfLoad: LoadResult & { rate: number };
  paced: { p50: number; p99: number; sent: number; non2xx: number };
  pacedBare: { p50: number; p99: number; sent: number; non2xx: number };
  peakRssMiB: number;
}

export async function runEventsBench(log: (line: string) => void): Promise<EventsBenchResult> {
  const database = await benchDatabase({ DB_POOL_SIZE: '16' });
  const env = database.env;
  const service = await startService(env);
  const bare = await startChild(['--import', 'tsx', 'bench/bare-server.ts'], {}, await freePort());
  try {
    // A site and a key with room for the whole run, through the running service's database.
    const site = JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', 'site', 'create', '--name', 'Bench', '--origin', 'https://shop.example', '--owner', 'bench', '--json'], { env: { ...process.env, ...env } }).toString());
    const key = JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', 'key', 'create', '--site', site.site_id, '--scopes', 'events:write', '--rate-limit', '100000000', '--json'], { env: { ...process.env, ...env } }).toString());
    const headers = { 'content-type': 'application/json', 'x-api-key': key.api_key };

    log('bare baseline …');
    const baseline = await load({ url: `${bare.url}/api/v1/events/track`, method: 'POST', headers, body: eventBody('[<id>]'), idReplacement: true });
    log('track, unique events …');
    const unique = await load({ url: `${service.url}/api/v1/events/track`, method: 'POST', headers, body: eventBody('[<id>]'), idReplacement: true });
    const rate = Math.max(1, Math.floor(unique.requestsPerSec / 2));
    log(`track at half load (${rate} req/s) …`);
    const half = await load({
      url: `${service.url}/api/v1/events/track`,
      method: 'POST',
      headers,
      body: eventBody('[<id>]'),
      idReplacement: true,
      overallRate: rate,
    });
    log(`track at half load, paced open loop (${rate} req/s) …`);
    const pacedOptions = { rate, seconds: 10, headers, body: eventBody('[<id>]') };
    await pacedLoad({ ...pacedOptions, url: `${service.url}/api/v1/events/track`, seconds: 2 }); // warm-up
    const paced = await pacedLoad({ ...pacedOptions, url: `${service.url}/api/v1/events/track` });
    log(`bare baseline at the same paced rate …`);
    await pacedLoad({ ...pacedOptions, url: `${bare.url}/api/v1/events/track`, seconds: 2 }); // warm-up
    const pacedBare = await pacedLoad({ ...pacedOptions, url: `${bare.url}/api/v1/events/track` });
    log('track, duplicates only …');
    const dupBody = eventBody('the-one-duplicate');
    await fetch(`${service.url}/api/v1/events/track`, { method: 'POST', headers, body: dupBody });
    const duplicates = await load({ url: `${service.url}/api/v1/events/track`, method: 'POST', headers, body: dupBody });
    log('batch of 100 …');
    const batchBody = `{"events":[${Array.from({ length: 100 }, () => eventBody('[<id>]')).join(',')}]}`;
    const batch = await load({ url: `${service.url}/api/v1/events/batch`, method: 'POST', headers, body: batchBody, idReplacement: true });
    const peakRssMiB = service.peakRssMiB();
    return {
      rows: [
        { scenario: 'bare Fastify route (baseline)', result: baseline, perSecond: baseline.requestsPerSec, unit: 'req/s' },
        { scenario: 'track, unique events', result: unique, perSecond: unique.requestsPerSec, unit: 'req/s', ratio: unique.requestsPerSec / baseline.requestsPerSec },
        { scenario: 'track, duplicates only', result: duplicates, perSecond: duplicates.requestsPerSec, unit: 'req/s', ratio: duplicates.requestsPerSec / baseline.requestsPerSec },
        { scenario: 'batch of 100 events', result: batch, perSecond: batch.requestsPerSec * 100, unit: 'events/s', ratio: (batch.requestsPerSec * 100) / baseline.requestsPerSec },
      ],
      halfLoad: { ...half, rate },
      paced,
      pacedBare,
      peakRssMiB,
    };
  } finally {
    await service.stop();
    await bare.stop();
    await database.drop();
  }
}

export function eventsMarkdown(r: EventsBenchResult): string {
  const lines = [
    '| scenario | throughput | p50 ms | p99 ms | events/s vs. baseline | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.rows.map(
      (row) =>
        `| ${row.scenario} | ${fmt(row.perSecond)} ${row.unit} | ${fmt(row.result.p50, 1)} | ${fmt(row.result.p99, 1)} | ${row.ratio === undefined ? '—' : `${fmt(row.ratio * 100)} %`} | ${row.result.non2xx + row.result.errors} |`,
    ),
    '',
    `Track held at half its measured maximum, ${fmt(r.halfLoad.rate)} req/s:`,
    '',
    '| load generator | p50 ms | p99 ms | non-2xx |',
    '|---|---:|---:|---:|',
    `| autocannon \`overallRate\`, 64 connections (bursty: each connection sends its share of a second back to back) | ${fmt(r.halfLoad.p50, 1)} | ${fmt(r.halfLoad.p99, 1)} | ${r.halfLoad.non2xx + r.halfLoad.errors} |`,
    `| paced open loop (one request every ${fmt(1000 / r.halfLoad.rate, 2)} ms, latency from the due time) | ${fmt(r.paced.p50, 1)} | ${fmt(r.paced.p99, 1)} | ${r.paced.non2xx} |`,
    `| the same paced load on the bare baseline route | ${fmt(r.pacedBare.p50, 1)} | ${fmt(r.pacedBare.p99, 1)} | ${r.pacedBare.non2xx} |`,
    '',
    `Peak RSS of the service process: ${fmt(r.peakRssMiB)} MiB.`,
  ];
  return lines.join('\n');
}
