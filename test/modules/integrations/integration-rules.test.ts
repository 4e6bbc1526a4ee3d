// The pure rules of integrations (CONTRACT §11, issue #17): when the schedule acts (which tick, the
// next one, what a change of settings does to it), what is checked across fields of an integration
// as written and changed (CJ needs a currency, a change of network needs its credentials), and what
// a run records (counts over batches, the error of a failure, never the token) — as tables.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, validationFailed } from '../../../src/errors.js';
import type { Integration } from '../../../src/modules/integrations/integration.js';
import { ZERO_COUNTS } from '../../../src/modules/integrations/integration.js';
import { checkNewIntegration, checkPatch, last4, type IntegrationPatch, type WrittenIntegration } from '../../../src/modules/integrations/integration-input.js';
import { NetworkApiError } from '../../../src/modules/integrations/network-http.js';
import { addImport, runErrorOf } from '../../../src/modules/integrations/run-summary.js';
import { followingTick, MINUTE_MS, reschedule, tickActs, tickKey, type ScheduleState } from '../../../src/modules/integrations/schedule.js';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * MINUTE_MS);

describe('the schedule', () => {
  it('measures the next tick from when a tick ran', () => {
    assert.deepEqual(followingTick(NOW, 15), at(15));
    assert.deepEqual(followingTick(NOW, 60), at(60));
  });

  it('keys a tick by its integration and due time', () => {
    assert.equal(tickKey('int_abcd', at(0)), `int_abcd@${NOW}`);
    assert.notEqual(tickKey('int_abcd', at(0)), tickKey('int_abcd', at(60)));
  });

  const active = (nextRunAt: Date | null, everyMinutes = 60): ScheduleState => ({ status: 'active', nextRunAt, everyMinutes });
  const acts: [string, ScheduleState | null, number, boolean, boolean][] = [
    ['its one next tick acts', active(at(0)), NOW, true, true],
    ['a tick for another time is stale', active(at(60)), NOW, true, false],
    ['a deleted integration: stale', null, NOW, true, false],
    ['a paused integration: stale', { status: 'paused', nextRunAt: null, everyMinutes: 60 }, NOW, true, false],
    ['paused with a time left over: still stale', { status: 'paused', nextRunAt: at(0), everyMinutes: 60 }, NOW, true, false],
    ['an archived site: stale', active(at(0)), NOW, false, false],
    ['active without a next tick: stale', active(null), NOW, true, false],
  ];
  for (const [name, state, due, live, want] of acts) it(`tick: ${name}`, () => assert.equal(tickActs(state, due, live), want));

  const changes: [string, ScheduleState | null, Pick<ScheduleState, 'status' | 'everyMinutes'>, { nextRunAt: Date | null; enqueue: boolean }][] = [
    ['created active: a tick now', null, { status: 'active', everyMinutes: 60 }, { nextRunAt: at(0), enqueue: true }],
    ['created paused: none', null, { status: 'paused', everyMinutes: 60 }, { nextRunAt: null, enqueue: false }],
    ['activated: a tick now', { status: 'paused', nextRunAt: null, everyMinutes: 60 }, { status: 'active', everyMinutes: 60 }, { nextRunAt: at(0), enqueue: true }],
    ['paused: the tick is forgotten', active(at(30)), { status: 'paused', everyMinutes: 60 }, { nextRunAt: null, enqueue: false }],
    ['another setting: the tick stays', active(at(30)), { status: 'active', everyMinutes: 60 }, { nextRunAt: at(30), enqueue: false }],
    ['a shorter period brings it forward', active(at(50)), { status: 'active', everyMinutes: 15 }, { nextRunAt: at(15), enqueue: true }],
    ['a shorter period never pushes it back', active(at(10)), { status: 'active', everyMinutes: 15 }, { nextRunAt: at(10), enqueue: false }],
    ['a longer period never pushes it back', active(at(10)), { status: 'active', everyMinutes: 120 }, { nextRunAt: at(10), enqueue: false }],
    ['overdue by more than a period (a lost chain): a tick now', active(at(-61)), { status: 'active', everyMinutes: 60 }, { nextRunAt: at(0), enqueue: true }],
    ['overdue by less than a period: left to its tick', active(at(-30)), { status: 'active', everyMinutes: 60 }, { nextRunAt: at(-30), enqueue: false }],
  ];
  for (const [name, before, after, want] of changes) it(`change: ${name}`, () => assert.deepEqual(reschedule(before, after, NOW), want));
});

const written = (o: Partial<WrittenIntegration> = {}): WrittenIntegration => ({
  kind: 'awin',
  credentials: { api_token: 'tok-0123456789', account_id: ' 189069 ' },
  currency: null,
  every_minutes: 60,
  lookback_days: 30,
  status: 'active',
  ...o,
});

const stored: Integration = {
  siteId: 'site_x',
  integrationId: 'int_x',
  kind: 'awin',
  accountId: '189069',
  websiteId: 'Publisher',
  currency: 'GBP',
  everyMinutes: 60,
  lookbackDays: 30,
  status: 'active',
  tokenLast4: 'cdef',
  nextRunAt: null,
  watermarkAt: null,
  version: 1,
  createdAt: new Date(NOW),
  updatedAt: new Date(NOW),
};

/** The details of the 400 a check throws, as [path, code]. */
function refusal(check: () => unknown): [string, string][] {
  try {
    check();
  } catch (err) {
    assert.ok(err instanceof AppError && err.code === 'validation_failed', String(err));
    return (err.details ?? []).map((d) => [d.path, d.code]);
  }
  return assert.fail('expected a 400');
}

describe('an integration as written', () => {
  it('keeps the token apart, trims the account, a blank website is every website', () => {
    const { settings, token } = checkNewIntegration(written({ credentials: { api_token: 'tok-0123456789', account_id: ' 189069 ', website_id: '  ' } }));
    assert.equal(token, 'tok-0123456789');
    assert.deepEqual(settings, { kind: 'awin', accountId: '189069', websiteId: null, currency: null, everyMinutes: 60, lookbackDays: 30, status: 'active' });
    assert.equal(last4('tok-0123456789'), '6789');
  });

  const refused: [string, WrittenIntegration, [string, string][]][] = [
    ['cj without a currency', written({ kind: 'cj' }), [['/currency', 'required']]],
    ['an unknown currency', written({ currency: 'ZZZ' }), [['/currency', 'unknown_currency']]],
    ['cj with an unknown currency', written({ kind: 'cj', currency: 'ZZZ' }), [['/currency', 'unknown_currency']]],
  ];
  for (const [name, w, details] of refused) it(`refuses ${name}`, () => assert.deepEqual(refusal(() => checkNewIntegration(w)), details));

  it('takes cj with a currency, awin with or without one', () => {
    assert.equal(checkNewIntegration(written({ kind: 'cj', currency: 'EUR' })).settings.currency, 'EUR');
    assert.equal(checkNewIntegration(written({ currency: 'GBP' })).settings.currency, 'GBP');
  });
});

describe('a change', () => {
  const cases: [string, IntegrationPatch, Partial<Integration>, string | null][] = [
    ['the schedule only: credentials and token stay', { every_minutes: 15, status: 'paused' }, { everyMinutes: 15, status: 'paused', accountId: '189069', websiteId: 'Publisher' }, null],
    ['new credentials replace the old whole', { credentials: { api_token: 'new-token-9999', account_id: '42' } }, { accountId: '42', websiteId: null }, 'new-token-9999'],
    ['currency null clears it (awin)', { currency: null }, { currency: null }, null],
    ['another network with its credentials and currency', { kind: 'cj', currency: 'USD', credentials: { api_token: 'cj-pat-12345678', account_id: '4567890' } }, { kind: 'cj', currency: 'USD', accountId: '4567890' }, 'cj-pat-12345678'],
  ];
  for (const [name, patch, want, token] of cases) {
    it(name, () => {
      const result = checkPatch(stored, patch);
      for (const [k, v] of Object.entries(want)) assert.deepEqual(result.settings[k as keyof typeof result.settings], v, k);
      assert.equal(result.token, token);
    });
  }

  const refused: [string, IntegrationPatch, [string, string][]][] = [
    ['another network without its credentials', { kind: 'cj', currency: 'EUR' }, [['/credentials', 'required']]],
    ['cj and its currency cleared', { kind: 'cj', currency: null, credentials: { api_token: 'cj-pat-12345678', account_id: '1' } }, [['/currency', 'required']]],
    ['another network without credentials or currency', { kind: 'cj', currency: null }, [['/credentials', 'required'], ['/currency', 'required']]],
  ];
  for (const [name, patch, details] of refused) it(`refuses ${name}`, () => assert.deepEqual(refusal(() => checkPatch(stored, patch)), details));
});

describe('what a run records', () => {
  it('adds the import batches up; refused records are errors', () => {
    const one = addImport({ ...ZERO_COUNTS, records: 7, calls: 2 }, { created: 3, updated: 1, unchanged: 1, failed: 1, warnings: 1 });
    const two = addImport(one, { created: 0, updated: 1, unchanged: 0, failed: 0, warnings: 0 });
    assert.deepEqual(two, { records: 7, calls: 2, created: 3, updated: 2, unchanged: 1, errors: 1 });
  });

  const TOKEN = 'secret-token-0123456789';
  const errors: [string, unknown, { code: string; message: RegExp }][] = [
    ['a refusal of the network', new NetworkApiError('awin', 'http', 'Awin answered 401 to GET /publishers/1/transactions/', 401, `{"echo":"Bearer ${TOKEN}"}`), { code: 'http', message: /^Awin answered 401 to GET \/publishers\/1\/transactions\/$/ }],
    ['a GraphQL error naming the token', new NetworkApiError('cj', 'graphql', `CJ answered with a GraphQL error: bad token ${TOKEN}`, 200), { code: 'graphql', message: /bad token \[redacted\]$/ }],
    ['the run’s deadline', new DOMException('The operation was aborted due to timeout', 'TimeoutError'), { code: 'timeout', message: /within 20 minutes/ }],
    ['a report the import refuses whole', validationFailed('/records', 'the report holds no records', 'empty'), { code: 'import_refused', message: /no records \(at \/records\)$/ }],
    ['settings a client refuses', new RangeError('a CJ integration needs the publisher currency'), { code: 'invalid_settings', message: /currency/ }],
    ['anything else, the token blanked', new Error(`connect ECONNREFUSED with ${TOKEN}`), { code: 'internal', message: /^connect ECONNREFUSED with \[redacted\]$/ }],
  ];
  for (const [name, err, want] of errors) {
    it(`records ${name} without the token`, () => {
      const e = runErrorOf(err, TOKEN, 20 * 60_000);
      assert.equal(e.code, want.code);
      assert.match(e.message, want.message);
      assert.ok(!e.message.includes(TOKEN));
    });
  }

  it('cuts a long message', () => assert.equal(runErrorOf(new Error('x'.repeat(2000)), TOKEN, 1).message.length, 500));
});
