// Media benchmark (issue #14): uploads streamed into PostgreSQL by the real server process, 20 at once
// of 10 MiB each (distinct images), with the service's peak RSS (VmHWM, target ≤ 350 MB) and the
// upload throughput; beside the same uploads to a bare Fastify route with @fastify/multipart that
// reads and discards the bytes, measured in the same run. Then GET of one public 1 MiB image (the
// bytes streamed from the database, and 304s on If-None-Match) beside the same 1 MiB sent from
// memory by the bare server.
//
// `node --import tsx bench/media.ts --bare-media-server` runs the bare server (PORT from the
// environment). Sizes: BENCH_MEDIA_CONCURRENCY (20), BENCH_MEDIA_MIB (10), BENCH_MEDIA_ROUNDS (3),
// BENCH_MEDIA_SECONDS (10, the GET runs).
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { benchDatabase, fmt, freePort, load, ROOT, startChild, startService, type Child, type LoadResult } from './lib.js';

const CONCURRENCY = Number(process.env.BENCH_MEDIA_CONCURRENCY ?? 20);
const MIB = Number(process.env.BENCH_MEDIA_MIB ?? 10);
const ROUNDS = Number(process.env.BENCH_MEDIA_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 10);
const GET_CONNECTIONS = 16;
const ONE_MIB = 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

// ---------------------------------------------------------------------------------------------------
// Images: a PNG of exactly `size` bytes whose big IDAT payload is shared by every upload (held once
// here), made distinct by a small text chunk, so that 20 × 10 MiB are 20 different images.

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (parts: Uint8Array[]) => {
  let c = 0xffffffff;
  for (const part of parts) for (const b of part) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** A PNG chunk as pieces (its data not copied). */
const chunk = (type: string, data: Buffer) => {
  const t = Buffer.from(type, 'latin1');
  return [u32(data.length), t, data, u32(crc32([t, data]))];
};
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR = chunk('IHDR', Buffer.concat([u32(4096), u32(4096), Buffer.from([8, 2, 0, 0, 0])]));
const IEND = chunk('IEND', Buffer.alloc(0));

/** The pieces of a PNG of exactly `size` bytes, distinct by `tag`; `payload` is the shared random data (≥ size). */
function pngPieces(size: number, tag: string, payload: Buffer): Buffer[] {
  const text = chunk('tEXt', Buffer.from(`Comment\0${tag.padEnd(24, '.')}`, 'latin1'));
  const fixed = [SIGNATURE, ...IHDR, ...text, ...IEND].reduce((n, b) => n + b.length, 0) + 12;
  return [SIGNATURE, ...IHDR, ...text, ...chunk('IDAT', payload.subarray(0, size - fixed)), ...IEND];
}

function multipartPieces(file: Buffer[], boundary: string): Buffer[] {
  return [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    ...file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
}

/** POSTs a multipart body given as pieces; its status and how long it took (ms). */
function post(url: string, headers: Record<string, string>, pieces: Buffer[]): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const length = pieces.reduce((n, b) => n + b.length, 0);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(length) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
    });
    req.on('error', reject);
    const write = (i: number) => {
      if (i === pieces.length) return req.end();
      if (req.write(pieces[i]!)) write(i + 1);
      else req.once('drain', () => write(i + 1));
    };
    write(0);
  });
}

export interface UploadRun {
  uploads: number;
  failed: number;
  seconds: number;
  mibPerSecond: number;
  p50: number;
  p99: number;
  peakRssMiB: number;
  firstRefusal?: string;
}

/** ROUNDS rounds of CONCURRENCY uploads at once, each of MIB MiB, distinct images. */
async function uploadRounds(child: Child, url: string, headers: Record<string, string>, label: string, payload: Buffer): Promise<UploadRun> {
  const size = MIB * ONE_MIB;
  const latencies: number[] = [];
  let failed = 0;
  let firstRefusal: string | undefined;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) => {
        const boundary = `----bench${randomBytes(8).toString('hex')}`;
        const body = multipartPieces(pngPieces(size, `${label}-${round}-${i}-${randomBytes(4).toString('hex')}`, payload), boundary);
        return post(url, { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body);
      }),
    );
    for (const a of answers) {
      latencies.push(a.ms);
      if (a.status !== 201) {
        failed += 1;
        firstRefusal ??= `${a.status} ${a.body.slice(0, 300)}`;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const uploads = ROUNDS * CONCURRENCY;
  return { uploads, failed, seconds, mibPerSecond: (uploads * MIB) / seconds, p50: at(0.5), p99: at(0.99), peakRssMiB: child.peakRssMiB(), firstRefusal };
}

/**
 * Closed-loop GETs on `connections` keep-alive connections for `seconds`, bodies read and dropped by
 * Node's own HTTP parser (autocannon parses bodies in JavaScript: with 1 MiB answers it is the
 * bottleneck, and both routes would measure it).
 */
async function getLoad(url: string, connections: number, seconds: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    const one = () =>
      new Promise<void>((done) => {
        const started = performance.now();
        const req = request(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            if (record) latencies.push(performance.now() - started);
            if (record && (res.statusCode ?? 0) >= 400) non2xx += 1;
            done();
          });
        });
        req.on('error', () => {
          if (record) errors += 1;
          done();
        });
        req.end();
      });
    await Promise.all(Array.from({ length: connections }, async () => {
      while (performance.now() < until) await one();
    }));
  };
  await run(performance.now() + 2000, false); // warm-up
  const started = performance.now();
  await run(started + seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requestsPerSec: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), non2xx, errors, total: latencies.length };
}

export interface MediaBenchResult {
  concurrency: number;
  mib: number;
  service: UploadRun;
  bare: UploadRun;
  get: LoadResult;
  getNotModified: LoadResult;
  getBare: LoadResult;
  serviceRssAfterGetsMiB: number;
}

function cli(env: Record<string, string>, args: string[]): Record<string, unknown> {
  return JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', ...args, '--json'], { cwd: ROOT, env: { ...process.env, ...env } }).toString()) as Record<string, unknown>;
}

export async function runMediaBench(log: (line: string) => void): Promise<MediaBenchResult> {
  const database = await benchDatabase({ DB_POOL_SIZE: '16' });
  const env = database.env;
  const service = await startService(env);
  const bare = await startChild(['--import', 'tsx', 'bench/media.ts', '--bare-media-server'], {}, await freePort());
  try {
    const site = cli(env, ['site', 'create', '--name', 'Media bench', '--origin', 'https://shop.example', '--owner', 'bench']);
    const key = cli(env, ['key', 'create', '--site', String(site.site_id), '--scopes', 'catalog:write']);
    const headers = { 'x-api-key': String(key.api_key) };
    const payload = randomBytes(MIB * ONE_MIB);

    log(`bare multipart route: ${ROUNDS} × ${CONCURRENCY} uploads of ${MIB} MiB at once …`);
    const bareRun = await uploadRounds(bare, `${bare.url}/upload`, {}, 'bare', payload);
    log(`service: ${ROUNDS} × ${CONCURRENCY} uploads of ${MIB} MiB at once …`);
    const serviceRun = await uploadRounds(service, `${service.url}/api/v1/sites/${String(site.site_id)}/media`, headers, 'service', payload);
    if (serviceRun.firstRefusal) log(`  first refusal: ${serviceRun.firstRefusal}`);

    log('GET of one public 1 MiB image …');
    const image = Buffer.concat(pngPieces(ONE_MIB, 'public', payload));
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const up = await post(`${service.url}/api/v1/sites/${String(site.site_id)}/media`, { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, multipartPieces([image], boundary));
    const item = (JSON.parse(up.body) as { data: { media_id: string; sha256: string } }).data;
    const publicUrl = `${service.url}/api/v1/public/media/${item.media_id}`;
    const served = Buffer.from(await (await fetch(publicUrl)).arrayBuffer());
    if (createHash('sha256').update(served).digest('hex') !== item.sha256) throw new Error('the public route did not serve the bytes uploaded');
    const get = await getLoad(publicUrl, GET_CONNECTIONS, SECONDS);
    const getNotModified = await load({ url: publicUrl, connections: GET_CONNECTIONS, duration: SECONDS, headers: { 'if-none-match': `"${item.sha256}"` } });
    log('GET of 1 MiB from the bare server’s memory …');
    const getBare = await getLoad(`${bare.url}/media`, GET_CONNECTIONS, SECONDS);
    return { concurrency: CONCURRENCY, mib: MIB, service: serviceRun, bare: bareRun, get, getNotModified, getBare, serviceRssAfterGetsMiB: service.peakRssMiB() };
  } finally {
    await service.stop();
    await bare.stop();
    await database.drop();
  }
}

export function mediaMarkdown(r: MediaBenchResult): string {
  const upload = (name: string, u: UploadRun, baseline?: UploadRun) =>
    `| ${name} | ${u.uploads} (${u.failed} refused) | ${fmt(u.mibPerSecond, 1)} MiB/s | ${baseline ? `${fmt((u.mibPerSecond / baseline.mibPerSecond) * 100)} %` : '—'} | ${fmt(u.p50)} | ${fmt(u.p99)} | ${fmt(u.peakRssMiB)} MiB |`;
  const get = (name: string, g: LoadResult, baseline?: LoadResult) =>
    `| ${name} | ${fmt(g.requestsPerSec)} req/s | ${baseline ? `${fmt((g.requestsPerSec / baseline.requestsPerSec) * 100)} %` : '—'} | ${fmt(g.p50, 1)} | ${fmt(g.p99, 1)} | ${g.non2xx + g.errors} |`;
  return [
    `Uploads: ${r.concurrency} at once of ${r.mib} MiB each (distinct images), multipart/form-data, in rounds; the service stores them in PostgreSQL in 256 KiB chunks.`,
    '',
    '| upload target | uploads | throughput | vs. baseline | p50 ms | p99 ms | peak RSS of the process |',
    '|---|---:|---:|---:|---:|---:|---:|',
    upload('bare Fastify + @fastify/multipart route, bytes discarded (baseline)', r.bare),
    upload('POST /sites/{id}/media (sniffed, inspected, hashed, stored, deduped)', r.service, r.bare),
    '',
    `GET of one public 1 MiB image, ${GET_CONNECTIONS} keep-alive connections in a closed loop (Node's HTTP client, bodies dropped; the 304s with autocannon):`,
    '',
    '| GET | throughput | vs. baseline | p50 ms | p99 ms | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    get('bare Fastify route, 1 MiB from memory (baseline)', r.getBare),
    get('GET /public/media/{id}, streamed from the database', r.get, r.getBare),
    `| the same with If-None-Match (304) | ${fmt(r.getNotModified.requestsPerSec)} req/s | — | ${fmt(r.getNotModified.p50, 1)} | ${fmt(r.getNotModified.p99, 1)} | ${r.getNotModified.errors} |`,
    '',
    `Peak RSS of the service process (VmHWM) after the uploads: ${fmt(r.service.peakRssMiB)} MiB (target ≤ 350 MB); after the GET runs too: ${fmt(r.serviceRssAfterGetsMiB)} MiB.`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------
// The bare baseline server (a child process of the bench)

async function serveBare(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { default: multipart } = await import('@fastify/multipart');
  const app = Fastify({ logger: { level: 'warn' } });
  await app.register(multipart, { limits: { fileSize: 64 * ONE_MIB } });
  const image = randomBytes(ONE_MIB);
  const etag = `"${createHash('sha256').update(image).digest('hex')}"`;
  app.post('/upload', async (req, reply) => {
    const part = await req.file();
    if (part) for await (const _ of part.file) void _;
    return reply.code(201).send({ success: true });
  });
  app.get('/media', async (_req, reply) => reply.headers({ 'content-type': 'image/png', etag, 'cache-control': IMMUTABLE }).send(image));
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
}

if (process.argv.includes('--bare-media-server')) await serveBare();
