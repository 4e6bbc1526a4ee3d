// The real entry point: first-start bootstrap (My shop with its key, and the demo site) with commands
// that work when pasted, none of it in production, graceful shutdown, and a clear exit 2 on bad
// configuration.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../../src/db/pglite.js';
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
      // Two sites: My shop (the key's, for the examples) first, then the demo site behind /demo.
      const mine = /my shop\s+(site_[A-Za-z0-9]+)/.exec(out)?.[1];
      const demo = /demo site\s+(site_[A-Za-z0-9]+)/.exec(out)?.[1];
      assert.ok(mine && demo && mine !== demo, out);
      assert.ok(out.indexOf(mine) < out.indexOf(demo), 'the key\'s site first');
      assert.match(out, /api key\s+sk_[A-Za-z0-9]+/);
      assert.doesNotMatch(out, /npx/, 'no npx: it could fetch a stranger\'s package');
      assert.match(out, /npm exec --no -- storefront token --user demo/);
      const curls = out.split('\n').filter((l) => l.trim().startsWith('curl '));
      assert.ok(curls.length >= 3, out);
      for (const line of curls) {
        assert.ok(!line.includes(demo), `the examples leave the demo site alone: ${line}`);
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

  it('in production on the embedded engine creates no key and no owner token and prints none; the demo off, or its site only with DEMO=1', async () => {
    for (const demo of ['', '1']) {
      const prod = mkdtempSync(path.join(os.tmpdir(), 'storefront-serve-prod-'));
      const server = await startServerProcess({ DATA_DIR: prod, NODE_ENV: 'production', ...(demo ? { DEMO: demo } : {}) });
      try {
        const out = server.stdout();
        assert.doesNotMatch(out, /sk_[A-Za-z0-9]{20,}/, 'no secret key printed');
        assert.doesNotMatch(out, /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./, 'no ID token printed');
        assert.doesNotMatch(out, /api key|Bearer/);
        assert.match(out, /npm exec --no -- storefront key create/, 'says how to create a key');
        const feed = await fetch(`${server.url}/demo/api/events`);
        if (demo) {
          assert.equal(feed.status, 200);
          assert.match(out, /demo site\s+site_[A-Za-z0-9]+/);
          assert.doesNotMatch(out, /my shop\s+site_/);
        } else {
          assert.equal((await fetch(`${server.url}/demo`)).status, 404);
          assert.equal(feed.status, 404);
          assert.equal(((await feed.json()) as { error: { code: string } }).error.code, 'not_found');
          assert.match(out, /npm exec --no -- storefront site create/, 'says how to begin');
        }
      } finally {
        await server.stop();
      }
      // The server has released its database: read what the first start made.
      const db = await openPglite(path.join(prod, 'pglite'));
      try {
        const { rows } = await db.query<{ keys: number; sites: number }>('SELECT (SELECT count(*)::int FROM api_keys) AS keys, (SELECT count(*)::int FROM sites) AS sites');
        assert.deepEqual(rows[0], { keys: 0, sites: demo ? 1 : 0 }, 'no key row; the demo site only with DEMO=1');
      } finally {
        await db.close();
        rmSync(prod, { recursive: true, force: true });
      }
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
        if (demo) assert.match(out, /demo site\s+site_[A-Za-z0-9]+/);
        assert.match(out, /npm exec --no -- storefront site create/, 'says how to begin');
        assert.doesNotMatch(out, /npx/);
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
