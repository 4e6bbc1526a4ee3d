// Network reports as the networks export them (CONTRACT §6 "Network formats", issue #12), through
// the API on both engines: CJ's GraphQL document and corrections, Awin's zones, bonuses and
// deletions, versions in any arrival order, and each bad input failing alone with its path.
// Fixtures follow the shapes of Awin's "Get List of Transactions" documentation and CJ's Commission
// Detail schema (PublisherCommission: original, originalActionId, …Usd / …PubCurrency as strings).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { bearer, countRows, forEachEngine } from '../../helpers/app.js';

const ref = () => `R${randomUUID().replace(/-/g, '')}`.slice(0, 24);

/** An Awin transaction as the transaction list returns it (times without an offset, amounts as numbers). */
const awin = (o: Record<string, unknown> = {}) => ({
  id: 259630312,
  advertiserId: 7052,
  publisherId: 189069,
  commissionStatus: 'pending',
  commissionAmount: { amount: 5.59, currency: 'GBP' },
  saleAmount: { amount: 55.96, currency: 'GBP' },
  clickRefs: { clickRef: ref(), clickRef2: 'homepage' },
  clickDate: '2026-01-23T12:18:00',
  transactionDate: '2026-02-20T22:04:00',
  validationDate: null,
  type: 'Commission group transaction',
  declineReason: null,
  amended: false,
  amendReason: null,
  oldSaleAmount: null,
  oldCommissionAmount: null,
  orderRef: '111222333444',
  paidToPublisher: false,
  ...o,
});

/** A CJ publisherCommissions record (DecimalNumber as strings, postingDate in UTC). */
const cj = (o: Record<string, unknown> = {}) => ({
  actionTrackerName: 'Hotel Booking',
  advertiserId: '4347392',
  advertiserName: 'Example Travel',
  commissionId: '2483578900',
  original: true,
  originalActionId: '2483578900',
  actionStatus: 'locked',
  postingDate: '2026-03-12T08:15:00Z',
  eventDate: '2026-03-12T07:40:00Z',
  pubCommissionAmountUsd: '51.826',
  saleAmountUsd: '1295.658',
  shopperId: 'Cj0000000000000001',
  orderId: '1622592702',
  items: [],
  ...o,
});
const graphql = (records: unknown[]) => ({ data: { publisherCommissions: { count: records.length, payloadComplete: true, records } } });

forEachEngine('network report formats', (t) => {
  const setup = async () => {
    const site = await t().createSite({ publisherMode: true });
    const key = await t().createKey(site.siteId, ['publisher_reports:write']);
    return { ...site, server: { 'x-api-key': key.apiKey }, owner: bearer(await t().idToken(site.owner)) };
  };
  type Site = Awaited<ReturnType<typeof setup>>;
  const report = (s: Site, body: Record<string, unknown>) => t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.server, payload: body });
  const analytics = async (s: Site, from: string, to: string, currency?: string) => {
    const res = await t().inject({ method: 'GET', url: `/api/v1/analytics/publishers?website_id=${s.siteId}&from=${from}&to=${to}${currency ? `&currency=${currency}` : ''}`, headers: s.owner });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  };
  const figures = (a: any) => ({ settled_orders: a.settled_orders, revenue: a.commissionable_revenue, commission: a.commission, reversals: a.reversals, references: a.reference_correlation.provider_references });
  const dbRows = async (sql: string, siteId: string) => (await t().database.db.query<Record<string, unknown>>(sql, [siteId])).rows;

  it('imports CJ’s whole GraphQL document: USD-only records, 3 decimals rounded once, no eventDate, no actionStatus', async () => {
    const s = await setup();
    const doc = graphql([
      { commissionId: '2292067663', postingDate: '2026-05-03T22:31:48Z', pubCommissionAmountUsd: '7.781', advertiserName: 'Visit Somewhere', shopperId: ref() },
      { commissionId: '2292491812', postingDate: '2026-05-04T19:00:21Z', pubCommissionAmountUsd: '3.89', shopperId: ref() },
    ]);
    const res = await report(s, { provider: 'cj', format: 'cj', records: doc });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.results.map((r: { status: string }) => r.status), ['created', 'created']);
    const rows = await dbRows('SELECT provider_transaction_id, status, network_status, currency, sale_amount, commission_amount, transaction_at FROM publisher_records WHERE site_id = $1 ORDER BY 1', s.siteId);
    assert.deepEqual(
      rows.map((r) => [r.provider_transaction_id, r.status, r.network_status, r.currency, Number(r.sale_amount), Number(r.commission_amount), (r.transaction_at as Date).toISOString()]),
      [
        ['2292067663', 'pending', 'new', 'USD', 0, 778, '2026-05-03T22:31:48.000Z'],
        ['2292491812', 'pending', 'new', 'USD', 0, 389, '2026-05-04T19:00:21.000Z'],
      ],
    );
    assert.deepEqual(figures(await analytics(s, '2026-05-01', '2026-06-01')).commission, { approved: {}, pending: { USD: 11.67 }, declined: {}, bonus: {} });
    // A record's error names its place in the document.
    const bad = await report(s, { provider: 'cj', format: 'cj', records: graphql([cj({ commissionId: '9', pubCommissionAmountUsd: '12,34' })]) });
    assert.equal(bad.statusCode, 207, bad.body);
    assert.equal(bad.json().data.results[0].error.details[0].path, '/records/data/publisherCommissions/records/0/pubCommissionAmountUsd');
  });

  it('nets CJ corrections into their order, whatever order they arrive in', async () => {
    const original = cj();
    const upward = cj({ commissionId: '2483578901', original: false, correctionReason: 'OTHER_REASON', postingDate: '2026-04-15T12:00:00Z', pubCommissionAmountUsd: '10.365', saleAmountUsd: '259.132' });
    const downward = cj({ commissionId: '2483578977', original: false, actionStatus: 'closed', correctionReason: 'BOOKING_CANCELED', postingDate: '2026-05-28T18:11:52Z', pubCommissionAmountUsd: '-51.826', saleAmountUsd: '-1295.658' });
    const expected = { settled_orders: 1, revenue: { USD: 259.13 }, commission: { approved: { USD: 10.37 }, pending: {}, declined: {}, bonus: {} }, reversals: { count: 1, amount: { USD: 51.83 } }, references: 1 };
    for (const order of [[original, upward, downward], [downward, upward, original], [upward, downward, original]]) {
      const s = await setup();
      for (const r of order) assert.equal((await report(s, { provider: 'cj', format: 'cj', records: [r] })).statusCode, 201);
      assert.deepEqual(figures(await analytics(s, '2026-03-01', '2026-04-01')), expected, JSON.stringify(order.map((r) => r.commissionId)));
      const [o] = await dbRows('SELECT count(*)::int AS n FROM publisher_orders WHERE site_id = $1 AND status IS NOT NULL', s.siteId);
      assert.equal(o!.n, 1, 'a correction is never an order of its own');
    }
    // Reversed in full: a declined order, one reversal of its amount.
    const s = await setup();
    await report(s, { provider: 'cj', format: 'cj', records: [downward, original] });
    assert.deepEqual(figures(await analytics(s, '2026-03-01', '2026-04-01')), { settled_orders: 0, revenue: {}, commission: { approved: {}, pending: {}, declined: { USD: 51.83 }, bonus: {} }, reversals: { count: 1, amount: { USD: 51.83 } }, references: 1 });
    // A correction whose original was never imported counts its reversal only.
    const alone = await setup();
    await report(alone, { provider: 'cj', format: 'cj', records: [{ ...downward, original: undefined, originalActionId: undefined }] });
    const a = figures(await analytics(alone, '2026-03-01', '2026-04-01'));
    assert.deepEqual([a.settled_orders, a.commission.approved, a.reversals], [0, {}, { count: 1, amount: { USD: 51.83 } }]);
  });

  it('keeps the highest status of a version on the same date: new → locked → new stays locked', async () => {
    const s = await setup();
    for (const status of ['new', 'locked', 'new', 'extended']) {
      await report(s, { provider: 'cj', format: 'cj', records: [cj({ actionStatus: status })] });
    }
    const [row] = await dbRows('SELECT status, network_status FROM publisher_records WHERE site_id = $1', s.siteId);
    assert.deepEqual([row!.status, row!.network_status], ['approved', 'locked']);
    const [history] = await dbRows('SELECT count(*)::int AS n FROM publisher_record_history WHERE site_id = $1', s.siteId);
    assert.equal(history!.n, 2, 'new, then locked: the later versions were older');
  });

  it('reads Awin times in the export’s zone, and refuses an unknown zone', async () => {
    const s = await setup();
    const paris = await report(s, { provider: 'awin', format: 'awin', timezone: 'Europe/Paris', records: [awin({ id: 1, transactionDate: '2026-07-09T06:46:00' })] });
    assert.equal(paris.statusCode, 201, paris.body);
    const eastern = await report(s, { provider: 'awin', format: 'awin', timezone: 'US/Eastern', records: [awin({ id: 2, transactionDate: '2026-01-09T06:46:00' })] });
    assert.equal(eastern.statusCode, 201, eastern.body);
    const utc = await report(s, { provider: 'awin', format: 'awin', records: [awin({ id: 3, transactionDate: '2026-01-09T06:46:00' })] });
    assert.equal(utc.statusCode, 201, utc.body);
    const rows = await dbRows('SELECT provider_transaction_id, transaction_at FROM publisher_records WHERE site_id = $1 ORDER BY 1', s.siteId);
    assert.deepEqual(
      rows.map((r) => (r.transaction_at as Date).toISOString()),
      ['2026-07-09T04:46:00.000Z', '2026-01-09T11:46:00.000Z', '2026-01-09T06:46:00.000Z'],
    );
    const unknown = await report(s, { provider: 'awin', format: 'awin', timezone: 'Europe/Atlantis', records: [awin({ id: 4 })] });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().error.details[0].path, '/timezone');
    assert.equal(await countRows(t(), 'publisher_records', s.siteId), 3, 'nothing stored');
  });

  it('keeps bonuses apart, takes deleted records out of every total, stores reasons, advertiser and paid flag', async () => {
    const s = await setup();
    const results = await report(s, {
      provider: 'awin',
      format: 'awin',
      records: [
        awin({ id: 10, type: 'Bonus', commissionStatus: 'approved', validationDate: '2026-03-20T09:00:00' }),
        awin({ id: 11, commissionStatus: 'approved', paidToPublisher: true, validationDate: '2026-03-20T09:00:00' }),
        awin({ id: 12, commissionStatus: 'deleted', validationDate: '2026-03-20T09:00:00' }),
        awin({ id: 13, commissionStatus: 'declined', declineReason: 'order returned', validationDate: '2026-03-20T09:00:00' }),
        awin({ id: 14, clickRefs: { clickRef: '', clickRef2: 'ex_80909', clickRef3: 'www.example.net' }, commissionAmount: { amount: 12.5 }, saleAmount: { amount: 13 } }),
      ],
      currency: 'GBP',
    });
    assert.equal(results.statusCode, 201, results.body);
    const data = results.json().data;
    assert.equal(data.warnings, 1);
    assert.deepEqual(data.results[4].warnings.map((w: { code: string; path: string }) => [w.code, w.path]), [['no_reference', '/records/4/clickRefs/clickRef']]);
    assert.match(data.results[4].warnings[0].message, /clickRef2, clickRef3 kept as context/);
    assert.deepEqual(figures(await analytics(s, '2026-02-01', '2026-03-01')), {
      settled_orders: 1,
      revenue: { GBP: 55.96 },
      commission: { approved: { GBP: 5.59 }, pending: { GBP: 12.5 }, declined: { GBP: 5.59 }, bonus: { GBP: 5.59 } },
      reversals: { count: 0, amount: {} },
      references: 3,
    });
    const rows = await dbRows('SELECT provider_transaction_id, kind, status, paid, status_rank, decline_reason, advertiser_id, context FROM publisher_records WHERE site_id = $1 ORDER BY 1', s.siteId);
    assert.deepEqual(
      rows.map((r) => [r.provider_transaction_id, r.kind, r.status, r.paid, r.status_rank, r.decline_reason, r.advertiser_id]),
      [
        ['10', 'bonus', 'approved', false, 3, null, '7052'],
        ['11', 'order', 'approved', true, 4, null, '7052'],
        ['12', 'order', 'deleted', false, 6, null, '7052'],
        ['13', 'order', 'declined', false, 5, 'order returned', '7052'],
        ['14', 'order', 'pending', false, 1, null, '7052'],
      ],
    );
    assert.deepEqual(rows[4]!.context, { clickRef2: 'ex_80909', clickRef3: 'www.example.net' });
  });

  it('converges to one state whatever the arrival order and batching of a set of versions', async () => {
    const r1 = ref();
    const versions = [
      awin({ id: 21, clickRefs: { clickRef: r1 } }),
      awin({ id: 21, clickRefs: { clickRef: r1 }, commissionStatus: 'approved', validationDate: '2026-03-01T09:00:00' }),
      awin({ id: 21, clickRefs: { clickRef: r1 }, commissionStatus: 'approved', validationDate: '2026-03-05T09:00:00', amended: true, amendReason: 'partial return', oldCommissionAmount: { amount: 5.59, currency: 'GBP' }, commissionAmount: { amount: 3.1, currency: 'GBP' } }),
      awin({ id: 22, commissionStatus: 'pending' }),
      awin({ id: 22, commissionStatus: 'declined', declineReason: 'order returned', validationDate: '2026-03-02T09:00:00' }),
      awin({ id: 23, commissionStatus: 'approved', validationDate: '2026-03-02T09:00:00' }),
      awin({ id: 23, commissionStatus: 'deleted', validationDate: '2026-03-02T09:00:00' }),
    ];
    const state = async (s: Site) => ({
      records: await dbRows('SELECT provider_transaction_id, status, commission_amount, peak_commission, reversal_amount, fingerprint FROM publisher_records WHERE site_id = $1 ORDER BY 1', s.siteId),
      orders: await dbRows('SELECT order_key, status, sale_amount, commission_amount, reversals, reversal_amount FROM publisher_orders WHERE site_id = $1 ORDER BY 1', s.siteId),
      analytics: figures(await analytics(s, '2026-02-01', '2026-03-01')),
    });
    const orders = [versions, [...versions].reverse(), [versions[2], versions[6], versions[0], versions[4], versions[1], versions[5], versions[3]]];
    const states = [];
    for (const [i, order] of orders.entries()) {
      const s = await setup();
      if (i === 0) assert.equal((await report(s, { provider: 'awin', format: 'awin', records: order })).statusCode, 201);
      else for (const r of order) assert.equal((await report(s, { provider: 'awin', format: 'awin', records: [r] })).statusCode, 201);
      states.push(await state(s));
      // Importing the same set again changes nothing.
      const again = await report(s, { provider: 'awin', format: 'awin', records: order });
      assert.deepEqual(new Set(again.json().data.results.map((r: { status: string }) => r.status)), new Set(['unchanged']));
    }
    assert.deepEqual(states[1], states[0]);
    assert.deepEqual(states[2], states[0]);
    assert.deepEqual(states[0]!.analytics, {
      settled_orders: 1,
      revenue: { GBP: 55.96 },
      commission: { approved: { GBP: 3.1 }, pending: {}, declined: { GBP: 5.59 }, bonus: {} },
      reversals: { count: 2, amount: { GBP: 8.08 } },
      references: 2,
    });
  });

  it('answers each bad record alone with its index and field path, and stores none of them', async () => {
    const s = await setup();
    const res = await report(s, {
      provider: 'awin',
      format: 'awin',
      records: [
        awin({ id: 31 }),
        'not a record',
        awin({ id: 32, commissionAmount: { amount: '12,34', currency: 'GBP' } }),
        awin({ id: 33, commissionAmount: { amount: '1e3', currency: 'GBP' } }),
        awin({ id: 34, saleAmount: { amount: '', currency: 'GBP' } }),
        awin({ id: 35, commissionAmount: { amount: -1, currency: 'GBP' } }),
        awin({ id: 36, commissionAmount: { amount: 1, currency: 'ZZZ' }, saleAmount: { amount: 2, currency: 'ZZZ' } }),
        awin({ id: undefined }),
        42,
        awin({ id: 37, commissionAmount: { amount: 1 }, saleAmount: { amount: 2, currency: 'ZZZ' } }),
      ],
    });
    assert.equal(res.statusCode, 207, res.body);
    const results = res.json().data.results as { index: number; status: string; error?: { details: { path: string; code: string }[] } }[];
    assert.deepEqual(
      results.map((r) => [r.index, r.status, r.error?.details.map((d) => `${d.code} ${d.path}`).join('; ') ?? '']),
      [
        [0, 'created', ''],
        [1, 'error', 'type /records/1'],
        [2, 'error', 'format /records/2/commissionAmount/amount'],
        [3, 'error', 'format /records/3/commissionAmount/amount'],
        [4, 'error', 'format /records/4/saleAmount/amount'],
        [5, 'error', 'negative /records/5/commissionAmount/amount'],
        [6, 'error', 'unknown_currency /records/6/commissionAmount/currency'],
        [7, 'error', 'required /records/7/id'],
        [8, 'error', 'type /records/8'],
        [9, 'error', 'unknown_currency /records/9/saleAmount/currency'],
      ],
    );
    const cjRes = await report(s, {
      provider: 'cj',
      format: 'cj',
      currency: 'EUR',
      records: [
        cj({ commissionId: '41', original: false, originalActionId: '', pubCommissionAmountUsd: '-1.00' }),
        cj({ commissionId: '42', pubCommissionAmountUsd: '-1.00' }),
        cj({ commissionId: '43' }),
        cj({ commissionId: '44', pubCommissionAmountPubCurrency: '' }),
      ],
    });
    assert.equal(cjRes.statusCode, 207, cjRes.body);
    assert.deepEqual(
      cjRes.json().data.results.map((r: { status: string; error?: { details: { path: string; code: string }[] } }) => [r.status, r.error?.details.map((d) => `${d.code} ${d.path}`).join('; ') ?? '']),
      [
        ['error', 'required /records/0/originalActionId'],
        ['error', 'negative /records/1/pubCommissionAmountUsd'],
        ['created', ''],
        ['error', 'format /records/3/pubCommissionAmountPubCurrency'],
      ],
    );
    assert.equal(await countRows(t(), 'publisher_records', s.siteId), 2, 'only the good records are stored');
  });

  it('refuses whole requests that hold no records it can read: 400, nothing stored', async () => {
    const s = await setup();
    const cases: [string, Record<string, unknown>, string][] = [
      ['unknown format', { provider: 'awin', format: 'rakuten', records: [awin()] }, '/format'],
      ['no records nor a known wrapper', { provider: 'cj', format: 'cj', records: { data: { advertiserCommissions: { records: [cj()] } } } }, '/records'],
      ['a GraphQL error answer', { provider: 'cj', format: 'cj', records: { errors: [{ message: 'Unauthorized' }], data: null } }, '/records'],
      ['an Awin document that is not a list', { provider: 'awin', format: 'awin', records: { transactions: [awin()] } }, '/records'],
      ['an empty set', { provider: 'cj', format: 'cj', records: graphql([]) }, '/records'],
      ['an empty list', { provider: 'awin', format: 'awin', records: [] }, '/records'],
      ['an unknown time zone', { provider: 'awin', format: 'awin', timezone: 'Mars/Olympus', records: [awin()] }, '/timezone'],
      ['an unknown import currency', { provider: 'cj', format: 'cj', currency: 'ZZZ', records: [cj()] }, '/currency'],
      ['an import currency that is not tender', { provider: 'awin', format: 'awin', currency: 'XAU', records: [awin()] }, '/currency'],
      ['an unknown provider', { provider: 'rakuten', format: 'awin', records: [awin()] }, '/provider'],
    ];
    for (const [name, body, path] of cases) {
      const res = await report(s, body);
      assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
      assert.equal(res.json().error.code, 'validation_failed', name);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), `${name}: ${res.body}`);
    }
    assert.match((await report(s, cases[2]![1])).json().error.details[0].message, /GraphQL error answer.*Unauthorized/);
    assert.equal(await countRows(t(), 'publisher_records', s.siteId), 0);
  });

  it('refuses a record in another currency than its order', async () => {
    const s = await setup();
    const res = await report(s, { provider: 'cj', format: 'cj', currency: 'EUR', records: [cj(), cj({ commissionId: '51', original: false, pubCommissionAmountPubCurrency: '-1.00' })] });
    assert.equal(res.statusCode, 207, res.body);
    assert.equal(res.json().data.results[1].error.details[0].code, 'currency_mismatch');
  });
});

