// The networks' own record shapes, pure (CONTRACT §6 "Network formats"; what each field becomes,
// and what is ignored, is in docs/publisher-report-formats.md):
// - Awin's transaction list (GET /publishers/{id}/transactions/): one record per transaction;
// - CJ's Commission Detail GraphQL `publisherCommissions.records`: originals and corrections,
//   grouped into orders by originalActionId.
import { RecordFields } from './record-fields.js';
import { RANK, type NormalizedRecord, type ReadOptions, type ReadResult, type RecordStatus } from './record-model.js';

type Json = Record<string, unknown>;

const AWIN_STATUSES: Record<string, RecordStatus> = { pending: 'pending', approved: 'approved', declined: 'declined', deleted: 'deleted' };
const AWIN_CONTEXT_REFS = ['clickRef2', 'clickRef3', 'clickRef4', 'clickRef5', 'clickRef6'] as const;

function result(f: RecordFields, record: NormalizedRecord): ReadResult {
  return f.details.length > 0 ? { ok: false, details: f.details } : { ok: true, record, warnings: f.warnings };
}

/** One transaction of Awin's transaction list. Times without an offset are local to `options.timezone`. */
export function readAwin(raw: Json, pointer: string, options: ReadOptions): ReadResult {
  const f = new RecordFields(raw, pointer);
  const zone = options.timezone ?? 'UTC';
  const id = f.text(['id'], { required: true, max: 128 });

  const statusText = f.text(['commissionStatus'], { required: true, max: 32 });
  const networkStatus = statusText?.toLowerCase() ?? '';
  const status = AWIN_STATUSES[networkStatus];
  if (statusText !== null && status === undefined) f.fail(['commissionStatus'], 'enum', 'commissionStatus must be pending, approved, declined or deleted');
  const paid = f.flag(['paidToPublisher']);

  // The currency of the commission, else of the sale, else the import's; a refusal names the field it came from.
  const currencyField = [['commissionAmount', 'currency'], ['saleAmount', 'currency']].find((keys) => f.has(keys));
  const currencyText = currencyField ? f.text(currencyField, { max: 16 }) : (options.currency ?? null);
  const currency =
    currencyText === null
      ? currencyField
        ? null // refused by f.text already
        : f.fail(['commissionAmount', 'currency'], 'required', 'the record has no currency: give the import a currency')
      : currencyField
        ? f.currency(currencyField, currencyText)
        : f.currency(['commissionAmount', 'currency'], currencyText, 'the import’s currency');
  const commission = f.amount(['commissionAmount', 'amount'], currency);
  const sale = f.amount(['saleAmount', 'amount'], currency, { fallback: 0 });
  const amended = f.flag(['amended']) === true;
  const earlier = amended && f.has(['oldCommissionAmount', 'amount']) ? f.amount(['oldCommissionAmount', 'amount'], currency) : null;

  const transactionAt = f.time(['transactionDate'], zone, { required: true });
  const versionAt = f.time(['amendmentDate'], zone) ?? f.time(['validationDate'], zone) ?? transactionAt;

  const reference = f.text(['clickRefs', 'clickRef'], { max: 128 }) ?? f.text(['clickRef'], { max: 128 });
  const context: Record<string, string> = {};
  for (const key of AWIN_CONTEXT_REFS) {
    const v = f.text(['clickRefs', key], { max: 256 });
    if (v !== null) context[key] = v;
  }
  if (reference === null) {
    const kept = Object.keys(context);
    f.warn(['clickRefs', 'clickRef'], 'no_reference', `the record has no clickRef: it can never match a click${kept.length > 0 ? ` (${kept.join(', ')} kept as context, never as the reference)` : ''}`);
  }
  const bonus = f.text(['type'], { max: 64 })?.trim().toLowerCase() === 'bonus';

  return result(f, {
    providerTransactionId: id ?? '',
    orderKey: id ?? '',
    kind: bonus ? 'bonus' : 'order',
    reference,
    orderRef: f.text(['orderRef'], { max: 255 }),
    status: status ?? 'pending',
    networkStatus,
    rank: status === 'approved' && paid === true ? RANK.paid : RANK[status ?? 'pending'],
    currency: currency ?? '',
    sale: sale ?? 0,
    commission: commission ?? 0,
    earlierCommission: earlier,
    transactionAt: transactionAt ?? 0,
    versionAt: versionAt ?? 0,
    advertiserId: f.text(['advertiserId'], { max: 64 }),
    advertiserName: f.text(['advertiserName'], { max: 256 }),
    paid,
    declineReason: f.text(['declineReason'], { max: 500 }),
    amendReason: f.text(['amendReason'], { max: 500 }),
    context: Object.keys(context).length > 0 ? context : null,
  });
}

const CJ_STATUSES: Record<string, { status: RecordStatus; rank: number }> = {
  new: { status: 'pending', rank: RANK.pending },
  extended: { status: 'pending', rank: RANK.extended },
  locked: { status: 'approved', rank: RANK.approved },
  closed: { status: 'approved', rank: RANK.paid },
};
const CJ_BONUS_TYPES = new Set(['bonus', 'perf_inc']);

/**
 * One record of CJ's Commission Detail `publisherCommissions.records`. `…PubCurrency` amounts are
 * in the import's currency; a record with only `…Usd` amounts is in USD. A correction (`original:
 * false`, or negative amounts where `original` isn't exported) carries signed deltas of the order
 * named by its `originalActionId`.
 */
export function readCj(raw: Json, pointer: string, options: ReadOptions): ReadResult {
  const f = new RecordFields(raw, pointer);
  const id = f.text(['commissionId'], { required: true, max: 128 });

  const statusText = f.text(['actionStatus'], { max: 32 });
  const networkStatus = statusText?.toLowerCase() ?? 'new';
  const mapped = CJ_STATUSES[networkStatus];
  if (mapped === undefined) f.fail(['actionStatus'], 'enum', 'actionStatus must be new, extended, locked or closed');

  // The publisher-currency amounts when exported (null: not exported), else the USD ones. An empty
  // string is an amount that is not a number, refused as such, never taken for "not exported".
  const pubValue = f.at(['pubCommissionAmountPubCurrency']);
  const pub = pubValue !== undefined && pubValue !== null;
  const commissionField = pub ? 'pubCommissionAmountPubCurrency' : 'pubCommissionAmountUsd';
  const saleField = pub ? 'saleAmountPubCurrency' : 'saleAmountUsd';
  let currency: string | null = 'USD';
  if (pub) {
    currency =
      options.currency === undefined
        ? f.fail([commissionField], 'currency_required', 'pubCommissionAmountPubCurrency is in the publisher currency: give the import a currency')
        : f.currency([], options.currency, 'the import’s currency');
  }
  const original = f.flag(['original']);
  const commission = f.amount([commissionField], currency, { negative: original !== true });
  const sale = f.amount([saleField], currency, { fallback: 0, negative: original !== true });
  const correction = original === false || (original === null && ((commission ?? 0) < 0 || (sale ?? 0) < 0));

  const originalActionId = f.at(['originalActionId']);
  let orderKey = id;
  if (originalActionId !== undefined && originalActionId !== null) {
    const key = f.text(['originalActionId'], { max: 128 });
    if (key === null) f.fail(['originalActionId'], 'required', 'originalActionId is empty: a correction could not be tied to its order');
    else orderKey = key;
  } else if (original === false) {
    f.fail(['originalActionId'], 'required', 'a correction (original: false) needs originalActionId to be tied to its order');
  }

  const postingDate = f.time(['postingDate'], 'UTC');
  const eventDate = f.time(['eventDate'], 'UTC');
  if (postingDate === null && eventDate === null && !f.has(['postingDate']) && !f.has(['eventDate'])) f.fail(['postingDate'], 'required', 'postingDate or eventDate is required');

  const reference = f.text(['shopperId'], { max: 128 }) ?? f.text(['sid'], { max: 128 });
  if (reference === null) f.warn(['shopperId'], 'no_reference', 'the record has no shopperId (sid): it can never match a click');
  const actionType = f.text(['actionType'], { max: 32 })?.toLowerCase();

  return result(f, {
    providerTransactionId: id ?? '',
    orderKey: orderKey ?? '',
    kind: correction ? 'correction' : actionType !== undefined && CJ_BONUS_TYPES.has(actionType) ? 'bonus' : 'order',
    reference,
    orderRef: f.text(['orderId'], { max: 255 }),
    status: mapped?.status ?? 'pending',
    networkStatus,
    rank: mapped?.rank ?? RANK.pending,
    currency: currency ?? '',
    sale: sale ?? 0,
    commission: commission ?? 0,
    earlierCommission: null,
    transactionAt: eventDate ?? postingDate ?? 0,
    versionAt: postingDate ?? eventDate ?? 0,
    advertiserId: f.text(['advertiserId'], { max: 64 }),
    advertiserName: f.text(['advertiserName'], { max: 256 }),
    paid: null,
    declineReason: null,
    amendReason: f.text(['correctionReason'], { max: 500 }),
    context: null,
  });
}
