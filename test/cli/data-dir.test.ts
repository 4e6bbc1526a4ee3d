// The command line from any folder: the default DATA_DIR is the project's, a command never makes a
// new database unasked (--init), and no process acts with another master secret than the one the
// database was created with (its fingerprint is kept in the database).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig, PROJECT_ROOT } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import { SecretMismatchError, sameFingerprint, secretFingerprint } from '../../src/secret-fingerprint.js';
import { createSecrets } from '../../src/secrets.js';
import { runCli } from '../helpers/cli.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { embeddedDataDir } from '../helpers/pglite-template.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const secret = () => randomBytes(32).toString('base64');

describe('the default DATA_DIR', () => {
  it('is data/ in the project folder whatever the working directory; a set DATA_DIR is relative to it', () => {
    const here = process.cwd();
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'storefront-cwd-'));
    try {
      process.chdir(elsewhere);
      assert.equal(loadConfig({}).dataDir, path.join(PROJECT_ROOT, 'data'));
      assert.equal(loadConfig({ DATA_DIR: 'mine' }).dataDir, path.join(process.cwd(), 'mine'));
    } finally {
      process.chdir(here);
      rmSync(elsewhere, { recursive: true, force: true });
    }
    assert.ok(existsSync(path.join(PROJECT_ROOT, 'package.json')));
  });

  it('is what a command run from another folder uses: it makes no ./data there', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'storefront-cwd-'));
    try {
      // Whatever the project's own data/ holds, the command must not make a database in its working directory.
      const res = await runCli(['key', 'revoke', 'key_nosuchkey0000'], { DATA_DIR: undefined }, { cwd });
      assert.notEqual(res.code, 0);
      assert.deepEqual(readdirSync(cwd), []);
      assert.equal(res.stderr.includes(cwd), false, res.stderr);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe('a command on a DATA_DIR without a database', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'storefront-nodb-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('refuses (exit 2) and says how to go on, creating nothing: no database, no secret', async () => {
    const dir = path.join(root, 'empty');
    mkdirSync(dir);
    for (const args of [['site', 'create', '--name', 'x', '--origin', 'https://x.example', '--owner', 'a'], ['migrate'], ['token', '--user', 'a']]) {
      const res = await runCli([...args, '--json'], { DATA_DIR: dir, LOCAL_IDP: '1' });
      assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
      assert.match(res.stderr, /no Storefront database in .*--init/s);
      assert.ok(res.stderr.includes(dir), res.stderr);
      assert.deepEqual(readdirSync(dir), [], `${args.join(' ')} left nothing behind`);
    }
    const missing = path.join(root, 'missing');
    assert.equal((await runCli(['migrate'], { DATA_DIR: missing })).code, 2);
    assert.equal(existsSync(missing), false);
  });

  it('makes one with --init', async () => {
    const dir = path.join(root, 'new');
    const res = await runCli(['site', 'create', '--name', 'New', '--origin', 'https://new.example', '--owner', 'a', '--init', '--json'], { DATA_DIR: dir });
    assert.equal(res.code, 0, res.stderr);
    assert.ok(existsSync(path.join(dir, 'pglite', 'PG_VERSION')));
    assert.ok(existsSync(path.join(dir, 'storefront.secret')));
    const again = await runCli(['site', 'update', '--site', res.json.site_id, '--json'], { DATA_DIR: dir });
    assert.equal(again.code, 0, again.stderr);
  });

  it('needs no database for platform sign', async () => {
    const dir = path.join(root, 'sign');
    const res = await runCli(['platform', 'sign', '--method', 'GET', '--path', '/api/admin/sites'], { DATA_DIR: dir, PLATFORM_SECRET: 'cli-platform-secret-0123456789' });
    assert.equal(res.code, 0, res.stderr);
    assert.equal(existsSync(dir), false);
  });
});

describe('the master secret fingerprint (pure)', () => {
  it('is a keyed hash: the same for the same secret, different for another, never the secret', () => {
    const a = Buffer.from(secret(), 'base64');
    const fa = secretFingerprint(createSecrets(a));
    assert.equal(secretFingerprint(createSecrets(Buffer.from(a))), fa);
    assert.notEqual(secretFingerprint(createSecrets(Buffer.from(secret(), 'base64'))), fa);
    assert.match(fa, /^[0-9a-f]{64}$/);
    assert.equal(fa.includes(a.toString('hex')), false);
    assert.ok(sameFingerprint(fa, fa));
    assert.equal(sameFingerprint(fa, fa.slice(1)), false);
    assert.equal(sameFingerprint(fa, ''), false);
  });
});

describe('another master secret than the database was created with [pglite]', () => {
  let dirs: { root: string; data: string };
  const mine = secret();
  before(async () => {
    dirs = embeddedDataDir('storefront-secret-');
    const created = await runCli(['site', 'create', '--name', 'S', '--origin', 'https://s.example', '--owner', 'a', '--json'], { DATA_DIR: dirs.data, STOREFRONT_SECRET: mine });
    assert.equal(created.code, 0, created.stderr);
  });
  after(() => rmSync(dirs.root, { recursive: true, force: true }));

  it('the command line refuses to act (exit 2, secret_mismatch), and with the right one it acts', async () => {
    const refused = await runCli(['key', 'create', '--site', 'site_nosuchsite000', '--scopes', 'events:write', '--json'], { DATA_DIR: dirs.data, STOREFRONT_SECRET: secret() });
    assert.equal(refused.code, 2, refused.stderr);
    assert.equal(refused.json.error.code, 'secret_mismatch');
    assert.match(refused.stderr, /not the one this database was created with/);
    const token = await runCli(['token', '--user', 'a', '--json'], { DATA_DIR: dirs.data, STOREFRONT_SECRET: secret(), LOCAL_IDP: '1' });
    assert.equal(token.code, 2, 'no token signed with a key the server would refuse');
    assert.equal(token.stdout.includes('id_token'), false);
    // The generated file's secret is another secret too.
    const fromFile = await runCli(['key', 'create', '--site', 'site_nosuchsite000', '--scopes', 'events:write'], { DATA_DIR: dirs.data });
    assert.equal(fromFile.code, 2);
    const right = await runCli(['key', 'create', '--site', 'site_nosuchsite000', '--scopes', 'events:write', '--json'], { DATA_DIR: dirs.data, STOREFRONT_SECRET: mine });
    assert.equal(right.json.error.code, 'not_found', 'the right secret gets as far as the site');
  });

  it('a server refuses to start with it', async () => {
    const config = loadConfig({ DATA_DIR: dirs.data, STOREFRONT_SECRET: secret(), LOG_LEVEL: 'silent', STOREFRONT_NO_BOOTSTRAP: '1' });
    await assert.rejects(buildApp(config), SecretMismatchError);
    // …and the database it refused is free again (the lock released): the right secret starts.
    const app = await buildApp(loadConfig({ DATA_DIR: dirs.data, STOREFRONT_SECRET: mine, LOG_LEVEL: 'silent' }));
    await app.close();
  });
});

describe('another master secret beside a running embedded server', () => {
  let dirs: { root: string; data: string };
  let server: ServerProcess;
  const mine = secret();
  before(async () => {
    dirs = embeddedDataDir('storefront-secret-live-');
    server = await startServerProcess({ DATA_DIR: dirs.data, STOREFRONT_SECRET: mine, STOREFRONT_NO_BOOTSTRAP: '1' });
  });
  after(async () => {
    await server.stop();
    rmSync(dirs.root, { recursive: true, force: true });
  });

  it('the command line refuses through the control socket; the same secret goes through', async () => {
    const args = ['site', 'create', '--name', 'L', '--origin', 'https://l.example', '--owner', 'a', '--json'];
    const refused = await runCli(args, { DATA_DIR: dirs.data, STOREFRONT_SECRET: secret() });
    assert.equal(refused.code, 2, refused.stderr);
    assert.equal(refused.json.error.code, 'secret_mismatch');
    const right = await runCli(args, { DATA_DIR: dirs.data, STOREFRONT_SECRET: mine });
    assert.equal(right.code, 0, right.stderr);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('another master secret than the database was created with [postgres]', () => {
    let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const mine = secret();
    before(async () => {
      db = await createPostgresDatabase();
    });
    after(async () => db.drop());

    it('migrate makes the tables; other commands on an empty database ask for --init; another secret is refused', async () => {
      const empty = await runCli(['site', 'create', '--name', 'P', '--origin', 'https://p.example', '--owner', 'a'], { DATABASE_URL: db.url, STOREFRONT_SECRET: mine });
      assert.equal(empty.code, 2);
      assert.match(empty.stderr, /no Storefront tables/);
      const migrated = await runCli(['migrate', '--json'], { DATABASE_URL: db.url, STOREFRONT_SECRET: mine });
      assert.equal(migrated.code, 0, migrated.stderr);
      const created = await runCli(['site', 'create', '--name', 'P', '--origin', 'https://p.example', '--owner', 'a', '--json'], { DATABASE_URL: db.url, STOREFRONT_SECRET: mine });
      assert.equal(created.code, 0, created.stderr);
      const other = secret();
      const refused = await runCli(['site', 'create', '--name', 'P', '--origin', 'https://p.example', '--owner', 'a', '--json'], { DATABASE_URL: db.url, STOREFRONT_SECRET: other });
      assert.equal(refused.code, 2);
      assert.equal(refused.json.error.code, 'secret_mismatch');
      const config = loadConfig({ DATABASE_URL: db.url, STOREFRONT_SECRET: other, LOG_LEVEL: 'silent' });
      await assert.rejects(buildApp(config), SecretMismatchError);
    });
  });
}
