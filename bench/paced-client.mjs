// An open-loop paced HTTP/1.1 load generator for the benchmarks' half-load figures (bench/lib.ts
// pacedLoad runs it as a process of its own). Request k is due at start + k / rate, whatever came
// back before it; its latency counts from that due time (so a stall of the server counts for every
// request that waited behind it: no coordinated omission). Plain sockets and prebuilt request
// bytes, so the generator costs a few microseconds a request and leaves the cores to the servers;
// the node:http client it replaces cost tens of microseconds a request and added its own garbage
// collector's pauses to the figures.
//
// Options: one JSON document on stdin { url, method, headers, body, paths, rate, seconds, connections,
// timelineMs }.
// "[<id>]" in the body becomes an id unique to the request; paths (with their query) are taken in
// turn from a random start. Prints one JSON line: { sent, done, non2xx, status, failed, unanswered,
// dropped, p50, p90, p99, p999, max } (ms; non2xx = status + failed + unanswered).
import net from 'node:net';
import { randomBytes } from 'node:crypto';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const o = JSON.parse(input);
const target = new URL(o.url);
const method = o.method ?? 'POST';
const paths = o.paths?.length ? o.paths : [`${target.pathname}${target.search}`];
const total = Math.round(o.rate * o.seconds);
const prefix = randomBytes(6).toString('hex');
const headerLines = Object.entries({ host: target.host, connection: 'keep-alive', ...o.headers })
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join('');
let pathIndex = Math.floor(Math.random() * paths.length);

function requestBytes(k) {
  const path = paths[pathIndex++ % paths.length];
  if (o.body === undefined || o.body === null) return Buffer.from(`${method} ${path} HTTP/1.1\r\n${headerLines}\r\n`);
  const body = Buffer.from(o.body.replaceAll('[<id>]', `${prefix}-${k}`));
  return Buffer.concat([Buffer.from(`${method} ${path} HTTP/1.1\r\n${headerLines}content-length: ${body.length}\r\n\r\n`), body]);
}

const latencies = new Float64Array(total);
// With `timelineMs`: the slowest answer of the requests due in each interval of that many ms, to
// see when a tail happened (the output's `timeline`: [due from start ms, requests, max ms][]).
const slowest = o.timelineMs ? new Float64Array(Math.ceil((o.seconds * 1000) / o.timelineMs) + 1) : undefined;
const dueCount = slowest && new Uint32Array(slowest.length);
function record(due, ms) {
  latencies[done++] = ms;
  if (!slowest) return;
  const b = Math.min(slowest.length - 1, Math.floor((due - start) / o.timelineMs));
  dueCount[b] += 1;
  if (ms > slowest[b]) slowest[b] = ms;
}
let done = 0;
let non2xx = 0; // answered, not 2xx
let failed = 0; // in flight on a lost connection
let dropped = 0; // connections lost
let next = 0;
const queue = []; // due times of requests waiting for a free connection
const idle = [];
const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: one request at a time; the answer's end found by Content-Length or the last chunk. */
function connection() {
  const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  let due = 0;
  let buffered = Buffer.alloc(0);
  let status = 0;
  let bodyStart = -1;
  let length = -1;
  let chunked = false;
  const self = {
    send(k, dueAt) {
      due = dueAt;
      socket.write(requestBytes(k));
    },
  };
  const finish = () => {
    record(due, performance.now() - due);
    due = 0;
    if (status < 200 || status >= 300) non2xx += 1;
    buffered = buffered.subarray(chunked ? buffered.indexOf('0\r\n\r\n', bodyStart) + 5 : bodyStart + length);
    bodyStart = -1;
    release(self);
  };
  socket.on('data', (data) => {
    buffered = buffered.length === 0 ? data : Buffer.concat([buffered, data]);
    if (bodyStart < 0) {
      const end = buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString('latin1');
      status = Number(head.slice(9, 12));
      const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      length = m ? Number(m[1]) : -1;
      chunked = !m && /\r\ntransfer-encoding:\s*chunked/i.test(head);
      bodyStart = end + 4;
    }
    if (chunked ? buffered.indexOf('0\r\n\r\n', bodyStart) >= 0 : buffered.length >= bodyStart + length) finish();
  });
  // A connection lost (an error, or the server closing it): its request in flight counts as a
  // failure, and a new connection takes its place, so the rate holds.
  let lost = false;
  const lose = () => {
    if (lost) return;
    lost = true;
    dropped += 1;
    if (due > 0) {
      failed += 1;
      record(due, performance.now() - due);
    }
    const at = idle.indexOf(self);
    if (at >= 0) idle.splice(at, 1);
    if (connected) connections.push(connection());
  };
  let connected = false;
  socket.on('error', lose);
  socket.on('close', lose);
  socket.on('connect', () => {
    connected = true;
    release(self);
  });
  return self;
}

let start = 0;
function release(c) {
  const waiting = queue.shift();
  if (waiting === undefined) idle.push(c);
  else c.send(waiting.k, waiting.due);
}

function tick() {
  const now = performance.now();
  while (next < total && start + (next * 1000) / o.rate <= now) {
    const due = start + (next * 1000) / o.rate;
    const c = idle.pop();
    if (c) c.send(next, due);
    else queue.push({ k: next, due });
    next += 1;
  }
  if (next < total) setTimeout(tick, 1);
}

const connections = Array.from({ length: o.connections ?? 64 }, () => connection());
await new Promise((resolve) => {
  const ready = setInterval(() => {
    if (idle.length === connections.length) {
      clearInterval(ready);
      resolve();
    }
  }, 5);
});
start = performance.now();
tick();
const deadline = performance.now() + o.seconds * 1000 + 30_000;
await new Promise((resolve) => {
  const check = setInterval(() => {
    if (done >= total || performance.now() > deadline) {
      clearInterval(check);
      resolve();
    }
  }, 20);
});
const sorted = latencies.subarray(0, done).sort();
const at = (q) => Number((sorted[Math.min(done - 1, Math.floor(q * done))] ?? 0).toFixed(2));
// non2xx counts every request not answered 2xx: answered otherwise (status), lost with its
// connection (failed) or still unanswered 30 s after the last was due (unanswered).
const counts = { status: non2xx, failed, unanswered: total - done, dropped };
process.stdout.write(`${JSON.stringify({ sent: total, done, non2xx: non2xx + failed + (total - done), ...counts, p50: at(0.5), p90: at(0.9), p99: at(0.99), p999: at(0.999), max: at(1), ...(slowest ? { timeline: Array.from(slowest, (ms, b) => [b * o.timelineMs, dueCount[b], Number(ms.toFixed(1))]) } : {}) })}\n`);
process.exit(0);
