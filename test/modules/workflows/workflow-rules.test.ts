// The pure rules of workflows: JSON Pointer conditions (table and laws), the retry schedule, what an
// answer means for a delivery (blocked, 2xx, 410, errors, the schedule’s last attempt, its job’s last attempt).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { allHold, conditionProblem, holds, jsonEqual, parsePointer, type Condition } from '../../../src/modules/workflows/conditions.js';
import { judge } from '../../../src/modules/workflows/deliver.js';
import { MAX_ATTEMPTS, retryDelayMs, verdictOf } from '../../../src/modules/workflows/retry-schedule.js';
import type { Delivery } from '../../../src/modules/workflows/workflow.js';

const data = { event_type: 'purchase', properties: { total: 52.43, currency: 'EUR', 'a/b': 1, 'm~n': 2, items: [{ sku: 'X' }], none: null }, occurred_at: '2026-11-24T10:00:00.000Z' };

describe('conditions', () => {
  const table: [Condition, boolean][] = [
    [{ path: '/event_type', op: 'eq', value: 'purchase' }, true],
    [{ path: '/event_type', op: 'neq', value: 'purchase' }, false],
    [{ path: '/properties/total', op: 'gt', value: 50 }, true],
    [{ path: '/properties/total', op: 'gte', value: 52.43 }, true],
    [{ path: '/properties/total', op: 'lt', value: 52.43 }, false],
    [{ path: '/properties/total', op: 'lte', value: '60' }, false],
    [{ path: '/occurred_at', op: 'gte', value: '2026-11-01T00:00:00.000Z' }, true],
    [{ path: '/properties/currency', op: 'in', value: ['USD', 'EUR'] }, true],
    [{ path: '/properties/currency', op: 'in', value: ['USD'] }, false],
    [{ path: '/properties/a~1b', op: 'eq', value: 1 }, true],
    [{ path: '/properties/m~0n', op: 'eq', value: 2 }, true],
    [{ path: '/properties/items/0/sku', op: 'eq', value: 'X' }, true],
    [{ path: '/properties/items/1/sku', op: 'exists' }, false],
    [{ path: '/properties/items/01', op: 'exists' }, false],
    [{ path: '/properties/none', op: 'exists' }, true],
    [{ path: '/properties/missing', op: 'exists' }, false],
    [{ path: '/properties/missing', op: 'neq', value: 1 }, true],
    [{ path: '/properties/items', op: 'eq', value: [{ sku: 'X' }] }, true],
    [{ path: '', op: 'exists' }, true],
  ];
  for (const [c, want] of table) it(`${c.path} ${c.op} ${JSON.stringify(c.value)} → ${want}`, () => assert.equal(holds(c, data), want));

  it('parses pointers as RFC 6901 says, and refuses what is not one', () => {
    assert.deepEqual(parsePointer('/a~1b/m~0n/'), ['a/b', 'm~n', '']);
    for (const bad of ['a', '/a~', '/a~2', '#/a']) assert.equal(parsePointer(bad), null, bad);
  });

  it('names what is wrong with a condition as written', () => {
    assert.equal(conditionProblem({ path: 'x', op: 'eq', value: 1 })?.at, '/path');
    assert.equal(conditionProblem({ path: '/x', op: 'in', value: 'a' })?.at, '/value');
    assert.equal(conditionProblem({ path: '/x', op: 'exists', value: 1 })?.at, '/value');
    assert.equal(conditionProblem({ path: '/x', op: 'gt' })?.at, '/value');
    assert.equal(conditionProblem({ path: '/x', op: 'exists' }), null);
  });

  it('laws: eq and neq are opposites; in [v] is eq v; no conditions always hold', () => {
    const json = fc.jsonValue();
    fc.assert(
      fc.property(json, json, (doc, v) => {
        const root = { doc };
        const eq = holds({ path: '/doc', op: 'eq', value: v }, root);
        return eq !== holds({ path: '/doc', op: 'neq', value: v }, root) && eq === holds({ path: '/doc', op: 'in', value: [v] }, root) && allHold([], root) && jsonEqual(doc, doc);
      }),
    );
  });
});

describe('retry schedule', () => {
  it('about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then nothing', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8].map((a) => retryDelayMs(a, 1, 0)), [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, null]);
    assert.equal(MAX_ATTEMPTS, 8);
    assert.equal(retryDelayMs(2, 0.001, 0), 300);
    assert.ok(retryDelayMs(1, 1, 0.99)! <= 5_500);
  });
  it('reads answers: 2xx done, 410 gone, the rest again', () => {
    assert.deepEqual([200, 204, 299, 301, 400, 410, 429, 500].map(verdictOf), ['succeeded', 'succeeded', 'succeeded', 'retry', 'retry', 'gone', 'retry', 'retry']);
  });
});

describe('an attempt’s answer', () => {
  const d = (attempts: number): Delivery => ({ siteId: 's', deliveryId: 'dlv_x', webhookId: 'msg_x', workflowId: 'wfl_x', type: 'event.custom', body: '{}', status: 'pending', attempts, lastStatusCode: null, lastError: null, nextAttemptAt: null, responseBody: null, createdAt: new Date(0) });
  const now = 1_000_000;
  it('a blocked destination fails at once, without a retry', () => {
    const j = judge({ kind: 'blocked', blocked: true, address: '127.0.0.1', reason: 'address_not_public' }, d(0), false, 1, now);
    assert.deepEqual([j.record.status, j.record.error, j.outcome.kind], ['failed', 'blocked_destination', 'failed']);
  });
  it('a 2xx succeeds, a 410 fails and pauses, a 500 waits for the schedule, the last attempt fails', () => {
    assert.equal(judge({ kind: 'response', status: 204, bodyPrefix: '', truncated: false }, d(0), false, 1, now).record.status, 'succeeded');
    const gone = judge({ kind: 'response', status: 410, bodyPrefix: 'bye', truncated: false }, d(0), false, 1, now);
    assert.deepEqual([gone.record.status, gone.gone, gone.record.responseBody], ['failed', true, 'bye']);
    const later = judge({ kind: 'response', status: 500, bodyPrefix: '', truncated: false }, d(1), false, 1, now);
    assert.equal(later.record.status, 'pending');
    assert.ok(later.record.nextAttemptAt!.getTime() >= now + 300_000);
    assert.equal(judge({ kind: 'error', error: 'timeout', message: 'slow' }, d(7), false, 1, now).record.status, 'failed', 'the eighth attempt was the last');
    assert.equal(judge({ kind: 'error', error: 'connection', message: 'refused' }, d(0), true, 1, now).record.status, 'failed', 'its job’s last attempt (a replay, an operator’s retry) fails rather than retries');
  });
});
