// `storefront products import` reads the file on the caller's side (relative to the caller's
// working directory), as JSON Lines or CSV, and sends its products in chunks: to the database it
// opens itself, or through the control socket of the server that holds the embedded database (the
// server never sees the path). Bad lines are summarised by line while the good ones are kept
// (exit 1); a file that is unreadable, not recognised or empty is refused (exit 2), nothing
// imported. On a terminal a progress bar is drawn. Keys with catalog:write come from `key create`.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, type CliResult } from '../../helpers/cli.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';
import { openPglite } from '../../../src/db/pglite.js';
import { embeddedDataDir } from '../../helpers/pglite-template.js';

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  product_id: id,
  title: `Product ${id}`,
  url: `https://shop.example/p/${id}`,
  price: { amount: 19.9, currency: 'EUR' },
  availability: 'in_stock',
  updated_at: '2026-11-20T10:00:00Z',
  ...extra,
});
const line = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify(product(id, extra));
const counts = (r: CliResult) => [r.json.created, r.json.updated, r.json.unchanged, r.json.failed];

const CSV_HEADER = 'product_id,title,url,price,currency,availability,sale_price,categories,brand,description,attributes.color,attributes.size,updated_at';

async function createSite(env: Record<string, string>): Promise<string> {
  const site = await runCli(['site', 'create', '--name', 'Shop', '--origin', 'https://shop.example', '--owner', 'merchant', '--json'], env);
  assert.equal(site.code, 0, site.stderr);
  return site.json.site_id as string;
}

describe('storefront products import [the CLI opens the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-products-import-');
  after(() => rmSync(root, { recursive: true, force: true }));
  const env = { DATA_DIR: data };
  const cli = (args: string[]) => runCli(args, env, { cwd: work });
  let siteId: string;
  before(async () => {
    siteId = await createSite(env);
  });
  const imp = (file: string) => cli(['products', 'import', '--site', siteId, '--file', file, '--json']);

  it('imports JSON Lines line by line: a bad line fails alone with its line number, exit 1; again: unchanged', async () => {
    const lines = [line('a'), line('b'), '{"product_id": "c",', line('d', { price: { amount: 1.001, currency: 'EUR' } }), '', line('e', { sale_price: { amount: 99, currency: 'EUR' } }), line('f'), '[1]'];
    writeFileSync(path.join(work, 'products.jsonl'), `${lines.join('\n')}\n`);
    const first = await imp('products.jsonl');
    assert.equal(first.code, 1, first.stderr);
    assert.deepEqual(counts(first), [3, 0, 0, 4]);
    assert.equal(first.json.records, 7);
    assert.equal(first.json.site_id, siteId);
    assert.equal(first.json.format, 'jsonl');
    assert.equal(first.json.file, path.join(work, 'products.jsonl'));
    assert.deepEqual(first.json.errors.map((e: { line: number }) => e.line), [3, 4, 6, 8]);
    assert.match(first.json.errors[0].message, /not valid JSON/);
    assert.match(first.json.errors[1].message, /\/price\/amount: EUR amounts have at most 2 decimals/);
    assert.match(first.json.errors[2].message, /sale price is above the price/);
    assert.match(first.json.errors[3].message, /must be object/);
    assert.match(first.stderr, /4 of 7 products failed; the others were imported/);
    const again = await imp('products.jsonl');
    assert.equal(again.code, 1);
    assert.deepEqual(counts(again), [0, 0, 3, 4], 'the same file twice changes nothing');
    // A newer version of one line updates it; an older one is unchanged.
    writeFileSync(path.join(work, 'newer.jsonl'), `${line('a', { title: 'newer', updated_at: '2026-11-21T00:00:00Z' })}\n${line('b', { title: 'older', updated_at: '2026-11-19T00:00:00Z' })}\n`);
    const newer = await imp('newer.jsonl');
    assert.equal(newer.code, 0, newer.stderr);
    assert.deepEqual(counts(newer), [0, 1, 1, 0]);
    // Without --json: readable lines, each error with its line.
    const plain = await cli(['products', 'import', '--site', siteId, '--file', 'products.jsonl']);
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /^unchanged\s+3$/m);
    assert.match(plain.stdout, /^\s+3: not valid JSON$/m);
  });

  it('imports CSV: the documented columns, quoted cells over several lines, categories split on |, attributes.<name> columns', async () => {
    const rows = [
      CSV_HEADER,
      'csv-1,Trail shoe,https://shop.example/p/csv-1,89.95,EUR,in_stock,79.50,Shoes > Running|Sale,Acme,"Light, grippy;\nand ""fast""",red,42,2026-11-20T10:00:00Z',
      'csv-2,Cap,https://shop.example/p/csv-2,1500,JPY,preorder,,,,,,,',
      'csv-3,Bad price,https://shop.example/p/csv-3,"12,50",EUR,in_stock,,,,,,,',
      'csv-4,Too few cells',
      'csv-5,Bad currency,https://shop.example/p/csv-5,10,ZZZ,in_stock,,,,,,,',
      'csv 6,Bad id,https://shop.example/p/csv-6,10,EUR,in_stock,,,,,,,',
    ];
    writeFileSync(path.join(work, 'products.csv'), `\ufeff${rows.join('\r\n')}\r\n`);
    const res = await imp('products.csv');
    assert.equal(res.code, 1, res.stderr);
    assert.equal(res.json.format, 'csv');
    assert.deepEqual(counts(res), [2, 0, 0, 4]);
    assert.deepEqual(res.json.errors.map((e: { line: number }) => e.line), [5, 6, 7, 8], 'lines of the file (the quoted cell spans lines 2–3)');
    assert.match(res.json.errors[0].message, /price must be a plain decimal/);
    assert.match(res.json.errors[1].message, /not a CSV row/);
    assert.match(res.json.errors[2].message, /\/price\/currency/);
    assert.match(res.json.errors[3].message, /\/product_id/);
  });

  it('stores what the CSV said (read back from the database once the CLI is done)', async () => {
    const db = await openPglite(path.join(data, 'pglite'));
    try {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT product_id, title, description, price_amount, price_currency, sale_amount, categories, brand, attributes, availability FROM products WHERE site_id = $1 AND product_id LIKE 'csv-%' ORDER BY product_id`, [siteId]);
      assert.deepEqual(rows, [
        { product_id: 'csv-1', title: 'Trail shoe', description: 'Light, grippy;\nand "fast"', price_amount: 8995, price_currency: 'EUR', sale_amount: 7950, categories: ['Shoes > Running', 'Sale'], brand: 'Acme', attributes: { color: 'red', size: '42' }, availability: 'in_stock' },
        { product_id: 'csv-2', title: 'Cap', description: null, price_amount: 1500, price_currency: 'JPY', sale_amount: null, categories: [], brand: null, attributes: {}, availability: 'preorder' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('reads a relative --file against the caller’s working directory', async () => {
    mkdirSync(path.join(work, 'exports'), { recursive: true });
    writeFileSync(path.join(work, 'exports', 'rel.jsonl'), `${line('rel-1')}\n${line('rel-2')}\n`);
    assert.ok(!existsSync(path.resolve(process.cwd(), 'exports', 'rel.jsonl')));
    const res = await imp('exports/rel.jsonl');
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(counts(res), [2, 0, 0, 0]);
    assert.equal(res.json.file, path.join(work, 'exports', 'rel.jsonl'));
    const elsewhere = await runCli(['products', 'import', '--site', siteId, '--file', 'exports/rel.jsonl'], env, { cwd: root });
    assert.equal(elsewhere.code, 2);
    assert.match(elsewhere.stderr, /cannot read exports\/rel\.jsonl: no such file/);
  });

  it('exits 2 naming the problem for a file it cannot use, and imports nothing', async () => {
    const files: Record<string, [string | Buffer, RegExp]> = {
      'empty.jsonl': ['', /is empty/],
      'blank.jsonl': ['\n  \n\n', /is empty/],
      'array.json': [JSON.stringify([product('no-1')]), /is a JSON array/],
      'header-only.csv': [`${CSV_HEADER}\n`, /holds no products: a header and no rows/],
      'no-columns.csv': ['sku,name,price\nno-2,Shoe,10\n', /not a CSV of products: it has no column product_id, title, url, currency, availability/],
      'garbage.jsonl': ['hello\nworld\n', /not JSON Lines/],
      'binary.bin': [Buffer.from([0, 159, 146, 150, 0, 1, 2, 255, 10, 0, 3]), /not a CSV of products/],
      'scalars.jsonl': ['1\n2\n"x"\n', /not JSON Lines/],
    };
    for (const [file, [content, problem]] of Object.entries(files)) {
      writeFileSync(path.join(work, file), content);
      const res = await imp(file);
      assert.equal(res.code, 2, `${file}: ${res.stdout}${res.stderr}`);
      assert.match(res.stderr, problem, file);
      assert.doesNotMatch(res.stderr, /Usage: storefront/, 'a file’s problem is not a usage dump');
      assert.equal(res.json.error.code, 'usage', file);
    }
    const dir = await imp('exports');
    assert.equal(dir.code, 2);
    assert.match(dir.stderr, /not a file/);
    const noSite = await cli(['products', 'import', '--file', 'products.jsonl']);
    assert.equal(noSite.code, 2);
    assert.match(noSite.stderr, /--site is required/);
    const unknownSite = await cli(['products', 'import', '--site', 'site_nosuchsite000', '--file', 'exports/rel.jsonl', '--json']);
    assert.equal(unknownSite.code, 1);
    assert.equal(unknownSite.json.error.code, 'not_found');
    writeFileSync(path.join(work, 'after.jsonl'), ['no-1', 'no-2'].map((id) => line(id)).join('\n'));
    assert.deepEqual(counts(await imp('after.jsonl')), [2, 0, 0, 0], 'no refused file imported any of its products');
  });
});

describe('storefront products import [100,000 products, the CLI’s own embedded database, on a terminal]', () => {
  const { root, data, work } = embeddedDataDir('storefront-products-100k-');
  after(() => rmSync(root, { recursive: true, force: true }));

  it('imports a catalog of 100,000 products with a progress bar', async () => {
    const env = { DATA_DIR: data };
    const siteId = await createSite(env);
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i += 1) {
      lines.push(line(`sku-${i}`, { categories: [`Dept ${i % 7} > Aisle ${i % 31}`], brand: `Brand ${i % 200}`, attributes: { size: String(i % 13) } }));
    }
    writeFileSync(path.join(work, 'catalog.jsonl'), `${lines.join('\n')}\n`);
    const res = await runCli(['products', 'import', '--site', siteId, '--file', 'catalog.jsonl'], { ...env, TERM: 'xterm' }, { cwd: work, tty: true });
    assert.equal(res.code, 0, res.stdout.slice(-2000));
    const frames = res.stdout.split('\r').filter((f) => f.includes('products read'));
    assert.ok(frames.length > 10, `the bar is redrawn as the import goes (${frames.length} frames)`);
    assert.ok(frames.some((f) => /\] +[1-9]\d?%  \d+ products read/.test(f)), 'partial progress is shown');
    assert.match(res.stdout, /\[#{20}\] 100%  100000 products read: 100000 created, 0 updated, 0 unchanged, 0 failed/);
    assert.match(res.stdout, /^created\s+100000\r?$/m);
  });
});

describe('storefront products import [a server holds the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-products-import-server-');
  const env = { DATA_DIR: data };
  let server: ServerProcess;
  let siteId: string;
  let apiKey: string;
  before(async () => {
    // The server runs in this process's directory; the CLI runs in `work`: a relative path must be read by the CLI.
    assert.notEqual(process.cwd(), work);
    server = await startServerProcess({ DATA_DIR: data, STOREFRONT_NO_BOOTSTRAP: '1' });
    siteId = await createSite(env);
    const key = await runCli(['key', 'create', '--site', siteId, '--scopes', 'catalog:write', '--json'], env);
    assert.equal(key.code, 0, key.stderr);
    assert.deepEqual(key.json.scopes, ['catalog:write']);
    apiKey = key.json.api_key;
  });
  after(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });
  const imp = (file: string) => runCli(['products', 'import', '--site', siteId, '--file', file, '--json'], env, { cwd: work });
  const api = (method: string, productPath: string, body?: unknown) =>
    fetch(`${server.url}/api/v1/sites/${siteId}/products${productPath}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('reads a relative --file on the caller’s side and sends its products through the server; a key from `key create` reads them', async () => {
    mkdirSync(path.join(work, 'exports'), { recursive: true });
    writeFileSync(path.join(work, 'exports', 'products.jsonl'), `${[line('s1'), line('s2'), 'not json', line('s3', { categories: ['Shoes > Trail'] })].join('\n')}\n`);
    assert.ok(!existsSync(path.resolve(process.cwd(), 'exports', 'products.jsonl')), 'the server’s directory holds no such file');
    const res = await imp('exports/products.jsonl');
    assert.equal(res.code, 1, res.stderr);
    assert.deepEqual(counts(res), [3, 0, 0, 1]);
    assert.deepEqual(res.json.errors, [{ line: 3, message: 'not valid JSON' }]);
    const read = await api('GET', '?category=Shoes');
    assert.equal(read.status, 200);
    assert.deepEqual(((await read.json()) as { data: { product_id: string }[] }).data.map((p) => p.product_id), ['s3']);
    // The key writes too.
    assert.equal((await api('PUT', '/by-key', product('by-key'))).status, 201);
    const unknownSite = await runCli(['products', 'import', '--site', 'site_nosuchsite000', '--file', 'exports/products.jsonl', '--json'], env, { cwd: work });
    assert.equal(unknownSite.code, 1);
    assert.equal(unknownSite.json.error.code, 'not_found');
    writeFileSync(path.join(work, 'foo.csv'), 'a,b\n1,2\n');
    const unrecognised = await imp('foo.csv');
    assert.equal(unrecognised.code, 2);
    assert.match(unrecognised.stderr, /foo\.csv is not a CSV of products/);
  });

  it('draws a progress bar on a terminal, then the summary', async () => {
    const ids = Array.from({ length: 1200 }, (_, i) => `tty-${String(i).padStart(5, '0')}`);
    writeFileSync(path.join(work, 'tty.jsonl'), `${ids.map((id) => line(id)).join('\n')}\n`);
    const res = await runCli(['products', 'import', '--site', siteId, '--file', 'tty.jsonl'], { ...env, TERM: 'xterm' }, { cwd: work, tty: true });
    assert.equal(res.code, 0, res.stdout);
    assert.match(res.stdout, /\r\x1b\[K\[#{20}\] 100%  1200 products read: 1200 created, 0 updated, 0 unchanged, 0 failed/);
    assert.match(res.stdout, /^created\s+1200\r?$/m);
    const again = await imp('tty.jsonl');
    assert.deepEqual(counts(again), [0, 0, 1200, 0]);
  });

  it('cuts chunks by size too: products of ~8 KB each stay under the control socket’s bound', async () => {
    // 600 products of ~8 KB: one chunk of 500 would be ~4 MB, over the socket's 4 MiB.
    const description = 'd'.repeat(5_000);
    const attributes = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`attribute-${i}`, 'v'.repeat(90)]));
    writeFileSync(path.join(work, 'wide.jsonl'), Array.from({ length: 600 }, (_, i) => line(`wide-${i}`, { description, attributes })).join('\n'));
    const res = await imp('wide.jsonl');
    assert.equal(res.code, 0, res.stderr);
    assert.equal(res.json.records, 600);
    assert.deepEqual(counts(res), [600, 0, 0, 0]);
  });
});
