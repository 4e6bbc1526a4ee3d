import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { TSchema } from 'typebox';
import { ConfigError, EnvironmentSchema, loadConfig } from '../../src/config.js';

const SECRET = Buffer.alloc(32, 7).toString('base64');

describe('configuration', () => {
  it('defaults to the embedded engine with zero setup', () => {
    const c = loadConfig({});
    assert.equal(c.engine, 'pglite');
    assert.equal(c.port, 8080);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.localIdp, true, 'local issuer on by default on the embedded engine');
    assert.equal(c.bootstrap, true);
    assert.equal(c.runtimeTokenTtlSeconds, 900);
  });

  it('requires STOREFRONT_SECRET with DATABASE_URL and turns the local issuer off there', () => {
    assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /STOREFRONT_SECRET is required with DATABASE_URL/);
      return true;
    });
    const c = loadConfig({ DATABASE_URL: 'postgres://localhost/x', STOREFRONT_SECRET: SECRET });
    assert.equal(c.engine, 'postgres');
    assert.equal(c.localIdp, false);
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://localhost/x', STOREFRONT_SECRET: SECRET, LOCAL_IDP: '1' }).localIdp, true);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        STOREFRONT_SECRET: 'c2hvcnQ=',
        IDP_ISSUER: 'https://idp.example',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        RUNTIME_TOKEN_TTL: '5',
        LOCAL_IDP: 'maybe',
      });
      assert.fail('expected ConfigError');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      assert.equal(err.problems.length, 7, err.message);
    }
  });

  it('lists the problems in the order the variables are declared, each bad value once', () => {
    assert.throws(
      () => loadConfig({ LOG_LEVEL: 'loud', HSTS: 'maybe', METRICS_PORT: '8080', PORT: 'eighty', DATABASE_URL: 'mysql://x' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(err.problems, [
          'PORT must be an integer from 0 to 65535 (got "eighty")',
          'DATABASE_URL must be a postgres:// or postgresql:// URL',
          'STOREFRONT_SECRET is required with DATABASE_URL: at least 32 random bytes, base64 encoded (try: openssl rand -base64 32)',
          'METRICS_PORT must differ from PORT', // a bad PORT stands at its default, 8080
          'HSTS must be 1 or 0 (got "maybe")',
          'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
        ]);
        return true;
      },
    );
  });

  it('reads flags, trims values and derives the engine-dependent defaults', () => {
    const c = loadConfig({ HSTS: ' YES ', STOREFRONT_NO_BOOTSTRAP: 'on', NODE_ENV: 'production', LOG_LEVEL: ' debug ', PORT: '08081' });
    assert.equal(c.hsts, true);
    assert.equal(c.bootstrap, false);
    assert.equal(c.demo, false, 'no demo by default in production');
    assert.equal(c.logLevel, 'debug');
    assert.equal(c.port, 8081);
    assert.equal(loadConfig({}).demo, true);
    const pg = loadConfig({ DATABASE_URL: 'postgres://localhost/x', STOREFRONT_SECRET: SECRET });
    assert.deepEqual([pg.demo, pg.localIdp, pg.storefrontSecret], [false, false, Buffer.alloc(32, 7)]);
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://localhost/x', STOREFRONT_SECRET: SECRET, DEMO: '1' }).demo, true);
  });

  it('reads CLICK_ID_KEYS newest first and names each kind of problem once', () => {
    const key = (n: number) => Buffer.alloc(32, n).toString('base64');
    const problems = (raw: string) => {
      try {
        loadConfig({ CLICK_ID_KEYS: raw });
        return [];
      } catch (err) {
        assert.ok(err instanceof ConfigError);
        return err.problems;
      }
    };
    const c = loadConfig({ CLICK_ID_KEYS: `k2:${key(2)}, k1:${key(1)}` });
    assert.deepEqual(c.clickIdKeys?.map((k) => k.id), ['k2', 'k1']);
    assert.deepEqual(c.clickIdKeys?.[1]?.key, Buffer.alloc(32, 1));
    assert.equal(loadConfig({}).clickIdKeys, undefined);
    assert.deepEqual(problems(' , ,'), ['CLICK_ID_KEYS holds no key']);
    assert.equal(problems(`k1:${Buffer.alloc(16).toString('base64')}`).length, 1);
    assert.match(problems('no-colon')[0]!, /comma-separated list of id:base64/);
    assert.deepEqual(problems(`k1:${key(1)},k1:${key(2)}`), ['CLICK_ID_KEYS names the key id k1 twice']);
  });

  it('takes the command line port and host over the environment', () => {
    const c = loadConfig({ PORT: '9000', HOST: '0.0.0.0' }, { port: '9100', host: '::1' });
    assert.equal(c.port, 9100);
    assert.equal(c.host, '::1');
  });
});

/** The default column of the configuration table: the schema's default (flags as 1 and 0), its defaultText, else a dash. */
function documentedDefault(schema: TSchema): string {
  if ('default' in schema) return `\`${typeof schema.default === 'boolean' ? Number(schema.default) : String(schema.default)}\``;
  return 'defaultText' in schema ? String(schema.defaultText) : '—';
}

describe("the README's configuration table", () => {
  it('names every variable of the schema, in its order, with its default, and no other', () => {
    // The table lives in docs/configuration.md (the README links to it), under "## Variables".
    const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const start = page.indexOf('\n## Variables\n');
    assert.ok(start >= 0, 'docs/configuration.md has a Variables section');
    const end = page.indexOf('\n## ', start + 1);
    const section = page.slice(start, end < 0 ? undefined : end);
    const table = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((row) => {
        const [, names = '', defaultCell = ''] = row.split('|').map((cell) => cell.trim());
        return [...names.matchAll(/`([A-Z0-9_]+)`/g)].map(([, name]) => [name, defaultCell]);
      });
    const declared = Object.entries(EnvironmentSchema.properties).map(([name, schema]) => [name, documentedDefault(schema)]);
    assert.deepEqual(table, declared);
  });
});
