// Publisher benchmark. Analytics (issue #6): 1,000,000 observed clicks and 100,000 report records,
// then GET /analytics/publishers through the real server over a year and over 30 days, beside
// GET /health on the same server. Click cost (issue #11): POST /publisher/clicks on the same data,
// new clicks whose reference no record names beside new clicks whose reference 10,000 records name.
import type autocannon from 'autocannon';
import { fmt, load, withBenchApp, withService, type LoadResult } from './lib.js';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 1_000_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const HOT_RECORDS = Number(process.env.BENCH_HOT_RECORDS ?? 10_000);
const DAY = 86_400_000;
const ORIGIN = 'https://pub.example';
/** Concurrent clients of the click runs (browsers send clicks in parallel). */
const CLICK_CONNECTIONS = 8;

export interface PublisherBenchResult {
  clicks: number;
  records: number;
  loadClicksSeconds: number;
  loadRecordsSeconds: number;
  year: LoadResult;
  yearBusy: LoadResult;
  month: LoadResult;
  health: LoadResult;
  sample: { clicks: number; settled: number; variance: number };
  hotRecords: number;
  clicksFresh: LoadResult;
  clicksHotLater: LoadResult;
  clicksSharedEarlier: LoadResult;
  clicksHotEarlier: LoadResult;
}

/**
 * POST /publisher/clicks bodies, each a new click: `reference` null for a fresh reference per click,
 * and `occurredAt` the click's time given its sequence number.
 */
function clickRequests(variant: string, reference: string | null, occurredAt: (n: number) => number, log: (line: string) => void): autocannon.Request[] {
  let n = 0;
  let told = false;
  return [
    {
      method: 'POST',
      onResponse: (status: number, body: string) => {
        if (status >= 300 && !told) log(`  first refusal: ${status} ${body.slice(0, 300)}`);
        told ||= status >= 300;
      },
      setupRequest: (req: autocannon.Request) => {
        n += 1;
        const ref = reference ?? `Fresh${variant}${String(n).padStart(12, '0')}`;
        const body = {
          click_id: `bench-${variant}-${n}`,
          provider: 'awin',
          reference: ref,
          destination_url: `https://www.awin1.com/cread.php?awinmid=${n % 7}&clickref=${ref}`,
          occurred_at: new Date(occurredAt(n)).toISOString(),
          content_id: `article-${n % 200}`,
        };
        return { ...req, body: JSON.stringify(body) };
      },
    },
  ];
}

export function runPublisherBench(log: (line: string) => void): Promise<PublisherBenchResult> {
  return withBenchApp(8, async ({ env, db, app }) => {
    const s = app.services;
    const site = await s.sites.createSite({ name: 'Publisher', origins: ['https://pub.example'], owner: 'bench', publisherMode: true });
    const siteId = site.site_id;
    // The click runs send tens of thousands of runtime requests from one address.
    await s.sites.updateSite({ kind: 'user', userId: 'bench' }, siteId, { config: { runtime_rate_limit_per_ip_per_hour: 100_000_000 } });
    const now = Date.now();
    const ref = (i: number) => `Ref${String(i).padStart(16, '0')}`;

    // Clicks: the rows and the rollups the write path keeps, written in bulk (a million single
    // requests would measure the loader, not the read path).
    log(`loading ${fmt(CLICKS)} clicks …`);
    let t0 = performance.now();
    const chunk = 20_000;
    for (let start = 0; start < CLICKS; start += chunk) {
      const n = Math.min(chunk, CLICKS - start);
      const ids: string[] = [];
      const hashes: string[] = [];
      const ciphers: string[] = [];
      const destinations: string[] = [];
      const contents: (string | null)[] = [];
      const times: string[] = [];
      for (let j = 0; j < n; j += 1) {
        const i = start + j;
        const clickId = `c-${i}`;
        ids.push(clickId);
        hashes.push(s.keyring.fingerprint(`reference:${ref(i)}`));
        ciphers.push(s.keyring.seal(ref(i), `${siteId}\nclick:${clickId}`).ciphertext);
        destinations.push(i % 3 === 0 ? `www.anrdoezrs.net/click-${i % 17}` : `www.awin1.com/cread.php`);
        contents.push(i % 10 === 9 ? null : `article-${i % 200}`);
        times.push(new Date(now - Math.floor(((i * 7919) % CLICKS) / CLICKS * 365 * DAY)).toISOString());
      }
      await db.query(
        `INSERT INTO publisher_clicks (site_id, click_id, provider, reference_hash, reference_ciphertext, reference_key_id, destination, content_id, occurred_at, content_hash)
         SELECT $1, c, CASE WHEN d LIKE 'www.awin1%' THEN 'awin' ELSE 'cj' END, h, x, $2, d, k, t, h FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[]) AS u(c, h, x, d, k, t)`,
        [siteId, s.keyring.currentKeyId, ids, hashes, ciphers, destinations, contents, times],
      );
    }
    // Each reference with its earliest click (the row a click creates for a new reference).
    await db.query(
      `INSERT INTO publisher_references (site_id, reference_hash, click_id, click_at, content_id, destination)
       SELECT DISTINCT ON (reference_hash) site_id, reference_hash, click_id, occurred_at, content_id, destination
         FROM publisher_clicks WHERE site_id = $1 ORDER BY reference_hash, occurred_at, click_id`,
      [siteId],
    );
    for (const [grain, bucket] of [['day', `(occurred_at AT TIME ZONE 'UTC')::date`], ['month', `date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date`]]) {
      for (const [dimension, key] of [['total', `''`], ['content', 'content_id'], ['destination', 'destination']]) {
        await db.query(
          `INSERT INTO publisher_click_rollups (site_id, grain, bucket, dimension, key, clicks, clicks_with_record)
           SELECT site_id, '${grain}', ${bucket}, '${dimension}', ${key}, count(*), 0
             FROM publisher_clicks WHERE site_id = $1 AND ${key} IS NOT NULL GROUP BY 1, 2, 3, 4, 5`,
          [siteId],
        );
      }
    }
    await db.query('ANALYZE');
    const loadClicksSeconds = (performance.now() - t0) / 1000;

    log(`importing ${fmt(RECORDS)} report records …`);
    t0 = performance.now();
    const batch = 1000;
    for (let start = 0; start < RECORDS; start += batch) {
      const records = Array.from({ length: Math.min(batch, RECORDS - start) }, (_, j) => {
        const i = start + j;
        const reference = i % 10 < 7 ? ref((i * 13) % CLICKS) : `Nope${String(i).padStart(14, '0')}`;
        const when = new Date(now - Math.floor(((i * 104_729) % RECORDS) / RECORDS * 365 * DAY)).toISOString();
        const cents = 1000 + (i % 50_000);
        return {
          provider_transaction_id: `tx-${i}`,
          reference,
          status: i % 5 === 0 ? 'pending' : i % 13 === 0 ? 'declined' : 'approved',
          sale_amount: cents / 100,
          commission_amount: Math.floor(cents / 10) / 100,
          currency: i % 4 === 0 ? 'GBP' : 'EUR',
          transaction_at: when,
          updated_at: when,
        };
      });
      await s.publisher.reports.importRecords(siteId, 'awin', 'canonical', records);
    }
    // A later version of every 20th record: declined (a reversal).
    for (let start = 0; start < RECORDS; start += batch * 20) {
      const records = Array.from({ length: Math.min(batch, Math.ceil((RECORDS - start) / 20)) }, (_, j) => {
        const i = start + j * 20;
        const when = new Date(now - Math.floor(((i * 104_729) % RECORDS) / RECORDS * 365 * DAY)).toISOString();
        const cents = 1000 + (i % 50_000);
        return { provider_transaction_id: `tx-${i}`, reference: i % 10 < 7 ? ref((i * 13) % CLICKS) : `Nope${String(i).padStart(14, '0')}`, status: 'declined', sale_amount: cents / 100, commission_amount: Math.floor(cents / 10) / 100, currency: i % 4 === 0 ? 'GBP' : 'EUR', transaction_at: when, updated_at: new Date(Date.parse(when) + 3_600_000).toISOString() };
      });
      await s.publisher.reports.importRecords(siteId, 'awin', 'canonical', records);
    }
    // What autovacuum does after a large load: statistics, and the visibility map index-only scans use.
    await db.query('VACUUM ANALYZE publisher_records');
    await db.query('VACUUM ANALYZE publisher_click_rollups');
    const loadRecordsSeconds = (performance.now() - t0) / 1000;
    const sample = await s.publisher.analytics.analytics({ kind: 'user', userId: 'bench' }, siteId, { from: new Date(now - 365 * DAY).toISOString(), to: new Date(now + 1000).toISOString() });

    // One reference that HOT_RECORDS records name (a reference a network reports again and again),
    // spread over the year, before any click carries it.
    log(`importing ${fmt(HOT_RECORDS)} records of one reference …`);
    const hot = 'HotReference0000000001';
    for (let start = 0; start < HOT_RECORDS; start += batch) {
      const records = Array.from({ length: Math.min(batch, HOT_RECORDS - start) }, (_, j) => {
        const i = start + j;
        const when = new Date(now - Math.floor(((i * 7919) % HOT_RECORDS) / HOT_RECORDS * 365 * DAY)).toISOString();
        return { provider_transaction_id: `hot-${i}`, reference: hot, status: i % 5 === 0 ? 'pending' : 'approved', sale_amount: 20 + (i % 50), commission_amount: 2, currency: i % 4 === 0 ? 'GBP' : 'EUR', transaction_at: when, updated_at: when };
      });
      await s.publisher.reports.importRecords(siteId, 'awin', 'canonical', records);
    }
    await db.query('VACUUM ANALYZE publisher_records');
    const idToken = (await s.idTokens.issueLocal('bench', 3600)).idToken;
    const runtimeToken = (await s.runtimeTokens.issue({ siteId, origin: ORIGIN })).token;
    await app.close();

    return withService(env, async (service) => {
      const headers = { authorization: `Bearer ${idToken}` };
      const q = (days: number) => `website_id=${siteId}&from=${encodeURIComponent(new Date(now - days * DAY).toISOString())}&to=${encodeURIComponent(new Date(now + 1000).toISOString())}`;
      log('GET /analytics/publishers, a year …');
      const year = await load({ url: `${service.url}/api/v1/analytics/publishers?${q(365)}`, headers, connections: 1 });
      const yearBusy = await load({ url: `${service.url}/api/v1/analytics/publishers?${q(365)}`, headers, connections: 8 });
      log('GET /analytics/publishers, 30 days …');
      const month = await load({ url: `${service.url}/api/v1/analytics/publishers?${q(30)}`, headers, connections: 1 });
      log('GET /health (baseline) …');
      const health = await load({ url: `${service.url}/health`, connections: 1 });

      const clickRun = (variant: string, reference: string | null, occurredAt: (n: number) => number) =>
        load({
          url: `${service.url}/api/v1/publisher/clicks`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${runtimeToken}`, origin: ORIGIN },
          connections: CLICK_CONNECTIONS,
          timeout: 120,
          requests: clickRequests(variant, reference, occurredAt, log),
        });
      const started = Date.now();
      log('POST /publisher/clicks, references no record names …');
      const clicksFresh = await clickRun('fresh', null, () => Date.now());
      log(`POST /publisher/clicks, the reference ${fmt(HOT_RECORDS)} records name, each click later than the first …`);
      const clicksHotLater = await clickRun('later', hot, () => Date.now());
      log('POST /publisher/clicks, one reference no record names, each click earlier than all before it …');
      const clicksSharedEarlier = await clickRun('shared', 'SharedReference0000001', (n) => started - DAY - n * 1000);
      log(`POST /publisher/clicks, the reference ${fmt(HOT_RECORDS)} records name, each click earlier than all before it …`);
      const clicksHotEarlier = await clickRun('earlier', hot, (n) => started - DAY - n * 1000);
      return {
        clicks: CLICKS,
        records: RECORDS,
        loadClicksSeconds,
        loadRecordsSeconds,
        year,
        yearBusy,
        month,
        health,
        sample: { clicks: sample.clicks, settled: sample.settled_orders, variance: sample.reference_correlation.variance },
        hotRecords: HOT_RECORDS,
        clicksFresh,
        clicksHotLater,
        clicksSharedEarlier,
        clicksHotEarlier,
      };
    });
  });
}

export function publisherMarkdown(r: PublisherBenchResult): string {
  return [
    `Data set: ${fmt(r.clicks)} observed clicks over a year (rows and rollups written in bulk, as the write path keeps them) and ${fmt(r.records)} report records (70 % naming an observed reference, every 20th later declined) imported through the import service in batches of 1,000.`,
    '',
    '| step | figure |',
    '|---|---:|',
    `| load the clicks | ${fmt(r.loadClicksSeconds, 1)} s |`,
    `| import the records | ${fmt(r.loadRecordsSeconds, 1)} s (${fmt(r.records / r.loadRecordsSeconds)} records/s) |`,
    `| GET /analytics/publishers, 365 days, one client at a time | p50 ${fmt(r.year.p50, 1)} ms, p99 ${fmt(r.year.p99, 1)} ms, ${fmt(r.year.requestsPerSec)} req/s, ${r.year.non2xx + r.year.errors} non-2xx |`,
    `| the same, 8 concurrent clients | p50 ${fmt(r.yearBusy.p50, 1)} ms, p99 ${fmt(r.yearBusy.p99, 1)} ms, ${fmt(r.yearBusy.requestsPerSec)} req/s |`,
    `| GET /analytics/publishers, 30 days, one client at a time | p50 ${fmt(r.month.p50, 1)} ms, p99 ${fmt(r.month.p99, 1)} ms, ${fmt(r.month.requestsPerSec)} req/s |`,
    `| GET /health on the same server (baseline), one client at a time | p50 ${fmt(r.health.p50, 1)} ms, p99 ${fmt(r.health.p99, 1)} ms, ${fmt(r.health.requestsPerSec)} req/s |`,
    '',
    `Sanity (365 days): ${fmt(r.sample.clicks)} clicks, ${fmt(r.sample.settled)} settled orders, variance ${fmt(r.sample.variance, 3)}.`,
    '',
    `POST /publisher/clicks through the same server, each request a new click, ${CLICK_CONNECTIONS} concurrent clients (3 s warm-up, 10 s each). The hot reference is named by ${fmt(r.hotRecords)} report records spread over the year (EUR and GBP), imported before its first click.`,
    '',
    '| clicks | clicks/s | p50 | p99 | non-2xx | vs. the first row |',
    '|---|---:|---:|---:|---:|---:|',
    clickRow('a new reference each, no record names it', r.clicksFresh, r.clicksFresh),
    clickRow(`the hot reference (${fmt(r.hotRecords)} records), each click later than its first`, r.clicksHotLater, r.clicksFresh),
    clickRow('one reference no record names, each click earlier than all before it', r.clicksSharedEarlier, r.clicksFresh),
    clickRow(`the hot reference (${fmt(r.hotRecords)} records), each click earlier than all before it: its earned figures move to the click's content`, r.clicksHotEarlier, r.clicksFresh),
  ].join('\n');
}

const clickRow = (label: string, x: LoadResult, base: LoadResult) =>
  `| ${label} | ${fmt(x.requestsPerSec, x.requestsPerSec < 10 ? 1 : 0)} | ${fmt(x.p50, 1)} ms | ${fmt(x.p99, 1)} ms | ${x.non2xx + x.errors} | ${fmt(x.requestsPerSec / base.requestsPerSec, x.requestsPerSec / base.requestsPerSec < 0.1 ? 3 : 2)} × |`;
