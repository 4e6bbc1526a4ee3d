// Catalog benchmark (issue #14): through the real server on PostgreSQL, a bulk upsert of 100,000
// products in 500-item requests (then the same again: every product unchanged), GET
// /products/{id} req/s and GET /products?q=… latency at 100,000 products, each beside a bare
// Fastify route measured in the same run (the same body check and envelope, no storage or
// credentials). Sizes: BENCH_PRODUCTS (default 100,000), BENCH_BULK_CLIENTS (concurrent bulk
// requests, default 4), BENCH_SECONDS (each load run, default 10).
//
// Run alone: `node --import tsx bench/catalog.ts` prints its markdown. With CATALOG_BARE_SERVER=1
// this file is the bare baseline server instead (a child process of the benchmark).
import { execFileSync } from 'node:child_process';
import type autocannon from 'autocannon';
import { benchDatabase, fmt, freePort, load, startChild, startService, type LoadResult } from './lib.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const BULK = 500;
const BULK_CLIENTS = Number(process.env.BENCH_BULK_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

// ---------------------------------------------------------------------------------------------
// The data set: a deterministic catalog with realistic spreads of words, brands, categories.

const WORDS = ['trail', 'running', 'shoe', 'jacket', 'wool', 'merino', 'hiking', 'boot', 'rain', 'shell', 'light', 'down', 'vest', 'sock', 'cap', 'glove', 'bottle', 'tent', 'lamp', 'pack', 'belt', 'short', 'tight', 'hoodie', 'fleece', 'base', 'layer', 'sandal', 'approach', 'winter'];
const COLORS = ['red', 'blue', 'green', 'black', 'white', 'grey', 'orange', 'yellow'];
const TOPS = ['Shoes', 'Clothing', 'Equipment', 'Accessories', 'Outlet'];
const SUBS = ['Running', 'Hiking', 'Climbing', 'Camping', 'Cycling', 'Skiing', 'Travel', 'Kids'];
const LEAVES = ['Trail', 'Road', 'Winter', 'Summer', 'Pro', 'Basics'];

/** A pseudo-random number from an integer (the same catalog every run). */
const mix = (i: number, salt: number) => {
  let x = (i + 1) * 2654435761 + salt * 40503;
  x ^= x >>> 13;
  x = Math.imul(x, 0x5bd1e995);
  x ^= x >>> 15;
  return x >>> 0;
};
const pick = <T>(list: readonly T[], i: number, salt: number): T => list[mix(i, salt) % list.length]!;

export const productIdOf = (i: number) => `sku-${String(i).padStart(7, '0')}`;

/** The i-th product of the benchmark's catalog, as a bulk request carries it. */
export function benchProduct(i: number, version = 0): Record<string, unknown> {
  const title = `${pick(WORDS, i, 1)} ${pick(WORDS, i, 2)} ${pick(WORDS, i, 3)} ${i}`;
  const cents = 500 + (mix(i, 4) % 50_000);
  const availability = mix(i, 5) % 20 === 0 ? 'out_of_stock' : mix(i, 5) % 20 === 1 ? 'preorder' : mix(i, 5) % 20 === 2 ? 'backorder' : 'in_stock';
  return {
    product_id: productIdOf(i),
    group_id: `grp-${Math.floor(i / 4)}`,
    title,
    description: `The ${title}: ${pick(WORDS, i, 6)} and ${pick(WORDS, i, 7)} for every day. `.repeat(3),
    url: `https://shop.example/products/${productIdOf(i)}`,
    image_url: `https://cdn.shop.example/img/${productIdOf(i)}.jpg`,
    price: { amount: cents / 100, currency: 'EUR' },
    ...(mix(i, 8) % 5 === 0 ? { sale_price: { amount: Math.floor(cents * 0.8) / 100, currency: 'EUR' } } : {}),
    availability,
    categories: [`${pick(TOPS, i, 9)} > ${pick(SUBS, i, 10)} > ${pick(LEAVES, i, 11)}`, ...(mix(i, 12) % 3 === 0 ? [`${pick(TOPS, i, 13)} > ${pick(SUBS, i, 14)}`] : [])],
    brand: `Brand ${mix(i, 15) % 200}`,
    attributes: { color: pick(COLORS, i, 16), size: String(36 + (mix(i, 17) % 12)), material: pick(WORDS, i, 18) },
    updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000 + version * 86_400_000).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The bare baseline: the same routes with the same body check, schemas and envelope; no
// credentials, no storage (a product answered from memory).

/** The product view the bare routes answer (what the real GET answers, in shape and size). */
function bareView(id: string) {
  const p = benchProduct(Number(id.replace(/\D/g, '')) || 1);
  return {
    ...p,
    product_id: id,
    image_media_id: null,
    sale_price: (p.sale_price as object | undefined) ?? null,
    created_at: new Date(0).toISOString(),
    stored_at: new Date(0).toISOString(),
  };
}

async function startBareServer(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { Envelope, ok } = await import('../src/http/envelope.js');
  const { Page, page } = await import('../src/http/pagination.js');
  const { schemaBoundary } = await import('../src/http/validation.js');
  const schemas = await import('../src/modules/catalog/schemas.js');
  const app = Fastify({ logger: { level: 'warn' }, bodyLimit: 512 * 1024 });
  app.setValidatorCompiler(schemaBoundary);
  app.post('/api/v1/sites/:siteId/products/bulk', {
    bodyLimit: schemas.BULK_BODY_LIMIT,
    validatorCompiler: (route) => (route.httpPart === 'body' ? schemas.BulkProducts.validatorCompiler(route) : schemaBoundary(route)),
    schema: { params: schemas.SiteParams, body: schemas.BulkBody, response: { 201: Envelope(schemas.BulkResult) } },
  }, async (request, reply) => {
    const items = schemas.BulkProducts.of(request.body);
    const results = items.map((i, index) => ({ index, product_id: i.checked.ok ? i.checked.value.productId : null, status: i.checked.ok ? ('created' as const) : ('error' as const) }));
    return reply.code(201).send(ok(request, { results, created: results.length, updated: 0, unchanged: 0, failed: 0 }));
  });
  app.get('/api/v1/sites/:siteId/products/:productId', { schema: { params: schemas.ProductParams, response: { 200: Envelope(schemas.Product) } } }, async (request) =>
    ok(request, bareView((request.params as { productId: string }).productId)),
  );
  app.get('/api/v1/sites/:siteId/products', { schema: { params: schemas.SiteParams, querystring: schemas.ListQuery, response: { 200: Page(schemas.Product) } } }, async (request) =>
    page(request, { items: Array.from({ length: 50 }, (_, i) => bareView(productIdOf(i))), nextCursor: null }),
  );
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
}

if (process.env.CATALOG_BARE_SERVER === '1') await startBareServer();

// ---------------------------------------------------------------------------------------------
// Measuring

export interface BulkRun {
  products: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  non2xx: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Sends products 0…n-1 in 500-product bulk requests, `clients` at a time; each request's body is made just before it is sent. */
async function bulkUpsert(url: string, headers: Record<string, string>, n: number, clients: number, version = 0): Promise<BulkRun> {
  const chunks = Math.ceil(n / BULK);
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  const t0 = performance.now();
  const worker = async () => {
    for (let k = next++; k < chunks; k = next++) {
      const products = Array.from({ length: Math.min(BULK, n - k * BULK) }, (_, j) => benchProduct(k * BULK + j, version));
      const body = JSON.stringify({ products });
      const sent = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      const answer = (await res.json()) as { data?: { results?: { status: string }[] } };
      latencies.push(performance.now() - sent);
      if (res.status !== 201) non2xx += 1;
      for (const r of answer.data?.results ?? []) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { products: n, seconds, perSecond: n / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), statuses, non2xx };
}

/** GET one random product of the catalog per request. */
function randomProducts(base: string, n: number): autocannon.Request[] {
  let k = 0;
  return [{ method: 'GET', setupRequest: (req: autocannon.Request) => ({ ...req, path: `${base}/${productIdOf(mix(k++, 99) % n)}` }) }];
}

const SEARCHES: { label: string; query: string }[] = [
  { label: 'GET /products, no filter (the first page of 50)', query: '' },
  { label: 'GET /products?q=shoe (a common word)', query: 'q=shoe' },
  { label: 'GET /products?q=brand 17 (a brand, ~0.5 % of products)', query: 'q=brand%2017' },
  { label: 'GET /products?q=12345 (one product)', query: 'q=12345' },
  { label: 'GET /products?q=zq (two letters: no trigram, a scan of the site)', query: 'q=zq' },
  { label: 'GET /products?category=Shoes > Running > Trail (a leaf, ~1 %)', query: 'category=Shoes%20%3E%20Running%20%3E%20Trail' },
  { label: 'GET /products?availability=preorder (5 %)', query: 'availability=preorder' },
  { label: 'GET /products?q=trail & category=Shoes & availability=in_stock', query: 'q=trail&category=Shoes&availability=in_stock' },
];

export interface CatalogBenchResult {
  products: number;
  clients: number;
  bulkBare: BulkRun;
  bulkCreate: BulkRun;
  bulkUnchanged: BulkRun;
  getBare: LoadResult;
  get: LoadResult;
  listBare: LoadResult;
  searches: { label: string; result: LoadResult }[];
  cliImport: { products: number; seconds: number; summary: Record<string, unknown> };
  peakRssMiB: number;
}

const cli = (env: Record<string, string>, args: string[]) =>
  JSON.parse(execFileSync(process.execPath, ['bin/storefront.js', ...args, '--json'], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }).toString()) as Record<string, unknown>;

/** `storefront products import` of a JSON Lines file of the whole catalog into another site, the CLI opening PostgreSQL itself. */
async function cliImport(env: Record<string, string>, n: number) {
  const { mkdtempSync, rmSync, createWriteStream } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-bench-'));
  try {
    const file = path.join(dir, 'products.jsonl');
    const out = createWriteStream(file);
    for (let i = 0; i < n; i += 1) if (!out.write(`${JSON.stringify(benchProduct(i))}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
    await new Promise<void>((r) => out.end(() => r()));
    const site = cli(env, ['site', 'create', '--name', 'Bench import', '--origin', 'https://shop.example', '--owner', 'bench']);
    const t0 = performance.now();
    const summary = cli(env, ['products', 'import', '--site', String(site.site_id), '--file', file]);
    return { products: n, seconds: (performance.now() - t0) / 1000, summary: { created: summary.created, failed: summary.failed, records: summary.records } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCatalogBench(log: (line: string) => void): Promise<CatalogBenchResult> {
  const database = await benchDatabase({ DB_POOL_SIZE: '16', LOCAL_IDP: '1' });
  const env = database.env;
  const service = await startService(env);
  const bare = await startChild(['--import', 'tsx', 'bench/catalog.ts'], { CATALOG_BARE_SERVER: '1' }, await freePort());
  try {
    const site = cli(env, ['site', 'create', '--name', 'Bench', '--origin', 'https://shop.example', '--owner', 'bench']);
    const key = cli(env, ['key', 'create', '--site', String(site.site_id), '--scopes', 'catalog:write']);
    const headers = { 'x-api-key': String(key.api_key) };
    const base = `/api/v1/sites/${String(site.site_id)}/products`;

    log(`bulk, bare baseline (${fmt(PRODUCTS)} products, ${BULK_CLIENTS} clients) …`);
    const bulkBare = await bulkUpsert(`${bare.url}${base}/bulk`, headers, PRODUCTS, BULK_CLIENTS);
    log(`bulk upsert of ${fmt(PRODUCTS)} products …`);
    const bulkCreate = await bulkUpsert(`${service.url}${base}/bulk`, headers, PRODUCTS, BULK_CLIENTS);
    log('the same again (every product unchanged) …');
    const bulkUnchanged = await bulkUpsert(`${service.url}${base}/bulk`, headers, PRODUCTS, BULK_CLIENTS);
    // What autovacuum does after a large load: statistics for the planner.
    execFileSync('psql', [env.DATABASE_URL, '-qc', 'VACUUM ANALYZE products']);

    log('GET /products/{id}, bare baseline …');
    const getBare = await load({ url: `${bare.url}${base}`, headers, duration: SECONDS, requests: randomProducts(base, PRODUCTS) });
    log(`GET /products/{id} at ${fmt(PRODUCTS)} products …`);
    const get = await load({ url: `${service.url}${base}`, headers, duration: SECONDS, requests: randomProducts(base, PRODUCTS) });
    log('GET /products, bare baseline (one client) …');
    const listBare = await load({ url: `${bare.url}${base}`, headers, connections: 1, duration: SECONDS });
    const searches: { label: string; result: LoadResult }[] = [];
    for (const s of SEARCHES) {
      log(`GET /products?${s.query} (one client) …`);
      searches.push({ label: s.label, result: await load({ url: `${service.url}${base}?${s.query}`, headers, connections: 1, duration: SECONDS }) });
    }
    const peakRssMiB = service.peakRssMiB();
    log(`storefront products import of ${fmt(PRODUCTS)} lines …`);
    const imported = await cliImport(env, PRODUCTS);
    return { products: PRODUCTS, clients: BULK_CLIENTS, bulkBare, bulkCreate, bulkUnchanged, getBare, get, listBare, searches, cliImport: imported, peakRssMiB };
  } finally {
    await service.stop();
    await bare.stop();
    await database.drop();
  }
}

const bulkRow = (label: string, r: BulkRun, base?: BulkRun) =>
  `| ${label} | ${fmt(r.perSecond)} products/s | ${fmt(r.seconds, 1)} s | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${base ? `${fmt((r.perSecond / base.perSecond) * 100)} %` : '—'} | ${r.non2xx} | ${Object.entries(r.statuses).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')} |`;

export function catalogMarkdown(r: CatalogBenchResult): string {
  return [
    `Through the real server on PostgreSQL (pool of 16), a secret key with catalog:write. Data set: ${fmt(r.products)} products (3-word titles, 200 brands, 3-level categories, 3 attributes, a description of ~250 characters; about 1 KB of JSON each). The baseline is a bare Fastify server in the same run with the same routes, body checks (each bulk item by product-input.ts), schemas and envelope, and no credentials or storage.`,
    '',
    `Bulk upserts: 500 products a request, ${r.clients} requests in flight.`,
    '',
    '| run | throughput | total | p50 ms | p99 ms | vs. baseline | non-2xx | results |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    bulkRow('bare baseline (parse and check each product)', r.bulkBare),
    bulkRow(`first upload: every product created`, r.bulkCreate, r.bulkBare),
    bulkRow('the same again: every product unchanged', r.bulkUnchanged, r.bulkBare),
    '',
    `Reads at ${fmt(r.products)} products (${SECONDS} s each after a 3 s warm-up):`,
    '',
    '| request | req/s | p50 ms | p99 ms | vs. baseline | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    `| GET /products/{id}, bare baseline, 64 connections | ${fmt(r.getBare.requestsPerSec)} | ${fmt(r.getBare.p50, 1)} | ${fmt(r.getBare.p99, 1)} | — | ${r.getBare.non2xx + r.getBare.errors} |`,
    `| GET /products/{id}, a random product each, 64 connections | ${fmt(r.get.requestsPerSec)} | ${fmt(r.get.p50, 1)} | ${fmt(r.get.p99, 1)} | ${fmt((r.get.requestsPerSec / r.getBare.requestsPerSec) * 100)} % | ${r.get.non2xx + r.get.errors} |`,
    `| GET /products (50 products), bare baseline, one client | ${fmt(r.listBare.requestsPerSec)} | ${fmt(r.listBare.p50, 1)} | ${fmt(r.listBare.p99, 1)} | — | ${r.listBare.non2xx + r.listBare.errors} |`,
    ...r.searches.map(
      (s) =>
        `| ${s.label}, one client | ${fmt(s.result.requestsPerSec)} | ${fmt(s.result.p50, 1)} | ${fmt(s.result.p99, 1)} | ${fmt((s.result.requestsPerSec / r.listBare.requestsPerSec) * 100)} % | ${s.result.non2xx + s.result.errors} |`,
    ),
    '',
    `\`storefront products import\` of a JSON Lines file of the ${fmt(r.cliImport.products)} products into another site (the CLI opening PostgreSQL itself, chunks of 500): ${fmt(r.cliImport.seconds, 1)} s, ${fmt(r.cliImport.products / r.cliImport.seconds)} products/s (${JSON.stringify(r.cliImport.summary)}).`,
    '',
    `Peak RSS of the service process: ${fmt(r.peakRssMiB)} MiB.`,
  ].join('\n');
}
