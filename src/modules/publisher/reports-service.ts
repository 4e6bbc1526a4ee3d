// Network report import: each record read alone from its format (a batch answers per record),
// folded into its stored versions (date, then status rank: any arrival order converges), and the
// orders its records make up (CJ corrections with their original) recomputed and moved in the
// rollups, attributed to the earliest observed click of the order's reference (by keyed hash).
// Each reference keeps the earned figures of its orders, for a click that becomes its earliest later.
import type { Database, Queryable } from '../../db/types.js';
import { buckets, recordFacts, recordRollupDeltas, referenceEarningsDeltas, type ClickContext, type RecordChange } from './rollups.js';
import type { ErrorDetail } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { retryOnConflict } from '../../db/retry.js';
import { getSiteWithRoleOrThrow, SYSTEM, type Provider } from '../../kernel/index.js';
import * as repo from './publisher-repository.js';
import * as recordsRepo from './records-repository.js';
import * as referencesRepo from './references-repository.js';
import { referenceHashOf } from './reference-hash.js';
import { normalizeRecord, type NormalizedRecord, type RecordWarning, type ReportFormat } from './report-records.js';
import { foldRecord, recordReversal, recordState, type RecordState } from './record-versions.js';
import { orderFacts, type OrderFacts } from './orders.js';
import { recordSealContext } from './sealed-references.js';

export type { RecordWarning } from './report-records.js';

export type RecordResult =
  | { index: number; status: 'created' | 'updated' | 'unchanged'; warnings?: RecordWarning[] }
  | { index: number; status: 'error'; error: { code: string; message: string; details: ErrorDetail[] } };

/** Options of an import: the publisher currency, the zone of times without an offset (IANA), how a record is named in errors. */
export interface ImportOptions {
  currency?: string;
  timezone?: string;
  pointer?: (i: number) => string;
}

/**
 * Keeps the (locked) references of a batch of order changes and the reference rollups in step:
 * how many orders name each reference now, and when a network first reported it (the earliest
 * transaction of the orders naming it, recomputed: an order that leaves, deleted, takes its date
 * along). Each reported reference counts where it first appeared, matched when a click carries it.
 */
async function countReferences(tx: Queryable, siteId: string, changes: readonly RecordChange[], references: ReadonlyMap<string, referencesRepo.ReferenceState>): Promise<void> {
  const orders = new Map<string, number>();
  const count = (hash: string, n: number) => orders.set(hash, (orders.get(hash) ?? 0) + n);
  for (const [before, after] of changes) {
    if (before?.reference) count(before.reference, -1);
    if (after?.reference) count(after.reference, 1);
  }
  const firstAt = await referencesRepo.firstReported(tx, siteId, [...orders.keys()]);
  const moves = new Map<string, { grain: string; bucket: string; references: number; matched: number }>();
  const move = (at: number, references: number, matched: number) => {
    for (const [grain, bucket] of buckets(at)) {
      const k = `${grain}${bucket}`;
      const m = moves.get(k) ?? { grain, bucket, references: 0, matched: 0 };
      m.references += references;
      m.matched += matched;
      moves.set(k, m);
    }
  };
  const updates: referencesRepo.ReferenceUpdate[] = [];
  for (const [hash, n] of orders) {
    const old = references.get(hash)!;
    const before = old.first_at?.getTime() ?? null;
    const after = firstAt.get(hash) ?? null;
    if (after !== before) {
      const matched = old.click_id !== null ? 1 : 0;
      if (before !== null) move(before, -1, -matched);
      if (after !== null) move(after, 1, matched);
    }
    if (after !== before || n !== 0) updates.push({ hash, firstAt: after, records: n });
  }
  await referencesRepo.updateReferences(tx, siteId, updates);
  await referencesRepo.addReferenceRollups(tx, siteId, [...moves.values()]);
}

const contextOf = (ref: referencesRepo.ReferenceState | undefined): ClickContext | null => (ref?.click_id ? { content: ref.content_id, destination: ref.destination } : null);

/** An order before and after the batch (null: it contributes nothing). */
interface OrderChange {
  key: string;
  before: OrderFacts | null;
  after: OrderFacts | null;
}

/**
 * Writes the changed records and orders of a batch (their rows locked before) with everything kept
 * beside them. The references the orders name now or named before are locked next, before any
 * other row: a click of one of them waits for this batch, or this batch sees it.
 */
async function storeChanges(tx: Queryable, siteId: string, provider: Provider, records: readonly recordsRepo.RecordWrite[], orders: readonly OrderChange[]): Promise<void> {
  const references = await referencesRepo.lockReferences(
    tx,
    siteId,
    orders.flatMap((o) => [o.before?.reference ?? null, o.after?.reference ?? null]).filter((h): h is string => h !== null),
  );
  const contextOfHash = (hash: string | null) => contextOf(hash === null ? undefined : references.get(hash));
  const changes: RecordChange[] = orders.map((o) => [
    o.before ? recordFacts(o.before, contextOfHash(o.before.reference)) : null,
    o.after ? recordFacts(o.after, contextOfHash(o.after.reference)) : null,
  ]);
  await recordsRepo.upsertRecords(tx, siteId, provider, records);
  await recordsRepo.writeOrders(tx, siteId, provider, orders.map((o) => ({ key: o.key, facts: o.after })));
  await referencesRepo.addReferenceEarnings(tx, siteId, referenceEarningsDeltas(changes));
  await repo.addRecordRollups(tx, siteId, recordRollupDeltas(changes));
  await countReferences(tx, siteId, changes, references);
  // The earliest click of a reference a changed order names has a record now (counted once).
  const earliest = [...new Set(orders.map((o) => (o.after?.reference ? references.get(o.after.reference)?.click_id : null)))].filter((id): id is string => !!id);
  const marked = await repo.markClicksHaveRecord(tx, siteId, earliest);
  await repo.bumpClickRollups(tx, siteId, marked, 0, 1);
}

const FACT_FIELDS = ['status', 'currency', 'sale', 'commission', 'reversals', 'reversalAmount', 'reference', 'transactionAt'] as const;
const sameFacts = (a: OrderFacts | null, b: OrderFacts | null) => (a === null || b === null ? a === b : FACT_FIELDS.every((f) => a[f] === b[f]));

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
    for (const [k, row] of await recordsRepo.lockOrders(tx, siteId, provider, missing)) orders.set(k, row);
    records = await recordsRepo.recordsOf(tx, siteId, provider, [...orders.keys()], ids);
  }
}

export function createReportsService(deps: { db: Database; keyring: ClickIdKeyring }) {
  const { db, keyring } = deps;
  return {
    /** The site an import from the command line goes to (the command line acts as the system): its id, or not_found. */
    async siteOfImport(siteId: string): Promise<string> {
      const { site } = await getSiteWithRoleOrThrow(db, siteId, SYSTEM, 'owner');
      return site.siteId;
    },

    /** Imports one batch in one transaction; `pointer` names a record in its error details. */
    async importRecords(siteId: string, provider: Provider, format: ReportFormat, records: readonly unknown[], options: ImportOptions = {}): Promise<RecordResult[]> {
      const pointer = options.pointer ?? ((i: number) => `/records/${i}`);
      const results: RecordResult[] = new Array(records.length);
      const valid: { i: number; r: NormalizedRecord; warnings: RecordWarning[]; state: RecordState }[] = [];
      records.forEach((raw, i) => {
        const n = normalizeRecord(raw, format, pointer(i), { currency: options.currency, timezone: options.timezone });
        if (!n.ok) {
          results[i] = { index: i, status: 'error', error: { code: 'validation_failed', message: 'The record is not valid', details: n.details } };
          return;
        }
        const referenceHash = n.record.reference === null ? null : referenceHashOf(keyring, n.record.reference);
        valid.push({ i, r: n.record, warnings: n.warnings, state: recordState(n.record, referenceHash) });
      });
      if (valid.length === 0) return results;

      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          const { orders, records: stored } = await lockBatch(tx, siteId, provider, valid.map((v) => v.r.orderKey), valid.map((v) => v.r.providerTransactionId));
          const state = new Map(stored);
          // The records of each order (ids), kept as versions apply, so an order is read without a scan.
          const members = new Map<string, Set<string>>();
          const join = (key: string, id: string) => (members.get(key) ?? members.set(key, new Set()).get(key)!).add(id);
          for (const [id, st] of state) join(st.orderKey, id);
          const recordsOfOrder = (key: string) => [...(members.get(key) ?? [])].map((id) => state.get(id)!).filter((st) => st.orderKey === key);
          const writes = new Map<string, { state: RecordState; reference: string | null; newVersion: boolean }>();
          for (const { i, r, warnings, state: incoming } of valid) {
            const current = state.get(r.providerTransactionId) ?? null;
            // One order is valued in one currency: a record in another is refused, alone.
            const other = recordsOfOrder(r.orderKey).find((st) => st.providerTransactionId !== r.providerTransactionId && st.status !== 'deleted');
            if (other && other.currency !== incoming.currency) {
              const detail = { path: pointer(i), code: 'currency_mismatch', message: `the record is in ${incoming.currency}, its order (${r.orderKey}) in ${other.currency}` };
              results[i] = { index: i, status: 'error', error: { code: 'validation_failed', message: 'The record is not valid', details: [detail] } };
              continue;
            }
            const { action, next, changed } = foldRecord(current, incoming);
            results[i] = { index: i, status: action, ...(warnings.length > 0 ? { warnings } : {}) };
            if (!changed) continue;
            state.set(r.providerTransactionId, next);
            join(next.orderKey, r.providerTransactionId);
            const prior = writes.get(r.providerTransactionId);
            const applied = action !== 'unchanged';
            writes.set(r.providerTransactionId, {
              state: next,
              reference: applied ? r.reference : (prior?.reference ?? null),
              newVersion: applied || (prior?.newVersion ?? false),
            });
          }
          if (writes.size === 0) return;
          // A new version is written whole (its reference sealed); an older one only raises the stored peak.
          const recordWrites: recordsRepo.RecordWrite[] = [];
          const peaks: recordsRepo.PeakWrite[] = [];
          for (const { state: s, reference, newVersion } of [...writes.values()].sort((a, b) => (a.state.providerTransactionId < b.state.providerTransactionId ? -1 : 1))) {
            if (!newVersion) {
              peaks.push({ providerTransactionId: s.providerTransactionId, peakCommission: s.peakCommission, reversalAmount: recordReversal(s) });
              continue;
            }
            const sealed = reference === null ? null : keyring.seal(reference, recordSealContext(siteId, provider, s.providerTransactionId));
            recordWrites.push({ ...s, referenceCiphertext: sealed?.ciphertext ?? null, referenceKeyId: sealed?.keyId ?? null, reversalAmount: recordReversal(s) });
          }
          // The orders the changed records belong to now, or belonged to before.
          const touched = new Set<string>();
          for (const id of writes.keys()) {
            touched.add(state.get(id)!.orderKey);
            const was = stored.get(id);
            if (was) touched.add(was.orderKey);
          }
          const changes: OrderChange[] = [...touched]
            .sort()
            .map((key) => ({ key, before: recordsRepo.orderRowFacts(orders.get(key)), after: orderFacts(recordsOfOrder(key)) }))
            .filter((o) => !sameFacts(o.before, o.after));
          await recordsRepo.updatePeaks(tx, siteId, provider, peaks);
          await storeChanges(tx, siteId, provider, recordWrites, changes);
        }),
      );
      return results;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
