// The export (CONTRACT §9) in this process, both engines: the caller's side (export-file.ts) asks the
// database side (the internal commands) for the columns and the pages, and streams CSV: the fixed
// columns, then the forms' fields (several campaigns: the union in order of first appearance; names
// only stored submissions hold last), newest first, formula cells escaped; spam and erased rows never
// appear; a file it cannot write, or an unknown site, leaves no file. (The command line itself:
// export-cli.test.ts.)
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { UsageError } from '../../../src/cli/usage.js';
import { AppError } from '../../../src/errors.js';
import { SYSTEM } from '../../../src/kernel/index.js';
import { exportCommands } from '../../../src/modules/submissions/export-commands.js';
import { exportSubmissionsFile } from '../../../src/modules/submissions/export-file.js';
import { consentTextSha256 } from '../../../src/modules/submissions/consent-rules.js';
import type { SubmissionsService } from '../../../src/modules/submissions/submissions-service.js';
import { forEachEngine } from '../../helpers/app.js';
import { CONSENT_TEXT, field, input, serviceOf, testForms, type TestForms } from './forms.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);
const FIXED = ['submission_id', 'campaign_id', 'form_id', 'created_at', 'consent_granted', 'consent_text_sha256'];

forEachEngine('submissions export', (t) => {
  let forms: TestForms;
  let service: SubmissionsService;
  let dir: string;
  before(() => {
    forms = testForms();
    service = serviceOf(t(), forms);
    dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-submissions-export-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const execute = async (command: string, input: Record<string, unknown>) => exportCommands[command as keyof typeof exportCommands](service, input);
  const read = (file: string) => parse(readFileSync(file, 'utf8')) as string[][];

  it('writes the fixed columns, then the forms’ fields in order; newest first; formulas escaped; spam and erased left out', async () => {
    const { siteId } = await t().createSite();
    forms.open(siteId, 'cmp_a', { fields: [field('email', 'email', true), field('name', 'text'), field('agree', 'consent')] });
    forms.open(siteId, 'cmp_b', { formId: 'fb', consentText: null, fields: [field('phone', 'phone'), field('email', 'email'), field('comment', 'text')] });
    const a1 = await service.submit(siteId, input('cmp_a', { email: 'a1@shop.example', name: '=HYPERLINK("http://evil.example","x")', agree: true }), at(0));
    const b1 = await service.submit(siteId, input('cmp_b', { phone: '+49 30 1234567', comment: '@SUM(1+1), "quoted"\nsecond line' }, { formId: 'fb' }), at(1));
    const a2 = await service.submit(siteId, input('cmp_a', { email: 'a2@shop.example', name: '-2+3' }, { consent: { granted: false } }), at(2));
    await service.submit(siteId, input('cmp_a', { email: 'spam@shop.example', website: 'http://spam.example' }), at(3));
    const gone = await service.submit(siteId, input('cmp_b', { email: 'gone@shop.example' }, { formId: 'fb' }), at(4));
    await service.erase(SYSTEM, siteId, gone);

    const file = path.join(dir, 'all.csv');
    assert.deepEqual(await exportSubmissionsFile(execute, { siteId, out: file }), { rows: 3, file });
    assert.equal(statSync(file).mode & 0o777, 0o600, 'personal data: readable by its owner only');
    const sha = consentTextSha256(CONSENT_TEXT);
    assert.deepEqual(read(file), [
      [...FIXED, 'email', 'name', 'agree', 'phone', 'comment'],
      [a2, 'cmp_a', 'f1', at(2).toISOString(), 'false', sha, 'a2@shop.example', "'-2+3", '', '', ''],
      [b1, 'cmp_b', 'fb', at(1).toISOString(), '', '', '', '', '', "'+49 30 1234567", `'@SUM(1+1), "quoted"\nsecond line`],
      [a1, 'cmp_a', 'f1', at(0).toISOString(), 'true', sha, 'a1@shop.example', `'=HYPERLINK("http://evil.example","x")`, 'true', '', ''],
    ]);

    const one = path.join(dir, 'b.csv');
    assert.deepEqual(await exportSubmissionsFile(execute, { siteId, campaignId: 'cmp_b', out: one }), { rows: 1, file: one });
    assert.deepEqual(read(one)[0], [...FIXED, 'phone', 'email', 'comment'], 'one campaign: its form’s fields');
  });

  it('names the fields of submissions whose form no longer shows them, after the form’s', async () => {
    const { siteId } = await t().createSite();
    forms.open(siteId, 'cmp_old', { fields: [field('email', 'email', true), field('city', 'text')] });
    const first = await service.submit(siteId, input('cmp_old', { email: 'x@shop.example', city: 'Berlin' }), at(0));
    forms.open(siteId, 'cmp_old', { fields: [field('email', 'email', true), field('zip', 'text')] });
    const second = await service.submit(siteId, input('cmp_old', { email: 'y@shop.example', zip: '10115' }), at(1));
    const file = path.join(dir, 'changed.csv');
    await exportSubmissionsFile(execute, { siteId, out: file });
    assert.deepEqual(read(file).map((r) => [r[0], ...r.slice(6)]), [
      ['submission_id', 'email', 'zip', 'city'],
      [second, 'y@shop.example', '10115', ''],
      [first, 'x@shop.example', '', 'Berlin'],
    ]);
  });

  it('pages through many submissions (200 a page) into one file', async () => {
    const { siteId } = await t().createSite();
    forms.open(siteId, 'cmp_many', { consentText: null });
    for (let i = 0; i < 450; i += 1) await service.submit(siteId, input('cmp_many', { email: `m${i}@shop.example` }), at(i));
    const file = path.join(dir, 'many.csv');
    assert.deepEqual(await exportSubmissionsFile(execute, { siteId, out: file }), { rows: 450, file });
    const rows = read(file);
    assert.equal(rows.length, 451);
    assert.equal(new Set(rows.slice(1).map((r) => r[0])).size, 450);
    assert.equal(rows[1]![6], 'm449@shop.example');
    assert.equal(rows[450]![6], 'm0@shop.example');
  });

  it('writes no file for an unknown site or a directory that does not exist', async () => {
    const nowhere = path.join(dir, 'no-such-dir', 'x.csv');
    await assert.rejects(exportSubmissionsFile(execute, { siteId: 'site_nosuchsite0000', out: path.join(dir, 'unknown.csv') }), (err) => err instanceof AppError && err.code === 'not_found');
    assert.ok(!existsSync(path.join(dir, 'unknown.csv')));
    const { siteId } = await t().createSite();
    await assert.rejects(exportSubmissionsFile(execute, { siteId, out: nowhere }), (err) => err instanceof UsageError && /no such directory/.test(err.message));
    await assert.rejects(exportSubmissionsFile(execute, { siteId, out: dir }), (err) => err instanceof UsageError && /is a directory/.test(err.message));
  });
});
