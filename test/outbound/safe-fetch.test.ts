// The outbound sender (CONTRACT §11) against local servers on 127.0.0.1 only: a name that resolves to
// loopback is refused at connect time without private destinations allowed (the server sees no
// connection at all), and reached with them; literal private addresses are refused before connecting;
// timeouts, refused connections, DNS failures and redirects come back as typed results, never throws;
// at most 1,024 bytes of the answer are kept. The guarded lookup's policy is tested as a function.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { BlockedAddressError, createOutboundSender, guardedLookup, type ResolvedAddress, type Resolver } from '../../src/outbound/safe-fetch.js';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface LocalServer {
  port: number;
  connections: number;
  requests: Seen[];
}

const servers: http.Server[] = [];
after(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

/** An HTTP server on 127.0.0.1 that counts connections and requests and answers with `handler`. */
async function localServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<LocalServer> {
  const state: LocalServer = { port: 0, connections: 0, requests: [] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.requests.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      handler(req, res);
    });
  });
  server.on('connection', () => (state.connections += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

/** A port on 127.0.0.1 that nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves the test names only, each to loopback; any other name is "not found" (no real DNS). */
const names = (table: Record<string, readonly ResolvedAddress[]>): Resolver => async (hostname) => {
  const answers = table[hostname];
  if (answers === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answers;
};

const toLoopback = names({ 'hooks.example.test': [{ address: '127.0.0.1', family: 4 }], 'mapped.example.test': [{ address: '::ffff:127.0.0.1', family: 6 }] });
const post = (url: string, body = '{"type":"ping"}') => ({ url, method: 'POST' as const, headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, body });

describe('connect-time refusal', () => {
  it('refuses a name that resolves to loopback: blocked, and the server sees no connection', async () => {
    const server = await localServer((_req, res) => res.end('ok'));
    const sender = createOutboundSender({ allowPrivate: false, lookup: toLoopback });
    const result = await sender.send(post(`https://hooks.example.test:${server.port}/in`));
    assert.deepEqual(result, { kind: 'blocked', blocked: true, address: '127.0.0.1', reason: 'address_not_public', addressClass: 'loopback' });
    const mapped = await sender.send(post(`https://mapped.example.test:${server.port}/in`));
    assert.equal(mapped.kind === 'blocked' && mapped.addressClass, 'loopback');
    assert.equal(server.connections, 0);
    assert.equal(server.requests.length, 0);
  });

  it('reaches the same name with private destinations allowed, and keeps 1,024 bytes of a 5,000-byte answer', async () => {
    const server = await localServer((_req, res) => res.writeHead(202).end('x'.repeat(5000)));
    const sender = createOutboundSender({ allowPrivate: true, lookup: toLoopback });
    const result = await sender.send(post(`http://hooks.example.test:${server.port}/in?q=1`));
    assert.equal(result.kind, 'response');
    if (result.kind !== 'response') return;
    assert.equal(result.status, 202);
    assert.equal(result.bodyPrefix, 'x'.repeat(1024));
    assert.equal(result.truncated, true);
    assert.equal(server.requests.length, 1);
    const seen = server.requests[0]!;
    assert.equal(seen.method, 'POST');
    assert.equal(seen.url, '/in?q=1');
    assert.equal(seen.body, '{"type":"ping"}');
    assert.equal(seen.headers['webhook-id'], 'msg_1');
    assert.equal(seen.headers['content-length'], '15');
    assert.equal(seen.headers.host, `hooks.example.test:${server.port}`);
  });

  it('refuses a literal private address, localhost and http before connecting', async () => {
    const server = await localServer((_req, res) => res.end('ok'));
    const sender = createOutboundSender({ allowPrivate: false, lookup: toLoopback });
    assert.deepEqual(await sender.send(post(`https://127.0.0.1:${server.port}/`)), {
      kind: 'blocked', blocked: true, address: '127.0.0.1', reason: 'address_not_public', addressClass: 'loopback',
    });
    const v6 = await sender.send(post(`https://[::ffff:127.0.0.1]:${server.port}/`));
    assert.equal(v6.kind === 'blocked' && v6.address, '::ffff:7f00:1');
    assert.deepEqual(await sender.send(post(`https://localhost:${server.port}/`)), { kind: 'blocked', blocked: true, address: null, reason: 'localhost_not_allowed' });
    assert.deepEqual(await sender.send(post(`http://hooks.example.test:${server.port}/`)), { kind: 'blocked', blocked: true, address: null, reason: 'scheme_not_allowed' });
    assert.equal(server.connections, 0);
  });
});

describe('faults and answers', () => {
  it('times out on a server that never answers', async () => {
    const server = await localServer(() => undefined);
    const sender = createOutboundSender({ allowPrivate: true, timeoutMs: 200 });
    const result = await sender.send(post(`http://127.0.0.1:${server.port}/`));
    assert.equal(result.kind === 'error' && result.error, 'timeout');
    assert.equal(server.requests.length, 1);
  });

  it('keeps the status and what was read when the body stalls after the headers', async () => {
    const server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
    });
    const result = await createOutboundSender({ allowPrivate: true, timeoutMs: 300 }).send(post(`http://127.0.0.1:${server.port}/`));
    assert.deepEqual(result, { kind: 'response', status: 200, bodyPrefix: 'partial', truncated: false });
  });

  it('reports a refused connection', async () => {
    const port = await closedPort();
    const result = await createOutboundSender({ allowPrivate: true }).send(post(`http://127.0.0.1:${port}/`));
    assert.equal(result.kind, 'error');
    if (result.kind === 'error') {
      assert.equal(result.error, 'connection');
      assert.match(result.message, /ECONNREFUSED/);
    }
  });

  it('reports a name that does not resolve', async () => {
    const result = await createOutboundSender({ allowPrivate: true, lookup: toLoopback }).send(post('http://unknown.example.test/'));
    assert.equal(result.kind === 'error' && result.error, 'dns');
  });

  it('returns a redirect as its status and does not follow it', async () => {
    const server = await localServer((_req, res) => res.writeHead(301, { location: '/elsewhere' }).end('moved'));
    const result = await createOutboundSender({ allowPrivate: true }).send(post(`http://127.0.0.1:${server.port}/in`));
    assert.deepEqual(result, { kind: 'response', status: 301, bodyPrefix: 'moved', truncated: false });
    assert.deepEqual(server.requests.map((r) => r.url), ['/in']);
  });

  it('keeps a body of exactly the limit whole, and never cuts a character in half', async () => {
    const exact = await localServer((_req, res) => res.writeHead(500).end('y'.repeat(1024)));
    const whole = await createOutboundSender({ allowPrivate: true }).send(post(`http://127.0.0.1:${exact.port}/`));
    assert.deepEqual(whole, { kind: 'response', status: 500, bodyPrefix: 'y'.repeat(1024), truncated: false });
    const euros = await localServer((_req, res) => res.end('€'.repeat(2000)));
    const cut = await createOutboundSender({ allowPrivate: true }).send(post(`http://127.0.0.1:${euros.port}/`));
    assert.equal(cut.kind === 'response' && cut.bodyPrefix, '€'.repeat(341));
  });

  it('honours a smaller limit', async () => {
    const server = await localServer((_req, res) => res.end('abcdefgh'));
    const result = await createOutboundSender({ allowPrivate: true, maxResponseBytes: 3 }).send(post(`http://127.0.0.1:${server.port}/`));
    assert.deepEqual(result, { kind: 'response', status: 200, bodyPrefix: 'abc', truncated: true });
  });

  it('returns a request it cannot make as invalid_request rather than throwing', async () => {
    const sender = createOutboundSender({ allowPrivate: true, lookup: toLoopback });
    const result = await sender.send({ url: 'http://hooks.example.test:1/', headers: { 'x-bad': 'a\r\nb' }, body: '' });
    assert.equal(result.kind === 'error' && result.error, 'invalid_request');
  });
});

/** The guarded lookup's answer, called the way node:net calls it. */
function lookupOnce(resolve: Resolver, allowPrivate: boolean, options: { all?: boolean; family?: number }) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family: unknown }>((done) => {
    guardedLookup(resolve, allowPrivate)('hooks.example.test', options, (err, address, family) => done({ err, address, family }));
  });
}

describe('the guarded lookup (a function; nothing connects)', () => {
  const mixed = names({ 'hooks.example.test': [{ address: '203.0.113.7', family: 4 }, { address: '8.8.4.4', family: 4 }, { address: '10.0.0.5', family: 4 }] });
  const twoPublic = names({ 'hooks.example.test': [{ address: '8.8.4.4', family: 4 }, { address: '2001:4860:4860::8844', family: 6 }] });

  it('refuses the whole name when any answer is not public, naming the first such address', async () => {
    const { err } = await lookupOnce(mixed, false, { all: true });
    assert.ok(err instanceof BlockedAddressError);
    assert.equal(err.address, '203.0.113.7');
    assert.equal(err.addressClass, 'documentation');
    assert.equal(err.code, 'EBLOCKEDDESTINATION');
  });

  it('answers every public address, in order, or the first of the asked family', async () => {
    assert.deepEqual(await lookupOnce(twoPublic, false, { all: true }), {
      err: null,
      address: [{ address: '8.8.4.4', family: 4 }, { address: '2001:4860:4860::8844', family: 6 }],
      family: undefined,
    });
    assert.deepEqual(await lookupOnce(twoPublic, false, { family: 6 }), { err: null, address: '2001:4860:4860::8844', family: 6 });
    assert.deepEqual(await lookupOnce(twoPublic, false, {}), { err: null, address: '8.8.4.4', family: 4 });
  });

  it('filters nothing when private destinations are allowed, and reports an empty family as not found', async () => {
    assert.equal((await lookupOnce(mixed, true, { all: true })).err, null);
    const v4only = names({ 'hooks.example.test': [{ address: '8.8.4.4', family: 4 }] });
    assert.equal((await lookupOnce(v4only, false, { family: 6 })).err?.code, 'ENOTFOUND');
  });
});
