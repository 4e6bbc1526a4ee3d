// `storefront publisher import`: streams JSON Lines and JSON arrays; reports malformed records by
// line and keeps the good ones; importing the same file twice changes nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';

describe('storefront publisher import', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-import-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const env = { DATA_DIR: dir };

  it('imports JSON Lines and JSON arrays, line by line', async () => {
    const site = await runCli(['site', 'create', '--name', 'Pub', '--origin', 'https://pub.example', '--publisher', '--owner', 'p', '--json'], env);
    assert.equal(site.code, 0, site.stderr);
    const siteId = site.json.site_id as string;
    const rec = (id: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ provider_transaction_id: id, reference: `Ref${id}000000000000`, status: 'approved', sale_amount: 10, commission_amount: 1, currency: 'EUR', transaction_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z', ...extra });
    const lines = [rec('a'), rec('b'), '{"provider_transaction_id": "c",', rec('d', { sale_amount: 1.001 }), '', rec('e')];
    const ndjson = path.join(dir, 'report.jsonl');
    writeFileSync(ndjson, `${lines.join('\n')}\n`);
    const first = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', ndjson, '--json'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual([first.json.created, first.json.updated, first.json.unchanged, first.json.failed], [3, 0, 0, 2]);
    assert.deepEqual(first.json.errors.map((e: { line: number }) => e.line), [3, 4]);
    assert.match(first.json.errors[1].message, /sale_amount/);
    const again = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', ndjson, '--json'], env);
    assert.deepEqual([again.json.created, again.json.updated, again.json.unchanged, again.json.failed], [0, 0, 3, 2], 'the same file twice changes nothing');

    const awin = path.join(dir, 'awin.json');
    writeFileSync(
      awin,
      JSON.stringify([
        { id: 1, commissionStatus: 'pending', commissionAmount: { amount: 2, currency: 'GBP' }, saleAmount: { amount: 20, currency: 'GBP' }, clickRefs: { clickRef: 'AwinRef000000000001' }, transactionDate: '2026-11-20T10:00:00' },
        { id: 2, commissionStatus: 'approved', commissionAmount: { amount: 3, currency: 'GBP' }, saleAmount: { amount: 30, currency: 'GBP' }, transactionDate: '2026-11-20T11:00:00' },
      ]),
    );
    const arr = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', awin, '--json'], env);
    assert.equal(arr.code, 0, arr.stderr);
    assert.deepEqual([arr.json.created, arr.json.failed], [2, 0]);
    const wrapped = path.join(dir, 'cj.json');
    writeFileSync(wrapped, JSON.stringify({ data: { publisherCommissions: { records: [{ commissionId: '9', actionStatus: 'locked', pubCommissionAmountPubCurrency: '1.00', saleAmountPubCurrency: '10.00', shopperId: 'CjRef0000000000001', eventDate: '2026-11-20T10:00:00Z', postingDate: '2026-11-20T10:00:00Z' }] } } }));
    const cj = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'cj', '--currency', 'USD', '--file', wrapped, '--json'], env);
    assert.equal(cj.code, 0, cj.stderr);
    assert.equal(cj.json.created, 1);
    const missing = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'awin', '--file', path.join(dir, 'nope.json')], env);
    assert.equal(missing.code, 2);
    const badProvider = await runCli(['publisher', 'import', '--site', siteId, '--provider', 'rakuten', '--file', ndjson], env);
    assert.equal(badProvider.code, 2);
  });
});
