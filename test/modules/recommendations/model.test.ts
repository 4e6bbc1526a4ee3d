// The model in the database, on both engines: a refresh learns the product-event stream in pieces
// and ends with what a model in memory learns at once (every product's neighbours, both kinds); it
// learns an event once, however often it runs; the job finds only the sites with new product
// events. On PostgreSQL, with other connections: an event whose transaction commits after a later
// one has is never skipped, and a site held by one refresh is left by another.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import { cosine, MODEL_KINDS } from '../../../src/modules/recommendations/co-occurrence.js';
import { MemoryModel } from '../../../src/modules/recommendations/memory-model.js';
import { refreshSite } from '../../../src/modules/recommendations/refresh-model.js';
import { forEachEngine, type TestApp } from '../../helpers/app.js';
import { generateShop, interactionsOf } from '../../helpers/synthetic-sessions.js';
import { ev, send, shop } from './shop-client.js';

/** Every materialised neighbour list of a site, by kind and product: [id, score rounded past float noise]. */
async function storedNeighbours(t: TestApp, siteId: string): Promise<Map<string, [string, number][]>> {
  const { rows } = await t.database.db.query<{ kind: string; product_id: string; neighbours: [string, number][] }>(
    'SELECT kind, product_id, neighbours FROM recommendation_neighbours WHERE site_id = $1',
    [siteId],
  );
  return new Map(rows.map((r) => [`${r.kind} ${r.product_id}`, r.neighbours.map(([id, score]) => [id, Number(score.toPrecision(6))] as [string, number])]));
}

async function storedEvents(t: TestApp, siteId: string): Promise<number> {
  const { rows } = await t.database.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM events WHERE site_id = $1 AND event_type IN ('product_view', 'add_to_cart', 'purchase')",
    [siteId],
  );
  return rows[0]!.n;
}

forEachEngine('recommendation model', (t) => {
  const deps = (pieceEvents?: number, drift?: number) => ({ db: t().database.db, activity: t().app.services.moduleContext.productActivity, pieceEvents, drift });
  /**
   * Refreshes until `events` more events are learned. The horizon is the cluster's: on a shared
   * PostgreSQL server another database's open write transaction holds it back for a while (the
   * events wait, never skipped).
   */
  async function refreshUntil(siteId: string, events: number, pieceEvents?: number, drift?: number) {
    const total = { events: 0, interactions: 0, ranked: 0, busy: false };
    for (let tries = 0; total.events < events && tries < 600; tries += 1) {
      if (tries > 0) await new Promise((r) => setTimeout(r, 100));
      const r = await refreshSite(deps(pieceEvents, drift), siteId);
      total.events += r.events;
      total.interactions += r.interactions;
      total.ranked += r.ranked;
      total.busy ||= r.busy;
    }
    return total;
  }

  it('learns the stream in pieces, in two refreshes, and ends with what a model in memory learns at once', async () => {
    const s = await shop(t());
    // Sessions that overlap in time (batches then hold many sessions), carts and server purchases.
    const generated = generateShop({ seed: 11, sessions: 250, categories: 3, productsPerCategory: 15, days: 0.3, start: Date.now() - 86_400_000 });
    // And orders that repeat (two baskets at least make bought-together neighbours).
    const [p1, p2, p3] = generated.products.map((p) => p.productId);
    const orders = [[p1!, p2!], [p2!, p1!, p3!], [p1!, p3!]].map((lines, k) => ev(`order-${k}`, 'purchase', lines, 60 - k, true));
    const events = [...generated.events, ...orders].sort((a, b) => a.at - b.at);
    const half = Math.floor(events.length / 2);
    await send(t(), s, events.slice(0, half));
    const stored = await storedEvents(t(), s.siteId);
    // No drift: every score exact after each refresh.
    const first = await refreshUntil(s.siteId, stored, 37, 0);
    assert.equal(first.busy, false);
    assert.equal(first.events, stored);
    await send(t(), s, events.slice(half));
    const second = await refreshUntil(s.siteId, (await storedEvents(t(), s.siteId)) - stored, undefined, 0);
    assert.equal(first.events + second.events, await storedEvents(t(), s.siteId));

    const memory = new MemoryModel();
    for (const i of interactionsOf(events)) memory.learn(i);
    const expected = new Map<string, [string, number][]>();
    for (const kind of MODEL_KINDS) {
      for (const p of memory.products(kind)) {
        const list = memory.neighbours(kind, p);
        if (list.length > 0) expected.set(`${kind} ${p}`, list.map((n) => [n.productId, Number(n.score.toPrecision(6))]));
      }
    }
    assert.ok([...expected.keys()].some((k) => k.startsWith('bought ')), 'orders made bought-together neighbours');
    assert.ok(expected.size > 20);
    assert.deepEqual(new Map([...(await storedNeighbours(t(), s.siteId))].sort()), new Map([...expected].sort()));

    const again = await refreshSite(deps(), s.siteId);
    assert.deepEqual([again.events, again.interactions, again.ranked], [0, 0, 0], 'nothing new: nothing learned twice');
  });

  it('with the default drift, every stored score is within 2.5 % of its exact value', async () => {
    const s = await shop(t());
    const { events } = generateShop({ seed: 12, sessions: 150, categories: 2, productsPerCategory: 10, days: 0.2, start: Date.now() - 86_400_000 });
    const third = Math.floor(events.length / 3);
    for (const part of [events.slice(0, third), events.slice(third, 2 * third), events.slice(2 * third)]) {
      const before = await storedEvents(t(), s.siteId);
      await send(t(), s, part);
      await refreshUntil(s.siteId, (await storedEvents(t(), s.siteId)) - before);
    }
    const memory = new MemoryModel();
    for (const i of interactionsOf(events)) memory.learn(i);
    const stored = await storedNeighbours(t(), s.siteId);
    assert.ok(stored.size > 10);
    for (const [key, list] of stored) {
      const [kind, productId] = key.split(' ') as ['similar' | 'bought', string];
      const exact = new Map(memory.candidates(kind, productId).map((c) => [c.productId, cosine(c.weight, memory.norm(kind, productId)!.weight, c.norm)]));
      for (const [other, score] of list) assert.ok(Math.abs(score - exact.get(other)!) <= 0.025 * exact.get(other)! + 1e-6, `${key} → ${other}: ${score} vs ${exact.get(other)}`);
    }
    const withNeighbours = MODEL_KINDS.flatMap((kind) => memory.products(kind).filter((p) => memory.neighbours(kind, p).length > 0).map((p) => `${kind} ${p}`));
    assert.deepEqual([...stored.keys()].sort(), withNeighbours.sort());
  });

  it('the job refreshes only the sites with product events their model has not learned', async () => {
    const a = await shop(t());
    const b = await shop(t());
    const job = t().app.services.recommendations.job;
    const mine = async () => (await job.tick()).map((r) => r.site_id).filter((id) => id === a.siteId || id === b.siteId);
    /** Ticks until a site is refreshed (the horizon may be held back a while: see refreshUntil). */
    const untilRefreshed = async () => {
      for (let tries = 0; tries < 600; tries += 1) {
        const found = await mine();
        if (found.length > 0) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    };
    await send(t(), a, [ev('s1', 'product_view', ['x'], 5), ev('s1', 'product_view', ['y'], 4)]);
    assert.deepEqual(await untilRefreshed(), [a.siteId]);
    assert.deepEqual(await mine(), []);
    // Events of other kinds are no product events.
    const page = await t().inject({ method: 'POST', url: '/api/v1/events/batch', headers: b.server, payload: { events: [{ event_type: 'page_view', session_id: 's9', properties: {}, context: { page_url: 'https://shop.example/', user_agent: 'test' } }] } });
    assert.equal(page.statusCode, 201, page.body);
    assert.deepEqual(await mine(), []);
    await send(t(), b, [ev('s2', 'add_to_cart', ['x'], 1)]);
    assert.deepEqual(await untilRefreshed(), [b.siteId]);
  });

  it('a refresh told to stop ends between two transactions, and the next carries on from there', async () => {
    const s = await shop(t());
    const { events } = generateShop({ seed: 13, sessions: 60, categories: 2, productsPerCategory: 8, days: 0.1, start: Date.now() - 86_400_000 });
    await send(t(), s, events);
    const stored = await storedEvents(t(), s.siteId);
    let asked = 0;
    const stopped = await refreshSite({ ...deps(50), stopping: () => ++asked > 2 }, s.siteId);
    assert.ok(stopped.events <= 100, `two pieces of 50 at most: ${stopped.events}`);
    assert.equal(stopped.ranked, 0);
    const rest = await refreshUntil(s.siteId, stored - stopped.events);
    assert.equal(stopped.events + rest.events, stored);
    assert.ok(rest.ranked > 0);
  });

  it('a refresh of a site without product events learns nothing and fails nothing', async () => {
    const s = await shop(t());
    const r = await refreshSite(deps(), s.siteId);
    assert.deepEqual(r, { site_id: s.siteId, busy: false, events: 0, interactions: 0, ranked: 0, forgotten_sessions: 0 });
  });

  it('[postgres] never skips an event whose transaction commits after a later event’s', async (ctx) => {
    if (t().engine !== 'postgres') return ctx.skip('PGlite has one connection: no transaction stays open beside another');
    const s = await shop(t());
    const client = new pg.Client({ connectionString: t().database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      // Its transaction id is taken now, before the events sent below.
      await client.query(
        `INSERT INTO events (site_id, event_id, event_type, session_id, dedup_key_source, trust_class, occurred_at, received_at, properties, context)
         VALUES ($1, 'evt_00000000000000000000000000000001', 'product_view', 'late', 'derived', 'browser', now(), now(), '{"product_id":"a"}', '{}')`,
        [s.siteId],
      );
      await send(t(), s, [ev('early', 'product_view', ['a'], 3), ev('early', 'product_view', ['b'], 2)]);
      const before = await refreshSite(deps(), s.siteId);
      assert.equal(before.events, 0, 'later events wait behind the open transaction (the horizon)');
      assert.equal((await refreshSite(deps(), s.siteId)).events, 0);
      await client.query('COMMIT');
      const after = await refreshUntil(s.siteId, 3);
      assert.equal(after.events, 3, 'the late event and the later ones, all learned');
    } finally {
      await client.end();
    }
  });

  it('[postgres] a site whose model another refresh holds is left to it', async (ctx) => {
    if (t().engine !== 'postgres') return ctx.skip('PGlite has one connection');
    const s = await shop(t());
    await send(t(), s, [ev('s', 'product_view', ['a'], 3), ev('s', 'product_view', ['b'], 2)]);
    await refreshUntil(s.siteId, 2);
    await send(t(), s, [ev('s2', 'product_view', ['a'], 1)]);
    const client = new pg.Client({ connectionString: t().database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM recommendation_models WHERE site_id = $1 FOR UPDATE', [s.siteId]);
      const held = await refreshSite(deps(), s.siteId);
      assert.deepEqual([held.busy, held.events], [true, 0]);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const free = await refreshUntil(s.siteId, 1);
    assert.deepEqual([free.busy, free.events], [false, 1]);
  });
});
