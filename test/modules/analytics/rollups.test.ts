// Analytics rollups per quarter hour (issue #18): answers read the rollups and the raw events not
// rolled yet, and equal what the raw events say, for random events (seeded) in zones whose hours are
// not UTC's (Asia/Kolkata +05:30, Asia/Kathmandu +05:45), with periods whose ends split a slot,
// before a roll, after it, and with late events (an old occurred_at) arriving after it; a session across hours is
// one session; an event whose transaction commits after a roll moved past later events is still
// counted once (PostgreSQL); and with ANALYTICS_ROLLUPS=0 the same answers come from the raw events.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { DateTime } from 'luxon';
import { forEachEngine, type TestApp } from '../../helpers/app.js';
import { shop, type Shop } from '../recommendations/shop-client.js';
import { localBuckets, type Interval } from '../../../src/domain/local-buckets.js';

interface Ev {
  id: string;
  type: string;
  session: string;
  device: string | null;
  at: number;
}

const TYPES = ['page_view', 'page_view', 'product_view', 'add_to_cart', 'purchase', 'search'];
const START = Date.parse('2026-03-05T00:00:00Z');
const SPAN = 7 * 24 * 3_600_000;

/** mulberry32: the same events every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomEvents(seed: number, n: number, prefix: string): Ev[] {
  const r = random(seed);
  return Array.from({ length: n }, (_, i) => {
    const s = Math.floor(r() * 30);
    return { id: `${prefix}${i}`, type: TYPES[Math.floor(r() * TYPES.length)]!, session: `s${s}`, device: s % 3 === 0 ? null : `d${s % 7}`, at: START + Math.floor(r() * SPAN) };
  });
}

const payload = (e: Ev) => ({
  event_type: e.type,
  session_id: e.session,
  client_event_id: e.id,
  occurred_at: new Date(e.at).toISOString(),
  ...(e.device ? { device_id: e.device } : {}),
  properties: e.type === 'purchase' ? { order_id: `o-${e.id}`, total: 1, currency: 'EUR' } : e.type === 'search' ? { query: 'shoes' } : e.type === 'page_view' ? {} : { product_id: 'p1' },
  context: { page_url: 'https://shop.example/', user_agent: 'test' },
});

const METRICS = ['visitors', 'sessions', 'page_views', 'product_views', 'add_to_carts'] as const;
const TYPE_OF = { page_views: 'page_view', product_views: 'product_view', add_to_carts: 'add_to_cart' } as const;

/** The oracle: each metric per bucket, straight from the events. */
function expected(events: readonly Ev[], edges: readonly number[], metric: (typeof METRICS)[number]): number[] {
  return edges.slice(0, -1).map((from, i) => {
    const inside = events.filter((e) => e.at >= from && e.at < edges[i + 1]!);
    if (metric === 'visitors') return new Set(inside.map((e) => (e.device ? `d:${e.device}` : `s:${e.session}`))).size;
    if (metric === 'sessions') return new Set(inside.map((e) => e.session)).size;
    return inside.filter((e) => e.type === TYPE_OF[metric]).length;
  });
}

const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Europe/Berlin'];

/** The events in batches of `size` (a transaction each). */
async function send(t: TestApp, s: Shop, events: readonly Ev[], size = 100): Promise<void> {
  for (let k = 0; k < events.length; k += size) {
    const res = await t.inject({ method: 'POST', url: '/api/v1/events/batch', headers: s.browser, payload: { events: events.slice(k, k + size).map(payload) } });
    assert.equal(res.statusCode, 201, res.body);
  }
}

async function series(t: TestApp, s: Shop, query: string): Promise<number[]> {
  const res = await t.inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/analytics/timeseries?${query}`, headers: s.ownerH });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.map((p: { value: number }) => p.value);
}

/** Every metric, zone and interval, and a summary over a period of odd minutes, against the oracle. */
async function checkAll(t: TestApp, s: Shop, events: readonly Ev[], label: string): Promise<void> {
  for (const tz of ZONES) {
    const from = DateTime.fromISO('2026-03-05', { zone: tz }).toMillis();
    const to = DateTime.fromISO('2026-03-12', { zone: tz }).toMillis();
    for (const interval of ['hour', 'day', 'week'] as Interval[]) {
      const { edges } = localBuckets(from, to, tz, interval);
      for (const metric of METRICS) {
        const got = await series(t, s, `from=2026-03-05&to=2026-03-12&tz=${encodeURIComponent(tz)}&interval=${interval}&metric=${metric}`);
        assert.deepEqual(got, expected(events, edges, metric), `${label}: ${metric} by ${interval} in ${tz}`);
      }
    }
  }
  const from = Date.parse('2026-03-06T10:17:31.250Z');
  const to = Date.parse('2026-03-09T20:44:00Z');
  await checkSummary(t, s, events, `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`, from, to, `${label}: summary over odd minutes`);
  for (const tz of ZONES) {
    const zFrom = DateTime.fromISO('2026-03-08', { zone: tz }).toMillis();
    const zTo = DateTime.fromISO('2026-03-11', { zone: tz }).toMillis();
    await checkSummary(t, s, events, `from=2026-03-08&to=2026-03-11&tz=${encodeURIComponent(tz)}`, zFrom, zTo, `${label}: summary in ${tz}`);
  }
}

/** The summary of [from, to) and of its previous period [from − (to − from), from) against the oracle. */
async function checkSummary(t: TestApp, s: Shop, events: readonly Ev[], query: string, from: number, to: number, label: string): Promise<void> {
  const res = await t.inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/analytics/summary?${query}`, headers: s.ownerH });
  assert.equal(res.statusCode, 200, res.body);
  const d = res.json().data;
  const figures = (x: Record<string, number>) => ({ visitors: x.visitors, sessions: x.sessions, page_views: x.page_views, product_views: x.product_views, add_to_carts: x.add_to_carts });
  const want = (a: number, b: number) => Object.fromEntries(METRICS.map((m) => [m, expected(events, [a, b], m)[0]]));
  assert.deepEqual(figures(d), want(from, to), label);
  assert.deepEqual(figures(d.previous), want(2 * from - to, from), `${label} (previous period)`);
}

/**
 * The distinct aggregate (0021) against its definition, recomputed from the key rows (0022: a
 * kind's rows of analytics_slot_keys): per kind, slot and previous slot of the key, how many keys.
 */
async function checkDistinctAggregate(t: TestApp, s: Shop, label: string): Promise<void> {
  const db = t.database.db;
  for (const [kind, filter] of [
    ['sessions', "key LIKE 's:%'"],
    ['visitors', 'visitor'],
  ] as const) {
    const { rows } = await db.query<{ slot: Date; prev_slot: string; stored: number | null; defined: number | null }>(
      `WITH defined AS (
         SELECT slot, prev_slot, count(*)::int AS n FROM (
           SELECT slot, lag(slot, 1, '-infinity'::timestamptz) OVER (PARTITION BY key ORDER BY slot) AS prev_slot FROM analytics_slot_keys WHERE site_id = $1 AND ${filter}) k
          GROUP BY slot, prev_slot
       ), stored AS (SELECT slot, prev_slot, keys::int AS n FROM analytics_slot_distinct WHERE site_id = $1 AND kind = $2 AND keys <> 0)
       SELECT slot, prev_slot::text, stored.n AS stored, defined.n AS defined FROM stored FULL JOIN defined USING (slot, prev_slot)
        WHERE stored.n IS DISTINCT FROM defined.n`,
      [s.siteId, kind],
    );
    assert.deepEqual(rows, [], `${label}: analytics_slot_distinct of ${kind}`);
  }
}

forEachEngine('analytics rollups', (t) => {
  const rollups = () => t().app.services.analytics.rollups;
  /**
   * Rolls the site until `expected` events were rolled (or 15 s passed): the horizon is the whole
   * server's oldest open transaction, so another test's transaction (on PostgreSQL, the other test
   * files run beside this one) may hold part of them back for a moment.
   */
  const rollExpecting = async (siteId: string, expected: number, roll: (siteId: string) => Promise<number> = (id) => rollups().rollSite(id)) => {
    let rolled = await roll(siteId);
    for (const deadline = Date.now() + 15_000; rolled < expected && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      rolled += await roll(siteId);
    }
    return rolled;
  };

  it('rollup + tail equals the raw answer: before a roll, after it, with late events, in zones of half and quarter hours', async () => {
    const s = await shop(t());
    const first = randomEvents(18, 260, 'a');
    await send(t(), s, first);
    await checkAll(t(), s, first, 'nothing rolled');
    assert.equal(await rollExpecting(s.siteId, first.length), first.length);
    await checkDistinctAggregate(t(), s, 'all rolled');
    await checkAll(t(), s, first, 'all rolled');
    // Late events: old occurred_at in hours already rolled; they are the raw tail until the next roll.
    const late = randomEvents(19, 140, 'b');
    await send(t(), s, late);
    const all = [...first, ...late];
    await checkAll(t(), s, all, 'rolled + tail');
    assert.equal(await rollExpecting(s.siteId, late.length), late.length);
    assert.equal((await t().app.services.analytics.rollupLag(s.siteId)).behind, 0);
    await checkDistinctAggregate(t(), s, 'late events rolled');
    await checkAll(t(), s, all, 'all rolled again');
    // The answers do come from the rollups: a rollup row changed behind their back shows.
    const tampered = await t().database.db.query(
      `UPDATE analytics_slots SET page_views = page_views + 1000
        WHERE site_id = $1 AND slot = (SELECT min(slot) FROM analytics_slots WHERE site_id = $1 AND slot >= '2026-03-07T00:00:00Z' AND slot < '2026-03-08T00:00:00Z')`,
      [s.siteId],
    );
    assert.equal(tampered.rowCount, 1);
    const day = await series(t(), s, 'from=2026-03-07&to=2026-03-08&metric=page_views');
    assert.equal(day[0], expected(all, [Date.parse('2026-03-07T00:00:00Z'), Date.parse('2026-03-08T00:00:00Z')], 'page_views')[0]! + 1000);
  });

  it('a session across hours (and a rolled hour and the tail) is one session; one visitor across sessions', async () => {
    const s = await shop(t());
    const ev = (id: string, session: string, at: string, device: string | null = 'd1'): Ev => ({ id, type: 'page_view', session, device, at: Date.parse(at) });
    await send(t(), s, [ev('1', 'x', '2026-03-07T10:59:00Z'), ev('2', 'x', '2026-03-07T11:01:00Z'), ev('3', 'y', '2026-03-07T12:30:00Z')]);
    await rollups().rollSite(s.siteId);
    await send(t(), s, [ev('4', 'x', '2026-03-07T13:00:00Z'), ev('5', 'z', '2026-03-07T13:05:00Z', null)]);
    assert.deepEqual(await series(t(), s, 'from=2026-03-07&to=2026-03-08&metric=sessions'), [3]);
    assert.deepEqual(await series(t(), s, 'from=2026-03-07&to=2026-03-08&metric=visitors'), [2]);
    await rollups().rollSite(s.siteId);
    assert.deepEqual(await series(t(), s, 'from=2026-03-07&to=2026-03-08&metric=sessions'), [3]);
    assert.deepEqual(await series(t(), s, 'from=2026-03-07&to=2026-03-08&metric=visitors'), [2]);
  });

  it('a roll whose keys already have some of its slots adds only the missing (key, slot) rows, and counts each key once', async () => {
    const s = await shop(t());
    const ev = (id: string, session: string, at: string, device: string | null = 'd1'): Ev => ({ id, type: 'page_view', session, device, at: Date.parse(at) });
    const first = [ev('1', 'x', '2026-03-07T10:05:00Z'), ev('2', 'y', '2026-03-07T10:20:00Z', null)];
    await send(t(), s, first);
    assert.equal(await rollExpecting(s.siteId, first.length), first.length);
    // The same quarter hours again (x at 10:10, y at 10:25), and a slot each key did not have.
    const again = [ev('3', 'x', '2026-03-07T10:10:00Z'), ev('4', 'y', '2026-03-07T10:25:00Z', null), ev('5', 'x', '2026-03-07T09:50:00Z'), ev('6', 'y', '2026-03-07T10:40:00Z', null)];
    await send(t(), s, again);
    assert.equal(await rollExpecting(s.siteId, again.length), again.length);
    const { rows } = await t().database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_slot_keys WHERE site_id = $1 AND key LIKE 's:%'", [s.siteId]);
    assert.equal(rows[0]!.n, 4, 'x at 09:45 and 10:00, y at 10:15 and 10:30');
    await checkDistinctAggregate(t(), s, 'keys that had the slots');
    assert.deepEqual(await series(t(), s, 'from=2026-03-07&to=2026-03-08&metric=sessions'), [2]);
    assert.deepEqual(await series(t(), s, 'from=2026-03-07&to=2026-03-08&metric=visitors'), [2]);
    await checkSummary(t(), s, [...first, ...again], 'from=2026-03-07T10:00:00Z&to=2026-03-07T10:30:00Z', Date.parse('2026-03-07T10:00:00Z'), Date.parse('2026-03-07T10:30:00Z'), 'the slots both rolls had');
  });

  it('late events between (and before) the rolled hours of a key: every range of hours counts the key once', async () => {
    const s = await shop(t());
    const ev = (id: string, at: string, session: string): Ev => ({ id, type: 'page_view', session, device: 'd1', at: Date.parse(at) });
    const early = [ev('1', '2026-03-07T10:10:00Z', 'x'), ev('2', '2026-03-07T14:10:00Z', 'x'), ev('3', '2026-03-07T16:10:00Z', 'y')];
    const late = [ev('4', '2026-03-07T12:10:00Z', 'x'), ev('5', '2026-03-07T09:10:00Z', 'y'), ev('6', '2026-03-07T15:40:00Z', 'x')];
    const ranges = async (events: readonly Ev[], label: string) => {
      const hour = (h: number) => Date.parse('2026-03-07T00:00:00Z') + h * 3_600_000;
      for (let a = 8; a < 18; a++) {
        for (let b = a + 1; b <= 18; b++) {
          // Whole hours, the same range from half past (whole slots), and from twenty past (a split slot read raw).
          for (const [from, to] of [[hour(a), hour(b)], [hour(a) + 1_800_000, hour(b)], [hour(a) + 1_200_000, hour(b)]] as const) {
            await checkSummary(t(), s, events, `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`, from, to, `${label}: [${new Date(from).toISOString()}, ${new Date(to).toISOString()})`);
          }
        }
      }
    };
    await send(t(), s, early);
    assert.equal(await rollExpecting(s.siteId, early.length), early.length);
    await send(t(), s, late);
    await ranges([...early, ...late], 'late events in the tail');
    assert.equal(await rollExpecting(s.siteId, late.length), late.length);
    await checkDistinctAggregate(t(), s, 'late events rolled');
    await ranges([...early, ...late], 'late events rolled');
  });

  it('[postgres] an event whose transaction commits after later events were rolled is counted, once', async (ctx) => {
    if (t().engine !== 'postgres') return ctx.skip('PGlite has one connection: no transaction stays open beside another');
    const s = await shop(t());
    const client = new pg.Client({ connectionString: t().database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      // Its transaction id is taken now, before the events sent below.
      await client.query(
        `INSERT INTO events (site_id, event_id, event_type, session_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
         VALUES ($1, 'evt_00000000000000000000000000000001', 'page_view', 'late', 'derived', 'browser', '2026-03-07T09:00:00Z', now(), '{}', '{}')`,
        [s.siteId],
      );
      const later = randomEvents(7, 50, 'c').map((e) => ({ ...e, type: 'page_view' }));
      await send(t(), s, later);
      assert.equal(await rollups().rollSite(s.siteId), 0, 'later events wait behind the open transaction (the horizon)');
      await client.query('COMMIT');
      const views = async () => [(await series(t(), s, 'from=2026-03-05&to=2026-03-12&metric=page_views&interval=week')).reduce((a, b) => a + b, 0)];
      const want = [later.length + 1];
      assert.deepEqual(await views(), want, 'the late event read from the tail');
      assert.equal(await rollExpecting(s.siteId, later.length + 1), later.length + 1);
      assert.deepEqual(await views(), want, 'rolled once');
      assert.equal(await rollups().rollSite(s.siteId), 0);
    } finally {
      await client.end();
    }
  });

  it('chunks: a roll of many transactions goes in pieces and ends at the horizon', async () => {
    const s = await shop(t());
    const events = randomEvents(5, 300, 'd');
    await send(t(), s, events);
    const { createRollupJob } = await import('../../../src/modules/analytics/rollup-job.js');
    const small = createRollupJob({ db: t().database.db, intervalMs: 0, chunkEvents: 40 });
    assert.equal(await rollExpecting(s.siteId, events.length, (id) => small.rollSite(id)), events.length);
    await checkDistinctAggregate(t(), s, 'rolled in chunks');
    await checkAll(t(), s, events, 'rolled in chunks');
  });

  it('rests after each chunk it rolled (the embedded engine leaves the writes their turn)', async () => {
    const s = await shop(t());
    const events = randomEvents(6, 200, 'f');
    await send(t(), s, events, 20);
    const { createRollupJob } = await import('../../../src/modules/analytics/rollup-job.js');
    const rests: number[] = [];
    const resting = createRollupJob({ db: t().database.db, intervalMs: 0, chunkEvents: 20, restRatio: 2, sleep: async (ms) => void rests.push(ms) });
    assert.equal(await rollExpecting(s.siteId, events.length, (id) => resting.rollSite(id)), events.length);
    // A rest after each chunk rolled (10 transactions of 20 events: a chunk each), none after the last look.
    assert.equal(rests.length, 10);
    assert.ok(rests.every((ms) => ms > 0), `rests: ${rests.join(', ')}`);
    await checkAll(t(), s, events, 'rolled with rests');
  });

  it('yields its periodic ticks to a burst of writes, rolls once it is over, and for at most maxDeferMs', async () => {
    const s = await shop(t());
    const events = randomEvents(12, 60, 'g');
    await send(t(), s, events, 20);
    const { createRollupJob } = await import('../../../src/modules/analytics/rollup-job.js');
    const { rollupLag } = await import('../../../src/modules/analytics/rollup-repository.js');
    const behind = async () => (await rollupLag(t().database.db, s.siteId)).behind;
    const waitFor = async (done: () => Promise<boolean>) => {
      for (const deadline = Date.now() + 15_000; !(await done()) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    };
    // A clock that moves 100 ms at each look, and writes crowded all along while `burst` lasts.
    let clock = 0;
    let burst = true;
    let crowded = 0;
    const writes = { crowded() {}, crowdedMs: () => (burst ? (crowded = clock) : crowded) };
    const job = createRollupJob({ db: t().database.db, intervalMs: 5, writes, now: () => (clock += 100), maxDeferMs: 1e9 });
    job.start((err) => assert.fail(String(err)));
    try {
      await new Promise((r) => setTimeout(r, 150)); // many ticks
      assert.equal(await behind(), events.length, 'nothing rolled during the burst');
      burst = false;
      await waitFor(async () => (await behind()) === 0);
      assert.equal(await behind(), 0, 'rolled once the burst was over');
    } finally {
      await job.stop();
    }

    const more = randomEvents(13, 40, 'h');
    await send(t(), s, more, 20);
    burst = true;
    const bounded = createRollupJob({ db: t().database.db, intervalMs: 5, writes, now: () => (clock += 100), maxDeferMs: 1_000 });
    bounded.start((err) => assert.fail(String(err)));
    try {
      await waitFor(async () => (await behind()) === 0);
      assert.equal(await behind(), 0, 'a burst longer than maxDeferMs: rolled anyway');
    } finally {
      await bounded.stop();
    }
    await checkAll(t(), s, [...events, ...more], 'rolled after yielding');
  });

  it('[postgres] two processes rolling one site at once: each chunk rolled once, on top of the rows the other committed', async (ctx) => {
    if (t().engine !== 'postgres') return ctx.skip('PGlite is one process\'s');
    const s = await shop(t());
    // 30 transactions of 10 events over the same 30 sessions: every chunk meets the keys of the one before.
    const events = randomEvents(11, 300, 'e');
    await send(t(), s, events, 10);
    const { createRollupJob } = await import('../../../src/modules/analytics/rollup-job.js');
    const { openPostgres } = await import('../../../src/db/postgres.js');
    const pools = [openPostgres(t().database.url!, { poolSize: 2 }), openPostgres(t().database.url!, { poolSize: 2 })];
    try {
      const jobs = pools.map((db) => createRollupJob({ db, intervalMs: 0, chunkEvents: 10 }));
      const both = async () => (await Promise.all(jobs.map((job) => job.rollSite(s.siteId)))).reduce((a, b) => a + b, 0);
      assert.equal(await rollExpecting(s.siteId, events.length, both), events.length);
      await checkDistinctAggregate(t(), s, 'rolled by two processes');
      await checkAll(t(), s, events, 'rolled by two processes');
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });
});

forEachEngine(
  'analytics without rollups (ANALYTICS_ROLLUPS=0)',
  (t) => {
    it('answers the same from the raw events', async () => {
      const s = await shop(t());
      const events = randomEvents(18, 200, 'a');
      await send(t(), s, events);
      await checkAll(t(), s, events, 'raw');
    });
  },
  { env: { ANALYTICS_ROLLUPS: '0' } },
);

describe('rollups yield to the writes', () => {
  it('yieldsToWrites: crowded more than half the time since the last look, and caught up less than maxDeferMs ago', async () => {
    const { yieldsToWrites } = await import('../../../src/modules/analytics/rollup-job.js');
    const cases: [sinceMs: number, crowdedMs: number, sinceCaughtUpMs: number, maxDeferMs: number, yields: boolean][] = [
      [2_000, 2_000, 2_000, 60_000, true],
      [2_000, 1_001, 10_000, 60_000, true],
      [2_000, 1_000, 10_000, 60_000, false], // exactly half: rolls
      [2_000, 0, 2_000, 60_000, false], // quiet
      [2_000, 2_000, 60_000, 60_000, false], // deferred long enough
      [2_000, 2_000, 59_999, 60_000, true],
      [0, 0, 0, 60_000, false], // no time since the last look
    ];
    for (const [sinceMs, crowdedMs, sinceCaughtUpMs, maxDeferMs, yields] of cases) {
      assert.equal(yieldsToWrites({ sinceMs, crowdedMs, sinceCaughtUpMs }, maxDeferMs), yields, JSON.stringify({ sinceMs, crowdedMs, sinceCaughtUpMs, maxDeferMs }));
    }
  });
});
