// The real entry point: first-start bootstrap with commands that work when pasted, graceful
// shutdown, and a clear exit 2 on bad configuration.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runCli } from '../helpers/cli.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { startServerProcess } from '../helpers/server-process.js';

const exec = promisify(execFile);

describe('storefront serve', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-serve-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('bootstraps an empty database once, with curl lines that work when pasted', async () => {
    const server = await startServerProcess({ DATA_DIR: dir });
    try {
      const out = server.stdout();
      assert.match(out, /site id\s+site_[A-Za-z0-9]+/);
      assert.match(out, /api key\s+sk_[A-Za-z0-9]+/);
      const curls = out.split('\n').filter((l) => l.trim().startsWith('curl '));
      assert.ok(curls.length >= 2, out);
      for (const line of curls) {
        const { stdout } = await exec('bash', ['-c', line.trim()]);
        const body = JSON.parse(stdout);
        assert.equal(body.success, true, `${line}\n${stdout}`);
      }
      assert.equal(statSync(path.join(dir, 'storefront.secret')).mode & 0o777, 0o600, 'generated secret is private');
      const key = /api key\s+(sk_[A-Za-z0-9]+)/.exec(out)![1]!;
      assert.ok(!server.stdout().split('\n').filter((l) => l.startsWith('{')).some((l) => l.includes(key)), 'the key is not in any log line');
    } finally {
      assert.equal(await server.stop('SIGTERM'), 0, 'graceful shutdown exits 0');
    }
    assert.ok(!existsSync(path.join(dir, 'pglite.lock')), 'the database lock is released');
    assert.ok(!existsSync(path.join(dir, 'control.sock')), 'the control socket is removed');

    const again = await startServerProcess({ DATA_DIR: dir });
    try {
      assert.doesNotMatch(again.stdout(), /api key/, 'a second start prints nothing');
      const ready = await fetch(`${again.url}/ready`);
      assert.equal(ready.status, 200);
    } finally {
      assert.equal(await again.stop('SIGINT'), 0);
    }
  });

  it('skips the bootstrap with STOREFRONT_NO_BOOTSTRAP=1', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'storefront-serve-nob-'));
    const server = await startServerProcess({ DATA_DIR: empty, STOREFRONT_NO_BOOTSTRAP: '1' });
    try {
      assert.doesNotMatch(server.stdout(), /api key/);
    } finally {
      await server.stop();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('keeps the demo off in production on the embedded engine: /demo and its event feed are 404', async () => {
    const prod = mkdtempSync(path.join(os.tmpdir(), 'storefront-serve-prod-'));
    const server = await startServerProcess({ DATA_DIR: prod, NODE_ENV: 'production' });
    try {
      assert.equal((await fetch(`${server.url}/demo`)).status, 404);
      const feed = await fetch(`${server.url}/demo/api/events`);
      assert.equal(feed.status, 404);
      assert.equal(((await feed.json()) as { error: { code: string } }).error.code, 'not_found');
    } finally {
      await server.stop();
      rmSync(prod, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL creates no key and prints none; the demo only with DEMO=1', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, async () => {
    for (const demo of ['', '1']) {
      const database = await createPostgresDatabase();
      const server = await startServerProcess({ DATABASE_URL: database.url, STOREFRONT_SECRET: randomBytes(32).toString('base64'), ...(demo ? { DEMO: demo } : {}) });
      try {
        const out = server.stdout();
        assert.doesNotMatch(out, /sk_[A-Za-z0-9]{20,}/, 'no secret key printed');
        assert.doesNotMatch(out, /api key/);
        assert.equal((await fetch(`${server.url}/demo/api/events`)).status, demo ? 200 : 404);
        if (demo) assert.match(out, /site id\s+site_[A-Za-z0-9]+/);
        else assert.match(out, /storefront site create/, 'says how to begin');
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query('SELECT count(*)::int AS n FROM api_keys');
          assert.equal(rows[0].n, 0, 'no key created');
        } finally {
          await client.end();
        }
      } finally {
        await server.stop();
        await database.drop();
      }
    }
  });

  it('exits 2 with one clear message on bad configuration', async () => {
    const res = await runCli(['serve'], { DATABASE_URL: 'postgres://127.0.0.1:5432/postgres', PORT: 'eighty' });
    assert.equal(res.code, 2);
    assert.match(res.stderr, /invalid configuration/);
    assert.match(res.stderr, /STOREFRONT_SECRET is required with DATABASE_URL/);
    assert.match(res.stderr, /PORT must be an integer/);
  });
});
