// Versions of report records and the orders they make (CONTRACT §6 "Versions", "CJ corrections",
// issue #12): table tests of compareVersions / foldRecord / orderFacts, and properties: any arrival
// order converges to one store, a CJ correction chain sums exactly, re-importing is idempotent.
// Records are read through normalizeRecord from fixtures shaped after Awin's "Get List of
// Transactions" / "Validate Transactions" and CJ's Commission Detail PublisherCommission.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { normalizeRecord, RANK, type ReadOptions, type ReportFormat } from '../../../src/modules/publisher/report-records.js';
import { compareVersions, foldRecord, recordReversal, recordState, type FoldAction, type RecordState } from '../../../src/modules/publisher/record-versions.js';
import { orderFacts } from '../../../src/modules/publisher/orders.js';

type Json = Record<string, unknown>;
const at = (s: string) => Date.parse(s);
const hashOf = (reference: string | null) => (reference === null ? null : `hash:${reference}`);

function state(raw: Json, format: ReportFormat, options: ReadOptions = {}): RecordState {
  const r = normalizeRecord(raw, format, '/records/0', options);
  if (!r.ok) assert.fail(`refused: ${JSON.stringify(r.details)}`);
  return recordState(r.record, hashOf(r.record.reference));
}

/** Awin "Get List of Transactions" transaction (statuses and reasons as "Validate Transactions" sets them). */
const awin = (o: Json = {}): Json => ({
  id: 259630312,
  advertiserId: 7052,
  commissionStatus: 'pending',
  commissionAmount: { amount: 5.59, currency: 'GBP' },
  saleAmount: { amount: 55.96, currency: 'GBP' },
  clickRefs: { clickRef: 'AbCdEf0123456789' },
  transactionDate: '2024-03-01T09:00:00',
  validationDate: null,
  type: 'Commission group transaction',
  amended: false,
  oldCommissionAmount: null,
  paidToPublisher: false,
  ...o,
});
/** CJ Commission Detail PublisherCommission: DecimalNumber strings, original / originalActionId. */
const cj = (o: Json = {}): Json => ({
  commissionId: '3009474853',
  actionStatus: 'new',
  actionType: 'sim_sale',
  advertiserId: '5535819',
  eventDate: '2024-03-01T09:00:00Z',
  postingDate: '2024-03-01T10:00:00Z',
  original: true,
  originalActionId: '2873584392',
  pubCommissionAmountPubCurrency: '10.365',
  saleAmountPubCurrency: '103.65',
  shopperId: 'QwErTy0123456789',
  ...o,
});
const awinState = (o: Json = {}) => state(awin(o), 'awin');
const cjState = (o: Json = {}) => state(cj(o), 'cj', { currency: 'EUR' });
const correction = (id: string, amount: string, o: Json = {}) => cjState({ commissionId: id, original: false, pubCommissionAmountPubCurrency: amount, saleAmountPubCurrency: null, correctionReason: 'RETURNED_MERCHANDISE', ...o });

/** Folds versions one by one into a store keyed by transaction id. */
function foldAll(states: readonly RecordState[], store = new Map<string, RecordState>()) {
  const steps: { action: FoldAction; changed: boolean }[] = [];
  for (const s of states) {
    const { action, next, changed } = foldRecord(store.get(s.providerTransactionId) ?? null, s);
    store.set(s.providerTransactionId, next);
    steps.push({ action, changed });
  }
  return { store, steps };
}
const summary = (store: Map<string, RecordState>) => [...store.values()].map((s) => [s.providerTransactionId, s.fingerprint, s.peakCommission]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
function factsByOrder(store: Map<string, RecordState>) {
  const orders = new Map<string, RecordState[]>();
  for (const s of store.values()) orders.set(s.orderKey, [...(orders.get(s.orderKey) ?? []), s]);
  return [...orders.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, records]) => [key, orderFacts(records)]);
}
const sequence = (...states: RecordState[]) => {
  const { store, steps } = foldAll(states);
  return { head: [...store.values()][0]!, actions: steps.map((s) => s.action) };
};

describe('compareVersions', () => {
  const v = (versionAt: string, rank: number, fingerprint = 'f') => ({ versionAt: at(versionAt), rank, fingerprint });
  const table: [string, ReturnType<typeof v>, ReturnType<typeof v>, -1 | 0 | 1][] = [
    ['an older date loses to a newer one whatever the ranks', v('2024-03-01T00:00:00Z', RANK.deleted), v('2024-03-02T00:00:00Z', RANK.pending), -1],
    ['on the same date pending < extended', v('2024-03-01T00:00:00Z', RANK.pending), v('2024-03-01T00:00:00Z', RANK.extended), -1],
    ['extended < approved/locked', v('2024-03-01T00:00:00Z', RANK.extended), v('2024-03-01T00:00:00Z', RANK.approved), -1],
    ['approved < closed/paid', v('2024-03-01T00:00:00Z', RANK.approved), v('2024-03-01T00:00:00Z', RANK.paid), -1],
    ['paid < declined', v('2024-03-01T00:00:00Z', RANK.paid), v('2024-03-01T00:00:00Z', RANK.declined), -1],
    ['declined < deleted', v('2024-03-01T00:00:00Z', RANK.declined), v('2024-03-01T00:00:00Z', RANK.deleted), -1],
    ['same date and rank: the fingerprint decides', v('2024-03-01T00:00:00Z', RANK.approved, 'a'), v('2024-03-01T00:00:00Z', RANK.approved, 'b'), -1],
    ['the same version', v('2024-03-01T00:00:00Z', RANK.approved, 'a'), v('2024-03-01T00:00:00Z', RANK.approved, 'a'), 0],
  ];
  for (const [name, a, b, sign] of table) {
    it(name, () => {
      assert.equal(Math.sign(compareVersions(a, b)), sign);
      assert.equal(Math.sign(compareVersions(b, a)), -sign || 0);
    });
  }
});

describe('foldRecord', () => {
  it('CJ new → locked → new on the same postingDate keeps locked', () => {
    const { head, actions } = sequence(cjState(), cjState({ actionStatus: 'locked' }), cjState());
    assert.deepEqual(actions, ['created', 'updated', 'unchanged']);
    assert.equal(head.networkStatus, 'locked');
  });
  it('Awin declined beats approved on the same validation date, in either order', () => {
    const approved = awinState({ commissionStatus: 'approved', validationDate: '2024-03-05T10:00:00' });
    const declined = awinState({ commissionStatus: 'declined', validationDate: '2024-03-05T10:00:00', declineReason: 'order returned' });
    assert.deepEqual(sequence(approved, declined).actions, ['created', 'updated']);
    assert.deepEqual(sequence(declined, approved).actions, ['created', 'unchanged']);
    assert.equal(sequence(declined, approved).head.status, 'declined');
  });
  it('a newer date applies even with a lower rank', () => {
    const approved = awinState({ commissionStatus: 'approved', validationDate: '2024-03-05T10:00:00' });
    const reopened = awinState({ commissionStatus: 'pending', validationDate: '2024-03-05T10:00:00', amendmentDate: '2024-03-09T10:00:00' });
    assert.deepEqual(sequence(approved, reopened).actions, ['created', 'updated']);
    assert.equal(sequence(reopened, approved).head.status, 'pending');
    const locked = cjState({ actionStatus: 'locked' });
    const later = cjState({ postingDate: '2024-03-02T10:00:00Z' });
    assert.equal(sequence(later, locked).head.networkStatus, 'new');
  });
  it('the same version twice is unchanged and writes nothing', () => {
    const first = awinState();
    const stored = foldRecord(null, first).next;
    const again = foldRecord(stored, awinState());
    assert.deepEqual(again, { action: 'unchanged', next: stored, changed: false });
  });
  it('an older version showing a higher commission raises the peak but is unchanged', () => {
    const newer = awinState({ commissionStatus: 'approved', validationDate: '2024-03-05T10:00:00', commissionAmount: { amount: 2.8, currency: 'GBP' } });
    const older = awinState({ commissionAmount: { amount: 5.59, currency: 'GBP' } });
    const stored = foldRecord(null, newer).next;
    assert.equal(stored.peakCommission, 280);
    const r = foldRecord(stored, older);
    assert.equal(r.action, 'unchanged');
    assert.equal(r.changed, true);
    assert.equal(r.next.fingerprint, newer.fingerprint);
    assert.equal(r.next.commission, 280);
    assert.equal(r.next.peakCommission, 559);
    assert.equal(recordReversal(r.next), 279);
    assert.deepEqual(foldRecord(r.next, older), { action: 'unchanged', next: r.next, changed: false });
  });
  it('recordReversal: what the versions took back', () => {
    const declined = foldAll([awinState({ commissionStatus: 'approved', validationDate: '2024-03-05T10:00:00' }), awinState({ commissionStatus: 'declined', validationDate: '2024-03-06T10:00:00' })]).store;
    assert.equal(recordReversal([...declined.values()][0]!), 559);
    const deleted = foldAll([awinState(), awinState({ commissionStatus: 'deleted', validationDate: '2024-03-06T10:00:00' })]).store;
    assert.equal(recordReversal([...deleted.values()][0]!), 0);
    const amended = awinState({ amended: true, commissionAmount: { amount: 2.8, currency: 'GBP' }, oldCommissionAmount: { amount: 5.59, currency: 'GBP' } });
    assert.equal(amended.peakCommission, 559);
    assert.equal(recordReversal(amended), 279);
    assert.equal(recordReversal(correction('c1', '-3.456')), 0);
  });
});

describe('orderFacts', () => {
  const base = { currency: 'EUR', reference: 'hash:QwErTy0123456789', transactionAt: at('2024-03-01T09:00:00Z') };
  const table: [string, RecordState[], ReturnType<typeof orderFacts>][] = [
    ['CJ original + upward + downward correction', [cjState(), correction('c1', '2.000'), correction('c2', '-3.456')], { ...base, status: 'pending', sale: 10365, commission: 1037 + 200 - 346, reversals: 1, reversalAmount: 346 }],
    ['a locked original with its corrections is approved', [cjState({ actionStatus: 'locked' }), correction('c2', '-3.456')], { ...base, status: 'approved', sale: 10365, commission: 691, reversals: 1, reversalAmount: 346 }],
    ['a full reversal is declined: what was declined, one reversal', [cjState(), correction('c1', '-10.365', { saleAmountPubCurrency: '-103.65' })], { ...base, status: 'declined', sale: 10365, commission: 1037, reversals: 1, reversalAmount: 1037 }],
    ['corrections without their original: their reversals only', [correction('c1', '-3.456', { eventDate: '2024-03-04T09:00:00Z' }), correction('c2', '1.000', { eventDate: '2024-03-02T09:00:00Z' })], { ...base, status: 'correction', sale: 0, commission: -246, reversals: 1, reversalAmount: 346, transactionAt: at('2024-03-02T09:00:00Z') }],
    ['a CJ bonus is bonus commission, never revenue', [cjState({ actionType: 'bonus', actionStatus: 'locked', pubCommissionAmountPubCurrency: '25.00', saleAmountPubCurrency: null })], { ...base, status: 'bonus', sale: 0, commission: 2500, reversals: 0, reversalAmount: 0 }],
    ['an Awin bonus', [awinState({ type: 'Bonus', commissionStatus: 'approved', commissionAmount: { amount: 25, currency: 'GBP' }, saleAmount: { amount: 0, currency: 'GBP' } })], { status: 'bonus', currency: 'GBP', sale: 0, commission: 2500, reversals: 0, reversalAmount: 0, reference: 'hash:AbCdEf0123456789', transactionAt: at('2024-03-01T09:00:00Z') }],
    ['an Awin amendment down is one reversal of the difference', [awinState({ commissionStatus: 'approved', amended: true, amendReason: 'partial return', commissionAmount: { amount: 2.8, currency: 'GBP' }, oldCommissionAmount: { amount: 5.59, currency: 'GBP' }, saleAmount: { amount: 28, currency: 'GBP' } })], { status: 'approved', currency: 'GBP', sale: 2800, commission: 280, reversals: 1, reversalAmount: 279, reference: 'hash:AbCdEf0123456789', transactionAt: at('2024-03-01T09:00:00Z') }],
    ['an Awin record without a reference', [awinState({ clickRefs: { clickRef2: 'homepage' } })], { status: 'pending', currency: 'GBP', sale: 5596, commission: 559, reversals: 0, reversalAmount: 0, reference: null, transactionAt: at('2024-03-01T09:00:00Z') }],
    ['deleted records leave the order', [awinState({ commissionStatus: 'deleted' })], null],
  ];
  for (const [name, records, expected] of table) {
    it(name, () => {
      assert.deepEqual(orderFacts(records), expected);
      assert.deepEqual(orderFacts([...records].reverse()), expected, 'in any order');
    });
  }
  it('Awin approved then declined: declined, with its whole commission taken back once', () => {
    const { store } = foldAll([awinState({ commissionStatus: 'approved', validationDate: '2024-03-05T10:00:00' }), awinState({ commissionStatus: 'declined', validationDate: '2024-03-08T10:00:00', declineReason: 'order returned' })]);
    const facts = orderFacts([...store.values()]);
    assert.deepEqual([facts?.status, facts?.commission, facts?.reversals, facts?.reversalAmount], ['declined', 559, 1, 559]);
    assert.equal([...store.values()][0]!.declineReason, 'order returned');
  });
  it('approved then deleted leaves every total', () => {
    const { store } = foldAll([awinState({ commissionStatus: 'approved', validationDate: '2024-03-05T10:00:00' }), awinState({ commissionStatus: 'deleted', validationDate: '2024-03-08T10:00:00' })]);
    assert.equal(orderFacts([...store.values()]), null);
  });
});

// ---- properties ----

/** A decimal string of `units` / 10^scale, as CJ's DecimalNumber and Awin's amounts are written. */
const dec = (units: number, scale: number) => {
  const abs = String(Math.abs(units)).padStart(scale + 1, '0');
  return `${units < 0 ? '-' : ''}${abs.slice(0, abs.length - scale)}.${abs.slice(abs.length - scale)}`;
};
/** 3-decimal units to cents, half away from zero: the reference rounding, independent of src. */
const cents = (units: number) => Math.sign(units) * Math.floor((Math.abs(units) + 5) / 10) || 0;
const day = (d: number) => `2024-03-0${d}`;

const awinVersion = fc.record({
  status: fc.constantFrom('pending', 'approved', 'declined', 'deleted'),
  day: fc.integer({ min: 1, max: 3 }),
  commission: fc.integer({ min: 0, max: 20_000 }),
  paid: fc.boolean(),
  amended: fc.boolean(),
  old: fc.integer({ min: 0, max: 20_000 }),
});
const awinTransaction = fc.record({ reference: fc.constantFrom<string | null>('RefA0123456789abcd', 'RefB0123456789abcd', null), bonus: fc.boolean(), versions: fc.array(awinVersion, { minLength: 1, maxLength: 4 }) });
const cjVersion = fc.record({ status: fc.constantFrom('new', 'extended', 'locked', 'closed'), day: fc.integer({ min: 1, max: 3 }) });
const cjOrder = fc.record({
  exportsOriginal: fc.boolean(),
  withOriginal: fc.boolean(),
  originalUnits: fc.integer({ min: 0, max: 200_000 }),
  originalVersions: fc.array(cjVersion, { minLength: 1, maxLength: 3 }),
  corrections: fc.array(fc.record({ units: fc.integer({ min: -200_000, max: 200_000 }), versions: fc.array(cjVersion, { minLength: 1, maxLength: 2 }) }), { maxLength: 3 }),
});

/** Every version of a set of Awin transactions and CJ orders (originals and corrections sharing their order key). */
const recordSet = fc.record({ awin: fc.array(awinTransaction, { minLength: 1, maxLength: 3 }), cj: fc.array(cjOrder, { minLength: 1, maxLength: 2 }) }).map(({ awin: txs, cj: orders }) => {
  const states: RecordState[] = [];
  txs.forEach((tx, i) => {
    for (const v of tx.versions) {
      states.push(awinState({
        id: 1000 + i,
        commissionStatus: v.status,
        type: tx.bonus ? 'Bonus' : 'Commission group transaction',
        clickRefs: { clickRef: tx.reference },
        commissionAmount: { amount: dec(v.commission, 2), currency: 'GBP' },
        validationDate: v.status === 'pending' ? null : `${day(v.day)}T10:00:00`,
        amendmentDate: v.amended ? `${day(v.day)}T12:00:00` : null,
        paidToPublisher: v.paid,
        amended: v.amended,
        oldCommissionAmount: v.amended ? { amount: dec(v.old, 2), currency: 'GBP' } : null,
      }));
    }
  });
  orders.forEach((order, i) => {
    const key = `A${i}`;
    // Where `original` isn't exported, a correction is known by its negative amounts.
    const flag = (value: boolean) => (order.exportsOriginal ? { original: value } : { original: undefined });
    if (order.withOriginal) {
      for (const v of order.originalVersions) states.push(cjState({ commissionId: `${key}-o`, originalActionId: key, actionStatus: v.status, postingDate: `${day(v.day)}T10:00:00Z`, pubCommissionAmountPubCurrency: dec(order.originalUnits, 3), ...flag(true) }));
    }
    order.corrections.forEach((c, j) => {
      const units = order.exportsOriginal ? c.units : -Math.abs(c.units) || -1;
      for (const v of c.versions) states.push(cjState({ commissionId: `${key}-c${j}`, originalActionId: key, actionStatus: v.status, postingDate: `${day(v.day)}T11:00:00Z`, pubCommissionAmountPubCurrency: dec(units, 3), saleAmountPubCurrency: null, ...flag(false) }));
    });
  });
  return states;
});
const permuted = recordSet.chain((states) => fc.tuple(fc.constant(states), fc.shuffledSubarray(states, { minLength: states.length, maxLength: states.length })));

describe('properties', () => {
  it('(a) any permutation of a set of versions folds to the same store and the same orders', () => {
    fc.assert(
      fc.property(permuted, ([states, order]) => {
        const a = foldAll(states).store;
        const b = foldAll(order).store;
        assert.deepEqual(summary(b), summary(a));
        assert.deepEqual(factsByOrder(b), factsByOrder(a));
      }),
      { numRuns: 200 },
    );
  });

  it('(b) a CJ correction chain sums exactly, each amount rounded once, in any arrival order', () => {
    const chain = fc.record({ original: fc.integer({ min: 0, max: 5_000_000 }), corrections: fc.array(fc.integer({ min: -5_000_000, max: 5_000_000 }), { minLength: 1, maxLength: 8 }) });
    const withOrder = chain.chain((c) => fc.tuple(fc.constant(c), fc.shuffledSubarray([...c.corrections.keys(), -1], { minLength: c.corrections.length + 1, maxLength: c.corrections.length + 1 })));
    fc.assert(
      fc.property(withOrder, ([{ original, corrections }, arrival]) => {
        const raws = [
          cj({ commissionId: 'O', pubCommissionAmountPubCurrency: dec(original, 3), saleAmountPubCurrency: null }),
          ...corrections.map((u, j) => cj({ commissionId: `C${j}`, original: false, postingDate: `2024-03-0${1 + (j % 8)}T11:00:00Z`, pubCommissionAmountPubCurrency: dec(u, 3), saleAmountPubCurrency: null })),
        ];
        const states = raws.map((raw, i) => {
          const r = normalizeRecord(raw, 'cj', `/records/${i}`, { currency: 'EUR' });
          if (!r.ok) assert.fail(JSON.stringify(r.details));
          assert.equal(r.record.commission, cents(i === 0 ? original : corrections[i - 1]!), 'each amount rounded once');
          return recordState(r.record, hashOf(r.record.reference));
        });
        const { store } = foldAll(arrival.map((k) => states[k + 1]!));
        const facts = orderFacts([...store.values()]);
        const rounded = [cents(original), ...corrections.map(cents)];
        const net = rounded.reduce((s, x) => s + x, 0);
        const downs = corrections.map(cents).filter((x) => x < 0);
        const declined = downs.length > 0 && net <= 0;
        assert.equal([...store.values()].reduce((s, r) => s + r.commission, 0), net);
        assert.ok(facts);
        assert.equal(facts.status, declined ? 'declined' : 'pending');
        assert.equal(facts.commission, declined ? rounded.reduce((s, x) => s + Math.max(x, 0), 0) : net);
        assert.equal(facts.reversals, downs.length);
        assert.equal(facts.reversalAmount, downs.reduce((s, x) => s - x, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('(c) re-importing the same set changes nothing', () => {
    fc.assert(
      fc.property(permuted, ([states, again]) => {
        const { store } = foldAll(states);
        const before = { summary: summary(store), facts: factsByOrder(store), states: new Map(store) };
        const { steps } = foldAll(again, store);
        assert.ok(steps.every((s) => s.action === 'unchanged' && !s.changed), JSON.stringify(steps));
        assert.deepEqual(summary(store), before.summary);
        assert.deepEqual(factsByOrder(store), before.facts);
        for (const [id, s] of store) assert.equal(s, before.states.get(id), 'the stored object itself is kept');
      }),
      { numRuns: 200 },
    );
  });
});
