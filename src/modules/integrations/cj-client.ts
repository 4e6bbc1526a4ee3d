// CJ's Commission Detail API, read over a run's plan (CONTRACT §11), into what the publisher import
// takes as `format: cj`.
//
// The call, as CJ documents it (docs.cj.com/docs/graphql-api and the API's published schema):
//   POST {CJ_API_URL}   (https://commissions.api.cj.com/query)
//   Authorization: Bearer <personal access token>
//   { publisherCommissions(forPublishers: ["<company id>"], sincePostingDate: "…Z",
//       beforePostingDate: "…Z", sinceCommissionId: "…", websiteIds: ["…"]) {
//       count limit maxCommissionId payloadComplete records { … } } }
// sincePostingDate is inclusive (>=), beforePostingDate exclusive (<), both ISO 8601 in UTC. A page
// that is not the last says `payloadComplete: false`; its `maxCommissionId` is the next call's
// `sinceCommissionId`, with the same other arguments, until `payloadComplete` is true.
//
// Decisions:
// - The window is read by posting date: a correction is a new record with its own posting date, so a
//   trailing window of posting dates holds every new record and every correction since its start.
// - The plan's requests (at most 31 days) are kept for CJ too: CJ's GraphQL documentation names no
//   longest range, its older REST service allowed 31 days, and shorter ranges cost nothing.
// - The query asks for every field the import reads (docs/publisher-report-formats.md), original and
//   originalActionId included (without them a correction cannot be tied to its order), and is sent
//   with GraphQL variables, so no value is ever spliced into the query text.
// - `websiteId` is sent as `websiteIds` and checked again on each record's `websiteId`.
// - A GraphQL error answer (`errors`, no data) is a NetworkApiError of kind `graphql` with CJ's first
//   message; a page that claims more but gives no new cursor is a `bad_response` (never a loop).
// - Records are CJ's own, untouched, each once (by commissionId, the later read winning); the report
//   carries the publisher currency (the import needs it for `…PubCurrency` amounts).
import { budgetedCall, jsonBody, NetworkApiError, RecordSet, redact, type BudgetedOptions, type NetworkFetch, type Tally } from './network-http.js';
import { cjLimiter, type CallLimiter } from './network-limiter.js';
import type { TimeRange } from './network-window.js';

export interface CjCredentials {
  /** The personal access token. */
  apiToken: string;
  /** The publisher company id (CID; the integration's account_id). */
  companyId: string;
  /** Only this website's records (CJ websiteId, the PID). */
  websiteId?: string | null;
}

export interface CjFetchOptions extends BudgetedOptions {
  /** CJ_API_URL: the whole GraphQL URL (default https://commissions.api.cj.com/query). */
  url: string;
  credentials: CjCredentials;
  /** The plan's requests. */
  ranges: readonly TimeRange[];
  /** The publisher currency (required for CJ: it is the currency of …PubCurrency amounts). */
  currency: string;
  /** The token's budget (default: the process's CJ budget). */
  limiter?: CallLimiter;
  /** At most this many pages a range (default 1,000) before the run fails. */
  maxPages?: number;
}

/** The fields of a PublisherCommission the import reads, and a few kept for people reading the records. */
export const CJ_RECORD_FIELDS = [
  'commissionId',
  'originalActionId',
  'original',
  'actionStatus',
  'actionType',
  'actionTrackerName',
  'advertiserId',
  'advertiserName',
  'eventDate',
  'postingDate',
  'lockingDate',
  'correctionReason',
  'orderId',
  'shopperId',
  'websiteId',
  'websiteName',
  'pubCommissionAmountPubCurrency',
  'pubCommissionAmountUsd',
  'saleAmountPubCurrency',
  'saleAmountUsd',
] as const;

export const CJ_COMMISSIONS_QUERY = `query PublisherCommissions($forPublishers: [String!]!, $sincePostingDate: String, $beforePostingDate: String, $sinceCommissionId: String, $websiteIds: [String!]) {
  publisherCommissions(forPublishers: $forPublishers, sincePostingDate: $sincePostingDate, beforePostingDate: $beforePostingDate, sinceCommissionId: $sinceCommissionId, websiteIds: $websiteIds) {
    count
    limit
    maxCommissionId
    payloadComplete
    records { ${CJ_RECORD_FIELDS.join(' ')} }
  }
}`;

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A time as CJ's UTC ISO 8601 (1999-12-31T11:59:59Z). */
export const cjDate = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** The variables of one page's query. */
export function cjVariables(credentials: CjCredentials, range: TimeRange, sinceCommissionId: string | null): Json {
  const websiteId = credentials.websiteId?.trim() || null;
  return {
    forPublishers: [credentials.companyId],
    sincePostingDate: cjDate(range.from),
    beforePostingDate: cjDate(range.to),
    ...(sinceCommissionId !== null ? { sinceCommissionId } : {}),
    ...(websiteId !== null ? { websiteIds: [websiteId] } : {}),
  };
}

interface CjPage {
  records: unknown[];
  payloadComplete: boolean;
  maxCommissionId: string | null;
}

/** The page in a GraphQL answer, or the error it is. */
function pageOf(body: unknown, what: string, token: string): CjPage {
  const data = isJson(body) ? body.data : undefined;
  const page = isJson(data) ? data.publisherCommissions : undefined;
  if (isJson(body) && Array.isArray(body.errors) && body.errors.length > 0 && !isJson(page)) {
    const first: unknown = body.errors[0];
    const message = isJson(first) && typeof first.message === 'string' ? redact(first.message, token).slice(0, 200) : 'unnamed error';
    throw new NetworkApiError('cj', 'graphql', `CJ answered ${what} with a GraphQL error: ${message}`, 200, redact(JSON.stringify(body.errors), token).slice(0, 1024));
  }
  if (!isJson(page) || !Array.isArray(page.records) || typeof page.payloadComplete !== 'boolean') {
    throw new NetworkApiError('cj', 'bad_response', `CJ answered ${what} without publisherCommissions { records payloadComplete }`, 200);
  }
  const max = page.maxCommissionId;
  return { records: page.records, payloadComplete: page.payloadComplete, maxCommissionId: typeof max === 'string' || typeof max === 'number' ? String(max) : null };
}

/** Every page of one range, following maxCommissionId until payloadComplete. */
async function commissionsOf(opts: CjFetchOptions, range: TimeRange, tally: Tally): Promise<unknown[]> {
  const { apiToken } = opts.credentials;
  const records: unknown[] = [];
  let since: string | null = null;
  for (let page = 1; ; page += 1) {
    const what = `POST ${new URL(opts.url).pathname} publisherCommissions (${cjDate(range.from)} to ${cjDate(range.to)}, page ${page})`;
    const body: string = JSON.stringify({ query: CJ_COMMISSIONS_QUERY, variables: cjVariables(opts.credentials, range, since) });
    const answer: CjPage = await budgetedCall<CjPage>({
      network: 'cj',
      what,
      token: apiToken,
      limiter: opts.limiter ?? cjLimiter,
      options: opts,
      tally,
      send: (signal) => fetch(opts.url, { method: 'POST', headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json', accept: 'application/json' }, body, signal }),
      read: async (res) => pageOf(await jsonBody('cj', what, res, apiToken), what, apiToken),
    });
    records.push(...answer.records);
    if (answer.payloadComplete) return records;
    if (answer.maxCommissionId === null || answer.maxCommissionId === since) {
      throw new NetworkApiError('cj', 'bad_response', `CJ answered ${what} with more to come (payloadComplete: false) but no new maxCommissionId`, 200);
    }
    if (page >= (opts.maxPages ?? 1000)) throw new NetworkApiError('cj', 'bad_response', `CJ kept paging past ${page} pages for ${cjDate(range.from)} to ${cjDate(range.to)}`, 200);
    since = answer.maxCommissionId;
  }
}

/** Whether a CJ record is of the website (its websiteId). */
export function cjRecordOfWebsite(record: unknown, websiteId: string): boolean {
  if (!isJson(record)) return false;
  const id = record.websiteId;
  return (typeof id === 'string' || typeof id === 'number') && String(id).trim() === websiteId.trim();
}

/**
 * Reads the commissions of every range of the plan, every page of each, and gives the report the
 * import takes (`provider: cj, format: cj, currency`): CJ's own records, untouched, each once.
 */
export async function fetchCjCommissions(opts: CjFetchOptions): Promise<NetworkFetch> {
  if (opts.credentials.apiToken.length === 0) throw new RangeError('the CJ personal access token is empty');
  if (opts.credentials.companyId.trim().length === 0) throw new RangeError('the CJ company id is empty');
  if (opts.currency.trim().length === 0) throw new RangeError('a CJ integration needs the publisher currency');
  const tally: Tally = { calls: 0, waitedMs: 0 };
  const websiteId = opts.credentials.websiteId?.trim() || null;
  const found = new RecordSet('commissionId', websiteId === null ? undefined : (record) => cjRecordOfWebsite(record, websiteId));
  for (const range of opts.ranges) found.add(await commissionsOf(opts, range, tally));
  return { report: { provider: 'cj', format: 'cj', records: found.records, currency: opts.currency }, calls: tally.calls, waitedMs: tally.waitedMs };
}
