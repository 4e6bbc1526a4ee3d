// Sending one outbound request (a webhook delivery attempt, CONTRACT §11) without reaching private
// networks: the address check is made on the address the socket actually connects to, not on the
// host name, so a name that resolves (or re-resolves, DNS rebinding) to a private address is refused.
//
// Decisions:
// - node:http/https with a `lookup` function rather than fetch: Node's fetch (undici) takes a
//   dispatcher only from the `undici` package, which is not a dependency. The socket connects to
//   exactly what `lookup` hands back, so filtering there is the check "on the address actually
//   connected to". A literal IP host skips `lookup` in node:net, so literals (and the scheme, and
//   credentials) are checked first with destination-rules.ts, before any connection.
// - Every resolved address is checked, and if any one is not public the whole destination is refused
//   (`blocked`), before connecting anywhere: a name that mixes public and private answers is either
//   misconfigured or an attack, and refusing it whole is deterministic (connecting to the public subset
//   would depend on answer order and family). Scoped IPv6 answers (fe80::1%eth0) are link-local, so
//   refused. With `allowPrivate` (ALLOW_PRIVATE_WEBHOOKS=1) nothing is filtered and http is allowed.
// - Own agents, without keep-alive: a pooled socket from a shared agent could have been opened
//   without this lookup, and no proxy is ever used (a proxy would be the address checked).
// - Redirects are not followed: a 3xx is the answer, returned as its status.
// - One deadline per attempt (default 10 s) covers resolution, connection, TLS, the request and reading
//   the response. Once the status has arrived it is the receiver's answer: a body that stalls, fails or
//   exceeds the limit ends reading with what was read. At most `maxResponseBytes` (default 1,024) are
//   kept, decoded as UTF-8 without a trailing incomplete character; the stream is then destroyed.
// - Network faults never throw: the result says what happened (`kind`), with a short message.
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isPublicAddress, type AddressClass } from './address-class.js';
import { checkDestinationUrl, hostOf, type DestinationRefusal } from './destination-rules.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; injectable so tests can point names at loopback. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface OutboundSenderOptions {
  /** ALLOW_PRIVATE_WEBHOOKS=1: any address, and http as well as https. */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
  lookup?: Resolver;
}

export interface OutboundRequest {
  url: string;
  method?: 'POST';
  headers: Readonly<Record<string, string>>;
  body: string | Uint8Array;
}

export type SendErrorKind = 'timeout' | 'dns' | 'connection' | 'tls' | 'protocol' | 'invalid_request';

export type SendResult =
  | { kind: 'response'; status: number; bodyPrefix: string; truncated: boolean }
  | { kind: 'blocked'; blocked: true; address: string | null; reason: DestinationRefusal; addressClass?: AddressClass }
  | { kind: 'error'; error: SendErrorKind; message: string };

export interface OutboundSender {
  send(request: OutboundRequest): Promise<SendResult>;
}

/** What the guarded lookup fails with when a name resolves to an address that is not public. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDDESTINATION';
  constructor(
    readonly address: string,
    readonly addressClass: AddressClass,
  ) {
    super(`Destination resolves to a ${addressClass.replace(/_/g, ' ')} address`);
  }
}

const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND', hostname });
}

const wantedFamily = (family: number | string | undefined): 0 | 4 | 6 =>
  family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;

/** A node:net lookup that resolves with `resolve` and refuses when any answer is not public. */
export function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const refused = allowPrivate ? undefined : answers.find((a) => !isPublicAddress(a.address));
        if (refused !== undefined) return callback(new BlockedAddressError(refused.address, classifyAddress(refused.address)), '', 0);
        const family = wantedFamily(options.family);
        const usable = family === 0 ? answers : answers.filter((a) => a.family === family);
        const first = usable[0];
        if (first === undefined) return callback(notFound(hostname), '', 0);
        if (options.all === true) return callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
        return callback(null, first.address, first.family);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), '', 0),
    );
  };
}

const codeOf = (err: Error): string => {
  const code = (err as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : '';
};

/** The result for an error raised before a response arrived. */
export function failureOf(err: Error): SendResult {
  if (err instanceof BlockedAddressError) {
    return { kind: 'blocked', blocked: true, address: err.address, reason: 'address_not_public', addressClass: err.addressClass };
  }
  const code = codeOf(err);
  // An AggregateError (every address of a name failed) can have an empty message.
  const message = (err.message || code || 'Connection failed').slice(0, 200);
  if (/^(ENOTFOUND|EAI_)/.test(code)) return { kind: 'error', error: 'dns', message };
  if (/CERT|SSL|TLS/.test(code)) return { kind: 'error', error: 'tls', message };
  if (code.startsWith('HPE_')) return { kind: 'error', error: 'protocol', message };
  return { kind: 'error', error: 'connection', message: code === '' || message.includes(code) ? message : `${code}: ${message}` };
}

/** The first `limit` bytes as text, without a trailing incomplete UTF-8 sequence. */
function prefixText(chunks: readonly Buffer[], limit: number): string {
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks).subarray(0, limit), { stream: true });
}

interface Attempt {
  url: URL;
  request: OutboundRequest;
  lookup: LookupFunction;
  agent: http.Agent;
  timeoutMs: number;
  maxBytes: number;
}

function startRequest(a: Attempt): http.ClientRequest {
  const transport = a.url.protocol === 'https:' ? https : http;
  const body = typeof a.request.body === 'string' ? Buffer.from(a.request.body) : a.request.body;
  const req = transport.request({
    hostname: hostOf(a.url),
    port: a.url.port === '' ? undefined : Number(a.url.port),
    path: `${a.url.pathname}${a.url.search}`,
    method: a.request.method ?? 'POST',
    headers: { ...a.request.headers, 'content-length': String(body.byteLength) },
    agent: a.agent,
    lookup: a.lookup,
  });
  req.end(body);
  return req;
}

/** One attempt: resolves with its result, whatever happens. */
function attempt(a: Attempt): Promise<SendResult> {
  return new Promise((resolve) => {
    let req: http.ClientRequest | undefined;
    let status: number | undefined;
    const chunks: Buffer[] = [];
    let received = 0;
    const response = (): SendResult => ({ kind: 'response', status: status ?? 0, bodyPrefix: prefixText(chunks, a.maxBytes), truncated: received > a.maxBytes });
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req?.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish(status === undefined ? { kind: 'error', error: 'timeout', message: `No answer within ${a.timeoutMs} ms` } : response());
    }, a.timeoutMs);
    try {
      req = startRequest(a);
    } catch (err) {
      finish({ kind: 'error', error: 'invalid_request', message: err instanceof Error ? err.message : String(err) });
      return;
    }
    req.on('error', (err) => finish(status === undefined ? failureOf(err) : response()));
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => {
        if (received <= a.maxBytes) chunks.push(chunk);
        received += chunk.byteLength;
        if (received > a.maxBytes) finish(response());
      });
      res.on('end', () => finish(response()));
      res.on('close', () => finish(response()));
      res.on('error', () => finish(response()));
    });
  });
}

/** A sender of outbound requests that only reaches public addresses unless `allowPrivate`. */
export function createOutboundSender(options: OutboundSenderOptions): OutboundSender {
  const { allowPrivate, timeoutMs = 10_000, maxResponseBytes = 1024 } = options;
  const lookup = guardedLookup(options.lookup ?? systemResolver, allowPrivate);
  const agents = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };
  return {
    async send(request) {
      const checked = checkDestinationUrl(request.url, allowPrivate);
      if (!checked.ok) {
        const { reason, addressClass } = checked;
        // Refused before any connection: the scheme, credentials, localhost, or a literal address.
        if (addressClass === undefined) return { kind: 'blocked', blocked: true, address: null, reason };
        return { kind: 'blocked', blocked: true, address: hostOf(new URL(request.url)), reason, addressClass };
      }
      const agent = checked.url.protocol === 'https:' ? agents.https : agents.http;
      return attempt({ url: checked.url, request, lookup, agent, timeoutMs, maxBytes: maxResponseBytes });
    },
  };
}
