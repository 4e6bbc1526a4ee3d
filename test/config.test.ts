import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';

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
