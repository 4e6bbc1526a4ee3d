// The lazy request logger: nothing made for a request that logs nothing at a level that is on; the
// same lines (with the request id) as pino's child when it does log.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, loggerOptions } from '../../src/app.js';
import { createSecrets } from '../../src/secrets.js';
import { requestLogger } from '../../src/http/request-logger.js';
import { testConfig } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';

function sink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

/** A pino logger at `level` that counts the children made of it. */
function counted(level: string) {
  const { lines, stream } = sink();
  const logger = pino({ level }, stream);
  let children = 0;
  // The logger seen through an object that counts its children (made of the logger itself).
  const parent = Object.create(logger) as { child: (...args: unknown[]) => unknown };
  parent.child = (...args: unknown[]) => {
    children += 1;
    return (logger.child as (...a: unknown[]) => unknown)(...args);
  };
  return { parent: parent as unknown as FastifyBaseLogger, lines, children: () => children };
}

describe('lazy request logger', () => {
  const table: { level: string; calls: ('info' | 'warn' | 'error' | 'debug')[]; written: number; children: number }[] = [
    { level: 'warn', calls: [], written: 0, children: 0 },
    { level: 'warn', calls: ['info', 'debug'], written: 0, children: 0 },
    { level: 'warn', calls: ['info', 'warn', 'error'], written: 2, children: 1 },
    { level: 'info', calls: ['info', 'info'], written: 2, children: 1 },
    { level: 'silent', calls: ['error'], written: 0, children: 0 },
    { level: 'trace', calls: ['debug'], written: 1, children: 1 },
  ];
  for (const row of table) {
    it(`at ${row.level}, calls ${row.calls.join(', ') || 'none'}: ${row.written} lines, ${row.children} child`, () => {
      const { parent, lines, children } = counted(row.level);
      const log = requestLogger.call(null, parent, { reqId: 'req-1' }, {});
      for (const level of row.calls) log[level]({ n: 1 }, `${level} line`);
      assert.equal(lines.length, row.written);
      assert.equal(children(), row.children);
      for (const line of lines) assert.equal(line.reqId, 'req-1');
    });
  }

  it('answers level, child and isLevelEnabled like the child it stands for', () => {
    const { parent, lines } = counted('warn');
    const log = requestLogger.call(null, parent, { reqId: 'req-2' }, {}) as FastifyBaseLogger & { isLevelEnabled(l: string): boolean };
    assert.equal(log.level, 'warn');
    assert.equal(log.isLevelEnabled('info'), false);
    assert.equal(log.isLevelEnabled('error'), true);
    log.child({ part: 'x' }).warn('from a grandchild');
    assert.deepEqual([lines[0]!.reqId, lines[0]!.part, lines[0]!.msg], ['req-2', 'x', 'from a grandchild']);
    log.level = 'info';
    log.info('now on');
    assert.equal(lines.length, 2);
    assert.equal(parent.level, 'warn', 'the request’s level change stays its own');
  });

  it('a route level of its own, or a logger that is not pino, gets its child at once', () => {
    const { parent, children } = counted('warn');
    const own = requestLogger.call(null, parent, { reqId: 'r' }, { level: 'debug' });
    assert.equal(children(), 1);
    assert.equal(own.level, 'debug');
    const plain = { level: 'info', child: () => plain, info() {}, error() {}, debug() {}, fatal() {}, warn() {}, trace() {}, silent() {} } as unknown as FastifyBaseLogger;
    assert.equal(requestLogger.call(null, plain, { reqId: 'r' }, {}), plain);
  });

  it('through the app: the request lines still carry the request id, and a warn-level server writes none', async () => {
    const database = await createTestDatabase('pglite');
    try {
      for (const level of ['info', 'warn'] as const) {
        const { lines, stream } = sink();
        const config = testConfig({ LOG_LEVEL: level });
        const app = await buildApp(config, { db: database.db, secrets: createSecrets(config.storefrontSecret!), logger: { ...(loggerOptions(config, false) as object), stream } });
        try {
          const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'req-from-client' } });
          assert.equal(res.statusCode, 200);
          const mine = lines.filter((l) => l.reqId === 'req-from-client');
          if (level === 'info') assert.deepEqual(mine.map((l) => l.msg), ['incoming request', 'request completed']);
          else assert.equal(mine.length, 0);
        } finally {
          await app.close();
        }
      }
    } finally {
      await database.drop();
    }
  });
});
