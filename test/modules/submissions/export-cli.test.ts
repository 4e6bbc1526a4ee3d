// `storefront submissions export --site S [--campaign C] --out F [--json]`, the real command in a child
// process. When it opens the embedded database itself: F is written relative to the caller's working
// directory; --json prints { rows, file }; without it, readable lines; a missing option is a usage
// error (2), an unknown site a refusal (1) that leaves no file (the submissions are stored beforehand
// through the module's service on the same database, with the same master secret, so the command's
// keyring opens them). When a server holds the embedded database: from a campaign made over HTTP and
// a browser's submission, through the server's control socket, with the form's own columns.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { loadConfig } from '../../../src/config.js';
import { createClickIdKeyring } from '../../../src/crypto/click-id-keyring.js';
import { openPglite } from '../../../src/db/pglite.js';
import { migrate } from '../../../src/db/migrate.js';
import { createSubmissionsService } from '../../../src/modules/submissions/submissions-service.js';
import { createSecrets } from '../../../src/secrets.js';
import { runCli } from '../../helpers/cli.js';
import { embeddedDataDir } from '../../helpers/pglite-template.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';
import { field, input, testForms } from './forms.js';

const noLimits = { consume: async () => ({ limit: 0, remaining: 0, resetSeconds: 0 }), close: async () => {} };

describe('storefront submissions export [the CLI opens the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-submissions-cli-', ['exports']);
  after(() => rmSync(root, { recursive: true, force: true }));
  const env = { DATA_DIR: data, STOREFRONT_SECRET: randomBytes(32).toString('base64') };
  const cli = (args: string[]) => runCli(args, env, { cwd: work });
  let siteId: string;
  const ids: string[] = [];

  before(async () => {
    const site = await cli(['site', 'create', '--name', 'Forms', '--origin', 'https://forms.example', '--owner', 'forms-owner', '--json']);
    assert.equal(site.code, 0, site.stderr);
    siteId = site.json.site_id;
    const db = await openPglite(path.join(data, 'pglite'));
    try {
      await migrate(db);
      const config = loadConfig(env);
      const forms = testForms();
      forms.open(siteId, 'cmp_cli', { consentText: null, fields: [field('email', 'email', true), field('note', 'text')] });
      const submissions = createSubmissionsService({ db, secrets: createSecrets(config.storefrontSecret!), keyring: createClickIdKeyring(config, createSecrets(config.storefrontSecret!)), forms, limiter: noLimits });
      ids.push(await submissions.submit(siteId, input('cmp_cli', { email: 'cli1@shop.example', note: '=1+1' }), new Date('2026-11-21T10:00:00Z')));
      ids.push(await submissions.submit(siteId, input('cmp_cli', { email: 'cli2@shop.example' }), new Date('2026-11-21T11:00:00Z')));
    } finally {
      await db.close();
    }
  });

  it('writes the CSV relative to the caller’s directory; --json prints { rows, file }', async () => {
    const res = await cli(['submissions', 'export', '--site', siteId, '--out', 'exports/forms.csv', '--json']);
    assert.equal(res.code, 0, res.stderr);
    const file = path.join(work, 'exports', 'forms.csv');
    assert.deepEqual(res.json, { rows: 2, file });
    const rows = parse(readFileSync(file, 'utf8')) as string[][];
    assert.deepEqual(rows[0], ['submission_id', 'campaign_id', 'form_id', 'created_at', 'consent_granted', 'consent_text_sha256', 'email', 'note']);
    assert.deepEqual(rows.slice(1), [
      [ids[1], 'cmp_cli', 'f1', '2026-11-21T11:00:00.000Z', '', '', 'cli2@shop.example', ''],
      [ids[0], 'cmp_cli', 'f1', '2026-11-21T10:00:00.000Z', '', '', 'cli1@shop.example', "'=1+1"],
    ]);
    const plain = await cli(['submissions', 'export', '--site', siteId, '--campaign', 'cmp_cli', '--out', 'again.csv']);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /^rows\s+2$/m);
    assert.match(plain.stdout, new RegExp(`^file\\s+${path.join(work, 'again.csv').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'));
  });

  it('refuses without writing: no --out or --site (2), an unknown site (1), a directory that does not exist (2)', async () => {
    const noOut = await cli(['submissions', 'export', '--site', siteId]);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /--out is required/);
    const noSite = await cli(['submissions', 'export', '--out', 'x.csv']);
    assert.equal(noSite.code, 2);
    assert.match(noSite.stderr, /--site is required/);
    const unknown = await cli(['submissions', 'export', '--site', 'site_nosuchsite0000', '--out', 'unknown.csv', '--json']);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.json.error.code, 'not_found');
    assert.ok(!existsSync(path.join(work, 'unknown.csv')));
    const nowhere = await cli(['submissions', 'export', '--site', siteId, '--out', 'missing/x.csv']);
    assert.equal(nowhere.code, 2);
    assert.match(nowhere.stderr, /cannot write missing\/x\.csv: no such directory/);
  });
});

describe('storefront submissions export [a server holds the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-submissions-server-');
  const env = { DATA_DIR: data };
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess({ ...env, STOREFRONT_NO_BOOTSTRAP: '1' });
  });
  after(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('exports what a browser submitted, the form’s fields as columns, through the server', async () => {
    const origin = 'https://forms.example';
    const site = await runCli(['site', 'create', '--name', 'Forms', '--origin', origin, '--owner', 'forms-owner', '--json'], env);
    assert.equal(site.code, 0, site.stderr);
    const siteId = site.json.site_id as string;
    const idToken = (await runCli(['token', '--user', 'forms-owner', '--json'], env)).json.id_token as string;
    const post = async (url: string, headers: Record<string, string>, payload: unknown) => {
      const res = await fetch(`${server.url}/api/v1${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
      return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
    };
    const form = { form_id: 'news', fields: [{ name: 'email', type: 'email', label: 'Email', required: true }, { name: 'first_name', type: 'text', label: 'First name', required: false }], consent_text: 'Yes, send me news' };
    const campaign = await post(`/sites/${siteId}/campaigns`, { authorization: `Bearer ${idToken}` }, { name: 'News', kind: 'overlay', status: 'active', content: { template: 'slide_in', title: 'News', form } });
    assert.equal(campaign.status, 201, JSON.stringify(campaign.json));
    const runtime = await post('/runtime/token', { origin }, { site_id: siteId });
    assert.equal(runtime.status, 200);
    const submitted = await post('/submissions', { authorization: `Bearer ${runtime.json.data.token}`, origin }, {
      campaign_id: campaign.json.data.campaign_id,
      form_id: 'news',
      client_submission_id: 'e2e-1',
      session_id: 'sess-e2e',
      fields: { email: 'e2e@shop.example', first_name: '+Ann' },
      consent: { granted: true },
    });
    assert.equal(submitted.status, 202, JSON.stringify(submitted.json));
    const res = await runCli(['submissions', 'export', '--site', siteId, '--out', 'news.csv', '--json'], env, { cwd: work });
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(res.json, { rows: 1, file: path.join(work, 'news.csv') });
    const rows = parse(readFileSync(path.join(work, 'news.csv'), 'utf8')) as string[][];
    assert.deepEqual(rows[0], ['submission_id', 'campaign_id', 'form_id', 'created_at', 'consent_granted', 'consent_text_sha256', 'email', 'first_name']);
    assert.deepEqual(rows[1]!.slice(0, 3), [submitted.json.data.submission_id, campaign.json.data.campaign_id, 'news']);
    assert.deepEqual(rows[1]!.slice(4), ['true', createHash('sha256').update('Yes, send me news').digest('hex'), 'e2e@shop.example', "'+Ann"]);
  });
});
