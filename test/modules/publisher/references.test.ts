// The pure parts of a report import around references and results: how many orders name each
// reference, when a network first reported it and where it is counted (matched or not), the click
// context orders are attributed to, the earliest clicks that now have a record, and the counts of a
// report's results.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOrderStatus, sameOrderFacts, type OrderChange, type OrderFacts } from '../../../src/modules/publisher/orders.js';
import {
  earliestClicksOf,
  orderRecordChanges,
  ordersNaming,
  referenceCountChanges,
  referencesOfOrders,
  type ReferenceState,
} from '../../../src/modules/publisher/references.js';
import { invalidRecord, summarizeResults } from '../../../src/modules/publisher/report-results.js';
import type { RecordChange } from '../../../src/modules/publisher/rollups.js';

const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);

const order = (o: Partial<OrderFacts>): OrderFacts => ({
  status: 'approved',
  currency: 'EUR',
  sale: 10_000,
  commission: 1_000,
  reversals: 0,
  reversalAmount: 0,
  reference: 'h1',
  transactionAt: ms('2026-11-20'),
  ...o,
});

const reference = (hash: string, r: Partial<ReferenceState> = {}): ReferenceState => ({ hash, firstAt: null, records: 0, click: null, ...r });
const clicked = (hash: string, clickId: string, r: Partial<ReferenceState> = {}): ReferenceState =>
  reference(hash, { click: { clickId, occurredAt: ms('2026-11-01'), context: { content: 'article-1', destination: 'www.awin1.com/cread.php' } }, ...r });

describe('ordersNaming', () => {
  it('counts the orders that name each reference more or fewer', () => {
    const changes: RecordChange[] = orderRecordChanges(
      [
        { key: 'a', before: null, after: order({ reference: 'h1' }) },
        { key: 'b', before: order({ reference: 'h1' }), after: order({ reference: 'h2' }) },
        { key: 'c', before: order({ reference: 'h3' }), after: order({ reference: 'h3', status: 'pending' }) },
        { key: 'd', before: order({ reference: null }), after: null },
      ],
      new Map(),
    );
    assert.deepEqual([...ordersNaming(changes)], [
      ['h1', 0],
      ['h2', 1],
      ['h3', 0],
    ]);
  });
});

describe('referenceCountChanges', () => {
  const cases: { name: string; before: ReferenceState; firstAt: number | undefined; n: number; updates: unknown[]; rollups: unknown[] }[] = [
    {
      name: 'a reference first reported, without a click',
      before: reference('h1'),
      firstAt: ms('2026-11-20'),
      n: 1,
      updates: [{ hash: 'h1', firstAt: ms('2026-11-20'), records: 1 }],
      rollups: [
        { grain: 'day', bucket: '2026-11-20', references: 1, matched: 0 },
        { grain: 'month', bucket: '2026-11-01', references: 1, matched: 0 },
      ],
    },
    {
      name: 'a reference first reported, with a click: matched',
      before: clicked('h1', 'c1'),
      firstAt: ms('2026-11-20'),
      n: 1,
      updates: [{ hash: 'h1', firstAt: ms('2026-11-20'), records: 1 }],
      rollups: [
        { grain: 'day', bucket: '2026-11-20', references: 1, matched: 1 },
        { grain: 'month', bucket: '2026-11-01', references: 1, matched: 1 },
      ],
    },
    {
      name: 'a reference whose first date moves to an earlier month',
      before: clicked('h1', 'c1', { firstAt: ms('2026-11-20') }),
      firstAt: ms('2026-10-31'),
      n: 1,
      updates: [{ hash: 'h1', firstAt: ms('2026-10-31'), records: 1 }],
      rollups: [
        { grain: 'day', bucket: '2026-11-20', references: -1, matched: -1 },
        { grain: 'month', bucket: '2026-11-01', references: -1, matched: -1 },
        { grain: 'day', bucket: '2026-10-31', references: 1, matched: 1 },
        { grain: 'month', bucket: '2026-10-01', references: 1, matched: 1 },
      ],
    },
    {
      name: 'a reference no order names any more',
      before: reference('h1', { firstAt: ms('2026-11-20'), records: 1 }),
      firstAt: undefined,
      n: -1,
      updates: [{ hash: 'h1', firstAt: null, records: -1 }],
      rollups: [
        { grain: 'day', bucket: '2026-11-20', references: -1, matched: 0 },
        { grain: 'month', bucket: '2026-11-01', references: -1, matched: 0 },
      ],
    },
    {
      name: 'a reference whose orders changed but not their count nor its date: nothing',
      before: reference('h1', { firstAt: ms('2026-11-20'), records: 1 }),
      firstAt: ms('2026-11-20'),
      n: 0,
      updates: [],
      rollups: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const firstAt = new Map(c.firstAt === undefined ? [] : [[c.before.hash, c.firstAt]]);
      assert.deepEqual(referenceCountChanges(new Map([[c.before.hash, c.n]]), new Map([[c.before.hash, c.before]]), firstAt), { updates: c.updates, rollups: c.rollups });
    });
  }
});

describe('orders and their references', () => {
  const orders: OrderChange[] = [
    { key: 'a', before: null, after: order({ reference: 'h1' }) },
    { key: 'b', before: order({ reference: 'h2' }), after: order({ reference: null }) },
    { key: 'c', before: null, after: order({ reference: 'h1', status: 'pending' }) },
  ];
  const references = new Map([
    ['h1', clicked('h1', 'c1')],
    ['h2', clicked('h2', 'c2')],
  ]);
  it('locks the references named before and after', () => {
    assert.deepEqual(referencesOfOrders(orders), ['h1', 'h2', 'h1']);
  });
  it('attributes each order to its reference’s click context (none without a click)', () => {
    const [a, b] = orderRecordChanges(orders, references);
    assert.equal(a![1]!.content, 'article-1');
    assert.equal(b![0]!.destination, 'www.awin1.com/cread.php');
    assert.equal(b![1]!.content, null);
    assert.equal(orderRecordChanges(orders, new Map())[0]![1]!.content, null);
  });
  it('marks the earliest click of each reference an order names now, once', () => {
    assert.deepEqual(earliestClicksOf(orders, references), ['c1']);
    assert.deepEqual(earliestClicksOf(orders, new Map([['h1', reference('h1')]])), []);
  });
  it('compares orders by their facts', () => {
    assert.ok(sameOrderFacts(null, null));
    assert.ok(sameOrderFacts(order({}), order({})));
    assert.ok(!sameOrderFacts(order({}), null));
    assert.ok(!sameOrderFacts(order({}), order({ commission: 999 })));
    assert.ok(isOrderStatus('correction') && !isOrderStatus('deleted'));
  });
});

describe('summarizeResults', () => {
  it('counts each status, and the records imported with warnings', () => {
    const warning = { path: '/records/1/reference', code: 'no_reference', message: 'no reference' };
    assert.deepEqual(
      summarizeResults([
        { index: 0, status: 'created' },
        { index: 1, status: 'created', warnings: [warning] },
        { index: 2, status: 'unchanged' },
        invalidRecord(3, [{ path: '/records/3', code: 'type', message: 'a record must be a JSON object' }]),
      ]),
      {
        results: [
          { index: 0, status: 'created' },
          { index: 1, status: 'created', warnings: [warning] },
          { index: 2, status: 'unchanged' },
          { index: 3, status: 'error', error: { code: 'validation_failed', message: 'The record is not valid', details: [{ path: '/records/3', code: 'type', message: 'a record must be a JSON object' }] } },
        ],
        created: 2,
        updated: 0,
        unchanged: 1,
        failed: 1,
        warnings: 1,
      },
    );
  });
});
