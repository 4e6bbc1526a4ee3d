// Awin's Publisher API transaction list, read over a run's plan (CONTRACT §11), into what the
// publisher import takes as `format: awin`.
//
// The call, as Awin documents it (help.awin.com/apidocs/returns-a-list-of-transactions-for-a-given-publisher,
// help.awin.com/apidocs/api-authentication, help.awin.com/docs/awins-apis-overview):
//   GET {AWIN_API_URL}/publishers/{publisherId}/transactions/?startDate=yyyy-MM-ddThh:mm:ss
//       &endDate=yyyy-MM-ddThh:mm:ss&timezone=UTC&dateType=transaction
//   Authorization: Bearer <token>   (OAuth 2.0 bearer; Awin also lists an `accessToken` query
//   parameter, never used here: a token in a URL ends up in logs)
// at most 31 days between startDate and endDate, 20 calls per minute per user; the answer is a JSON
// array of transactions, with no paging. Optional parameters (advertiserId, status,
// showBasketProducts) are not sent: a run reads every transaction of the account.
//
// Decisions:
// - Times are asked in UTC (`timezone=UTC`), so the import's `timezone` is UTC.
// - `dateType=transaction`: the trailing window re-reads every transaction made in it, in its
//   current state (validated, declined, amended), which is what the import's versions need.
// - endDate is sent as the request's exclusive end: were Awin to read it inclusively, two requests
//   would share one second, and a transaction read twice is kept once (by `id`, the later read).
// - Awin's transaction list has no website filter; with `websiteId` a record is kept when its
//   `siteName` is that name or its `url` (the publisher's site) has that host (case-insensitive).
// - A 429 waits as long as Retry-After says (or a whole budget window when it says nothing) and
//   retries, at most `max429Retries` times and never longer than `maxRetryAfterMs` a wait; beyond
//   either the run fails (`rate_limited`). Other non-2xx answers fail at once (the next run re-reads
//   the whole window anyway).
import { budgetedCall, jsonBody, NetworkApiError, RecordSet, type BudgetedOptions, type NetworkFetch, type Tally } from './network-http.js';
import { awinLimiter, type CallLimiter } from './network-limiter.js';
import type { TimeRange } from './network-window.js';

export interface AwinCredentials {
  /** The user's API token. */
  apiToken: string;
  /** The Awin publisher id (the integration's account_id). */
  publisherId: string;
  /** Only this website's records: its siteName or its host. */
  websiteId?: string | null;
}

export interface AwinFetchOptions extends BudgetedOptions {
  /** AWIN_API_URL: the origin (default https://api.awin.com). */
  baseUrl: string;
  credentials: AwinCredentials;
  /** The plan's requests, each at most 31 days. */
  ranges: readonly TimeRange[];
  /** The publisher currency, for records that carry none. */
  currency?: string;
  /** The token's budget (default: the process's, 20 calls in any 60 s). */
  limiter?: CallLimiter;
}

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A time as Awin's yyyy-MM-ddThh:mm:ss, in UTC. */
export const awinDate = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

/** The transaction list URL of one request. */
export function awinTransactionsUrl(baseUrl: string, publisherId: string, range: TimeRange): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/publishers/${encodeURIComponent(publisherId)}/transactions/`);
  url.searchParams.set('startDate', awinDate(range.from));
  url.searchParams.set('endDate', awinDate(range.to));
  url.searchParams.set('timezone', 'UTC');
  url.searchParams.set('dateType', 'transaction');
  return url.toString();
}

const hostOf = (value: string): string | null => {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).hostname.toLowerCase();
  } catch {
    return null;
  }
};

/** Whether an Awin transaction is of the website: its siteName, or the host of its url, matches. */
export function awinRecordOfWebsite(record: unknown, websiteId: string): boolean {
  if (!isJson(record)) return false;
  const wanted = websiteId.trim().toLowerCase();
  if (typeof record.siteName === 'string' && record.siteName.trim().toLowerCase() === wanted) return true;
  const host = typeof record.url === 'string' ? hostOf(record.url) : null;
  return host !== null && host === hostOf(websiteId.trim());
}

/** One request's transactions, within the token's budget; anything but a JSON array is a `bad_response`. */
async function transactionsOf(opts: AwinFetchOptions, range: TimeRange, tally: Tally): Promise<unknown[]> {
  const { apiToken, publisherId } = opts.credentials;
  const url = awinTransactionsUrl(opts.baseUrl, publisherId, range);
  const what = `GET ${new URL(url).pathname} (${awinDate(range.from)} to ${awinDate(range.to)})`;
  return budgetedCall({
    network: 'awin',
    what,
    token: apiToken,
    limiter: opts.limiter ?? awinLimiter,
    options: opts,
    tally,
    send: (signal) => fetch(url, { headers: { authorization: `Bearer ${apiToken}`, accept: 'application/json' }, signal }),
    read: async (res) => {
      const body = await jsonBody('awin', what, res, apiToken);
      if (!Array.isArray(body)) throw new NetworkApiError('awin', 'bad_response', `Awin answered ${what} with something other than a list of transactions`, res.status);
      return body;
    },
  });
}

/**
 * Reads the transactions of every range of the plan, in order, and gives the report the import
 * takes (`provider: awin, format: awin, timezone: UTC`): Awin's own records, untouched, each once.
 */
export async function fetchAwinTransactions(opts: AwinFetchOptions): Promise<NetworkFetch> {
  if (opts.credentials.apiToken.length === 0) throw new RangeError('the Awin API token is empty');
  if (opts.credentials.publisherId.trim().length === 0) throw new RangeError('the Awin publisher id is empty');
  const tally: Tally = { calls: 0, waitedMs: 0 };
  const websiteId = opts.credentials.websiteId?.trim() || null;
  const found = new RecordSet('id', websiteId === null ? undefined : (record) => awinRecordOfWebsite(record, websiteId));
  for (const range of opts.ranges) found.add(await transactionsOf(opts, range, tally));
  const report = { provider: 'awin' as const, format: 'awin' as const, records: found.records, timezone: 'UTC', ...(opts.currency ? { currency: opts.currency } : {}) };
  return { report, calls: tally.calls, waitedMs: tally.waitedMs };
}
