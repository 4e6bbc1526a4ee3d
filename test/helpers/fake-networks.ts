// Fake Awin and CJ APIs for tests: one node:http server on 127.0.0.1:0 answering Awin's publisher
// transaction list and CJ's Commission Detail GraphQL in their documented shapes, written here after
// the networks' documentation (nothing recorded from the real services):
// - Awin (help.awin.com/apidocs/returns-a-list-of-transactions-for-a-given-publisher): GET
//   /publishers/{publisherId}/transactions/?startDate&endDate (yyyy-MM-ddThh:mm:ss, at most 31
//   days apart, else 400)&timezone&dateType=transaction; `Authorization: Bearer` (401 otherwise;
//   403 for another publisher); a JSON array of transactions whose transactionDate is in
//   [startDate, endDate] (times read as UTC, the only zone the clients ask for).
// - CJ (docs.cj.com/docs/graphql-api): POST /query with { query, variables }; `Authorization:
//   Bearer` (401 otherwise); publisherCommissions(forPublishers, sincePostingDate (>=),
//   beforePostingDate (<), sinceCommissionId (>), websiteIds) paged `pageSize` records at a time by
//   ascending commissionId, with count, limit, maxCommissionId and payloadComplete; only the record
//   fields the query selects are answered (as a GraphQL server does); a company the token may not
//   read is a GraphQL error answer.
// A test can make either answer 429 (with Retry-After), 500 (whose body echoes the token, to prove
// the clients blank it) or slowly, a number of times; read every call; and amend records between
// calls (or from `afterCall`, between the calls of one fetch).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
export type FakeNetwork = 'awin' | 'cj';

export interface RecordedCall {
  network: FakeNetwork;
  /** Date.now() when the request arrived. */
  at: number;
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  /** CJ: the GraphQL variables (and the query text). */
  variables?: Json;
  graphql?: string;
  status: number;
}

export interface FakeAnswer {
  status: number;
  retryAfter?: string;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

export interface FakeNetworks {
  awinUrl: string;
  cjUrl: string;
  awin: { token: string; publisherId: string; transactions: Json[] };
  cj: { token: string; companyId: string; commissions: Json[]; pageSize: number };
  calls: RecordedCall[];
  /** The next `count` calls to `network` get this answer instead. */
  failNext(network: FakeNetwork, count: number, answer: FakeAnswer): void;
  /** Changes a stored record (Awin by id, CJ by commissionId). */
  amend(network: FakeNetwork, id: string | number, patch: Json): void;
  /** Called after each answer is sent. */
  afterCall: ((call: RecordedCall) => void) | null;
  close(): Promise<void>;
}

/** A transaction as Awin's transaction list documents it (amounts as JSON numbers, local times without offset). */
export function awinTransaction(o: Json = {}): Json {
  return {
    id: 259630312,
    url: 'http://www.publisher.com',
    advertiserId: 7052,
    advertiserName: 'Example Shop',
    publisherId: 189069,
    commissionSharingPublisherId: null,
    siteName: 'Publisher',
    commissionStatus: 'pending',
    commissionAmount: { amount: 5.59, currency: 'GBP' },
    saleAmount: { amount: 55.96, currency: 'GBP' },
    ipHash: '-5967007553950626000',
    customerCountry: 'GB',
    clickRefs: { clickRef: 'AbCdEf0123456789', clickRef2: 'homepage', clickRef3: null },
    clickDate: '2024-05-01T09:58:00',
    transactionDate: '2024-05-01T10:04:00',
    validationDate: null,
    type: 'Commission group transaction',
    declineReason: null,
    voucherCodeUsed: false,
    voucherCode: null,
    lapseTime: 360,
    amended: false,
    amendReason: null,
    oldSaleAmount: null,
    oldCommissionAmount: null,
    clickDevice: 'Windows',
    transactionDevice: 'Windows',
    publisherUrl: null,
    advertiserCountry: 'GB',
    orderRef: 'ORDER-1',
    customParameters: [],
    transactionParts: [{ commissionGroupId: 12345, amount: 55.96, commissionAmount: 5.59, commissionGroupCode: 'DEFAULT', commissionGroupName: 'Default Commission' }],
    paidToPublisher: false,
    paymentId: 0,
    transactionQueryId: 0,
    originalSaleAmount: null,
    ...o,
  };
}

/** A PublisherCommission as CJ's Commission Detail schema has it (DecimalNumber as strings, Instants in UTC). */
export function cjCommission(o: Json = {}): Json {
  return {
    commissionId: '3009474853',
    originalActionId: '3009474853',
    original: true,
    actionStatus: 'new',
    actionType: 'sim_sale',
    actionTrackerId: '391234',
    actionTrackerName: 'Online Sale',
    advertiserId: '5535819',
    advertiserName: 'Example Store',
    aid: '13956789',
    clickDate: '2024-05-01T09:50:00Z',
    eventDate: '2024-05-01T10:00:00Z',
    postingDate: '2024-05-01T11:00:00Z',
    lockingDate: '2024-06-11T09:00:00Z',
    correctionReason: null,
    orderId: 'ORD-1',
    shopperId: 'QwErTy0123456789',
    websiteId: '100200300',
    websiteName: 'Donuts and Denim',
    pubCommissionAmountPubCurrency: '7.781',
    pubCommissionAmountUsd: '8.45',
    saleAmountPubCurrency: '77.81',
    saleAmountUsd: '84.5',
    country: 'US',
    items: [],
    ...o,
  };
}

const AWIN_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const awinTime = (s: string): number => Date.parse(`${s}Z`);
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Awin's transaction list for one request, or the status that refuses it. */
function answerAwin(state: FakeNetworks['awin'], call: RecordedCall): { status: number; body: unknown } {
  const m = /^\/publishers\/([^/]+)\/transactions\/$/.exec(call.path);
  if (call.method !== 'GET' || !m) return { status: 404, body: { error: 'not found' } };
  if (call.authorization !== `Bearer ${state.token}`) return { status: 401, body: { error: 'unauthorized', description: 'Full authentication is required' } };
  if (decodeURIComponent(m[1]!) !== state.publisherId) return { status: 403, body: { error: 'forbidden' } };
  const { startDate = '', endDate = '', dateType = 'transaction' } = call.query;
  if (!AWIN_DATE.test(startDate) || !AWIN_DATE.test(endDate)) return { status: 400, body: { error: 'startDate and endDate must be yyyy-MM-ddThh:mm:ss' } };
  const from = awinTime(startDate);
  const to = awinTime(endDate);
  if (to < from || to - from > 31 * 86_400_000) return { status: 400, body: { error: 'the maximum date range between startDate and endDate is 31 days' } };
  if (dateType !== 'transaction') return { status: 400, body: { error: 'only dateType=transaction is faked' } };
  const inRange = state.transactions.filter((t) => {
    const at = awinTime(String(t.transactionDate));
    return at >= from && at <= to;
  });
  return { status: 200, body: inRange.map((t) => structuredClone(t)) };
}

/** The names selected in `records { … }` of a GraphQL query (a flat selection). */
function selectedFields(query: string): string[] | null {
  const m = /records\s*\{([^{}]*)\}/.exec(query);
  return m ? m[1]!.split(/[\s,]+/).filter((f) => f.length > 0) : null;
}

const idNumber = (v: unknown): bigint => BigInt(String(v));

/** One page of CJ's publisherCommissions, or a GraphQL error answer. */
function answerCj(state: FakeNetworks['cj'], call: RecordedCall): { status: number; body: unknown } {
  if (call.method !== 'POST' || call.path !== '/query') return { status: 404, body: { error: 'not found' } };
  if (call.authorization !== `Bearer ${state.token}`) return { status: 401, body: { errors: [{ message: 'Not authorized' }] } };
  const v = call.variables ?? {};
  const query = call.graphql ?? '';
  const fields = selectedFields(query);
  if (!query.includes('publisherCommissions') || fields === null) return { status: 200, body: { errors: [{ message: 'Cannot query: publisherCommissions { records { … } } is required' }] } };
  const publishers = Array.isArray(v.forPublishers) ? v.forPublishers.map(String) : [];
  if (!publishers.includes(state.companyId)) return { status: 200, body: { data: null, errors: [{ message: `Not authorized to read publisher ${publishers.join(',')}` }] } };
  const since = typeof v.sincePostingDate === 'string' ? Date.parse(v.sincePostingDate) : Number.NEGATIVE_INFINITY;
  const before = typeof v.beforePostingDate === 'string' ? Date.parse(v.beforePostingDate) : Number.POSITIVE_INFINITY;
  const websites = Array.isArray(v.websiteIds) ? v.websiteIds.map(String) : null;
  const after = typeof v.sinceCommissionId === 'string' ? idNumber(v.sinceCommissionId) : null;
  const matching = state.commissions
    .filter((c) => Date.parse(String(c.postingDate)) >= since && Date.parse(String(c.postingDate)) < before)
    .filter((c) => websites === null || websites.includes(String(c.websiteId)))
    .filter((c) => after === null || idNumber(c.commissionId) > after)
    .sort((a, b) => (idNumber(a.commissionId) < idNumber(b.commissionId) ? -1 : 1));
  const page = matching.slice(0, state.pageSize);
  const records = page.map((c) => Object.fromEntries(fields.filter((f) => f in c).map((f) => [f, structuredClone(c[f])])));
  const last = page.at(-1);
  const result = { count: page.length, limit: state.pageSize, maxCommissionId: last ? String(last.commissionId) : null, payloadComplete: matching.length <= state.pageSize, records };
  return { status: 200, body: { data: { publisherCommissions: result } } };
}

/** Starts the fake networks on 127.0.0.1 (a free port). */
export async function startFakeNetworks(): Promise<FakeNetworks> {
  const failures: Record<FakeNetwork, FakeAnswer[]> = { awin: [], cj: [] };
  const fake: FakeNetworks = {
    awinUrl: '',
    cjUrl: '',
    awin: { token: 'awin-token-0123456789abcdef', publisherId: '189069', transactions: [] },
    cj: { token: 'cj-pat-0123456789abcdefghij', companyId: '4567890', commissions: [], pageSize: 10 },
    calls: [],
    afterCall: null,
    failNext(network, count, answer) {
      for (let i = 0; i < count; i += 1) failures[network].push(answer);
    },
    amend(network, id, patch) {
      const list = network === 'awin' ? fake.awin.transactions : fake.cj.commissions;
      const key = network === 'awin' ? 'id' : 'commissionId';
      const found = list.find((r) => String(r[key]) === String(id));
      if (!found) throw new Error(`no ${network} record ${id}`);
      Object.assign(found, patch);
    },
    close: async () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const network: FakeNetwork = url.pathname.startsWith('/publishers/') ? 'awin' : 'cj';
    const raw = req.method === 'POST' ? await readBody(req) : '';
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      parsed = null;
    }
    const call: RecordedCall = {
      network,
      at: Date.now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? null,
      ...(isJson(parsed) ? { variables: isJson(parsed.variables) ? parsed.variables : {}, graphql: typeof parsed.query === 'string' ? parsed.query : '' } : {}),
      status: 0,
    };
    fake.calls.push(call);
    const failure = failures[network].shift();
    if (failure?.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure && failure.status !== 200) {
      call.status = failure.status;
      const body = failure.status === 429 ? { error: 'Too many requests' } : `{"error":"internal","echo":"${call.authorization ?? ''}","padding":"${'x'.repeat(4096)}"}`;
      send(res, failure.status, body, failure.retryAfter !== undefined ? { 'retry-after': failure.retryAfter } : {});
    } else {
      const answer = network === 'awin' ? answerAwin(fake.awin, call) : answerCj(fake.cj, call);
      call.status = answer.status;
      send(res, answer.status, answer.body);
    }
    fake.afterCall?.(call);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.awinUrl = `http://127.0.0.1:${port}`;
  fake.cjUrl = `http://127.0.0.1:${port}/query`;
  return fake;
}
