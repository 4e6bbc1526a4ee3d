// The real entry point: first-start bootstrap with commands that work when pasted, graceful
// shutdown, and a clear exit 2 on bad configuration.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { runCli } from './helpers/cli.js';
import { startServerProcess } from './helpers/server-process.js';

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

  it('exits 2 with one clear message on bad configuration', async () => {
    const res = await runCli(['serve'], { DATABASE_URL: 'postgres://127.0.0.1:5432/postgres', PORT: 'eighty' });
    assert.equal(res.code, 2);
    assert.match(res.stderr, /invalid configuration/);
    assert.match(res.stderr, /STOREFRONT_SECRET is required with DATABASE_URL/);
    assert.match(res.stderr, /PORT must be an integer/);
  });
});
