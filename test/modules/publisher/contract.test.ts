// CONTRACT §6 points not checked elsewhere: the analytics period (from inclusive, to exclusive,
// default 30 days, from == to refused, 366 days the most), top lists of at most 10 sorted by clicks,
// the reference pattern's bounds, the per-record results shape of reports, and the stored click
// destination without clickref/sid/query for CJ too.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';

const DAY = 86_400_000;
const ref = (n = 24) => `R${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`.slice(0, n);
const AWIN = 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002';

forEachEngine('contract §6 publisher mode', (t) => {
  const setup = async () => {
    const site = await t().createSite({ publisherMode: true });
    const key = await t().createKey(site.siteId, ['publisher_reports:write']);
    return {
      ...site,
      ownerH: bearer(await t().idToken(site.owner)),
      browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN },
      server: { 'x-api-key': key.apiKey },
    };
  };
  const click = (overrides: Record<string, unknown> = {}) => ({
    click_id: `c-${randomUUID()}`,
    provider: 'awin',
    reference: ref(),
    destination_url: AWIN,
    occurred_at: new Date(Date.now() - DAY).toISOString(),
    ...overrides,
  });
  const postClick = (headers: Record<string, string>, body: unknown) => t().inject({ method: 'POST', url: '/api/v1/publisher/clicks', headers, payload: body as object });
  const analytics = (headers: Record<string, string>, siteId: string, query = '') =>
    t().inject({ method: 'GET', url: `/api/v1/analytics/publishers?website_id=${siteId}${query}`, headers });
  const q = (from: string, to: string) => `&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

  it('counts a period from inclusive to exclusive, by click occurred_at', async () => {
    const s = await setup();
    const from = '2026-10-01T00:00:00.000Z';
    const to = '2026-10-02T00:00:00.000Z';
    for (const occurred_at of [from, '2026-10-01T23:59:59.999Z', to, '2026-09-30T23:59:59.999Z']) {
      assert.equal((await postClick(s.browser, click({ occurred_at }))).statusCode, 201);
    }
    const res = await analytics(s.ownerH, s.siteId, q(from, to));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.clicks, 2, 'the click at `from` counts, the one at `to` does not');
    const dates = await analytics(s.ownerH, s.siteId, q('2026-10-01', '2026-10-02'));
    assert.equal(dates.json().data.clicks, 2, 'ISO dates work the same');
    const offset = await analytics(s.ownerH, s.siteId, q('2026-10-01T02:00:00+02:00', '2026-10-02T02:00:00+02:00'));
    assert.equal(offset.json().data.clicks, 2, 'timestamps with an offset');
  });

  it('defaults to the last 30 days', async () => {
    const s = await setup();
    for (const daysAgo of [1, 29, 31, 45]) {
      assert.equal((await postClick(s.browser, click({ occurred_at: new Date(Date.now() - daysAgo * DAY).toISOString() }))).statusCode, 201);
    }
    const res = await analytics(s.ownerH, s.siteId);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.clicks, 2);
    assert.deepEqual(res.json().data.reference_correlation, { provider_references: 0, matched: 0, unmatched_provider: 0, observed_without_order: 2, variance: 0 }, 'variance 0 without provider references');
  });

  it('takes at most 366 days, and from strictly before to', async () => {
    const s = await setup();
    assert.equal((await analytics(s.ownerH, s.siteId, q('2025-01-01', '2026-01-02'))).statusCode, 200, 'exactly 366 days');
    for (const [query, why] of [
      [q('2025-01-01', '2026-01-03'), '367 days'],
      [q('2026-01-01', '2026-01-01'), 'from equal to to'],
      [q('2026-01-01T10:00:00Z', '2026-01-01T09:59:59Z'), 'from after to'],
      [q('2026-02-30', '2026-03-02'), 'not a calendar date'],
    ] as const) {
      const res = await analytics(s.ownerH, s.siteId, query);
      assert.equal(res.statusCode, 400, `${why}: ${res.body}`);
      assert.equal(res.json().error.code, 'validation_failed');
    }
  });

  it('lists at most 10 top contents and destinations, sorted by clicks', async () => {
    const s = await setup();
    // content-k gets k clicks on its own destination path, k = 1…12.
    for (let k = 1; k <= 12; k += 1) {
      for (let i = 0; i < k; i += 1) {
        const res = await postClick(s.browser, click({ content_id: `content-${k}`, destination_url: `https://www.awin1.com/p${k}?awinmid=1&clickref=old&sid=x` }));
        assert.equal(res.statusCode, 201, res.body);
      }
    }
    const res = await analytics(s.ownerH, s.siteId, '&currency=EUR');
    assert.equal(res.statusCode, 200, res.body);
    const a = res.json().data;
    assert.equal(a.clicks, 78);
    assert.deepEqual(a.top_content.map((c: { content_id: string; clicks: number }) => [c.content_id, c.clicks]), Array.from({ length: 10 }, (_, i) => [`content-${12 - i}`, 12 - i]));
    assert.deepEqual(a.top_destinations.map((d: { destination: string; clicks: number }) => [d.destination, d.clicks]), Array.from({ length: 10 }, (_, i) => [`www.awin1.com/p${12 - i}`, 12 - i]));
    for (const c of a.top_content) assert.deepEqual(Object.keys(c).sort(), ['clicks', 'commission', 'content_id']);
    for (const d of a.top_destinations) assert.deepEqual(Object.keys(d).sort(), ['clicks', 'commission', 'destination']);
  });

  it('takes references of 16 to 64 letters and digits, and stores CJ destinations without sid or query', async () => {
    const s = await setup();
    for (const [reference, status] of [[ref(16), 201], [ref(64), 201], [ref(15), 400], [ref(65), 400], [`${ref(20)}_`, 400]] as const) {
      const res = await postClick(s.browser, click({ reference }));
      assert.equal(res.statusCode, status, `${reference.length} chars: ${res.body}`);
      if (status === 400) assert.equal(res.json().error.details[0].path, '/reference');
    }
    const cj = click({ provider: 'cj', destination_url: 'https://www.jdoqocy.com/click-1-2?sid=abc&url=https%3A%2F%2Fshop.example#x' });
    assert.equal((await postClick(s.browser, cj)).statusCode, 201);
    const { rows } = await t().database.db.query<{ destination: string }>('SELECT destination FROM publisher_clicks WHERE site_id = $1 AND click_id = $2', [s.siteId, cj.click_id]);
    assert.deepEqual(rows.map((r) => r.destination), ['www.jdoqocy.com/click-1-2']);
    const replay = await postClick(s.browser, cj);
    assert.equal(replay.statusCode, 200);
    const changed = await postClick(s.browser, { ...cj, placement: 'footer' });
    assert.equal(changed.statusCode, 409);
  });

  it('answers reports with { index, status } per record in order, 201 when all succeed', async () => {
    const s = await setup();
    const record = (overrides: Record<string, unknown> = {}) => ({
      provider_transaction_id: `tx-${randomUUID()}`,
      reference: ref(),
      status: 'approved',
      sale_amount: 10,
      commission_amount: 1,
      currency: 'EUR',
      transaction_at: new Date(Date.now() - DAY).toISOString(),
      updated_at: new Date(Date.now() - DAY).toISOString(),
      ...overrides,
    });
    const r1 = record();
    const res = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.server, payload: { provider: 'awin', format: 'canonical', records: [r1, record({ order_ref: 'o-1' })] } });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.results, [{ index: 0, status: 'created' }, { index: 1, status: 'created' }]);
    const again = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.server, payload: { provider: 'awin', records: [record({ sale_amount: 'ten' }), r1] } });
    assert.equal(again.statusCode, 207, again.body);
    const results = again.json().data.results;
    assert.deepEqual(results.map((r: { index: number; status: string }) => [r.index, r.status]), [[0, 'error'], [1, 'unchanged']]);
    assert.equal(typeof results[0].error.code, 'string');
    assert.equal(results[1].error, undefined);
    // Upserted by (provider, provider_transaction_id): the same id from the other network is another record.
    const sameIdOtherNetwork = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.server, payload: { provider: 'cj', records: [r1] } });
    assert.equal(sameIdOtherNetwork.statusCode, 201, sameIdOtherNetwork.body);
    assert.deepEqual(sameIdOtherNetwork.json().data.results, [{ index: 0, status: 'created' }]);
    const { rows } = await t().database.db.query<{ provider: string }>('SELECT provider FROM publisher_records WHERE site_id = $1 AND provider_transaction_id = $2 ORDER BY provider', [s.siteId, r1.provider_transaction_id]);
    assert.deepEqual(rows.map((r) => r.provider), ['awin', 'cj']);
    const missingProvider = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.server, payload: { records: [record()] } });
    assert.equal(missingProvider.statusCode, 400);
    const browser = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.browser, payload: { provider: 'awin', records: [record()] } });
    assert.equal(browser.statusCode, 401, 'runtime tokens cannot import reports');
  });
});
