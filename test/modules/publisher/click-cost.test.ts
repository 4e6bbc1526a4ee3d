// Publisher clicks cost the same whatever number of records share their reference (issue #11): a
// click never rewrites the records of its reference, yet analytics are the same whichever arrives
// first; clicks and imports racing on one reference leave every rollup equal to its raw rows; the
// 0007 migration rebuilds the same state from data written by the old code. On both engines.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { buildApp } from '../../../src/app.js';
import { loadMigrations, migrate } from '../../../src/db/migrate.js';
import type { Queryable } from '../../../src/db/types.js';
import { createSecrets } from '../../../src/secrets.js';
import { newSiteId } from '../../../src/ids.js';
import { bearer, forEachEngine, ORIGIN, testConfig } from '../../helpers/app.js';
import { createTestDatabase } from '../../helpers/database.js';

const DAY = 86_400_000;
const ref = () => `R${randomUUID().replace(/-/g, '')}`.slice(0, 24);
const today = Math.floor(Date.now() / DAY) * DAY;
const at = (daysAgo: number, hours = 12) => new Date(today - daysAgo * DAY + hours * 3_600_000).toISOString();
const AWIN = 'https://www.awin1.com/cread.php?awinmid=1001';
const CJ = 'https://www.anrdoezrs.net/click-123-456';

interface Click {
  click_id: string;
  reference: string;
  occurred_at: string;
  content_id?: string;
  destination_url?: string;
  provider?: string;
}

/** Every rollup of a site against what its raw rows say (the invariant both write paths keep). */
async function assertRollupsMatchRawRows(db: Queryable, siteId: string) {
  const rows = async (sql: string) => (await db.query<Record<string, unknown>>(sql, [siteId])).rows.map((r) => JSON.stringify(Object.values(r))).sort();
  // (Every selected column is named apart: rows are objects, a repeated name would hide a column.)
  const grains = (col: string) =>
    `CROSS JOIN LATERAL (VALUES ('day', (${col} AT TIME ZONE 'UTC')::date), ('month', date_trunc('month', ${col} AT TIME ZONE 'UTC')::date)) AS g(grain, bucket)`;
  const earliest = `(SELECT DISTINCT ON (reference_hash) reference_hash, click_id, occurred_at, content_id, destination FROM publisher_clicks
                      WHERE site_id = $1 ORDER BY reference_hash, occurred_at, click_id COLLATE "C")`;

  assert.deepEqual(
    await rows(`SELECT reference_hash, click_id, to_char(click_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS at, content_id, destination
                  FROM publisher_references WHERE site_id = $1 AND click_id IS NOT NULL`),
    await rows(`SELECT reference_hash, click_id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS at, content_id, destination FROM ${earliest} e`),
    'each reference names its earliest click',
  );
  assert.deepEqual(
    await rows(`SELECT reference_hash FROM publisher_references WHERE site_id = $1 AND first_at IS NULL AND click_id IS NULL`),
    [],
    'no reference row without a click or a record',
  );
  assert.deepEqual(
    await rows(`SELECT reference_hash, day::text, currency, records::float8, sale::float8, commission::float8 FROM publisher_reference_earnings
                 WHERE site_id = $1 AND (records <> 0 OR sale <> 0 OR commission <> 0)`),
    await rows(`SELECT r.reference_hash, (r.transaction_at AT TIME ZONE 'UTC')::date::text AS day, r.currency, count(*)::float8 AS records,
                       sum(r.sale_amount)::float8 AS sale, sum(r.commission_amount)::float8 AS commission
                  FROM publisher_records r
                 WHERE r.site_id = $1 AND r.reference_hash IS NOT NULL AND r.status <> 'declined'
                 GROUP BY 1, 2, 3`),
    'reference earnings',
  );
  assert.deepEqual(
    await rows(`SELECT grain, bucket::text, dimension, currency, key, records::float8, sale::float8, commission::float8, reversals::float8, reversal_amount::float8
                  FROM publisher_record_rollups WHERE site_id = $1 AND (records <> 0 OR sale <> 0 OR commission <> 0 OR reversals <> 0 OR reversal_amount <> 0)`),
    await rows(`SELECT g.grain, g.bucket::text, d.dimension, r.currency, d.key, count(*)::float8 AS records, sum(r.sale_amount)::float8 AS sale, sum(r.commission_amount)::float8 AS commission,
                       sum(CASE WHEN d.dimension = 'status' AND r.reversal_amount > 0 THEN 1 ELSE 0 END)::float8 AS reversals,
                       sum(CASE WHEN d.dimension = 'status' THEN r.reversal_amount ELSE 0 END)::float8 AS reversal_amount
                  FROM publisher_records r LEFT JOIN ${earliest} e ON e.reference_hash = r.reference_hash ${grains('r.transaction_at')}
                 CROSS JOIN LATERAL (VALUES ('status', r.status), ('content', CASE WHEN r.status <> 'declined' THEN e.content_id END),
                                            ('destination', CASE WHEN r.status <> 'declined' THEN e.destination END)) AS d(dimension, key)
                 WHERE r.site_id = $1 AND d.key IS NOT NULL
                 GROUP BY 1, 2, 3, 4, 5`),
    'record rollups: by status, and by the content and destination of the earliest click',
  );
  assert.deepEqual(
    await rows(`SELECT grain, bucket::text, refs::float8, matched::float8 FROM publisher_reference_rollups WHERE site_id = $1 AND (refs <> 0 OR matched <> 0)`),
    await rows(`SELECT g.grain, g.bucket::text, count(*)::float8 AS refs, count(*) FILTER (WHERE p.click_id IS NOT NULL)::float8 AS matched
                  FROM publisher_references p ${grains('p.first_at')} WHERE p.site_id = $1 AND p.first_at IS NOT NULL GROUP BY 1, 2`),
    'reference rollups',
  );
  assert.deepEqual(
    await rows(`SELECT grain, bucket::text, dimension, key, clicks::float8, clicks_with_record::float8 FROM publisher_click_rollups WHERE site_id = $1 AND (clicks <> 0 OR clicks_with_record <> 0)`),
    await rows(`SELECT g.grain, g.bucket::text, d.dimension, d.key, count(*)::float8 AS clicks, count(*) FILTER (WHERE c.has_record)::float8 AS with_record
                  FROM publisher_clicks c ${grains('c.occurred_at')}
                 CROSS JOIN LATERAL (VALUES ('total', ''), ('content', c.content_id), ('destination', c.destination)) AS d(dimension, key)
                 WHERE c.site_id = $1 AND d.key IS NOT NULL GROUP BY 1, 2, 3, 4`),
    'click rollups',
  );
  assert.deepEqual(
    await rows(`SELECT reference_hash, records FROM publisher_references WHERE site_id = $1 AND records <> 0`),
    await rows(`SELECT reference_hash, count(*)::int AS records FROM publisher_records WHERE site_id = $1 AND reference_hash IS NOT NULL GROUP BY 1`),
    'records naming each reference',
  );
  assert.deepEqual(
    await rows(`SELECT c.click_id, c.has_record, p.records FROM publisher_clicks c JOIN publisher_references p USING (site_id, reference_hash)
                 WHERE c.site_id = $1 AND ((p.click_id = c.click_id AND p.records > 0 AND NOT c.has_record) OR (p.first_at IS NULL AND c.has_record))`),
    [],
    'the earliest click of a reference that records name has a record; no click of an unreported one has',
  );
}

forEachEngine('publisher click cost', (t) => {
  const setup = async () => {
    const site = await t().createSite({ publisherMode: true });
    const key = await t().createKey(site.siteId, ['publisher_reports:write']);
    return {
      ...site,
      owner: bearer(await t().idToken(site.owner)),
      browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN },
      server: { 'x-api-key': key.apiKey },
    };
  };
  type Site = Awaited<ReturnType<typeof setup>>;
  const postClick = async (s: Site, c: Click) => {
    const res = await t().inject({ method: 'POST', url: '/api/v1/publisher/clicks', headers: s.browser, payload: { provider: 'awin', destination_url: AWIN, ...c } });
    assert.equal(res.statusCode, 201, res.body);
  };
  const importRecords = async (s: Site, records: object[]) => {
    const res = await t().inject({ method: 'POST', url: '/api/v1/publisher/reports', headers: s.server, payload: { provider: 'awin', records } });
    assert.equal(res.statusCode, 201, res.body);
  };
  /** The analytics of a site over a period: whole days (the rollups) or with partial days (raw rows). */
  const analytics = async (s: Site, from: string, to: string, currency?: string) => {
    const res = await t().inject({
      method: 'GET',
      url: `/api/v1/analytics/publishers?website_id=${s.siteId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${currency ? `&currency=${currency}` : ''}`,
      headers: s.owner,
    });
    assert.equal(res.statusCode, 200, res.body);
    const { website_id: _site, ...data } = res.json().data;
    return data;
  };
  const PERIODS = [
    [at(40, 0), at(-1, 0)],
    [at(9, 5), at(0, 7)],
    [at(3, 0), at(2, 13)],
  ] as const;
  const allAnalytics = async (s: Site) => {
    const out = [];
    for (const [from, to] of PERIODS) out.push(await analytics(s, from, to), await analytics(s, from, to, 'EUR'));
    return out;
  };

  /** Records of a hot reference spread over days, statuses and currencies; some amended later. */
  const hotRecords = (reference: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      provider_transaction_id: `hot-${i}`,
      reference,
      status: i % 7 === 0 ? 'declined' : i % 3 === 0 ? 'pending' : 'approved',
      sale_amount: 10 + (i % 13),
      commission_amount: 1 + (i % 5) / 2,
      currency: i % 4 === 0 ? 'GBP' : 'EUR',
      transaction_at: at(i % 9, (i * 5) % 24),
      updated_at: at(i % 9, (i * 5) % 24),
    }));

  it('a click after N records of its reference gives the analytics a click before them gives, without touching the records', async () => {
    const [early, late, inBetween] = [await setup(), await setup(), await setup()];
    const hot = ref();
    const other = ref();
    const records = [...hotRecords(hot, 150), { provider_transaction_id: 'other-1', reference: other, status: 'approved', sale_amount: 50, commission_amount: 5, currency: 'EUR', transaction_at: at(2), updated_at: at(2) }];
    // Later versions: declines, and two records that move to the other reference.
    const later = [
      ...records.filter((_, i) => i % 10 === 1).map((r) => ({ ...r, status: 'declined', updated_at: at(0, 1) })),
      ...[records[5]!, records[8]!].map((r) => ({ ...r, reference: other, updated_at: at(0, 2) })),
    ];
    const clicks: Click[] = [
      { click_id: 'k-hot', reference: hot, occurred_at: at(5), content_id: 'hot-article' },
      { click_id: 'k-other', reference: other, occurred_at: at(3), content_id: 'other-article', provider: 'cj', destination_url: CJ },
      { click_id: 'k-alone', reference: ref(), occurred_at: at(2), content_id: 'hot-article' },
    ];
    // Clicks first, records after.
    for (const c of clicks) await postClick(early, c);
    await importRecords(early, records.slice(0, 80));
    await importRecords(early, records.slice(80));
    await importRecords(early, later);
    // Records first, clicks after: the records' rows must not change when the click arrives.
    await importRecords(late, records.slice(0, 80));
    await importRecords(late, records.slice(80));
    await importRecords(late, later);
    const versions = async (s: Site) => (await t().database.db.query<{ v: string }>('SELECT provider_transaction_id || xmin::text AS v FROM publisher_records WHERE site_id = $1 ORDER BY 1', [s.siteId])).rows.map((r) => r.v);
    const before = await versions(late);
    for (const c of clicks) await postClick(late, c);
    assert.deepEqual(await versions(late), before, 'a click rewrites no record');
    // Some records, the clicks, the rest and the amendments.
    await importRecords(inBetween, records.slice(0, 80));
    for (const c of clicks) await postClick(inBetween, c);
    await importRecords(inBetween, records.slice(80));
    await importRecords(inBetween, later);

    const expected = await allAnalytics(early);
    const top = expected[0]!;
    assert.equal(top.top_content[0].content_id, 'hot-article');
    assert.ok(Object.keys(top.top_content[0].commission).length > 0, 'the hot reference earned commission for its content');
    assert.deepEqual(await allAnalytics(late), expected);
    assert.deepEqual(await allAnalytics(inBetween), expected);
    for (const s of [early, late, inBetween]) await assertRollupsMatchRawRows(t().database.db, s.siteId);
  });

  it('several clicks of one reference: its records go with the earliest click, whatever the order of arrival', async () => {
    const r = ref();
    const first: Click = { click_id: 'k-first', reference: r, occurred_at: at(2, 8), content_id: 'early-article' };
    const second: Click = { click_id: 'k-second', reference: r, occurred_at: at(2, 9), content_id: 'late-article', provider: 'cj', destination_url: CJ };
    const records = [
      { provider_transaction_id: 't1', reference: r, status: 'approved', sale_amount: 100, commission_amount: 10, currency: 'EUR', transaction_at: at(2, 10), updated_at: at(2, 10) },
      { provider_transaction_id: 't2', reference: r, status: 'pending', sale_amount: 30, commission_amount: 3, currency: 'EUR', transaction_at: at(1, 10), updated_at: at(1, 10) },
    ];
    const orders: (('first' | 'second' | 'records')[])[] = [
      ['first', 'second', 'records'],
      ['second', 'first', 'records'],
      ['records', 'second', 'first'],
      ['records', 'first', 'second'],
      ['second', 'records', 'first'],
    ];
    const results: Awaited<ReturnType<typeof allAnalytics>>[] = [];
    for (const order of orders) {
      const s = await setup();
      for (const step of order) {
        if (step === 'records') await importRecords(s, records);
        else await postClick(s, step === 'first' ? first : second);
      }
      await assertRollupsMatchRawRows(t().database.db, s.siteId);
      results.push(await allAnalytics(s));
    }
    const a = results[0]![0]!;
    assert.deepEqual(a.top_content, [
      { content_id: 'early-article', clicks: 1, commission: { EUR: 13 } },
      { content_id: 'late-article', clicks: 1, commission: {} },
    ]);
    assert.deepEqual(a.top_destinations, [
      { destination: 'www.awin1.com/cread.php', clicks: 1, commission: { EUR: 13 } },
      { destination: 'www.anrdoezrs.net/click-123-456', clicks: 1, commission: {} },
    ]);
    assert.equal(a.reference_correlation.matched, 1);
    // A click counts as observed without an order unless the reference was reported when it arrived
    // or it was the reference's earliest click when the first record came (the rule before #11 too).
    const withoutOrder = (r: typeof results) => r.map((x) => x[0].reference_correlation.observed_without_order);
    assert.deepEqual(withoutOrder(results), [1, 1, 0, 0, 0]);
    const rest = results.map((r) => r.map(({ reference_correlation: { observed_without_order: _o, ...c }, ...x }) => ({ ...x, c })));
    for (const r2 of rest.slice(1)) assert.deepEqual(r2, rest[0]);
  });

  it('clicks and imports racing on the same references leave every rollup equal to its raw rows', async () => {
    const s = await setup();
    const refs = Array.from({ length: 12 }, () => ref());
    const recordsOf = (r: string, k: number, status: string, updated: number) =>
      Array.from({ length: 4 }, (_, i) => ({
        provider_transaction_id: `${r}-${i}`,
        reference: r,
        status: i === 3 ? 'declined' : status,
        sale_amount: 20 + k + i,
        commission_amount: 2 + i,
        currency: i % 2 ? 'GBP' : 'EUR',
        transaction_at: at(1 + ((k + i) % 3), 10),
        updated_at: at(1 + ((k + i) % 3), 10 + updated),
      }));
    for (let wave = 0; wave < 3; wave += 1) {
      const work: Promise<void>[] = [];
      refs.forEach((r, k) => {
        // Two clicks per reference and wave, one earlier than all before it (it moves the reference's figures).
        work.push(postClick(s, { click_id: `${r}-w${wave}-a`, reference: r, occurred_at: at(2, 12 - wave * 3), content_id: `article-${wave}-${k % 3}` }));
        work.push(postClick(s, { click_id: `${r}-w${wave}-b`, reference: r, occurred_at: at(1, 20 + wave), content_id: `article-late-${k % 2}`, provider: 'cj', destination_url: CJ }));
      });
      // Imports that name many of the references, in opposite orders (a fixed lock order keeps them from deadlocking).
      work.push(importRecords(s, refs.slice(0, 8).flatMap((r, k) => recordsOf(r, k, wave % 2 ? 'approved' : 'pending', wave))));
      work.push(importRecords(s, refs.slice(4).reverse().flatMap((r, k) => recordsOf(`${r}`, k + 4, 'approved', wave)).map((x) => ({ ...x, provider_transaction_id: `b-${x.provider_transaction_id}` }))));
      await Promise.all(work);
    }
    await assertRollupsMatchRawRows(t().database.db, s.siteId);
    // The raw rows of partial days read the same context as the rollups of whole days.
    const wholeDays = await analytics(s, at(10, 0), at(-1, 0));
    const { rows } = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM publisher_clicks WHERE site_id = $1', [s.siteId]);
    assert.equal(wholeDays.clicks, rows[0]!.n);
    assert.equal(wholeDays.reference_correlation.matched, refs.length);
  });

  it('migration 0007 rebuilds the state of data the old code wrote, as the new code would have it', async () => {
    // On a database at 0005, the rows and rollups the old write path kept for a set of clicks and
    // records (hashes made up: the analytics never recompute them); then the later migrations.
    const old = await createTestDatabase(t().engine, { migrated: false });
    const config = testConfig();
    const app = await buildApp(config, { db: old.db, secrets: createSecrets(config.storefrontSecret!), logger: false });
    try {
      await migrate(old.db, loadMigrations().filter((m) => m.version <= '0005'));
      await app.ready();
      // The site as the schema at 0005 holds it (today's site creation reads columns of later migrations).
      const siteId = newSiteId();
      await old.db.query(`INSERT INTO sites (site_id, name, origins, publisher_mode) VALUES ($1, 'Upgraded', $2, true)`, [siteId, [ORIGIN]]);
      await old.db.query(`INSERT INTO site_members (site_id, user_id, role) VALUES ($1, 'owner-upgraded', 'owner')`, [siteId]);
      const [r1, r2, r3, r4] = [ref(), ref(), ref(), ref()];
      // r3: a second, later click arrived after the records (the old click path gave them its context).
      const clicks: (Click & { late?: boolean })[] = [
        { click_id: 'o-1', reference: r1, occurred_at: at(3, 9), content_id: 'alpha' },
        { click_id: 'o-2', reference: r2, occurred_at: at(2, 9), provider: 'cj', destination_url: CJ },
        { click_id: 'o-3', reference: r3, occurred_at: at(2, 10), content_id: 'beta' },
        { click_id: 'o-3b', reference: r3, occurred_at: at(1, 23), content_id: 'gamma', late: true },
        { click_id: 'o-4', reference: ref(), occurred_at: at(1, 8), content_id: 'alpha' },
      ];
      const records = [
        { provider_transaction_id: 'p-1', reference: r1, status: 'approved', sale_amount: 100, commission_amount: 10, currency: 'EUR', transaction_at: at(3, 11), updated_at: at(3, 11) },
        { provider_transaction_id: 'p-2', reference: r1, status: 'pending', sale_amount: 40, commission_amount: 4, currency: 'GBP', transaction_at: at(2, 11), updated_at: at(2, 11) },
        { provider_transaction_id: 'p-3', reference: r2, status: 'approved', sale_amount: 60, commission_amount: 6, currency: 'EUR', transaction_at: at(2, 13), updated_at: at(2, 13) },
        { provider_transaction_id: 'p-4', reference: r3, status: 'approved', sale_amount: 70, commission_amount: 7, currency: 'EUR', transaction_at: at(1, 11), updated_at: at(1, 11) },
        { provider_transaction_id: 'p-5', reference: r3, status: 'declined', sale_amount: 20, commission_amount: 2, currency: 'EUR', transaction_at: at(1, 12), updated_at: at(1, 12) },
        { provider_transaction_id: 'p-6', reference: r4, status: 'approved', sale_amount: 30, commission_amount: 3, currency: 'EUR', transaction_at: at(4, 12), updated_at: at(4, 12) },
        { provider_transaction_id: 'p-7', reference: null, status: 'approved', sale_amount: 90, commission_amount: 9, currency: 'EUR', transaction_at: at(2, 1), updated_at: at(2, 1) },
      ];
      await writeTheOldWay(old.db, siteId, clicks, records);
      await migrate(old.db);
      await assertRollupsMatchRawRows(old.db, siteId);

      // The same clicks and records through the new code, in the order the old data arrived.
      const s = await setup();
      for (const c of clicks.filter((c) => !c.late)) await postClick(s, { click_id: c.click_id, reference: c.reference, occurred_at: c.occurred_at, ...(c.content_id ? { content_id: c.content_id } : {}), ...(c.provider ? { provider: c.provider, destination_url: c.destination_url } : {}) });
      await importRecords(s, records);
      for (const c of clicks.filter((c) => c.late)) await postClick(s, { click_id: c.click_id, reference: c.reference, occurred_at: c.occurred_at, content_id: c.content_id });

      const owner = bearer((await app.services.idTokens.issueLocal('owner-upgraded', 600)).idToken);
      const viaOld = [];
      for (const [from, to] of PERIODS) {
        for (const currency of [undefined, 'EUR']) {
          const res = await app.inject({ method: 'GET', url: `/api/v1/analytics/publishers?website_id=${siteId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${currency ? `&currency=${currency}` : ''}`, headers: owner });
          assert.equal(res.statusCode, 200, res.body);
          const { website_id: _w, ...data } = res.json().data;
          viaOld.push(data);
        }
      }
      const viaNew = await allAnalytics(s);
      assert.deepEqual(viaOld, viaNew);
      assert.deepEqual(viaNew[0].top_content.find((c: { content_id: string }) => c.content_id === 'beta')?.commission, { EUR: 7 }, 'r3 goes with its earliest click');
      const { rows } = await old.db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'publisher_records' AND column_name IN ('has_click', 'content_id', 'destination')`,
      );
      assert.deepEqual(rows, [], 'records no longer carry a click context');
    } finally {
      await app.close();
      await old.drop();
    }
  });
});

/**
 * What the write path before 0007 kept: clicks in arrival order (records after the clicks not
 * marked late, late ones after the records), records with the context of their reference's click
 * (the late click's for r3, as the old click path overwrote it), references with has_click, and
 * every rollup equal to those rows.
 */
async function writeTheOldWay(db: Queryable, siteId: string, clicks: (Click & { late?: boolean })[], records: Record<string, unknown>[]) {
  const hashOf = (reference: string) => `h-${reference}`;
  const destinationOf = (c: Click) => {
    const u = new URL(c.destination_url ?? AWIN);
    return `${u.host}${u.pathname}`;
  };
  const reported = new Set(records.map((r) => r.reference).filter((r) => r !== null));
  const earliestOf = new Map<string, Click>();
  for (const c of [...clicks].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at))) if (!earliestOf.has(c.reference)) earliestOf.set(c.reference, c);
  const contextOf = new Map<string, Click>(earliestOf);
  for (const c of clicks) if (c.late) contextOf.set(c.reference, c);
  for (const c of clicks) {
    const hasRecord = reported.has(c.reference) && (c.late || earliestOf.get(c.reference) === c);
    await db.query(
      `INSERT INTO publisher_clicks (site_id, click_id, provider, reference_hash, destination, content_id, occurred_at, content_hash, has_record)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'x', $8)`,
      [siteId, c.click_id, c.provider ?? 'awin', hashOf(c.reference), destinationOf(c), c.content_id ?? null, c.occurred_at, hasRecord],
    );
  }
  for (const r of records) {
    const reference = r.reference as string | null;
    const click = reference ? contextOf.get(reference) : undefined;
    await db.query(
      `INSERT INTO publisher_records (site_id, provider, provider_transaction_id, reference_hash, status, currency, sale_amount, commission_amount,
                                      transaction_at, updated_at, peak_commission, reversal_amount, has_click, content_id, destination, fingerprint)
       VALUES ($1, 'awin', $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, 'x')`,
      [siteId, r.provider_transaction_id, reference ? hashOf(reference) : null, r.status, r.currency, Math.round((r.sale_amount as number) * 100), Math.round((r.commission_amount as number) * 100),
        r.transaction_at, r.updated_at, r.status === 'declined' ? 0 : Math.round((r.commission_amount as number) * 100), click !== undefined, click?.content_id ?? null, click ? destinationOf(click) : null],
    );
  }
  const grains = (col: string) =>
    `CROSS JOIN LATERAL (VALUES ('day', (${col} AT TIME ZONE 'UTC')::date), ('month', date_trunc('month', ${col} AT TIME ZONE 'UTC')::date)) AS g(grain, bucket)`;
  await db.query(
    `INSERT INTO publisher_references (site_id, reference_hash, first_at, has_click)
     SELECT r.site_id, r.reference_hash, min(r.transaction_at), EXISTS (SELECT 1 FROM publisher_clicks c WHERE c.site_id = r.site_id AND c.reference_hash = r.reference_hash)
       FROM publisher_records r WHERE r.site_id = $1 AND r.reference_hash IS NOT NULL GROUP BY r.site_id, r.reference_hash`,
    [siteId],
  );
  await db.query(
    `INSERT INTO publisher_click_rollups (site_id, grain, bucket, dimension, key, clicks, clicks_with_record)
     SELECT $1, g.grain, g.bucket, d.dimension, d.key, count(*), count(*) FILTER (WHERE c.has_record)
       FROM publisher_clicks c ${grains('c.occurred_at')}
      CROSS JOIN LATERAL (VALUES ('total', ''), ('content', c.content_id), ('destination', c.destination)) AS d(dimension, key)
      WHERE c.site_id = $1 AND d.key IS NOT NULL GROUP BY 2, 3, 4, 5`,
    [siteId],
  );
  await db.query(
    `INSERT INTO publisher_record_rollups (site_id, grain, bucket, dimension, currency, key, records, sale, commission, reversals, reversal_amount)
     SELECT $1, g.grain, g.bucket, d.dimension, r.currency, d.key, count(*), sum(r.sale_amount), sum(r.commission_amount),
            count(*) FILTER (WHERE d.dimension = 'status' AND r.reversal_amount > 0), sum(CASE WHEN d.dimension = 'status' THEN r.reversal_amount ELSE 0 END)
       FROM publisher_records r ${grains('r.transaction_at')}
      CROSS JOIN LATERAL (VALUES ('status', r.status), ('content', CASE WHEN r.status <> 'declined' THEN r.content_id END),
                                 ('destination', CASE WHEN r.status <> 'declined' THEN r.destination END)) AS d(dimension, key)
      WHERE r.site_id = $1 AND d.key IS NOT NULL GROUP BY 2, 3, 4, 5, 6`,
    [siteId],
  );
  await db.query(
    `INSERT INTO publisher_reference_rollups (site_id, grain, bucket, refs, matched)
     SELECT $1, g.grain, g.bucket, count(*), count(*) FILTER (WHERE p.has_click)
       FROM publisher_references p ${grains('p.first_at')} WHERE p.site_id = $1 GROUP BY 2, 3`,
    [siteId],
  );
}

