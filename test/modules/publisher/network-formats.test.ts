// One record of a network report, read from Awin's or CJ's own shape (CONTRACT §6 "Network formats",
// issue #12): every field mapping, and every bad input refused alone with the JSON pointer of the
// network's own field. Fixtures are written here, after the networks' documentation (named on each
// table); nothing is read from recorded samples.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeRecord, RANK, type NormalizedRecord, type ReadOptions, type ReadResult, type ReportFormat } from '../../../src/modules/publisher/report-records.js';
import { recordsOfDocument } from '../../../src/modules/publisher/report-documents.js';

type Json = Record<string, unknown>;
const at = (s: string) => Date.parse(s);

function read(raw: unknown, format: ReportFormat, options: ReadOptions = {}, pointer = '/records/0') {
  const r: ReadResult = normalizeRecord(raw, format, pointer, options);
  if (!r.ok) assert.fail(`refused: ${JSON.stringify(r.details)}`);
  return r;
}
function refused(raw: unknown, format: ReportFormat, options: ReadOptions = {}, pointer = '/records/0') {
  const r = normalizeRecord(raw, format, pointer, options);
  if (r.ok) assert.fail(`accepted: ${JSON.stringify(r.record)}`);
  return r.details.map((d) => [d.path, d.code]);
}
const pick = (r: NormalizedRecord, keys: string[]) => Object.fromEntries(keys.map((k) => [k, r[k as keyof NormalizedRecord]]));

/**
 * A transaction as Awin's "Get List of Transactions" (GET /publishers/{publisherId}/transactions/)
 * documents it: numeric ids, amounts as { amount, currency } with JSON numbers, clickRefs, times
 * as yyyy-MM-ddThh:mm:ss in the request's timezone, null for what does not apply.
 */
const awin = (o: Json = {}): Json => ({
  id: 259630312,
  url: 'http://www.publisher.com',
  advertiserId: 7052,
  advertiserName: 'Example Shop',
  publisherId: 189069,
  siteName: 'Publisher',
  commissionStatus: 'pending',
  commissionAmount: { amount: 5.59, currency: 'GBP' },
  saleAmount: { amount: 55.96, currency: 'GBP' },
  clickRefs: { clickRef: 'AbCdEf0123456789', clickRef2: 'homepage', clickRef3: null },
  clickDate: '2017-02-20T21:58:00',
  transactionDate: '2017-02-20T22:04:00',
  validationDate: null,
  type: 'Commission group transaction',
  declineReason: null,
  voucherCodeUsed: null,
  amended: false,
  amendReason: null,
  oldSaleAmount: null,
  oldCommissionAmount: null,
  orderRef: '123ABC555',
  paidToPublisher: false,
  paymentId: 0,
  ...o,
});

/**
 * A PublisherCommission of CJ's Commission Detail GraphQL schema (publisherCommissions.records):
 * DecimalNumber amounts rendered as strings, Instants in UTC with Z, original / originalActionId
 * tying corrections to their order, actionStatus new | extended | locked | closed.
 */
const cj = (o: Json = {}): Json => ({
  commissionId: '3009474853',
  actionStatus: 'new',
  actionType: 'sim_sale',
  actionTrackerName: 'Online Sale',
  advertiserId: '5535819',
  advertiserName: 'Example Store',
  eventDate: '2021-06-07T21:21:31Z',
  postingDate: '2021-06-07T22:00:05Z',
  lockingDate: '2021-07-11T09:00:00Z',
  original: true,
  originalActionId: '2873584392',
  pubCommissionAmountPubCurrency: '7.781',
  pubCommissionAmountUsd: '9.124',
  saleAmountPubCurrency: '77.81',
  saleAmountUsd: '91.24',
  shopperId: 'QwErTy0123456789',
  orderId: 'ORD-1',
  correctionReason: null,
  ...o,
});
const without = (o: Json, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

describe('Awin transaction list records', () => {
  it('maps the documented transaction field by field (times local to the import zone)', () => {
    const { record, warnings } = read(awin(), 'awin', { timezone: 'Europe/Paris' });
    assert.deepEqual(record, {
      providerTransactionId: '259630312',
      orderKey: '259630312',
      kind: 'order',
      reference: 'AbCdEf0123456789',
      orderRef: '123ABC555',
      status: 'pending',
      networkStatus: 'pending',
      rank: RANK.pending,
      currency: 'GBP',
      sale: 5596,
      commission: 559,
      earlierCommission: null,
      transactionAt: at('2017-02-20T21:04:00Z'),
      versionAt: at('2017-02-20T21:04:00Z'),
      advertiserId: '7052',
      advertiserName: 'Example Shop',
      paid: false,
      declineReason: null,
      amendReason: null,
      context: { clickRef2: 'homepage' },
    } satisfies NormalizedRecord);
    assert.deepEqual(warnings, []);
  });

  // Shapes after Awin's "Get List of Transactions" (fields) and "Validate Transactions" (approve,
  // decline with declineReason "order returned", amend with amendReason "partial return").
  const table: [string, Json, ReadOptions, Json][] = [
    ['default zone is UTC', {}, {}, { transactionAt: at('2017-02-20T22:04:00Z'), versionAt: at('2017-02-20T22:04:00Z') }],
    ['US/Eastern', {}, { timezone: 'US/Eastern' }, { transactionAt: at('2017-02-21T03:04:00Z') }],
    ['a time with an offset is as written', { transactionDate: '2017-02-20T22:04:00+01:00' }, { timezone: 'US/Pacific' }, { transactionAt: at('2017-02-20T21:04:00Z') }],
    ['approved: version at the validation date', { commissionStatus: 'approved', validationDate: '2017-02-25T10:00:00' }, { timezone: 'Europe/London' }, { status: 'approved', networkStatus: 'approved', rank: RANK.approved, transactionAt: at('2017-02-20T22:04:00Z'), versionAt: at('2017-02-25T10:00:00Z'), paid: false }],
    ['approved and paid to the publisher', { commissionStatus: 'approved', validationDate: '2017-02-25T10:00:00', paidToPublisher: true }, {}, { status: 'approved', rank: RANK.paid, paid: true }],
    ['paid flag as an older export writes it', { commissionStatus: 'approved', paidToPublisher: 'true' }, {}, { paid: true, rank: RANK.paid }],
    ['status in capitals', { commissionStatus: 'Approved' }, {}, { status: 'approved', networkStatus: 'approved' }],
    ['declined with its reason', { commissionStatus: 'declined', validationDate: '2017-02-25T10:00:00', declineReason: 'order returned' }, {}, { status: 'declined', rank: RANK.declined, declineReason: 'order returned', versionAt: at('2017-02-25T10:00:00Z') }],
    [
      'amended: version at the amendment date, the earlier commission kept',
      { commissionStatus: 'approved', validationDate: '2017-02-25T10:00:00', amendmentDate: '2017-03-01T09:00:00', amended: true, amendReason: 'partial return', commissionAmount: { amount: 2.8, currency: 'GBP' }, oldCommissionAmount: { amount: 5.59, currency: 'GBP' }, saleAmount: { amount: 28, currency: 'GBP' }, oldSaleAmount: { amount: 55.96, currency: 'GBP' } },
      { timezone: 'Europe/Paris' },
      { commission: 280, sale: 2800, earlierCommission: 559, amendReason: 'partial return', versionAt: at('2017-03-01T08:00:00Z') },
    ],
    ['old amount without the amended flag is ignored', { oldCommissionAmount: { amount: 9.99, currency: 'GBP' } }, {}, { earlierCommission: null }],
    ['deleted', { commissionStatus: 'deleted' }, {}, { status: 'deleted', networkStatus: 'deleted', rank: RANK.deleted }],
    ['bonus', { type: 'Bonus', commissionStatus: 'approved', saleAmount: { amount: 0, currency: 'GBP' }, commissionAmount: { amount: 25, currency: 'GBP' } }, {}, { kind: 'bonus', status: 'approved', commission: 2500, sale: 0 }],
    ['bonus, any case', { type: ' bonus ' }, {}, { kind: 'bonus' }],
    ['commission group transaction is an order', {}, {}, { kind: 'order' }],
    ['currency from the sale amount', { commissionAmount: { amount: 5.59 }, saleAmount: { amount: 55.96, currency: 'EUR' } }, { currency: 'GBP' }, { currency: 'EUR', commission: 559 }],
    ['no currency: the import currency', { commissionAmount: { amount: 5.59 }, saleAmount: { amount: 55.96 } }, { currency: 'EUR' }, { currency: 'EUR', commission: 559, sale: 5596 }],
    ['the record currency wins over the import currency', {}, { currency: 'EUR' }, { currency: 'GBP' }],
    ['JPY: no decimals, half up', { commissionAmount: { amount: 560.5, currency: 'JPY' }, saleAmount: { amount: 5605, currency: 'JPY' } }, {}, { currency: 'JPY', commission: 561, sale: 5605 }],
    ['KWD: three decimals, amounts as strings', { commissionAmount: { amount: '1.2345', currency: 'KWD' }, saleAmount: { amount: '12.345', currency: 'KWD' } }, {}, { currency: 'KWD', commission: 1235, sale: 12345 }],
    ['JSON numbers 4.5 and 11.2', { commissionAmount: { amount: 4.5, currency: 'EUR' }, saleAmount: { amount: 11.2, currency: 'EUR' } }, {}, { commission: 450, sale: 1120 }],
    ['no sale amount: 0', { saleAmount: null }, {}, { sale: 0 }],
    ['all five context references', { clickRefs: { clickRef: 'Ref0123456789abcd', clickRef2: 'a', clickRef3: 'b', clickRef4: 'c', clickRef5: 'd', clickRef6: 'e', clickRef7: 'ignored' } }, {}, { reference: 'Ref0123456789abcd', context: { clickRef2: 'a', clickRef3: 'b', clickRef4: 'c', clickRef5: 'd', clickRef6: 'e' } }],
    ['no context', { clickRefs: { clickRef: 'Ref0123456789abcd' } }, {}, { context: null }],
    ['a top-level clickRef', { clickRefs: null, clickRef: 'Top0123456789abcd' }, {}, { reference: 'Top0123456789abcd' }],
    ['a numeric clickRef', { clickRefs: { clickRef: 12345 } }, {}, { reference: '12345' }],
    ['no advertiser name', { advertiserName: undefined }, {}, { advertiserId: '7052', advertiserName: null }],
  ];
  for (const [name, overrides, options, expected] of table) {
    it(name, () => {
      const { record } = read(awin(overrides), 'awin', options);
      assert.deepEqual(pick(record, Object.keys(expected)), expected);
    });
  }

  it('imports a record without clickRef with a warning, clickRef2–6 kept as context only', () => {
    const { record, warnings } = read(awin({ clickRefs: { clickRef2: 'homepage', clickRef6: 'footer' } }), 'awin', {}, '/records/4');
    assert.equal(record.reference, null);
    assert.deepEqual(record.context, { clickRef2: 'homepage', clickRef6: 'footer' });
    assert.deepEqual(warnings.map((w) => [w.path, w.code]), [['/records/4/clickRefs/clickRef', 'no_reference']]);
    assert.match(warnings[0]!.message, /clickRef2, clickRef6 kept as context/);
    for (const clickRefs of [null, {}, { clickRef: '' }, { clickRef: '   ' }]) {
      const r = read(awin({ clickRefs }), 'awin');
      assert.deepEqual(r.warnings.map((w) => [w.path, w.code]), [['/records/0/clickRefs/clickRef', 'no_reference']], JSON.stringify(clickRefs));
      assert.doesNotMatch(r.warnings[0]!.message, /context/);
    }
  });

  // Each bad input fails the record alone, with the pointer of Awin's own field.
  const bad: [string, Json | unknown, ReadOptions, string[][]][] = [
    ['amount "12,34"', awin({ commissionAmount: { amount: '12,34', currency: 'GBP' } }), {}, [['/records/0/commissionAmount/amount', 'format']]],
    ['amount "1e3"', awin({ commissionAmount: { amount: '1e3', currency: 'GBP' } }), {}, [['/records/0/commissionAmount/amount', 'format']]],
    ['amount ""', awin({ commissionAmount: { amount: '', currency: 'GBP' } }), {}, [['/records/0/commissionAmount/amount', 'format']]],
    ['sale "12,34"', awin({ saleAmount: { amount: '12,34', currency: 'GBP' } }), {}, [['/records/0/saleAmount/amount', 'format']]],
    ['no commission amount', awin({ commissionAmount: { currency: 'GBP' } }), {}, [['/records/0/commissionAmount/amount', 'required']]],
    ['negative commission', awin({ commissionAmount: { amount: -5.59, currency: 'GBP' } }), {}, [['/records/0/commissionAmount/amount', 'negative']]],
    ['negative sale as a string', awin({ saleAmount: { amount: '-55.96', currency: 'GBP' } }), {}, [['/records/0/saleAmount/amount', 'negative']]],
    ['beyond the largest amount', awin({ commissionAmount: { amount: 1e13, currency: 'GBP' } }), {}, [['/records/0/commissionAmount/amount', 'too_large']]],
    ['unknown currency', awin({ commissionAmount: { amount: 5.59, currency: 'ZZZ' } }), {}, [['/records/0/commissionAmount/currency', 'unknown_currency']]],
    ['gold is not money', awin({ commissionAmount: { amount: 5.59, currency: 'XAU' } }), {}, [['/records/0/commissionAmount/currency', 'unknown_currency']]],
    ['lower-case currency', awin({ commissionAmount: { amount: 5.59, currency: 'gbp' } }), {}, [['/records/0/commissionAmount/currency', 'unknown_currency']]],
    ['no currency anywhere', awin({ commissionAmount: { amount: 5.59 }, saleAmount: { amount: 55.96 } }), {}, [['/records/0/commissionAmount/currency', 'required']]],
    ['an unknown import currency', awin({ commissionAmount: { amount: 5.59 }, saleAmount: null }), { currency: 'ZZZ' }, [['/records/0/commissionAmount/currency', 'unknown_currency']]],
    ['no id', without(awin(), 'id'), {}, [['/records/0/id', 'required']]],
    ['id null', awin({ id: null }), {}, [['/records/0/id', 'required']]],
    ['id blank', awin({ id: '  ' }), {}, [['/records/0/id', 'required']]],
    ['id an object', awin({ id: { value: 1 } }), {}, [['/records/0/id', 'type']]],
    ['unknown commissionStatus', awin({ commissionStatus: 'open' }), {}, [['/records/0/commissionStatus', 'enum']]],
    ['commissionStatus "bonus"', awin({ commissionStatus: 'bonus' }), {}, [['/records/0/commissionStatus', 'enum']]],
    ['no commissionStatus', without(awin(), 'commissionStatus'), {}, [['/records/0/commissionStatus', 'required']]],
    ['no transactionDate', without(awin(), 'transactionDate'), {}, [['/records/0/transactionDate', 'required']]],
    ['30 February', awin({ transactionDate: '2017-02-30T10:00:00' }), {}, [['/records/0/transactionDate', 'format']]],
    ['bad validationDate', awin({ validationDate: '25/02/2017' }), {}, [['/records/0/validationDate', 'format']]],
    ['bad paid flag', awin({ paidToPublisher: 'yes' }), {}, [['/records/0/paidToPublisher', 'type']]],
    ['U+0000 in a reference', awin({ clickRefs: { clickRef: 'a\u0000b' } }), {}, [['/records/0/clickRefs/clickRef', 'encoding']]],
    ['several at once, in field order', awin({ id: null, commissionStatus: 'open', commissionAmount: { amount: '12,34', currency: 'GBP' } }), {}, [['/records/0/id', 'required'], ['/records/0/commissionStatus', 'enum'], ['/records/0/commissionAmount/amount', 'format']]],
  ];
  for (const [name, raw, options, details] of bad) {
    it(`refuses: ${name}`, () => assert.deepEqual(refused(raw, 'awin', options), details));
  }
  // The currency came from saleAmount: the pointer should name that field, not one the record lacks (see report).
  it('names saleAmount/currency when the unknown currency is there', () => {
    assert.deepEqual(refused(awin({ commissionAmount: { amount: 5.59 }, saleAmount: { amount: 55.96, currency: 'ZZZ' } }), 'awin'), [['/records/0/saleAmount/currency', 'unknown_currency']]);
  });
});

describe('CJ commission detail records', () => {
  it('maps the documented PublisherCommission field by field', () => {
    const { record, warnings } = read(cj(), 'cj', { currency: 'EUR', timezone: 'US/Eastern' });
    assert.deepEqual(record, {
      providerTransactionId: '3009474853',
      orderKey: '2873584392',
      kind: 'order',
      reference: 'QwErTy0123456789',
      orderRef: 'ORD-1',
      status: 'pending',
      networkStatus: 'new',
      rank: RANK.pending,
      currency: 'EUR',
      sale: 7781,
      commission: 778,
      earlierCommission: null,
      transactionAt: at('2021-06-07T21:21:31Z'),
      versionAt: at('2021-06-07T22:00:05Z'),
      advertiserId: '5535819',
      advertiserName: 'Example Store',
      paid: null,
      declineReason: null,
      amendReason: null,
      context: null,
    } satisfies NormalizedRecord);
    assert.deepEqual(warnings, []);
  });

  // Shapes after CJ's Commission Detail schema: ActionStatus, ActionType (bonus, perf_inc, …),
  // DecimalNumber strings, original / originalActionId / correctionReason, shopperId and sid.
  const EUR = { currency: 'EUR' };
  const usdOnly = without(cj(), 'pubCommissionAmountPubCurrency', 'saleAmountPubCurrency');
  const table: [string, Json, ReadOptions, Json][] = [
    ['extended', cj({ actionStatus: 'extended' }), EUR, { status: 'pending', networkStatus: 'extended', rank: RANK.extended }],
    ['locked', cj({ actionStatus: 'locked' }), EUR, { status: 'approved', networkStatus: 'locked', rank: RANK.approved }],
    ['closed', cj({ actionStatus: 'closed' }), EUR, { status: 'approved', networkStatus: 'closed', rank: RANK.paid }],
    ['status in capitals', cj({ actionStatus: 'LOCKED' }), EUR, { status: 'approved', networkStatus: 'locked' }],
    ['no actionStatus is new', without(cj(), 'actionStatus'), EUR, { status: 'pending', networkStatus: 'new', rank: RANK.pending }],
    ['only USD amounts: valued in USD', usdOnly, EUR, { currency: 'USD', commission: 912, sale: 9124 }],
    ['only USD amounts need no import currency', usdOnly, {}, { currency: 'USD', commission: 912 }],
    ['USD "7.781"', cj({ pubCommissionAmountPubCurrency: null, saleAmountPubCurrency: null, pubCommissionAmountUsd: '7.781', saleAmountUsd: '1295.658' }), {}, { currency: 'USD', commission: 778, sale: 129566 }],
    ['"10.365" rounds half up', cj({ pubCommissionAmountPubCurrency: '10.365' }), EUR, { commission: 1037 }],
    ['…PubCurrency in JPY', cj({ pubCommissionAmountPubCurrency: '129.5', saleAmountPubCurrency: '1295.658' }), { currency: 'JPY' }, { currency: 'JPY', commission: 130, sale: 1296 }],
    ['…PubCurrency in KWD', cj({ pubCommissionAmountPubCurrency: '7.7815' }), { currency: 'KWD' }, { currency: 'KWD', commission: 7782 }],
    ['no sale amount: 0', without(cj(), 'saleAmountPubCurrency'), EUR, { sale: 0, commission: 778 }],
    ['no eventDate: the postingDate', without(cj(), 'eventDate'), EUR, { transactionAt: at('2021-06-07T22:00:05Z'), versionAt: at('2021-06-07T22:00:05Z') }],
    ['no postingDate: the eventDate', without(cj(), 'postingDate'), EUR, { transactionAt: at('2021-06-07T21:21:31Z'), versionAt: at('2021-06-07T21:21:31Z') }],
    ['Instants without Z are UTC, not the import zone', cj({ eventDate: '2021-06-07T21:21:31' }), { currency: 'EUR', timezone: 'Europe/Paris' }, { transactionAt: at('2021-06-07T21:21:31Z') }],
    ['bonus', cj({ actionType: 'bonus' }), EUR, { kind: 'bonus' }],
    ['performance incentive', cj({ actionType: 'perf_inc' }), EUR, { kind: 'bonus' }],
    ['item sale', cj({ actionType: 'item_sale' }), EUR, { kind: 'order' }],
    ['the deprecated sid', cj({ shopperId: null, sid: 'Sid0123456789abcd' }), EUR, { reference: 'Sid0123456789abcd' }],
    ['no originalActionId: its own order', without(cj(), 'originalActionId'), EUR, { orderKey: '3009474853', kind: 'order' }],
    // corrections: signed deltas of the order named by originalActionId
    ['downward correction (original: false)', cj({ commissionId: '3011111111', original: false, pubCommissionAmountPubCurrency: '-51.826', saleAmountPubCurrency: '-518.26', correctionReason: 'RETURNED_MERCHANDISE' }), EUR, { kind: 'correction', orderKey: '2873584392', providerTransactionId: '3011111111', commission: -5183, sale: -51826, amendReason: 'RETURNED_MERCHANDISE' }],
    ['upward correction (original: false)', cj({ original: false, pubCommissionAmountPubCurrency: '2.000', saleAmountPubCurrency: '20.00' }), EUR, { kind: 'correction', commission: 200, sale: 2000 }],
    ['original "0" as older exports write it', cj({ original: '0', pubCommissionAmountPubCurrency: '-1.000' }), EUR, { kind: 'correction', commission: -100 }],
    ['original 1', cj({ original: 1 }), EUR, { kind: 'order' }],
    ['original not exported, negative amounts: a correction', without(cj({ pubCommissionAmountPubCurrency: '-51.826', saleAmountPubCurrency: '-518.26' }), 'original'), EUR, { kind: 'correction', orderKey: '2873584392', commission: -5183 }],
    ['original not exported, a negative sale alone: a correction', without(cj({ pubCommissionAmountPubCurrency: '0', saleAmountPubCurrency: '-10.00' }), 'original'), EUR, { kind: 'correction', sale: -1000 }],
    ['original not exported, positive amounts: an order', without(cj(), 'original'), EUR, { kind: 'order' }],
    ['a bonus correction is a correction', cj({ actionType: 'bonus', original: false, pubCommissionAmountPubCurrency: '-5.000' }), EUR, { kind: 'correction' }],
  ];
  for (const [name, raw, options, expected] of table) {
    it(name, () => {
      const { record } = read(raw, 'cj', options);
      assert.deepEqual(pick(record, Object.keys(expected)), expected);
    });
  }

  it('imports a record without shopperId with a warning', () => {
    const { record, warnings } = read(cj({ shopperId: null }), 'cj', { currency: 'EUR' }, '/records/data/publisherCommissions/records/2');
    assert.equal(record.reference, null);
    assert.deepEqual(warnings.map((w) => [w.path, w.code]), [['/records/data/publisherCommissions/records/2/shopperId', 'no_reference']]);
  });

  const P = '/records/data/publisherCommissions/records/1';
  const bad: [string, unknown, ReadOptions, string[][]][] = [
    ['amount "12,34"', cj({ pubCommissionAmountPubCurrency: '12,34' }), { currency: 'EUR' }, [[`${P}/pubCommissionAmountPubCurrency`, 'format']]],
    ['amount "1e3"', cj({ pubCommissionAmountPubCurrency: '1e3' }), { currency: 'EUR' }, [[`${P}/pubCommissionAmountPubCurrency`, 'format']]],
    ['sale ""', cj({ saleAmountPubCurrency: '' }), { currency: 'EUR' }, [[`${P}/saleAmountPubCurrency`, 'format']]],
    ['USD amount ""', { ...usdOnly, pubCommissionAmountUsd: '' }, {}, [[`${P}/pubCommissionAmountUsd`, 'format']]],
    ['USD amount "1e3"', { ...usdOnly, pubCommissionAmountUsd: '1e3' }, {}, [[`${P}/pubCommissionAmountUsd`, 'format']]],
    ['negative amount on an original record', cj({ original: true, pubCommissionAmountPubCurrency: '-51.826' }), { currency: 'EUR' }, [[`${P}/pubCommissionAmountPubCurrency`, 'negative']]],
    ['negative sale on an original record', cj({ original: true, saleAmountPubCurrency: '-518.26' }), { currency: 'EUR' }, [[`${P}/saleAmountPubCurrency`, 'negative']]],
    ['…PubCurrency without an import currency', cj(), {}, [[`${P}/pubCommissionAmountPubCurrency`, 'currency_required']]],
    ['correction whose originalActionId is ""', cj({ original: false, originalActionId: '', pubCommissionAmountPubCurrency: '-51.826' }), { currency: 'EUR' }, [[`${P}/originalActionId`, 'required']]],
    ['correction whose originalActionId is blank', cj({ original: false, originalActionId: '  ' }), { currency: 'EUR' }, [[`${P}/originalActionId`, 'required']]],
    ['correction without originalActionId', without(cj({ original: false }), 'originalActionId'), { currency: 'EUR' }, [[`${P}/originalActionId`, 'required']]],
    ['unknown actionStatus "pending"', cj({ actionStatus: 'pending' }), { currency: 'EUR' }, [[`${P}/actionStatus`, 'enum']]],
    ['unknown actionStatus "declined"', cj({ actionStatus: 'declined' }), { currency: 'EUR' }, [[`${P}/actionStatus`, 'enum']]],
    ['no commissionId', without(cj(), 'commissionId'), { currency: 'EUR' }, [[`${P}/commissionId`, 'required']]],
    ['neither postingDate nor eventDate', without(cj(), 'postingDate', 'eventDate'), { currency: 'EUR' }, [[`${P}/postingDate`, 'required']]],
    ['bad postingDate', cj({ postingDate: '2021-02-30T22:00:05Z' }), { currency: 'EUR' }, [[`${P}/postingDate`, 'format']]],
    ['bad original flag', cj({ original: 'maybe' }), { currency: 'EUR' }, [[`${P}/original`, 'type']]],
  ];
  for (const [name, raw, options, details] of bad) {
    it(`refuses: ${name}`, () => assert.deepEqual(refused(raw, 'cj', options, P), details));
  }

  // An import currency that is no currency must not value CJ …PubCurrency amounts at 0 (see report).
  it('refuses …PubCurrency amounts in an import currency that is not money', () => {
    assert.equal(normalizeRecord(cj(), 'cj', P, { currency: 'ZZZ' }).ok, false);
  });
  // An amount "" is a bad input (issue #12), not "no publisher-currency amount" (see report).
  it('refuses pubCommissionAmountPubCurrency ""', () => {
    assert.deepEqual(refused(cj({ pubCommissionAmountPubCurrency: '' }), 'cj', { currency: 'EUR' }, P), [[`${P}/pubCommissionAmountPubCurrency`, 'format']]);
  });
});

describe('records that are not objects', () => {
  for (const format of ['awin', 'cj'] as const) {
    for (const raw of [null, 'a record', 42, true, [], [awin()]]) {
      it(`${format}: refuses ${JSON.stringify(raw)?.slice(0, 20)} at the record's own pointer`, () => {
        assert.deepEqual(refused(raw, format, { currency: 'EUR' }, '/records/7'), [['/records/7', 'type']]);
      });
    }
  }
});

describe('recordsOfDocument', () => {
  it('takes the array of records as it is, for every format', () => {
    for (const format of ['awin', 'cj', 'canonical'] as const) assert.deepEqual(recordsOfDocument(format, [awin(), cj()]), { ok: true, records: [awin(), cj()], pointer: '' });
    assert.deepEqual(recordsOfDocument('cj', []), { ok: true, records: [], pointer: '' });
  });
  it('finds the records of CJ’s whole GraphQL answer', () => {
    // The PublisherCommissions type: count, limit, maxCommissionId, payloadComplete, records.
    const doc = { data: { publisherCommissions: { count: 2, limit: 10000, maxCommissionId: '3011111111', payloadComplete: true, records: [cj(), cj({ commissionId: '3011111111', original: false })] } } };
    assert.deepEqual(recordsOfDocument('cj', doc), { ok: true, records: doc.data.publisherCommissions.records, pointer: '/data/publisherCommissions/records' });
  });
  it('names a GraphQL error answer', () => {
    const r = recordsOfDocument('cj', { data: null, errors: [{ message: 'Not authorized', locations: [{ line: 1, column: 3 }] }] });
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : '', /GraphQL error.*Not authorized/);
    const unnamed = recordsOfDocument('cj', { errors: [{}] });
    assert.match(!unnamed.ok ? unnamed.message : '', /GraphQL error.*unnamed error/);
  });
  const shapes: [ReportFormat, unknown, RegExp][] = [
    ['cj', { records: [cj()] }, /^records must be an array of cj records or the response document/],
    ['cj', { data: { publisherCommissions: { records: null } } }, /^records must be an array of cj records or the response document/],
    ['cj', { data: { publisherCommissions: [cj()] } }, /^records must be an array of cj records/],
    ['cj', { errors: [] }, /^records must be an array of cj records/],
    ['awin', { transactions: [awin()] }, /^records must be an array of awin records$/],
    ['awin', { data: { publisherCommissions: { records: [] } } }, /^records must be an array of awin records$/],
    ['awin', awin(), /^records must be an array of awin records$/],
    ['canonical', { records: [] }, /^records must be an array of canonical records$/],
    ['cj', null, /^records must be an array/],
    ['cj', 'records', /^records must be an array/],
    ['awin', 42, /^records must be an array/],
  ];
  for (const [format, doc, message] of shapes) {
    it(`${format}: refuses ${JSON.stringify(doc).slice(0, 60)}`, () => {
      const r = recordsOfDocument(format, doc);
      assert.equal(r.ok, false);
      assert.match(!r.ok ? r.message : '', message);
    });
  }
});
