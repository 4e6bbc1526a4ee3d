// Every command of CONTRACT §2 through the real binary, on both engines; the embedded engine also
// while a server holds the database (the command goes through the server's control socket).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkPlatformSignature } from '../../src/auth/platform-signature.js';
import { runCli } from '../helpers/cli.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

type Env = Record<string, string>;

function commandSuite(name: string, setup: () => Promise<{ env: Env; cleanup(): Promise<void> }>) {
  describe(`storefront CLI [${name}]`, () => {
    let env: Env;
    let cleanup: () => Promise<void>;
    before(async () => {
      ({ env, cleanup } = await setup());
    });
    after(async () => cleanup());

    it('prints what each command says, as one JSON object with --json', async () => {
      // A new database is made only when asked (--init; on PostgreSQL `migrate` is the ask).
      const migrated = await runCli(['migrate', '--init', '--json'], env);
      assert.equal(migrated.code, 0, migrated.stderr);
      assert.ok(Array.isArray(migrated.json.applied));
      // A fresh database: the first run applies every migration, the second none.
      assert.equal(migrated.json.applied.length, migrated.json.total);
      const again = await runCli(['migrate', '--json'], env);
      assert.deepEqual(again.json.applied, []);

      const created = await runCli(
        ['site', 'create', '--name', 'CLI Shop', '--origin', 'https://cli.example', '--origin', 'http://localhost:3000', '--publisher', '--owner', 'alice', '--json'],
        env,
      );
      assert.equal(created.code, 0, created.stderr);
      assert.deepEqual(Object.keys(created.json).sort(), ['name', 'origins', 'owner', 'publisher_mode', 'site_id']);
      assert.deepEqual(created.json.origins, ['https://cli.example', 'http://localhost:3000']);
      assert.equal(created.json.publisher_mode, true);
      assert.equal(created.json.owner, 'alice');
      const siteId = created.json.site_id as string;

      const key = await runCli(['key', 'create', '--site', siteId, '--scopes', 'events:write,partner_attribution:convert', '--name', 'backend', '--rate-limit', '500', '--json'], env);
      assert.equal(key.code, 0, key.stderr);
      assert.match(key.json.key_id, /^key_/);
      assert.match(key.json.api_key, /^sk_/);
      assert.deepEqual(key.json.scopes, ['events:write', 'partner_attribution:convert']);
      assert.equal(key.json.rate_limit_per_hour, 500);

      const member = await runCli(['site', 'member', 'add', '--site', siteId, '--user', 'bob', '--role', 'owner', '--json'], env);
      assert.equal(member.code, 0, member.stderr);
      assert.deepEqual(member.json, { site_id: siteId, user: 'bob', role: 'owner' });

      const updated = await runCli(['site', 'update', '--site', siteId, '--max-touches', '5', '--publisher', 'off', '--json'], env);
      assert.equal(updated.code, 0, updated.stderr);
      assert.equal(updated.json.site_id, siteId);
      assert.equal(updated.json.publisher_mode, false);
      assert.equal(updated.json.owner, 'alice');
      assert.equal(updated.json.config.max_touches_per_request, 5);

      const revoked = await runCli(['key', 'revoke', key.json.key_id, '--json'], env);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.equal(revoked.json.key_id, key.json.key_id);
      assert.match(revoked.json.revoked_at, /^\d{4}-\d{2}-\d{2}T.*Z$/);

      const rotate = await runCli(['click-ids', 'rotate', '--json'], env);
      assert.equal(rotate.code, 0, rotate.stderr);
      assert.deepEqual(rotate.json, { rotated: 0, key_id: 'k0' });
      const purge = await runCli(['click-ids', 'purge', '--older-than', '30', '--json'], env);
      assert.equal(purge.code, 0, purge.stderr);
      assert.equal(purge.json.purged, 0);
      assert.equal(purge.json.older_than_days, 30);
      const purgeDefault = await runCli(['click-ids', 'purge', '--json'], env);
      assert.equal(purgeDefault.json.older_than_days, 400);

      const token = await runCli(['token', '--user', 'alice', '--ttl', '120', '--json'], { ...env, LOCAL_IDP: '1' });
      assert.equal(token.code, 0, token.stderr);
      assert.equal(token.json.id_token.split('.').length, 3);
    });

    it('prints readable lines without --json', async () => {
      const created = await runCli(['site', 'create', '--name', 'Plain', '--origin', 'https://plain.example', '--owner', 'carol'], env);
      assert.equal(created.code, 0, created.stderr);
      assert.match(created.stdout, /^site_id\s+site_/m);
      assert.match(created.stdout, /^origins\s+https:\/\/plain\.example$/m);
    });

    it('exits 2 on usage errors and 1 when the operation is refused', async () => {
      const missing = await runCli(['site', 'create', '--name', 'x', '--json'], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--origin|--owner/);
      const unknownFlag = await runCli(['key', 'create', '--bogus'], env);
      assert.equal(unknownFlag.code, 2);
      const unknownCommand = await runCli(['frobnicate'], env);
      assert.equal(unknownCommand.code, 2);
      const badScope = await runCli(['key', 'create', '--site', 'site_nosuchsite000', '--scopes', 'events:write', '--json'], env);
      assert.equal(badScope.code, 1);
      assert.equal(badScope.json.error.code, 'not_found');
      const badRevoke = await runCli(['key', 'revoke', 'key_nosuchkey0000'], env);
      assert.equal(badRevoke.code, 1);
      assert.match(badRevoke.stderr, /not found/);
      const help = await runCli(['--help'], env);
      assert.equal(help.code, 0);
      assert.match(help.stdout, /site member add/);
    });
  });
}

commandSuite('pglite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-cli-'));
  return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

if (process.env.TEST_DATABASE_URL) {
  commandSuite('postgres', async () => {
    const db = await createPostgresDatabase();
    return { env: { DATABASE_URL: db.url, STOREFRONT_SECRET: randomBytes(32).toString('base64') }, cleanup: db.drop };
  });
}

describe('storefront CLI beside a running embedded server', () => {
  let dir: string;
  let server: ServerProcess;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-cli-server-'));
    server = await startServerProcess({ DATA_DIR: dir, STOREFRONT_NO_BOOTSTRAP: '1' });
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs commands through the server that holds the database', async () => {
    const created = await runCli(['site', 'create', '--name', 'Live', '--origin', 'https://live.example', '--owner', 'dana', '--json'], { DATA_DIR: dir });
    assert.equal(created.code, 0, created.stderr);
    const key = await runCli(['key', 'create', '--site', created.json.site_id, '--scopes', 'events:write', '--json'], { DATA_DIR: dir });
    assert.equal(key.code, 0, key.stderr);
    const res = await fetch(`${server.url}/api/v1/credentials/current`, { headers: { 'x-api-key': key.json.api_key } });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { data: { site_id: string } }).data.site_id, created.json.site_id);
    const refused = await runCli(['key', 'create', '--site', 'site_nosuchsite000', '--scopes', 'events:write', '--json'], { DATA_DIR: dir });
    assert.equal(refused.code, 1);
    assert.equal(refused.json.error.code, 'not_found');
    assert.equal(statSync(path.join(dir, 'control.sock')).mode & 0o777, 0o600);
  });
});

describe('storefront platform sign', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-cli-sign-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a v1 signature of the method, path with query and body, that the service accepts once', async () => {
    const secret = 'cli-platform-secret-0123456789';
    const env = { DATA_DIR: dir, PLATFORM_SECRET: secret };
    const url = '/api/admin/sites?limit=5';
    const signed = await runCli(['platform', 'sign', '--method', 'get', '--path', url, '--json'], env);
    assert.equal(signed.code, 0, signed.stderr);
    assert.match(signed.json.header, /^t=\d+,n=[A-Za-z0-9]{32},v1=[0-9a-f]{64}$/);
    assert.equal(signed.json.method, 'GET');
    const now = Math.floor(Date.now() / 1000);
    assert.ok(checkPlatformSignature(secret, signed.json.header, { method: 'GET', url, rawBody: '' }, now));
    assert.throws(() => checkPlatformSignature(secret, signed.json.header, { method: 'GET', url: '/api/admin/sites', rawBody: '' }, now), /does not match/);
    const unset = await runCli(['platform', 'sign', '--method', 'GET', '--path', url], { DATA_DIR: dir });
    assert.equal(unset.code, 2, 'without PLATFORM_SECRET there is nothing to sign with');
    const notAdmin = await runCli(['platform', 'sign', '--method', 'GET', '--path', '/api/v1/sites'], env);
    assert.equal(notAdmin.code, 2);
  });
});
