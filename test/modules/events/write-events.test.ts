// The event writer's insertion modes: a flush inserts without probing the primary key, and is redone
// skipping stored keys when it meets one; the flushes after it skip from the start. On both engines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Database, Queryable } from '../../../src/db/types.js';
import type { WorkflowTriggers } from '../../../src/kernel/index.js';
import type { NewEvent } from '../../../src/modules/events/event-record.js';
import { isDuplicateEvent } from '../../../src/modules/events/events-repository.js';
import { createEventWriter, DUPLICATE_WINDOW, insertionMode } from '../../../src/modules/events/write-events.js';
import { forEachEngine } from '../../helpers/app.js';

describe('insertionMode', () => {
  // Each step: what is done, and the mode next() answers when asked.
  const table: { name: string; window: number; steps: ('next' | 'met')[]; modes: string[] }[] = [
    { name: 'no duplicate met: every flush fails on a stored key', window: 3, steps: ['next', 'next', 'next'], modes: ['fail', 'fail', 'fail'] },
    { name: 'after a duplicate, `window` flushes skip, then fail again', window: 2, steps: ['next', 'met', 'next', 'next', 'next'], modes: ['fail', 'skip', 'skip', 'fail'] },
    { name: 'a window of 0 never skips from the start', window: 0, steps: ['met', 'next', 'next'], modes: ['fail', 'fail'] },
    { name: 'a duplicate met again restarts the window', window: 2, steps: ['met', 'next', 'met', 'next', 'next', 'next'], modes: ['skip', 'skip', 'skip', 'fail'] },
  ];
  for (const row of table) {
    it(row.name, () => {
      const mode = insertionMode(row.window);
      const modes: string[] = [];
      for (const step of row.steps) {
        if (step === 'met') mode.metDuplicate();
        else modes.push(mode.next());
      }
      assert.deepEqual(modes, row.modes);
    });
  }
});

describe('isDuplicateEvent', () => {
  const table: [unknown, boolean][] = [
    [{ code: '23505', constraint: 'events_pkey' }, true],
    [{ code: '23505', constraint: 'profiles_pkey' }, false],
    [{ code: '40P01', constraint: 'events_pkey' }, false],
    [new Error('23505 events_pkey'), false],
    [null, false],
    ['23505', false],
  ];
  for (const [err, expected] of table) it(`${JSON.stringify(err)} → ${expected}`, () => assert.equal(isDuplicateEvent(err), expected));
});

const noWorkflows: WorkflowTriggers = {
  matches: async () => false,
  anyOn: async () => false,
  record: async () => {},
} as unknown as WorkflowTriggers;

/** The database, counting the event inserts by how they meet stored keys. */
function counting(db: Database) {
  const inserts = { skip: 0, fail: 0 };
  const count = (text: string) => {
    if (!text.includes('INSERT INTO events')) return;
    if (text.includes('ON CONFLICT')) inserts.skip += 1;
    else inserts.fail += 1;
  };
  const wrap = (q: Queryable): Queryable => ({
    query: (text, params, options) => {
      count(text);
      return q.query(text, params, options);
    },
    exec: (sql) => q.exec(sql),
  });
  const wrapped: Database = {
    engine: db.engine,
    ...wrap(db),
    transaction: (fn, options) => db.transaction((tx) => fn(wrap(tx)), options),
    close: () => db.close(),
  };
  return { db: wrapped, inserts };
}

let serial = 0;
function newEvent(siteId: string, clientEventId: string, over: Partial<NewEvent> = {}): NewEvent {
  serial += 1;
  return {
    siteId,
    eventId: `evt_${String(serial).padStart(8, '0')}${clientEventId.replace(/\W/g, '').padEnd(24, '0').slice(0, 24)}`,
    eventType: 'product_view',
    sessionId: 's-1',
    userId: null,
    deviceId: null,
    clientEventId,
    dedupKeySource: 'client_event_id',
    trustClass: 'server',
    keyId: 'key_test',
    origin: null,
    occurredAt: Date.UTC(2026, 10, 20, 10, 0, 0, serial),
    receivedAt: Date.UTC(2026, 10, 20, 10, 0, 1),
    properties: {},
    propertiesJson: '{}',
    contextJson: '{"page_url":"https://shop.example/"}',
    ...over,
  };
}

forEachEngine('event writer', (t) => {
  const stored = async (siteId: string) =>
    (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE site_id = $1', [siteId])).rows[0]!.n;

  it('inserts new events without ON CONFLICT; a flush meeting a stored key is redone skipping it, and the next flushes skip', async () => {
    const { siteId } = await t().createSite();
    const { db, inserts } = counting(t().database.db);
    const writer = createEventWriter(db, noWorkflows);
    const a = newEvent(siteId, 'a');
    const b = newEvent(siteId, 'b');

    const first = await writer.submit([a, b]);
    assert.deepEqual(first.map((r) => r.deduplicated), [false, false]);
    assert.deepEqual(inserts, { skip: 0, fail: 1 });

    // A stored key beside a new one: the first try fails whole, the second skips the stored key.
    const c = newEvent(siteId, 'c');
    const later = { ...a, occurredAt: a.occurredAt + 60_000 };
    const second = await writer.submit([c, later]);
    assert.deepEqual(second.map((r) => [r.eventId, r.deduplicated, r.occurredAt]), [[c.eventId, false, c.occurredAt], [a.eventId, true, a.occurredAt]]);
    assert.deepEqual(inserts, { skip: 1, fail: 2 });
    assert.equal(await stored(siteId), 3);

    // The window: the next flushes skip from the start, then one tries without ON CONFLICT again.
    for (let i = 0; i < DUPLICATE_WINDOW; i += 1) await writer.submit([newEvent(siteId, `w-${i}`)]);
    assert.deepEqual(inserts, { skip: 1 + DUPLICATE_WINDOW, fail: 2 });
    await writer.submit([newEvent(siteId, 'after')]);
    assert.deepEqual(inserts, { skip: 1 + DUPLICATE_WINDOW, fail: 3 });
    assert.equal(await stored(siteId), 4 + DUPLICATE_WINDOW);
  });

  it('redoes the whole transaction when profile updates ride with a stored key: each profile counts its events once', async () => {
    const { siteId } = await t().createSite();
    const writer = createEventWriter(t().database.db, noWorkflows);
    const first = newEvent(siteId, 'p-1', { userId: 'u-1' });
    await writer.submit([first]);
    const results = await writer.submit([newEvent(siteId, 'p-2', { userId: 'u-1' }), first]);
    assert.deepEqual(results.map((r) => r.deduplicated), [false, true]);
    const { rows } = await t().database.db.query<{ events: string }>('SELECT events::text AS events FROM profiles WHERE site_id = $1 AND user_id = $2', [siteId, 'u-1']);
    assert.equal(rows[0]!.events, '2');
  });

  it('stores ids, properties and context exactly as sent, quotes, backslashes and any Unicode included, in both insert modes', async () => {
    const { siteId } = await t().createSite();
    const writer = createEventWriter(t().database.db, noWorkflows);
    const odd = 'a"b\\c\u2028é😀\n\t/\'';
    const properties = { product_id: odd, nested: { [odd]: [odd, 1.5, null, true] } };
    const context = { page_url: `https://shop.example/?q=${encodeURIComponent(odd)}`, referrer: odd };
    const sent = newEvent(siteId, odd, { sessionId: odd, userId: odd, deviceId: odd, properties, propertiesJson: JSON.stringify(properties), contextJson: JSON.stringify(context) });
    // The first flush fails on nothing; the second meets the stored key and is redone skipping it.
    await writer.submit([sent]);
    const again = await writer.submit([newEvent(siteId, `${odd}-2`, { sessionId: odd }), sent]);
    assert.deepEqual(again.map((r) => r.deduplicated), [false, true]);
    const { rows } = await t().database.db.query<{ session_id: string; user_id: string; device_id: string; client_event_id: string; properties: unknown; context: unknown; occurred_at: Date }>(
      'SELECT session_id, user_id, device_id, client_event_id, properties, context, occurred_at FROM events WHERE site_id = $1 AND event_id = $2',
      [siteId, sent.eventId],
    );
    assert.deepEqual(rows[0], { session_id: odd, user_id: odd, device_id: odd, client_event_id: odd, properties, context, occurred_at: new Date(sent.occurredAt) });
    assert.equal(await stored(siteId), 2);
  });

  it('lets any other failure through (nothing redone)', async () => {
    const { siteId } = await t().createSite();
    const { db, inserts } = counting(t().database.db);
    const writer = createEventWriter(db, noWorkflows);
    await assert.rejects(writer.submit([newEvent(siteId, 'bad', { dedupKeySource: 'neither' as 'derived' })]), (err: { code?: string }) => err.code === '23514');
    assert.deepEqual(inserts, { skip: 0, fail: 1 });
    assert.equal(await stored(siteId), 0);
  });
});
