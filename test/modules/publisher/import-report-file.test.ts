// `storefront publisher import` reads the file on the caller's side (relative to the caller's
// working directory) and sends its records in chunks: to the database it opens itself, or through
// the control socket of the server that holds the embedded database (the server never sees the
// path). JSON Lines and JSON arrays and documents; malformed records reported by line while the
// good ones are kept (exit 1); a file without records refused (exit 2), nothing imported.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, type CliResult } from '../../helpers/cli.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';
import { callControlSocket, controlSocketPath } from '../../../src/cli/control-socket.js';
import { UsageError } from '../../../src/cli/usage.js';
import { embeddedDataDir } from '../../helpers/pglite-template.js';

/** A canonical record (CONTRACT §6): read the same whatever the networks' own formats become. */
const canonical = (id: string, extra: Record<string, unknown> = {}) => ({
  provider_transaction_id: id,
  reference: `Ref${id.padEnd(16, '0')}`,
  status: 'approved',
  sale_amount: 10,
  commission_amount: 1,
  currency: 'EUR',
  transaction_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...extra,
});
const line = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify(canonical(id, extra));
const counts = (r: CliResult) => [r.json.created, r.json.updated, r.json.unchanged, r.json.failed];

async function createSite(env: Record<string, string>): Promise<string> {
  const site = await runCli(['site', 'create', '--name', 'Pub', '--origin', 'https://pub.example', '--publisher', '--owner', 'p', '--json'], env);
  assert.equal(site.code, 0, site.stderr);
  return site.json.site_id as string;
}

describe('storefront publisher import [the CLI opens the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-import-');
  after(() => rmSync(root, { recursive: true, force: true }));
  const env = { DATA_DIR: data };
  const cli = (args: string[]) => runCli(args, env, { cwd: work });
  let siteId: string;
  before(async () => {
    siteId = await createSite(env);
  });
  const imp = (file: string, ...more: string[]) => cli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', file, '--json', ...more]);

  it('imports JSON Lines line by line: a malformed line fails alone, the summary is printed, exit 1', async () => {
    const lines = [line('a'), line('b'), '{"provider_transaction_id": "c",', line('d', { sale_amount: 1.001 }), '', line('e')];
    writeFileSync(path.join(work, 'report.jsonl'), `${lines.join('\n')}\n`);
    const first = await imp('report.jsonl');
    assert.equal(first.code, 1, first.stderr);
    assert.deepEqual(counts(first), [3, 0, 0, 2]);
    assert.equal(first.json.records, 5);
    assert.equal(first.json.site_id, siteId);
    assert.equal(first.json.file, path.join(work, 'report.jsonl'));
    assert.deepEqual(first.json.errors.map((e: { line: number }) => e.line), [3, 4]);
    assert.match(first.json.errors[0].message, /not valid JSON/);
    assert.match(first.json.errors[1].message, /sale_amount/);
    assert.match(first.stderr, /2 of 5 records failed/);
    const again = await imp('report.jsonl');
    assert.equal(again.code, 1);
    assert.deepEqual(counts(again), [0, 0, 3, 2], 'the same file twice changes nothing');

    // Without --json: readable lines, each error with its line.
    const plain = await cli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', 'report.jsonl']);
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /^unchanged\s+3$/m);
    assert.match(plain.stdout, /^\s+3: not valid JSON$/m);
  });

  it('reads a relative --file against the caller’s working directory', async () => {
    mkdirSync(path.join(work, 'exports'), { recursive: true });
    writeFileSync(path.join(work, 'exports', 'rel.json'), JSON.stringify([canonical('rel1'), canonical('rel2')]));
    assert.ok(!existsSync(path.resolve(process.cwd(), 'exports', 'rel.json')));
    const res = await imp('exports/rel.json');
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(counts(res), [2, 0, 0, 0]);
    assert.equal(res.json.file, path.join(work, 'exports', 'rel.json'));
    // From another directory the same relative path names no file.
    const elsewhere = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', 'exports/rel.json'], env, { cwd: root });
    assert.equal(elsewhere.code, 2);
    assert.match(elsewhere.stderr, /cannot read exports\/rel\.json: no such file/);
  });

  it('takes records from a document: records, transactions or the network response path (CJ’s data.publisherCommissions.records)', async () => {
    writeFileSync(path.join(work, 'records.json'), JSON.stringify({ meta: { page: 1 }, records: [canonical('doc1')] }, null, 2));
    writeFileSync(path.join(work, 'transactions.json'), JSON.stringify({ transactions: [canonical('doc2')] }));
    writeFileSync(path.join(work, 'cj.json'), JSON.stringify({ data: { publisherCommissions: { count: 1, records: [canonical('doc3', { currency: 'USD' })] } } }));
    for (const [file, provider] of [['records.json', 'awin'], ['transactions.json', 'awin'], ['cj.json', 'cj']] as const) {
      const res = await cli(['publisher', 'import', '--site', siteId, '--provider', provider, '--file', file, '--json']);
      assert.equal(res.code, 0, `${file}: ${res.stderr}`);
      assert.deepEqual(counts(res), [1, 0, 0, 0], file);
    }
  });

  it('imports Awin’s own records, with --timezone and --currency', async () => {
    const awin = [
      { id: 9001, commissionStatus: 'pending', commissionAmount: { amount: 2, currency: 'GBP' }, saleAmount: { amount: 20, currency: 'GBP' }, clickRefs: { clickRef: 'AwinRef000000000001' }, transactionDate: '2026-11-20T10:00:00Z' },
      { id: 9002, commissionStatus: 'approved', commissionAmount: { amount: 3, currency: 'GBP' }, saleAmount: { amount: 30, currency: 'GBP' }, transactionDate: '2026-11-20T11:00:00+01:00' },
    ];
    writeFileSync(path.join(work, 'awin.json'), JSON.stringify(awin));
    const res = await imp('awin.json', '--format', 'awin', '--timezone', 'US/Eastern', '--currency', 'GBP');
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(counts(res), [2, 0, 0, 0]);
    assert.equal(res.json.warnings, res.json.warnings_shown.length);
    assert.ok(res.json.warnings_shown.every((w: { line: number }) => w.line === 2), 'only the record without a clickRef may warn');
  });

  it('refuses bad options and an unknown site, importing nothing', async () => {
    writeFileSync(path.join(work, 'one.jsonl'), `${line('opt1')}\n`);
    const badZone = await imp('one.jsonl', '--timezone', 'Mars/Olympus_Mons');
    assert.equal(badZone.code, 2);
    assert.match(badZone.stderr, /unknown time zone/);
    for (const code of ['eur', 'ZZZ']) {
      const badCurrency = await imp('one.jsonl', '--currency', code);
      assert.equal(badCurrency.code, 2, code);
      assert.match(badCurrency.stderr, /unknown currency.*--currency/, code);
    }
    const badFormat = await imp('one.jsonl', '--format', 'csv');
    assert.equal(badFormat.code, 2);
    const badProvider = await cli(['publisher', 'import', '--site', siteId, '--provider', 'rakuten', '--file', 'one.jsonl']);
    assert.equal(badProvider.code, 2);
    const missing = await imp('nope.json');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.json/);
    const unknownSite = await cli(['publisher', 'import', '--site', 'site_nosuchsite000', '--provider', 'awin', '--file', 'one.jsonl', '--json']);
    assert.equal(unknownSite.code, 1);
    assert.equal(unknownSite.json.error.code, 'not_found');
    const res = await imp('one.jsonl');
    assert.deepEqual(counts(res), [1, 0, 0, 0], 'none of the refused runs imported the record');
  });

  it('exits 2 naming the problem for a file without records, and imports nothing', async () => {
    const files: Record<string, [string, RegExp]> = {
      'object.json': [JSON.stringify({ rows: [canonical('no1')] }), /object without records.*rows/],
      'object-pretty.json': [JSON.stringify({ foo: 1, rows: [canonical('no2')] }, null, 2), /object without records.*foo, rows/],
      'empty.json': ['', /is empty/],
      'blank.jsonl': ['\n  \n\n', /is empty/],
      'empty-array.json': ['[]', /no records: the array is empty/],
      'empty-records.json': ['{"records": []}', /no records/],
      'graphql.json': [JSON.stringify({ errors: [{ message: 'Not authorized to view publisher 42' }], data: null, rows: [canonical('no3')] }), /GraphQL error.*Not authorized to view publisher 42/],
      'graphql-pretty.json': [JSON.stringify({ errors: [{ message: 'Rate limit exceeded' }], data: null }, null, 2), /GraphQL error.*Rate limit exceeded/],
      'report.csv': ['provider_transaction_id,status\nno4,approved\n', /report\.csv is not JSON/],
      'broken.json': [`[${line('no5').slice(0, 40)}`, /broken\.json is not valid JSON/],
      'scalar.json': ['"records"', /holds a JSON string/],
    };
    for (const [file, [content, problem]] of Object.entries(files)) {
      writeFileSync(path.join(work, file), content);
      const res = await imp(file);
      assert.equal(res.code, 2, `${file}: ${res.stdout}${res.stderr}`);
      assert.match(res.stderr, problem, file);
      assert.doesNotMatch(res.stderr, /Usage: storefront/, 'a file’s problem is not a usage dump');
      assert.equal(res.json.error.code, 'usage', file);
    }
    writeFileSync(path.join(work, 'after.jsonl'), ['no1', 'no2', 'no3', 'no4', 'no5'].map((id) => line(id)).join('\n'));
    const res = await imp('after.jsonl');
    assert.deepEqual(counts(res), [5, 0, 0, 0], 'no refused file imported any of its records');
  });

  it('exits 1 when a record of an array fails: the summary printed, the good records imported', async () => {
    writeFileSync(path.join(work, 'mixed.json'), JSON.stringify([canonical('m1'), canonical('m2', { status: 'nonsense' }), canonical('m3')]));
    const res = await imp('mixed.json');
    assert.equal(res.code, 1, res.stderr);
    assert.deepEqual(counts(res), [2, 0, 0, 1]);
    assert.deepEqual(res.json.errors.map((e: { line: number }) => e.line), [2]);
    assert.match(res.json.errors[0].message, /status/);
    const again = await imp('mixed.json');
    assert.deepEqual(counts(again), [0, 0, 2, 1], 'the good records were stored');
  });
});

describe('storefront publisher import [a server holds the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-import-server-');
  const env = { DATA_DIR: data };
  let server: ServerProcess;
  let siteId: string;
  before(async () => {
    // The server runs in this process's directory; the CLI runs in `work`: a relative path must be read by the CLI.
    assert.notEqual(process.cwd(), work);
    server = await startServerProcess({ DATA_DIR: data, STOREFRONT_NO_BOOTSTRAP: '1' });
    siteId = await createSite(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });
  const imp = (file: string, ...more: string[]) => runCli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', file, '--json', ...more], env, { cwd: work });

  it('reads a relative --file on the caller’s side and sends its records through the server', async () => {
    mkdirSync(path.join(work, 'exports'), { recursive: true });
    writeFileSync(path.join(work, 'exports', 'report.jsonl'), `${[line('s1'), line('s2'), 'not json', line('s3')].join('\n')}\n`);
    assert.ok(!existsSync(path.resolve(process.cwd(), 'exports', 'report.jsonl')), 'the server’s directory holds no such file');
    const res = await imp('exports/report.jsonl');
    assert.equal(res.code, 1, res.stderr);
    assert.deepEqual(counts(res), [3, 0, 0, 1]);
    assert.deepEqual(res.json.errors, [{ line: 3, message: 'not valid JSON' }]);
    const unknownSite = await runCli(['publisher', 'import', '--site', 'site_nosuchsite000', '--provider', 'awin', '--file', 'exports/report.jsonl', '--json'], env, { cwd: work });
    assert.equal(unknownSite.code, 1);
    assert.equal(unknownSite.json.error.code, 'not_found');
    writeFileSync(path.join(work, 'foo.json'), JSON.stringify({ foo: 1 }));
    const unrecognised = await imp('foo.json');
    assert.equal(unrecognised.code, 2);
    assert.match(unrecognised.stderr, /foo\.json is a JSON object without records/);
    const badZone = await imp('exports/report.jsonl', '--timezone', 'Nowhere/Special');
    assert.equal(badZone.code, 2);
  });

  it('draws a progress bar on a terminal, then the summary', async () => {
    const ids = Array.from({ length: 700 }, (_, i) => `tty${String(i).padStart(5, '0')}`);
    writeFileSync(path.join(work, 'tty.jsonl'), `${ids.map((id) => line(id)).join('\n')}\n`);
    const res = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', 'tty.jsonl'], { ...env, TERM: 'xterm' }, { cwd: work, tty: true });
    assert.equal(res.code, 0, res.stdout);
    assert.match(res.stdout, /\r\x1b\[K\[#{20}\] 100%  700 records read: 700 created, 0 updated, 0 unchanged, 0 failed/);
    assert.match(res.stdout, /^created\s+700\r?$/m);
  });

  it('imports a file larger than one chunk, every record counted', async () => {
    const ids = Array.from({ length: 1200 }, (_, i) => `big${String(i).padStart(5, '0')}`);
    writeFileSync(path.join(work, 'big.jsonl'), `${ids.map((id) => line(id)).join('\n')}\n`);
    const first = await imp('big.jsonl');
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.json.records, 1200);
    assert.deepEqual(counts(first), [1200, 0, 0, 0]);
    const again = await imp('big.jsonl');
    assert.deepEqual(counts(again), [0, 0, 1200, 0]);
  });

  it('cuts chunks by size too: records of 10 KB each stay under the control socket’s bound', async () => {
    // 600 records of ~10 KB: one chunk of 500 would be ~5 MB, over the socket's 4 MiB.
    const note = 'n'.repeat(10_000);
    writeFileSync(path.join(work, 'wide.json'), JSON.stringify(Array.from({ length: 600 }, (_, i) => canonical(`wide${i}`, { note }))));
    const res = await imp('wide.json');
    assert.equal(res.code, 0, res.stderr);
    assert.equal(res.json.records, 600);
    assert.deepEqual(counts(res), [600, 0, 0, 0]);
  });

  it('answers an over-large control request with a usage error instead of dropping it', async () => {
    const request = { command: 'publisher import-records', options: { site: siteId, provider: 'awin', format: 'canonical', records: [{ pad: 'x'.repeat(5 * 1024 * 1024) }] }, positionals: [] };
    await assert.rejects(callControlSocket(controlSocketPath(data), request), (err: unknown) => err instanceof UsageError && /larger than 4 MiB/.test(err.message));
    // The server still answers afterwards.
    const res = await imp('big.jsonl');
    assert.deepEqual(counts(res), [0, 0, 1200, 0]);
  });
});
