// The database going away: 503 unavailable, the process stays up, and it recovers by itself.
// A TCP proxy in front of the real PostgreSQL is stopped (connections refused) and started again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/postgres.js';
import type { FastifyInstance } from 'fastify';
import { createSecrets } from '../../src/secrets.js';
import { testConfig } from '../helpers/app.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

describe('database unavailable [postgres]', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let proxy: TcpProxy;
  let target: { host: string; port: number };

  before(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const dbUrl = new URL(created.url);
    target = { host: dbUrl.hostname, port: Number(dbUrl.port || 5432) };
    const direct = openPostgres(created.url, { poolSize: 1 });
    await migrate(direct);
    await direct.close();
    proxy = await startTcpProxy(target);
    const viaProxy = proxy.urlFor(created.url);
    const config = testConfig({ DATABASE_URL: viaProxy });
    app = await buildApp(config, {
      db: openPostgres(viaProxy, { poolSize: 4, connectionTimeoutMillis: 1000 }),
      secrets: createSecrets(config.storefrontSecret!),
      logger: false,
    });
    await app.ready();
  });

  after(async () => {
    await app.close();
    await proxy.stop();
    await drop();
  });

  it('answers 503, stays up, and recovers when the database returns', async () => {
    const token = (await app.services.idTokens.issueLocal('alice', 600)).idToken;
    const headers = { authorization: `Bearer ${token}` };
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/sites', headers })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 200);

    const port = proxy.port;
    await proxy.stop();
    const down = await app.inject({ method: 'GET', url: '/api/v1/sites', headers });
    assert.equal(down.statusCode, 503, down.body);
    assert.equal(down.json().error.code, 'unavailable');
    assert.equal(down.headers['retry-after'], '5');
    const write = await app.inject({ method: 'POST', url: '/api/v1/sites', headers, payload: { name: 'x', origins: [] } });
    assert.equal(write.statusCode, 503);
    assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 503);
    assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200, 'alive while the database is away');

    proxy = await startTcpProxy(target, { port });
    const back = await app.inject({ method: 'GET', url: '/api/v1/sites', headers });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 200);
  });
});
