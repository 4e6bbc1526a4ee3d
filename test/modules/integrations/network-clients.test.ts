// The network API clients of the integrations (CONTRACT §11, issue #17), against fake Awin and CJ
// servers on loopback (test/helpers/fake-networks.ts): Awin's transaction list over a plan (31-day
// requests, the bearer token in the header only, one record per id, the website filter), the call
// budget per token (the 21st call in a window waits), 429 with Retry-After, typed errors that never
// show the token, timeouts; CJ's Commission Detail paged until payloadComplete, the website filter,
// GraphQL errors; amendments re-read by the next run; and what both return read by the publisher
// import's own parsing (each record alone, as POST /publisher/reports reads it).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fetchAwinTransactions, awinRecordOfWebsite, type AwinFetchOptions } from '../../../src/modules/integrations/awin-client.js';
import { CJ_RECORD_FIELDS, cjDate, cjRecordOfWebsite, fetchCjCommissions, type CjFetchOptions } from '../../../src/modules/integrations/cj-client.js';
import { importBatches, networkEndpoints, NetworkApiError, retryAfterMs, type NetworkReport } from '../../../src/modules/integrations/network-http.js';
import { CallLimiter } from '../../../src/modules/integrations/network-limiter.js';
import { DAY_MS, planFetch, type TimeRange } from '../../../src/modules/integrations/network-window.js';
import { recordsOfDocument } from '../../../src/modules/publisher/report-documents.js';
import { normalizeRecord, type NormalizedRecord } from '../../../src/modules/publisher/report-records.js';
import { awinTransaction, cjCommission, startFakeNetworks, type FakeNetworks } from '../../helpers/fake-networks.js';

const NOW = Date.parse('2024-06-30T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const awinAt = (ms: number) => iso(ms).slice(0, 19);
/** A budget that never gets in the way (each test that is about budgets makes its own). */
const roomy = () => new CallLimiter({ calls: 1000, perMs: 60_000 });

let fake: FakeNetworks;
before(async () => {
  fake = await startFakeNetworks();
});
after(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.calls.length = 0;
  fake.awin.transactions = [];
  fake.cj.commissions = [];
  fake.cj.pageSize = 10;
  fake.afterCall = null;
});

const awinOptions = (ranges: readonly TimeRange[], o: Partial<AwinFetchOptions> = {}): AwinFetchOptions => ({
  baseUrl: fake.awinUrl,
  credentials: { apiToken: fake.awin.token, publisherId: fake.awin.publisherId },
  ranges,
  limiter: roomy(),
  ...o,
});
const cjOptions = (ranges: readonly TimeRange[], o: Partial<CjFetchOptions> = {}): CjFetchOptions => ({
  url: fake.cjUrl,
  credentials: { apiToken: fake.cj.token, companyId: fake.cj.companyId },
  ranges,
  currency: 'EUR',
  limiter: roomy(),
  ...o,
});

/** Every record read by the publisher import's own parsing, as POST /publisher/reports would: none refused. */
function importable(report: NetworkReport): NormalizedRecord[] {
  const found = recordsOfDocument(report.format, report.records);
  assert.ok(found.ok, 'the import finds the records');
  return found.records.map((raw, i) => {
    const read = normalizeRecord(raw, report.format, `/records/${i}`, { currency: report.currency, timezone: report.timezone });
    if (!read.ok) assert.fail(`record ${i} refused: ${JSON.stringify(read.details)}`);
    return read.record;
  });
}

async function rejection(promise: Promise<unknown>): Promise<NetworkApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof NetworkApiError, `a NetworkApiError, not ${String(err)}`);
    return err;
  }
  return assert.fail('expected a rejection');
}

describe('Awin transaction list', () => {
  it('reads a 70-day window in 3 requests of at most 31 days, the token only as a bearer header', async () => {
    const plan = planFetch({ now: NOW, lookbackDays: 70 });
    assert.equal(plan.requests.length, 3);
    fake.awin.transactions = [
      awinTransaction({ id: 1, transactionDate: awinAt(NOW - 65 * DAY_MS) }),
      awinTransaction({ id: 2, transactionDate: awinAt(NOW - 35 * DAY_MS) }),
      awinTransaction({ id: 3, transactionDate: awinAt(NOW - 2 * DAY_MS) }),
      awinTransaction({ id: 4, transactionDate: awinAt(NOW - 80 * DAY_MS) }), // before the window
    ];
    const result = await fetchAwinTransactions(awinOptions(plan.requests));
    assert.equal(result.calls, 3);
    assert.deepEqual(result.report.records.map((r) => (r as { id: number }).id), [1, 2, 3]);
    assert.deepEqual({ provider: result.report.provider, format: result.report.format, timezone: result.report.timezone }, { provider: 'awin', format: 'awin', timezone: 'UTC' });
    assert.equal(fake.calls.length, 3);
    fake.calls.forEach((call, i) => {
      assert.equal(call.path, '/publishers/189069/transactions/');
      assert.equal(call.authorization, `Bearer ${fake.awin.token}`);
      assert.deepEqual(Object.keys(call.query).sort(), ['dateType', 'endDate', 'startDate', 'timezone']);
      assert.equal(call.query.startDate, awinAt(plan.requests[i]!.from));
      assert.equal(call.query.endDate, awinAt(plan.requests[i]!.to));
      assert.equal(call.query.timezone, 'UTC');
      assert.equal(call.query.dateType, 'transaction');
    });
  });

  it('keeps a transaction read by two requests (on their shared second) once', async () => {
    const plan = planFetch({ now: NOW, lookbackDays: 40 });
    fake.awin.transactions = [awinTransaction({ id: 7, transactionDate: awinAt(plan.requests[0]!.to) })];
    const result = await fetchAwinTransactions(awinOptions(plan.requests));
    assert.equal(fake.calls.filter((c) => c.status === 200).length, 2);
    assert.equal(result.report.records.length, 1);
  });

  it('keeps only the website’s records: by siteName or by the host of url', async () => {
    const plan = planFetch({ now: NOW, lookbackDays: 10 });
    fake.awin.transactions = [
      awinTransaction({ id: 1, siteName: 'Publisher', url: 'http://www.publisher.com', transactionDate: awinAt(NOW - DAY_MS) }),
      awinTransaction({ id: 2, siteName: 'Other Site', url: 'https://other.example/blog', transactionDate: awinAt(NOW - DAY_MS) }),
    ];
    const byName = await fetchAwinTransactions(awinOptions(plan.requests, { credentials: { apiToken: fake.awin.token, publisherId: '189069', websiteId: 'publisher' } }));
    assert.deepEqual(byName.report.records.map((r) => (r as { id: number }).id), [1]);
    const byHost = await fetchAwinTransactions(awinOptions(plan.requests, { credentials: { apiToken: fake.awin.token, publisherId: '189069', websiteId: 'other.example' } }));
    assert.deepEqual(byHost.report.records.map((r) => (r as { id: number }).id), [2]);
    assert.equal(awinRecordOfWebsite({ url: 'https://WWW.Publisher.com/x' }, 'https://www.publisher.com'), true);
    assert.equal(awinRecordOfWebsite({ url: 'not a url' }, 'publisher.com'), false);
  });

  it('waits as a 429’s Retry-After says, then succeeds', async () => {
    fake.awin.transactions = [awinTransaction({ id: 1, transactionDate: awinAt(NOW - DAY_MS) })];
    fake.failNext('awin', 1, { status: 429, retryAfter: '1' });
    const result = await fetchAwinTransactions(awinOptions(planFetch({ now: NOW, lookbackDays: 5 }).requests));
    assert.equal(result.calls, 2);
    assert.deepEqual(fake.calls.map((c) => c.status), [429, 200]);
    assert.ok(result.waitedMs >= 1000, 'the Retry-After second is counted as waited');
    assert.equal(result.report.records.length, 1);
  });

  it('gives up as rate_limited when Retry-After asks too long, or 429s keep coming', async () => {
    const ranges = planFetch({ now: NOW, lookbackDays: 5 }).requests;
    fake.failNext('awin', 1, { status: 429, retryAfter: '3600' });
    const long = await rejection(fetchAwinTransactions(awinOptions(ranges)));
    assert.deepEqual([long.kind, long.status, fake.calls.length], ['rate_limited', 429, 1]);
    fake.calls.length = 0;
    fake.failNext('awin', 3, { status: 429, retryAfter: '0' });
    const many = await rejection(fetchAwinTransactions(awinOptions(ranges, { max429Retries: 2 })));
    assert.deepEqual([many.kind, fake.calls.length], ['rate_limited', 3]);
  });

  it('a 500 is a typed error with its status and the first 1 KiB of the body, never the token', async () => {
    fake.failNext('awin', 1, { status: 500 });
    const err = await rejection(fetchAwinTransactions(awinOptions(planFetch({ now: NOW, lookbackDays: 5 }).requests)));
    assert.equal(err.kind, 'http');
    assert.equal(err.status, 500);
    assert.equal(err.network, 'awin');
    assert.ok(Buffer.byteLength(err.body) <= 1024 && err.body.length > 100, 'the head of the body, at most 1 KiB');
    assert.ok(err.body.includes('[redacted]'), 'the echoed token is blanked');
    for (const text of [err.message, err.body, err.stack ?? '', JSON.stringify(err)]) assert.ok(!text.includes(fake.awin.token), 'the token appears nowhere');
    assert.match(err.message, /Awin answered 500 to GET \/publishers\/189069\/transactions\//);
    assert.equal(fake.calls.length, 1, 'a 500 is not retried within the run');
  });

  it('a wrong token is a 401; an unreachable or slow network is a typed error too', async () => {
    const ranges = planFetch({ now: NOW, lookbackDays: 5 }).requests;
    const denied = await rejection(fetchAwinTransactions(awinOptions(ranges, { credentials: { apiToken: 'wrong-token-value', publisherId: '189069' } })));
    assert.deepEqual([denied.kind, denied.status], ['http', 401]);
    assert.ok(!denied.message.includes('wrong-token-value'));
    fake.failNext('awin', 1, { status: 200, delayMs: 1500 });
    const slow = await rejection(fetchAwinTransactions(awinOptions(ranges, { timeoutMs: 100 })));
    assert.equal(slow.kind, 'timeout');
    const closed = await rejection(fetchAwinTransactions(awinOptions(ranges, { baseUrl: 'http://127.0.0.1:9' })));
    assert.equal(closed.kind, 'unreachable');
  });

  it('an amended transaction inside the trailing window is read again by the next run, whatever the watermark', async () => {
    fake.awin.transactions = [awinTransaction({ id: 42, transactionDate: awinAt(NOW - 10 * DAY_MS) })];
    const first = planFetch({ now: NOW, lookbackDays: 30 });
    const before = importable((await fetchAwinTransactions(awinOptions(first.requests))).report);
    assert.equal(before[0]!.status, 'pending');
    fake.amend('awin', 42, {
      commissionStatus: 'approved',
      validationDate: awinAt(NOW + 3_600_000),
      amended: true,
      amendReason: 'partial return',
      oldCommissionAmount: { amount: 5.59, currency: 'GBP' },
      commissionAmount: { amount: 3.1, currency: 'GBP' },
    });
    const second = planFetch({ now: NOW + 2 * 3_600_000, lookbackDays: 30, watermark: first.window.to });
    const after = importable((await fetchAwinTransactions(awinOptions(second.requests))).report);
    assert.deepEqual([after[0]!.status, after[0]!.commission, after[0]!.earlierCommission, after[0]!.amendReason], ['approved', 310, 559, 'partial return']);
    assert.ok(after[0]!.versionAt > before[0]!.versionAt, 'a newer version for the import');
  });

  it('what it returns imports cleanly through the publisher import’s parsing', async () => {
    const day = (n: number) => awinAt(NOW - n * DAY_MS);
    fake.awin.transactions = [
      awinTransaction({ id: 1, transactionDate: day(3) }),
      awinTransaction({ id: 2, transactionDate: day(4), commissionStatus: 'declined', declineReason: 'order returned' }),
      awinTransaction({ id: 3, transactionDate: day(5), type: 'Bonus', clickRefs: null }),
      awinTransaction({ id: 4, transactionDate: day(6), commissionAmount: { amount: 2.5 }, saleAmount: { amount: 25 } }),
      awinTransaction({ id: 5, transactionDate: day(7), commissionStatus: 'approved', validationDate: day(1), paidToPublisher: true }),
    ];
    const { report } = await fetchAwinTransactions(awinOptions(planFetch({ now: NOW, lookbackDays: 30 }).requests, { currency: 'GBP' }));
    const read = importable(report);
    assert.deepEqual(read.map((r) => [r.providerTransactionId, r.status, r.kind, r.currency]), [
      ['1', 'pending', 'order', 'GBP'],
      ['2', 'declined', 'order', 'GBP'],
      ['3', 'pending', 'bonus', 'GBP'],
      ['4', 'pending', 'order', 'GBP'],
      ['5', 'approved', 'order', 'GBP'],
    ]);
    assert.equal(read[0]!.reference, 'AbCdEf0123456789');
    assert.equal(read[0]!.transactionAt, Date.parse(`${day(3)}Z`));
  });
});

describe('the call budget per token', () => {
  it('lets 20 calls through at once and makes the 21st to the 25th wait; another token is not held up', async () => {
    const limiter = new CallLimiter({ calls: 20, perMs: 60_000 });
    const stop = new AbortController();
    const outcomes: string[] = new Array(25).fill('pending');
    const calls = Array.from({ length: 25 }, (_, i) =>
      limiter.acquire('token-a', stop.signal).then(
        () => (outcomes[i] = 'granted'),
        (err: unknown) => (outcomes[i] = err instanceof Error && err.name === 'AbortError' ? 'aborted' : `failed: ${String(err)}`),
      ),
    );
    await Promise.all(calls.slice(0, 20));
    assert.ok((await limiter.acquire('token-b')) < 1000, 'another token has its own budget');
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(outcomes, [...new Array(20).fill('granted'), ...new Array(5).fill('pending')], 'the 21st waits (for a minute): it neither passes nor fails');
    stop.abort();
    await Promise.all(calls);
    assert.deepEqual(outcomes.slice(20), new Array(5).fill('aborted'), 'a waiting call ends with its run');
  });

  it('a fetch needing 25 calls makes them all, never more than 20 in one budget window', async () => {
    const perMs = 500;
    const ranges = Array.from({ length: 25 }, (_, i) => ({ from: NOW - (i + 1) * DAY_MS, to: NOW - i * DAY_MS }));
    const result = await fetchAwinTransactions(awinOptions(ranges, { limiter: new CallLimiter({ calls: 20, perMs }) }));
    assert.equal(result.calls, 25);
    assert.equal(fake.calls.length, 25);
    const at = fake.calls.map((c) => c.at);
    // Arrival times, with room for delivery jitter: any 21 calls span at least about a budget window.
    for (let i = 0; i + 20 < at.length; i += 1) assert.ok(at[i + 20]! - at[i]! >= perMs - 100, `calls ${i + 1} and ${i + 21} arrived ${at[i + 20]! - at[i]!} ms apart`);
  });

  it('refuses a budget that is not a positive count per positive time', () => {
    assert.throws(() => new CallLimiter({ calls: 0, perMs: 1000 }), RangeError);
    assert.throws(() => new CallLimiter({ calls: 2, perMs: 0 }), RangeError);
  });
});

describe('CJ Commission Detail', () => {
  const commissions = (n: number, at: (i: number) => number, o: Record<string, unknown> = {}) =>
    Array.from({ length: n }, (_, i) => cjCommission({ commissionId: String(3_000_000_000 + i), originalActionId: String(3_000_000_000 + i), postingDate: iso(at(i)), eventDate: iso(at(i) - 3_600_000), ...o }));

  it('pages with sinceCommissionId = maxCommissionId until payloadComplete', async () => {
    fake.cj.commissions = commissions(25, (i) => NOW - (i + 1) * 3_600_000);
    const plan = planFetch({ now: NOW, lookbackDays: 30 });
    const result = await fetchCjCommissions(cjOptions(plan.requests));
    assert.equal(result.calls, 3);
    assert.equal(result.report.records.length, 25);
    assert.equal(new Set(result.report.records.map((r) => (r as { commissionId: string }).commissionId)).size, 25);
    assert.deepEqual(fake.calls.map((c) => c.variables?.sinceCommissionId), [undefined, '3000000009', '3000000019']);
    for (const call of fake.calls) {
      assert.equal(call.method, 'POST');
      assert.equal(call.authorization, `Bearer ${fake.cj.token}`);
      assert.deepEqual(call.variables?.forPublishers, [fake.cj.companyId]);
      assert.equal(call.variables?.sincePostingDate, cjDate(plan.window.from));
      assert.equal(call.variables?.beforePostingDate, cjDate(plan.window.to));
      assert.match(call.graphql ?? '', /publisherCommissions\(/);
    }
    assert.deepEqual({ provider: result.report.provider, format: result.report.format, currency: result.report.currency }, { provider: 'cj', format: 'cj', currency: 'EUR' });
  });

  it('reads a 70-day window in 31-day ranges, each paged', async () => {
    fake.cj.pageSize = 4;
    fake.cj.commissions = commissions(18, (i) => NOW - (i * 4 + 1) * DAY_MS); // 1, 5, … 69 days ago
    const plan = planFetch({ now: NOW, lookbackDays: 70 });
    const result = await fetchCjCommissions(cjOptions(plan.requests));
    assert.equal(result.report.records.length, 18);
    const ranges = new Set(fake.calls.map((c) => `${String(c.variables?.sincePostingDate)}..${String(c.variables?.beforePostingDate)}`));
    assert.equal(ranges.size, 3);
    assert.equal(result.calls, fake.calls.length);
    assert.equal(fake.calls.length, 5, 'two pages in each of the older ranges (8 records, 4 a page), one in the newest (2)');
  });

  it('keeps only the website’s records (websiteIds sent, websiteId checked)', async () => {
    fake.cj.commissions = [...commissions(3, (i) => NOW - (i + 1) * DAY_MS), ...commissions(2, (i) => NOW - (i + 1) * DAY_MS, { websiteId: '999' }).map((c, i) => ({ ...c, commissionId: `4${i}`, originalActionId: `4${i}` }))];
    const result = await fetchCjCommissions(cjOptions(planFetch({ now: NOW, lookbackDays: 30 }).requests, { credentials: { apiToken: fake.cj.token, companyId: fake.cj.companyId, websiteId: '999' } }));
    assert.deepEqual(result.report.records.map((r) => (r as { websiteId: string }).websiteId), ['999', '999']);
    assert.deepEqual(fake.calls[0]!.variables?.websiteIds, ['999']);
    assert.equal(cjRecordOfWebsite({ websiteId: 999 }, '999'), true);
    assert.equal(cjRecordOfWebsite({ websiteId: '100' }, '999'), false);
  });

  it('a GraphQL error answer, a 401 and a 429 are what they are', async () => {
    const ranges = planFetch({ now: NOW, lookbackDays: 5 }).requests;
    const graphql = await rejection(fetchCjCommissions(cjOptions(ranges, { credentials: { apiToken: fake.cj.token, companyId: '1' } })));
    assert.equal(graphql.kind, 'graphql');
    assert.match(graphql.message, /Not authorized to read publisher 1/);
    const denied = await rejection(fetchCjCommissions(cjOptions(ranges, { credentials: { apiToken: 'not-the-pat', companyId: fake.cj.companyId } })));
    assert.deepEqual([denied.kind, denied.status], ['http', 401]);
    assert.ok(!denied.message.includes('not-the-pat') && !denied.body.includes('not-the-pat'));
    fake.calls.length = 0;
    fake.cj.commissions = commissions(1, () => NOW - DAY_MS);
    fake.failNext('cj', 1, { status: 429, retryAfter: '0' });
    const ok = await fetchCjCommissions(cjOptions(ranges));
    assert.deepEqual([ok.calls, ok.report.records.length, fake.calls.map((c) => c.status).join()], [2, 1, '429,200']);
  });

  it('a page that says more is to come but gives no cursor fails instead of looping', async () => {
    fake.cj.pageSize = 0;
    fake.cj.commissions = commissions(1, () => NOW - DAY_MS);
    const err = await rejection(fetchCjCommissions(cjOptions(planFetch({ now: NOW, lookbackDays: 5 }).requests)));
    assert.equal(err.kind, 'bad_response');
    assert.equal(fake.calls.length, 1);
  });

  it('a 500 never shows the token', async () => {
    fake.failNext('cj', 1, { status: 500 });
    const err = await rejection(fetchCjCommissions(cjOptions(planFetch({ now: NOW, lookbackDays: 5 }).requests)));
    assert.deepEqual([err.kind, err.status, err.network], ['http', 500, 'cj']);
    assert.ok(!`${err.message}${err.body}`.includes(fake.cj.token) && err.body.includes('[redacted]'));
  });

  it('asks for the fields the import reads, and what it returns imports cleanly (a correction tied to its order)', async () => {
    fake.cj.commissions = [
      cjCommission({ commissionId: '5001', originalActionId: '5001', postingDate: iso(NOW - 5 * DAY_MS), eventDate: iso(NOW - 5 * DAY_MS - 60_000) }),
      cjCommission({ commissionId: '5002', originalActionId: '5001', original: false, correctionReason: 'RETURNED_MERCHANDISE', pubCommissionAmountPubCurrency: '-2.5', saleAmountPubCurrency: '-25', postingDate: iso(NOW - 2 * DAY_MS) }),
      cjCommission({ commissionId: '5003', originalActionId: '5003', actionType: 'bonus', actionStatus: 'locked', shopperId: null, postingDate: iso(NOW - DAY_MS) }),
      cjCommission({ commissionId: '5004', originalActionId: '5004', actionStatus: 'closed', pubCommissionAmountPubCurrency: null, saleAmountPubCurrency: null, postingDate: iso(NOW - DAY_MS) }),
    ];
    const { report } = await fetchCjCommissions(cjOptions(planFetch({ now: NOW, lookbackDays: 30 }).requests));
    for (const field of ['commissionId', 'originalActionId', 'original', 'actionStatus', 'postingDate', 'eventDate', 'shopperId', 'pubCommissionAmountPubCurrency', 'websiteId']) {
      assert.ok((CJ_RECORD_FIELDS as readonly string[]).includes(field), `the query asks for ${field}`);
    }
    const read = importable(report);
    assert.deepEqual(read.map((r) => [r.providerTransactionId, r.orderKey, r.kind, r.status, r.currency, r.commission]), [
      ['5001', '5001', 'order', 'pending', 'EUR', 778],
      ['5002', '5001', 'correction', 'pending', 'EUR', -250],
      ['5003', '5003', 'bonus', 'approved', 'EUR', 778],
      ['5004', '5004', 'order', 'approved', 'USD', 845],
    ]);
    const document = recordsOfDocument('cj', { data: { publisherCommissions: { records: report.records } } });
    assert.ok(document.ok && document.records.length === 4, 'the records also import as CJ’s whole response document');
  });
});

describe('what the clients share', () => {
  it('importBatches: at most 5,000 records an import, none for an empty fetch', () => {
    const report: NetworkReport = { provider: 'cj', format: 'cj', records: Array.from({ length: 12 }, (_, i) => ({ commissionId: String(i) })), currency: 'EUR' };
    assert.deepEqual(importBatches(report, 5).map((b) => [b.records.length, b.currency, b.format]), [[5, 'EUR', 'cj'], [5, 'EUR', 'cj'], [2, 'EUR', 'cj']]);
    assert.equal(importBatches(report).length, 1);
    assert.deepEqual(importBatches({ ...report, records: [] }), []);
  });

  it('networkEndpoints: the networks’ hosts by default, AWIN_API_URL and CJ_API_URL when set, a bad URL named', () => {
    assert.deepEqual(networkEndpoints({}), { awinApiUrl: 'https://api.awin.com', cjApiUrl: 'https://commissions.api.cj.com/query' });
    assert.deepEqual(networkEndpoints({ AWIN_API_URL: 'http://127.0.0.1:4000/', CJ_API_URL: 'http://127.0.0.1:4001/query' }), { awinApiUrl: 'http://127.0.0.1:4000', cjApiUrl: 'http://127.0.0.1:4001/query' });
    assert.throws(() => networkEndpoints({ CJ_API_URL: 'ftp://x' }), /CJ_API_URL/);
    assert.throws(() => networkEndpoints({ AWIN_API_URL: 'not a url' }), /AWIN_API_URL/);
  });

  it('retryAfterMs: seconds or an HTTP date', () => {
    const now = Date.parse('2024-06-30T00:00:00Z');
    assert.equal(retryAfterMs('7', now), 7000);
    assert.equal(retryAfterMs('Sun, 30 Jun 2024 00:00:30 GMT', now), 30_000);
    assert.equal(retryAfterMs('Sat, 29 Jun 2024 00:00:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), null);
    assert.equal(retryAfterMs(null, now), null);
  });
});
