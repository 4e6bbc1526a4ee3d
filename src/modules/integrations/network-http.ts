// What the Awin and CJ clients share over HTTP (CONTRACT §11): the endpoints as configuration, one
// request with its timeout, the typed error of a failed call, Retry-After, and what a fetch hands to
// the publisher import.
//
// Decisions:
// - Endpoints are configuration: AWIN_API_URL (the origin, default https://api.awin.com) and
//   CJ_API_URL (the whole GraphQL URL, default https://commissions.api.cj.com/query), so tests serve
//   network-shaped answers on loopback.
// - The token travels only in the `Authorization: Bearer` header, never in a URL; an error's message
//   names the network, the method and the path, never the token, and the first 1 KiB of an error body
//   is kept with the token blanked out should the network echo it.
// - Each request has its own timeout (AbortSignal.timeout, default 30 s) joined to the caller's signal:
//   a timeout is a NetworkApiError of kind `timeout`; the caller's own abort is passed through as is.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Provider } from '../../kernel/index.js';
import type { CallLimiter } from './network-limiter.js';

export const DEFAULT_AWIN_API_URL = 'https://api.awin.com';
export const DEFAULT_CJ_API_URL = 'https://commissions.api.cj.com/query';
export const DEFAULT_TIMEOUT_MS = 30_000;
/** How much of an error answer is kept. */
export const BODY_HEAD_BYTES = 1024;
/** At most this many records go to one import (the publisher import refuses more: MAX_RECORDS). */
export const IMPORT_BATCH_RECORDS = 5000;

export type NetworkErrorKind = 'http' | 'timeout' | 'unreachable' | 'bad_response' | 'graphql' | 'rate_limited';

/** A network call that failed: which network, how, the HTTP status and the first 1 KiB of the answer (token blanked). */
export class NetworkApiError extends Error {
  constructor(
    readonly network: Provider,
    readonly kind: NetworkErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly body = '',
  ) {
    super(message);
    this.name = 'NetworkApiError';
  }
}

/** What a fetch hands to the publisher import: `importReport(siteId, report)` takes it as it is (at most 5,000 records a call). */
export interface NetworkReport {
  provider: Provider;
  format: Provider;
  /** The network's own records, untouched. */
  records: unknown[];
  currency?: string;
  timezone?: string;
}

/** A fetch's report and what it cost: calls made (429s included) and the time spent waiting on rate limits. */
export interface NetworkFetch {
  report: NetworkReport;
  calls: number;
  waitedMs: number;
}

/** The endpoints from the environment (AWIN_API_URL, CJ_API_URL); a value that is not an http(s) URL is an error naming the variable. */
export function networkEndpoints(env: Readonly<Record<string, string | undefined>>): { awinApiUrl: string; cjApiUrl: string } {
  const read = (name: string, fallback: string): string => {
    const value = env[name]?.trim() || fallback;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${name} must be an http(s) URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL`);
    return value;
  };
  return { awinApiUrl: read('AWIN_API_URL', DEFAULT_AWIN_API_URL).replace(/\/+$/, ''), cjApiUrl: read('CJ_API_URL', DEFAULT_CJ_API_URL) };
}

/**
 * The records of a fetch, each once by the network's id (a record read twice keeps its place and
 * takes the later read), those `keep` refuses left out; a record without an id is kept (the import
 * refuses it alone, naming the missing field).
 */
export class RecordSet {
  private readonly byId = new Map<string, unknown>();
  private readonly anonymous: unknown[] = [];

  constructor(
    private readonly idField: string,
    private readonly keep: (record: unknown) => boolean = () => true,
  ) {}

  add(records: readonly unknown[]): void {
    for (const record of records) {
      if (!this.keep(record)) continue;
      const id = typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>)[this.idField] : undefined;
      if (typeof id === 'string' || typeof id === 'number') this.byId.set(String(id), record);
      else this.anonymous.push(record);
    }
  }

  get records(): unknown[] {
    return [...this.byId.values(), ...this.anonymous];
  }
}

/** Splits a report into reports the import accepts whole (at most `max` records each); none for an empty report (the import refuses empty sets). */
export function importBatches(report: NetworkReport, max = IMPORT_BATCH_RECORDS): NetworkReport[] {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  const out: NetworkReport[] = [];
  for (let i = 0; i < report.records.length; i += max) out.push({ ...report, records: report.records.slice(i, i + max) });
  return out;
}

/** `text` with every occurrence of `secret` blanked out. */
export function redact(text: string, secret: string): string {
  return secret.length === 0 ? text : text.split(secret).join('[redacted]');
}

/** Retry-After in milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The longest a 429's Retry-After is waited for before the run gives up (`rate_limited`). */
export const MAX_RETRY_AFTER_MS = 120_000;

/** How long a 429 asks to wait (`fallbackMs` when it does not say), or null when longer than `capMs`. */
export function rateLimitWait(header: string | null, fallbackMs: number, capMs = MAX_RETRY_AFTER_MS): number | null {
  const ms = retryAfterMs(header) ?? fallbackMs;
  return ms > capMs ? null : ms;
}

/** The first `limit` bytes of an answer's body as text, reading no further. */
export async function bodyHead(res: Response, limit = BODY_HEAD_BYTES): Promise<string> {
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

const NETWORK_NAMES: Record<Provider, string> = { awin: 'Awin', cj: 'CJ' };

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

const isNamedError = (err: unknown, name: string): boolean => typeof err === 'object' && err !== null && 'name' in err && err.name === name;

/** Runs `work` (a fetch and the reading of its body) under the request's timeout; failures of the transport become NetworkApiErrors. */
export async function withTimeout<T>(network: Provider, what: string, options: CallOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await work(signal);
  } catch (err) {
    if (err instanceof NetworkApiError) throw err;
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    if (timeout.aborted || isNamedError(err, 'TimeoutError')) throw new NetworkApiError(network, 'timeout', `${NETWORK_NAMES[network]} did not answer ${what} within ${timeoutMs} ms`);
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new NetworkApiError(network, 'unreachable', `${NETWORK_NAMES[network]} could not be reached for ${what}${cause}`);
  }
}

/** The typed error of a non-2xx answer: its status and the first 1 KiB of its body, the token blanked. */
export async function httpError(network: Provider, what: string, res: Response, secret: string): Promise<NetworkApiError> {
  const body = redact(await bodyHead(res).catch(() => ''), secret);
  return new NetworkApiError(network, 'http', `${NETWORK_NAMES[network]} answered ${res.status} to ${what}`, res.status, body);
}

/** The JSON of a 2xx answer, or a `bad_response` error with the first 1 KiB of what came instead. */
export async function jsonBody(network: Provider, what: string, res: Response, secret: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const head = redact(Buffer.from(text).subarray(0, BODY_HEAD_BYTES).toString('utf8'), secret);
    throw new NetworkApiError(network, 'bad_response', `${NETWORK_NAMES[network]} answered ${what} with something other than JSON`, res.status, head);
  }
}

export const networkName = (network: Provider): string => NETWORK_NAMES[network];

/** The calls a fetch made (429s included) and the time it spent waiting on rate limits. */
export interface Tally {
  calls: number;
  waitedMs: number;
}

export interface BudgetedOptions extends CallOptions {
  /** How many 429s in a row one request may get before the run fails (default 5). */
  max429Retries?: number;
  /** The longest Retry-After waited for (default 120 s). */
  maxRetryAfterMs?: number;
}

export interface BudgetedCall<T> {
  network: Provider;
  /** The call as errors name it ("GET /publishers/1/transactions/"): never the token. */
  what: string;
  token: string;
  limiter: CallLimiter;
  options: BudgetedOptions;
  tally: Tally;
  send: (signal: AbortSignal) => Promise<Response>;
  /** Reads a 2xx answer (under the request's timeout). */
  read: (res: Response) => Promise<T>;
}

/**
 * One request within the token's budget: waits for a slot, sends, and on 429 waits as Retry-After
 * says (a whole budget window when it says nothing) and sends again, at most `max429Retries` times
 * and never for longer than `maxRetryAfterMs` a wait (else `rate_limited`). Any other non-2xx answer
 * is a NetworkApiError at once.
 */
export async function budgetedCall<T>(call: BudgetedCall<T>): Promise<T> {
  const { network, what, token, options, tally } = call;
  for (let attempt = 0; ; attempt += 1) {
    tally.waitedMs += await call.limiter.acquire(token, options.signal);
    tally.calls += 1;
    const answer = await withTimeout(network, what, options, async (signal) => {
      const res = await call.send(signal);
      if (res.status === 429) return { limited: true as const, retryAfter: res.headers.get('retry-after'), error: await httpError(network, what, res, token) };
      if (!res.ok) throw await httpError(network, what, res, token);
      return { limited: false as const, value: await call.read(res) };
    });
    if (!answer.limited) return answer.value;
    const waitMs = rateLimitWait(answer.retryAfter, call.limiter.budget.perMs, options.maxRetryAfterMs);
    if (waitMs === null || attempt >= (options.max429Retries ?? 5)) {
      throw new NetworkApiError(network, 'rate_limited', `${NETWORK_NAMES[network]} kept refusing ${what} for its rate limit (429)`, 429, answer.error.body);
    }
    await sleep(waitMs, undefined, { signal: options.signal });
    tally.waitedMs += waitMs;
  }
}
