// Importing a network report (CONTRACT §6): each record read alone from its format (a batch answers
// per record), folded into its stored versions (date, then status rank: any arrival order
// converges), and the orders its records make up (CJ corrections with their original) recomputed;
// what changed is stored with its rollups by store-order-changes.ts. One batch, one transaction.
// The HTTP route and the command line's chunks come here alike.
import type { Static } from 'typebox';
import type { Database, Queryable } from '../../db/types.js';
import { retryOnConflict } from '../../db/retry.js';
import { validationFailed } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { currencyDigits } from '../../domain/money.js';
import { isTimeZone } from '../../domain/time-zones.js';
import { getSiteWithRoleOrThrow, SYSTEM, type Provider, type WorkflowTriggers } from '../../kernel/index.js';
import { orderFacts, sameOrderFacts, type OrderChange, type OrderFacts } from './orders.js';
import { foldRecord, recordReversal, recordState, type RecordState } from './record-versions.js';
import * as recordsRepo from './records-repository.js';
import { referenceHashOf } from './reference-hash.js';
import { MAX_RECORDS, recordsOfDocument } from './report-documents.js';
import { normalizeRecord, type NormalizedRecord, type RecordWarning, type ReportFormat } from './report-records.js';
import { invalidRecord, summarizeResults, type RecordResult, type ReportSummary } from './report-results.js';
import type { ReportsBody } from './schemas.js';
import { recordSealContext } from './sealed-references.js';
import { storeOrderChanges } from './store-order-changes.js';

export interface ImportDeps {
  db: Database;
  keyring: ClickIdKeyring;
  /** Workflows on publisher reports record `publisher_report.imported` in the import's transaction. */
  triggers?: WorkflowTriggers;
}

/** Options of an import: the publisher currency, the zone of times without an offset (IANA), how a record is named in errors. */
export interface ImportOptions {
  currency?: string;
  timezone?: string;
  pointer?: (i: number) => string;
  /** Runs in the import's transaction once its records are stored, with every record's result. */
  stored?: (tx: Queryable, results: RecordResult[]) => Promise<void>;
}

export type ReportInput = Static<typeof ReportsBody>;

/** A record read from its format, its reference hashed: ready to fold. */
interface ReadRecord {
  index: number;
  record: NormalizedRecord;
  warnings: RecordWarning[];
  state: RecordState;
}

/** What a batch writes of a record: its state; its raw reference (to seal) and whether a new version applied, or only its peak rose. */
interface PendingWrite {
  state: RecordState;
  reference: string | null;
  newVersion: boolean;
}

/** Reads each record alone from its format: the results of those that fail, and the others to fold. */
function readRecords(keyring: ClickIdKeyring, format: ReportFormat, records: readonly unknown[], options: ImportOptions, pointer: (i: number) => string) {
  const results: RecordResult[] = new Array(records.length);
  const valid: ReadRecord[] = [];
  records.forEach((raw, i) => {
    const n = normalizeRecord(raw, format, pointer(i), { currency: options.currency, timezone: options.timezone });
    if (!n.ok) {
      results[i] = invalidRecord(i, n.details);
      return;
    }
    const referenceHash = n.record.reference === null ? null : referenceHashOf(keyring, n.record.reference);
    valid.push({ index: i, record: n.record, warnings: n.warnings, state: recordState(n.record, referenceHash) });
  });
  return { results, valid };
}

/**
 * Locks the orders of a batch and reads every record of them (and the batch's records wherever
 * they are stored: a record whose order key changed takes its old order along), until closed.
 */
async function lockBatch(tx: Queryable, siteId: string, provider: Provider, keys: readonly string[], ids: readonly string[]) {
  const orders = await recordsRepo.lockOrders(tx, siteId, provider, keys);
  let records = await recordsRepo.recordsOf(tx, siteId, provider, keys, ids);
  for (;;) {
    const missing = [...new Set([...records.values()].map((r) => r.orderKey))].filter((k) => !orders.has(k));
    if (missing.length === 0) return { orders, records };
    for (const [k, facts] of await recordsRepo.lockOrders(tx, siteId, provider, missing)) orders.set(k, facts);
    records = await recordsRepo.recordsOf(tx, siteId, provider, [...orders.keys()], ids);
  }
}

/** The records of a batch's orders as versions apply, with each order's records (ids), so an order is read without a scan. */
class BatchRecords {
  private readonly state: Map<string, RecordState>;
  private readonly members = new Map<string, Set<string>>();

  constructor(stored: ReadonlyMap<string, RecordState>) {
    this.state = new Map(stored);
    for (const [id, st] of this.state) this.join(st.orderKey, id);
  }

  get(id: string): RecordState | null {
    return this.state.get(id) ?? null;
  }

  set(id: string, next: RecordState): void {
    this.state.set(id, next);
    this.join(next.orderKey, id);
  }

  ofOrder(key: string): RecordState[] {
    return [...(this.members.get(key) ?? [])].map((id) => this.state.get(id)).filter((st): st is RecordState => st !== undefined && st.orderKey === key);
  }

  private join(key: string, id: string): void {
    (this.members.get(key) ?? this.members.set(key, new Set()).get(key)!).add(id);
  }
}

/**
 * Folds the batch's records, in order, into the stored ones: each record's result, what to write
 * of the records that changed, and the records of their orders as they are now. One order is valued
 * in one currency: a record in another is refused, alone.
 */
function foldBatch(valid: readonly ReadRecord[], stored: ReadonlyMap<string, RecordState>, pointer: (i: number) => string) {
  const records = new BatchRecords(stored);
  const results: RecordResult[] = [];
  const writes = new Map<string, PendingWrite>();
  for (const { index, record: r, warnings, state: incoming } of valid) {
    const other = records.ofOrder(r.orderKey).find((st) => st.providerTransactionId !== r.providerTransactionId && st.status !== 'deleted');
    if (other && other.currency !== incoming.currency) {
      results.push(invalidRecord(index, [{ path: pointer(index), code: 'currency_mismatch', message: `the record is in ${incoming.currency}, its order (${r.orderKey}) in ${other.currency}` }]));
      continue;
    }
    const { action, next, changed } = foldRecord(records.get(r.providerTransactionId), incoming);
    results.push({ index, status: action, ...(warnings.length > 0 ? { warnings } : {}) });
    if (!changed) continue;
    records.set(r.providerTransactionId, next);
    const prior = writes.get(r.providerTransactionId);
    const applied = action !== 'unchanged';
    writes.set(r.providerTransactionId, {
      state: next,
      reference: applied ? r.reference : (prior?.reference ?? null),
      newVersion: applied || (prior?.newVersion ?? false),
    });
  }
  return { results, writes, records };
}

/** A new version is written whole (its reference sealed); an older one only raises the stored peak. In id order. */
function recordWritesOf(keyring: ClickIdKeyring, siteId: string, provider: Provider, writes: ReadonlyMap<string, PendingWrite>) {
  const records: recordsRepo.RecordWrite[] = [];
  const peaks: recordsRepo.PeakWrite[] = [];
  for (const { state: s, reference, newVersion } of [...writes.values()].sort((a, b) => (a.state.providerTransactionId < b.state.providerTransactionId ? -1 : 1))) {
    if (!newVersion) {
      peaks.push({ providerTransactionId: s.providerTransactionId, peakCommission: s.peakCommission, reversalAmount: recordReversal(s) });
      continue;
    }
    const sealed = reference === null ? null : keyring.seal(reference, recordSealContext(siteId, provider, s.providerTransactionId));
    records.push({ ...s, referenceCiphertext: sealed?.ciphertext ?? null, referenceKeyId: sealed?.keyId ?? null, reversalAmount: recordReversal(s) });
  }
  return { records, peaks };
}

/** The orders the changed records belong to now, or belonged to before, whose facts changed (in key order). */
function orderChangesOf(writes: ReadonlyMap<string, PendingWrite>, stored: ReadonlyMap<string, RecordState>, orders: ReadonlyMap<string, OrderFacts | null>, records: BatchRecords): OrderChange[] {
  const touched = new Set<string>();
  for (const [id, { state }] of writes) {
    touched.add(state.orderKey);
    const was = stored.get(id);
    if (was) touched.add(was.orderKey);
  }
  return [...touched]
    .sort()
    .map((key) => ({ key, before: orders.get(key) ?? null, after: orderFacts(records.ofOrder(key)) }))
    .filter((o) => !sameOrderFacts(o.before, o.after));
}

/** The transaction of a batch: locks its orders, folds its records, stores what changed. Gives each record's result. */
async function foldAndStore(tx: Queryable, keyring: ClickIdKeyring, siteId: string, provider: Provider, valid: readonly ReadRecord[], pointer: (i: number) => string): Promise<RecordResult[]> {
  const { orders, records: stored } = await lockBatch(tx, siteId, provider, valid.map((v) => v.record.orderKey), valid.map((v) => v.record.providerTransactionId));
  const { results, writes, records } = foldBatch(valid, stored, pointer);
  if (writes.size === 0) return results;
  const { records: recordWrites, peaks } = recordWritesOf(keyring, siteId, provider, writes);
  const changes = orderChangesOf(writes, stored, orders, records);
  await recordsRepo.updatePeaks(tx, siteId, provider, peaks);
  await storeOrderChanges(tx, siteId, provider, recordWrites, changes);
  return results;
}

/** Imports one batch of records in one transaction; `pointer` names a record in its error details. */
export async function importRecords(deps: ImportDeps, siteId: string, provider: Provider, format: ReportFormat, records: readonly unknown[], options: ImportOptions = {}): Promise<RecordResult[]> {
  const pointer = options.pointer ?? ((i: number) => `/records/${i}`);
  const { results, valid } = readRecords(deps.keyring, format, records, options, pointer);
  if (valid.length === 0) return results;
  return retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const all = [...results];
      for (const result of await foldAndStore(tx, deps.keyring, siteId, provider, valid, pointer)) all[result.index] = result;
      await options.stored?.(tx, all);
      return all;
    }),
  );
}

/**
 * Imports a report as a client sends it: the records, or the network's whole response document.
 * The format's options are checked first; a document without records, or an empty or too large one,
 * is refused whole. Each record then succeeds or fails alone.
 */
export async function importReport(deps: ImportDeps, siteId: string, report: ReportInput): Promise<ReportSummary> {
  const { provider, format = 'canonical', currency, timezone } = report;
  if (timezone !== undefined && !isTimeZone(timezone)) throw validationFailed('/timezone', 'timezone must be an IANA time zone such as Europe/Paris or US/Eastern', 'unknown_time_zone');
  if (currency !== undefined && currencyDigits(currency) === undefined) throw validationFailed('/currency', 'currency must be an ISO 4217 code of a currency, such as EUR', 'unknown_currency');
  const found = recordsOfDocument(format, report.records);
  if (!found.ok) throw validationFailed('/records', found.message, 'shape');
  if (found.records.length === 0) throw validationFailed('/records', 'the report holds no records', 'empty');
  if (found.records.length > MAX_RECORDS) throw validationFailed('/records', `at most ${MAX_RECORDS} records per request`, 'too_many');
  const at = `/records${found.pointer}`;
  const stored = async (tx: Queryable, results: RecordResult[]) => {
    if (!deps.triggers) return;
    const { results: _, ...counts } = summarizeResults(results);
    const h = { siteId, on: 'publisher_report' as const, subtype: 'imported', type: 'publisher_report.imported', data: { provider, format, records: results.length, ...counts } };
    if (await deps.triggers.matches(h, tx)) await deps.triggers.record(tx, [h]);
  };
  const results = await importRecords(deps, siteId, provider, format, found.records, { currency, timezone, pointer: (i) => `${at}/${i}`, stored });
  return summarizeResults(results);
}

/** The site an import from the command line goes to (the command line acts as the system): its id, or not_found. */
export async function siteOfImport(db: Database, siteId: string): Promise<string> {
  const { site } = await getSiteWithRoleOrThrow(db, siteId, SYSTEM, 'owner');
  return site.siteId;
}
