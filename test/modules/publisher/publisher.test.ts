// Publisher mode through inject(), on both engines (CONTRACT §6).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';

const ref = () => `R${randomUUID().replace(/-/g, '')}`.slice(0, 24);
const AWIN = 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002';
const CJ = 'https://www.anrdoezrs.net/click-123-456?url=https%3A%2F%2Fshop.example';
const DAY = 86_400_000;
const at = (daysAgo: number, hours = 12) => new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY + hours * 3_600_000).toISOString();

forEachEngine('publisher mode', (t) => {
  const setup = async (publisherMode = true) => {
    const site = await t().createSite({ publisherMode });
    const key = await t().createKey(site.siteId, ['publisher_reports:write']);
    return {
      ...site,
      owner: bearer(await t().idToken(site.owner)),
      memberH: bearer(await t().idToken(site.member)),
      browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN },
      server: { 'x-api-key': key.apiKey },
    };
  };
  const click = (overrides: Record<string, unknown> = {}) => ({
    click_id: `c-${randomUUID()}`,
    provider: 'awin',
    reference: ref(),
    destination_url: `${AWIN}&clickref=XYZ`,
    occurred_at: at(1),
    content_id: 'article-1',
    campaign: 'winter',
    placement: 'sidebar',
    creative: 'banner-a',
    ...overrides,
  });
  const postClick = (headers: Record<string, string>, body: unknown) => t().inject({ method: 'POST', url: '/api/v1/publisher/clicks', headers, payload: body as object });
  const report = (headers: Record<string, string>, body: unknown) => t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers, payload: body as object });
  const record = (overrides: Record<string, unknown> = {}) => ({
    provider_transaction_id: `tx-${randomUUID()}`,
    reference: ref(),
    status: 'pending',
    sale_amount: 100,
    commission_amount: 10,
    currency: 'EUR',
    transaction_at: at(1),
    updated_at: at(1),
    ...overrides,
  });
  const analytics = (headers: Record<string, string>, siteId: string, query = '') =>
    t().inject({ method: 'GET', url: `/api/v1/analytics/publishers?website_id=${siteId}${query}`, headers });

  it('records clicks idempotently, keeping context apart from the reference', async () => {
    const s = await setup();
    const c = click();
    const first = await postClick(s.browser, c);
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual(first.json().data, { click_id: c.click_id, status: 'created' });
    assert.equal((await postClick(s.browser, c)).statusCode, 200);
    const changed = await postClick(s.browser, { ...c, content_id: 'article-2' });
    assert.equal(changed.statusCode, 409);
    const { rows } = await t().database.db.query<Record<string, unknown>>('SELECT * FROM publisher_clicks WHERE site_id = $1', [s.siteId]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.destination, 'www.awin1.com/cread.php', 'host and path, no query');
    assert.deepEqual([rows[0]!.content_id, rows[0]!.campaign, rows[0]!.placement, rows[0]!.creative], ['article-1', 'winter', 'sidebar', 'banner-a']);
    assert.ok(!JSON.stringify(rows).includes(c.reference), 'the raw reference is not stored');
    assert.ok(!first.body.includes(c.reference));
    const beacon = await t().inject({
      method: 'POST',
      url: '/api/v1/publisher/clicks',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      payload: JSON.stringify({ ...click({ provider: 'cj', destination_url: CJ }), runtime_token: await t().runtimeToken(s.siteId) }),
    });
    assert.equal(beacon.statusCode, 201, beacon.body);
  });

  it('refuses clicks off the allowlist, off publisher mode, and malformed', async () => {
    const s = await setup();
    const offList = await postClick(s.browser, click({ destination_url: 'https://www.example.com/x' }));
    assert.equal(offList.statusCode, 422);
    assert.equal(offList.json().error.code, 'destination_not_allowlisted');
    const wrongNetwork = await postClick(s.browser, click({ provider: 'cj', destination_url: AWIN }));
    assert.equal(wrongNetwork.statusCode, 422);
    for (const [over, path] of [
      [{ reference: 'short' }, '/reference'],
      [{ reference: 'has-dashes-0000000000' }, '/reference'],
      [{ provider: 'rakuten' }, '/provider'],
      [{ destination_url: 'javascript:alert(1)' }, '/destination_url'],
      [{ occurred_at: 'soon' }, '/occurred_at'],
      [{ click_id: '' }, '/click_id'],
    ] as const) {
      const res = await postClick(s.browser, click(over));
      assert.equal(res.statusCode, 400, `${JSON.stringify(over)}: ${res.body}`);
      assert.equal(res.json().error.details[0].path, path);
    }
    const off = await setup(false);
    const inactive = await postClick(off.browser, click());
    assert.equal(inactive.statusCode, 403);
    assert.equal(inactive.json().error.code, 'publisher_mode_inactive');
  });

  it('imports records: newest updated_at wins, history kept, pending → approved → declined is one reversal', async () => {
    const s = await setup();
    const id = `tx-${randomUUID()}`;
    const base = { provider_transaction_id: id, reference: ref(), sale_amount: 80, currency: 'EUR', transaction_at: at(2) };
    const v1 = { ...base, status: 'pending', commission_amount: 8, updated_at: at(2, 1) };
    const v2 = { ...base, status: 'approved', commission_amount: 8, updated_at: at(2, 2) };
    const v3 = { ...base, status: 'declined', commission_amount: 8, updated_at: at(2, 3) };
    const statusOf = (res: { json(): { data: { results: { status: string }[] } } }) => res.json().data.results.map((r) => r.status);
    assert.deepEqual(statusOf(await report(s.server, { provider: 'awin', records: [v1] })), ['created']);
    assert.deepEqual(statusOf(await report(s.server, { provider: 'awin', records: [v2] })), ['updated']);
    assert.deepEqual(statusOf(await report(s.server, { provider: 'awin', records: [v3] })), ['updated']);
    assert.deepEqual(statusOf(await report(s.server, { provider: 'awin', records: [v2, v1] })), ['unchanged', 'unchanged'], 'older versions never overwrite newer');
    assert.deepEqual(statusOf(await report(s.server, { provider: 'awin', records: [v3] })), ['unchanged'], 'the same record again changes nothing');
    const { rows } = await t().database.db.query<{ status: string; reversal_amount: number }>(
      'SELECT status, reversal_amount FROM publisher_records WHERE site_id = $1 AND provider_transaction_id = $2',
      [s.siteId, id],
    );
    assert.deepEqual(rows.map((r) => [r.status, Number(r.reversal_amount)]), [['declined', 800]]);
    const history = await t().database.db.query<{ status: string }>('SELECT status FROM publisher_record_history WHERE site_id = $1 AND provider_transaction_id = $2 ORDER BY seq', [s.siteId, id]);
    assert.deepEqual(history.rows.map((r) => r.status), ['pending', 'approved', 'declined']);
    const a = (await analytics(s.owner, s.siteId, `&from=${at(7).slice(0, 10)}&to=${at(-1).slice(0, 10)}`)).json().data;
    assert.deepEqual(a.reversals, { count: 1, amount: { EUR: 8 } });
    assert.deepEqual(a.commission.declined, { EUR: 8 });
    assert.equal(a.settled_orders, 0);
    const amended = { ...base, provider_transaction_id: `tx-${randomUUID()}` };
    await report(s.server, { provider: 'awin', records: [{ ...amended, status: 'approved', commission_amount: 10, updated_at: at(2, 1) }] });
    await report(s.server, { provider: 'awin', records: [{ ...amended, status: 'approved', commission_amount: 6.5, updated_at: at(2, 5) }] });
    const b = (await analytics(s.owner, s.siteId, `&from=${at(7).slice(0, 10)}&currency=EUR`)).json().data;
    assert.deepEqual(b.reversals, { count: 2, amount: 11.5 }, 'amended down by 3.50 counts with what was taken back');
  });

  it('reports malformed records one by one and keeps the good ones', async () => {
    const s = await setup();
    const res = await report(s.server, {
      provider: 'cj',
      records: [
        record(),
        record({ sale_amount: 10.005 }),
        record({ provider_transaction_id: undefined }),
        'not a record',
        record({ status: 'paid' }),
        record({ currency: 'JPY', sale_amount: 1.5 }),
        record({ transaction_at: 'yesterday' }),
        record({ order_ref: 'o\u0000x' }),
        record({ [`note\ud800`]: 'x' }),
        record(),
      ].map((r) => JSON.parse(JSON.stringify(r))),
    });
    assert.equal(res.statusCode, 207, res.body);
    const results = res.json().data.results;
    assert.deepEqual(results.map((r: { status: string }) => r.status), ['created', 'error', 'error', 'error', 'error', 'error', 'error', 'error', 'error', 'created']);
    assert.equal(results[1].error.details[0].path, '/records/1/sale_amount');
    assert.equal(results[2].error.details[0].path, '/records/2/provider_transaction_id');
    // The string rule fails a record alone (CONTRACT §7), naming where.
    assert.deepEqual([results[7].error.details[0].path, results[7].error.details[0].code], ['/records/7/order_ref', 'encoding']);
    assert.deepEqual([results[8].error.details[0].path, results[8].error.details[0].code], ['/records/8/note\ud800', 'encoding']);
    assert.equal(res.json().data.failed, 8);
    for (const [body, why] of [
      [{ provider: 'rakuten', records: [record()] }, 'unknown provider'],
      [{ provider: 'awin', format: 'csv', records: [record()] }, 'unknown format'],
      [{ provider: 'awin', records: [] }, 'empty list'],
    ] as const) {
      assert.equal((await report(s.server, body)).statusCode, 400, why);
    }
    const noScope = await t().createKey(s.siteId, ['events:write']);
    assert.equal((await report({ 'x-api-key': noScope.apiKey }, { provider: 'awin', records: [record()] })).statusCode, 403);
  });

  it('imports the Awin and CJ shapes', async () => {
    const s = await setup();
    const awin = {
      id: 987654321,
      advertiserId: 1001,
      commissionStatus: 'approved',
      commissionAmount: { amount: 4.25, currency: 'GBP' },
      saleAmount: { amount: 42.5, currency: 'GBP' },
      clickRefs: { clickRef: ref() },
      transactionDate: '2026-11-20T10:15:00',
      validationDate: '2026-11-21T08:00:00',
      orderRef: 'ORDER-1',
      amended: false,
    };
    const cj = {
      commissionId: '3000000001',
      actionStatus: 'new',
      validationStatus: 'PENDING',
      pubCommissionAmountPubCurrency: '3.10',
      saleAmountPubCurrency: '31.00',
      shopperId: ref(),
      orderId: 'ORDER-2',
      eventDate: '2026-11-20T11:00:00Z',
      postingDate: '2026-11-20T12:00:00Z',
      original: true,
      originalActionId: '3000000001',
    };
    const a = await report(s.server, { provider: 'awin', format: 'awin', records: [awin] });
    assert.equal(a.statusCode, 201, a.body);
    const c = await report(s.server, { provider: 'cj', format: 'cj', currency: 'USD', records: [cj, { ...cj, commissionId: '3000000002', original: false, pubCommissionAmountPubCurrency: '-3.10', saleAmountPubCurrency: '-31.00', correctionReason: 'RETURNED_MERCHANDISE', postingDate: '2026-11-22T09:00:00Z' }] });
    assert.equal(c.statusCode, 201, c.body);
    const { rows } = await t().database.db.query<Record<string, unknown>>(
      'SELECT provider, provider_transaction_id, status, currency, sale_amount, commission_amount, reversal_amount, order_ref FROM publisher_records WHERE site_id = $1 ORDER BY provider, provider_transaction_id',
      [s.siteId],
    );
    assert.deepEqual(
      rows.map((r) => [r.provider, r.provider_transaction_id, r.status, r.currency, Number(r.sale_amount), Number(r.commission_amount), Number(r.reversal_amount), r.order_ref]),
      [
        ['awin', '987654321', 'approved', 'GBP', 4250, 425, 0, 'ORDER-1'],
        ['cj', '3000000001', 'pending', 'USD', 3100, 310, 0, 'ORDER-2'],
        ['cj', '3000000002', 'pending', 'USD', -3100, -310, 0, 'ORDER-2'],
      ],
      'a CJ correction keeps its signed deltas',
    );
    // The correction reverses its order in full: one declined order, one reversal of 3.10.
    const orders = await t().database.db.query<Record<string, unknown>>(
      'SELECT provider, order_key, status, sale_amount, commission_amount, reversals, reversal_amount FROM publisher_orders WHERE site_id = $1 ORDER BY provider, order_key',
      [s.siteId],
    );
    assert.deepEqual(
      orders.rows.map((r) => [r.provider, r.order_key, r.status, Number(r.sale_amount), Number(r.commission_amount), Number(r.reversals), Number(r.reversal_amount)]),
      [
        ['awin', '987654321', 'approved', 4250, 425, 0, 0],
        ['cj', '3000000001', 'declined', 3100, 310, 1, 310],
      ],
    );
  });

  it('correlates references exactly: matched, unmatched and observed-only', async () => {
    const s = await setup();
    const [r1, r2, r3, r4, r5] = [ref(), ref(), ref(), ref(), ref()];
    for (const c of [
      click({ reference: r1, content_id: 'A' }),
      click({ reference: r2, content_id: 'A' }),
      click({ reference: r3, content_id: 'B', provider: 'cj', destination_url: CJ }),
      click({ reference: r4, content_id: undefined }),
      click({ reference: ref(), occurred_at: at(40) }),
    ]) {
      assert.equal((await postClick(s.browser, JSON.parse(JSON.stringify(c)))).statusCode, 201);
    }
    const tx = (reference: string, overrides: Record<string, unknown>) => record({ reference, ...overrides });
    const t4 = `tx-${randomUUID()}`;
    const imported = await report(s.server, {
      provider: 'awin',
      records: [
        tx(r1, { status: 'approved', sale_amount: 100, commission_amount: 10 }),
        tx(r1, { status: 'approved', sale_amount: 20, commission_amount: 2 }),
        tx(r2, { status: 'pending', sale_amount: 50, commission_amount: 5 }),
        tx(r5, { status: 'approved', sale_amount: 20, commission_amount: 2 }),
        tx(r3, { provider_transaction_id: t4, status: 'approved', sale_amount: 30, commission_amount: 3, updated_at: at(1, 1) }),
        tx(ref(), { status: 'approved', sale_amount: 99, commission_amount: 9, transaction_at: at(40), updated_at: at(40) }),
      ],
    });
    assert.equal(imported.statusCode, 201, imported.body);
    await report(s.server, { provider: 'awin', records: [tx(r3, { provider_transaction_id: t4, status: 'declined', sale_amount: 30, commission_amount: 3, updated_at: at(1, 2) })] });

    const res = await analytics(s.owner, s.siteId, `&from=${at(7).slice(0, 10)}&to=${at(-1).slice(0, 10)}`);
    assert.equal(res.statusCode, 200, res.body);
    const a = res.json().data;
    assert.equal(a.clicks, 4);
    assert.equal(a.settled_orders, 3);
    assert.deepEqual(a.commissionable_revenue, { EUR: 140 });
    assert.deepEqual(a.commission, { approved: { EUR: 14 }, pending: { EUR: 5 }, declined: { EUR: 3 }, bonus: {} });
    assert.deepEqual(a.reversals, { count: 1, amount: { EUR: 3 } });
    assert.deepEqual(a.reference_correlation, { provider_references: 4, matched: 3, unmatched_provider: 1, observed_without_order: 1, variance: 0.25 });
    assert.deepEqual(a.top_content, [
      { content_id: 'A', clicks: 2, commission: { EUR: 17 } },
      { content_id: 'B', clicks: 1, commission: {} },
    ]);
    assert.deepEqual(a.top_destinations.map((d: { destination: string; clicks: number }) => [d.destination, d.clicks]), [
      ['www.awin1.com/cread.php', 3],
      ['www.anrdoezrs.net/click-123-456', 1],
    ]);
    assert.deepEqual(a.top_content_by_commission.map((c: { content_id: string }) => c.content_id), ['A']);
    const eur = (await analytics(s.owner, s.siteId, `&from=${at(7).slice(0, 10)}&to=${at(-1).slice(0, 10)}&currency=EUR`)).json().data;
    assert.equal(eur.commissionable_revenue, 140);
    assert.deepEqual(eur.commission, { approved: 14, pending: 5, declined: 3, bonus: 0 });
    // Partial days at the edges count exactly: a period of one hour around one click.
    const oneClick = (await analytics(s.owner, s.siteId, `&from=${encodeURIComponent(at(1, 11.5))}&to=${encodeURIComponent(at(1, 12.5))}`)).json().data;
    assert.equal(oneClick.clicks, 4);
    const none = (await analytics(s.owner, s.siteId, `&from=${encodeURIComponent(at(1, 12.5))}&to=${encodeURIComponent(at(1, 13))}`)).json().data;
    assert.equal(none.clicks, 0);
  });

  it('attributes records to a click that arrives after them', async () => {
    const s = await setup();
    const r = ref();
    await report(s.server, { provider: 'awin', records: [record({ reference: r, status: 'approved', sale_amount: 40, commission_amount: 4 })] });
    const q = `&from=${at(7).slice(0, 10)}&to=${at(-1).slice(0, 10)}&currency=EUR`;
    const before = (await analytics(s.owner, s.siteId, q)).json().data;
    assert.deepEqual(before.reference_correlation, { provider_references: 1, matched: 0, unmatched_provider: 1, observed_without_order: 0, variance: 1 });
    assert.deepEqual(before.top_content, []);
    assert.equal((await postClick(s.browser, click({ reference: r, content_id: 'late-article' }))).statusCode, 201);
    const after = (await analytics(s.owner, s.siteId, q)).json().data;
    assert.deepEqual(after.reference_correlation, { provider_references: 1, matched: 1, unmatched_provider: 0, observed_without_order: 0, variance: 0 });
    assert.deepEqual(after.top_content, [{ content_id: 'late-article', clicks: 1, commission: 4 }]);
  });

  it('lets only owners of an active publisher-mode site read analytics', async () => {
    const s = await setup();
    assert.equal((await analytics(s.owner, s.siteId)).statusCode, 200);
    const member = await analytics(s.memberH, s.siteId);
    assert.equal(member.statusCode, 403);
    assert.equal(member.json().error.code, 'forbidden');
    const off = await setup(false);
    const inactive = await analytics(off.owner, off.siteId);
    assert.equal(inactive.statusCode, 403);
    assert.equal(inactive.json().error.code, 'publisher_mode_inactive');
    assert.equal((await analytics(off.owner, s.siteId)).statusCode, 403, 'another site’s owner');
    assert.equal((await analytics({}, s.siteId)).statusCode, 401);
    for (const [query, path] of [
      [`&from=2026-11-10&to=2026-11-01`, '/from'],
      [`&from=2025-01-01&to=2026-11-01`, '/to'],
      [`&from=yesterday`, '/from'],
      [`&currency=EURO`, '/currency'],
    ] as const) {
      const res = await analytics(s.owner, s.siteId, query);
      assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path.includes(path.slice(1))), res.body);
    }
  });

  it('keeps raw references out of every table and response', async () => {
    const s = await setup();
    const raws = [ref(), ref(), ref()];
    const bodies: string[] = [];
    for (const r of raws) bodies.push((await postClick(s.browser, click({ reference: r }))).body);
    bodies.push((await report(s.server, { provider: 'awin', records: raws.map((r) => record({ reference: r, status: 'approved' })) })).body);
    bodies.push((await analytics(s.owner, s.siteId)).body);
    const tables = await t().database.db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    let dump = '';
    for (const { table_name } of tables.rows) dump += (await t().database.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table_name} t`)).rows.map((r) => r.row).join('\n');
    for (const r of raws) {
      assert.ok(!dump.includes(r), `raw reference in the database: ${r}`);
      assert.ok(!bodies.some((b) => b.includes(r)), `raw reference in a response: ${r}`);
    }
  });
});
