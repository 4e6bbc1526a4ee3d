// Network report import: each record validated alone (a batch answers per record), upserted by
// (provider, transaction id) with the newest updated_at winning, its status history kept, and
// attributed in the rollups to the earliest observed click of its reference (by keyed hash). Each
// reference keeps the earned figures of its records, for a click that becomes its earliest later.
import type { Database, Queryable } from '../../db/types.js';
import { buckets, recordFacts, recordRollupDeltas, referenceEarningsDeltas, storedRecordFacts, type ClickContext, type RecordChange } from './rollups.js';
import type { ErrorDetail } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { retryOnConflict } from '../../db/retry.js';
import type { Provider } from '../sites/site-config.js';
import * as repo from './publisher-repository.js';
import * as referencesRepo from './references-repository.js';
import { referenceHashOf } from './reference-hash.js';
import { foldRecord, normalizeRecord, recordFingerprint, type NormalizedRecord, type ReportFormat, type StoredRecordState } from './report-records.js';

/** Something a record was imported with but a reader should know (e.g. no reference: it can never match a click). */
export interface RecordWarning {
  code: string;
  message: string;
  path: string;
}

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
 * Keeps the (locked) references of a batch of record changes and the reference rollups in step:
 * how many records name each reference now, and when a network first reported it (each reported
 * reference counts where it first appeared, matched when a click carries it).
 */
async function countReferences(tx: Queryable, siteId: string, changes: readonly RecordChange[], references: ReadonlyMap<string, referencesRepo.ReferenceState>): Promise<void> {
  const seen = new Map<string, { at: number; records: number }>();
  const count = (hash: string, records: number, at = Infinity) => {
    const s = seen.get(hash) ?? { at: Infinity, records: 0 };
    seen.set(hash, { at: Math.min(s.at, at), records: s.records + records });
  };
  for (const [before, after] of changes) {
    if (before?.reference) count(before.reference, -1);
    if (after?.reference) count(after.reference, 1, after.transactionAt);
  }
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
  for (const [hash, s] of seen) {
    const old = references.get(hash)!;
    const before = old.first_at?.getTime() ?? Infinity;
    const firstAt = Math.min(before, s.at);
    if (firstAt !== before) {
      const matched = old.click_id !== null ? 1 : 0;
      if (old.first_at) move(before, -1, -matched);
      move(firstAt, 1, matched);
    }
    if (firstAt !== before || s.records !== 0) updates.push({ hash, firstAt: firstAt === before ? null : firstAt, records: s.records });
  }
  await referencesRepo.updateReferences(tx, siteId, updates);
  await referencesRepo.addReferenceRollups(tx, siteId, [...moves.values()]);
}

const contextOf = (ref: referencesRepo.ReferenceState | undefined): ClickContext | null => (ref?.click_id ? { content: ref.content_id, destination: ref.destination } : null);

/**
 * Stores the changed records of a batch (their stored rows locked before) with everything kept
 * beside them. The references they name now or named before are locked next, before any other
 * row: a click of one of them waits for this batch, or this batch sees it.
 */
async function storeRecords(tx: Queryable, siteId: string, provider: Provider, rows: readonly repo.RecordWrite[], stored: ReadonlyMap<string, repo.RecordRow>): Promise<void> {
  const references = await referencesRepo.lockReferences(
    tx,
    siteId,
    rows.flatMap((w) => [w.referenceHash, stored.get(w.providerTransactionId)?.reference_hash ?? null]).filter((h): h is string => h !== null),
  );
  const contextOfHash = (hash: string | null) => contextOf(hash === null ? undefined : references.get(hash));
  // What each record contributed before this batch (the stored row), and contributes after it.
  const changes: RecordChange[] = rows.map((w) => {
    const before = stored.get(w.providerTransactionId);
    const after = recordFacts(
      { status: w.status, currency: w.currency, sale: w.sale, commission: w.commission, reversal: w.reversalAmount, reference: w.referenceHash, transactionAt: w.transactionAt },
      contextOfHash(w.referenceHash),
    );
    return [before ? storedRecordFacts(before, contextOfHash(before.reference_hash)) : null, after];
  });
  await repo.upsertRecords(tx, siteId, provider, rows);
  await referencesRepo.addReferenceEarnings(tx, siteId, referenceEarningsDeltas(changes));
  await repo.addRecordRollups(tx, siteId, recordRollupDeltas(changes));
  await countReferences(tx, siteId, changes, references);
  // The earliest click of a reference a changed record names has a record now (counted once).
  const earliest = [...new Set(rows.map((w) => (w.referenceHash ? references.get(w.referenceHash)?.click_id : null)))].filter((id): id is string => !!id);
  const marked = await repo.markClicksHaveRecord(tx, siteId, earliest);
  await repo.bumpClickRollups(tx, siteId, marked, 0, 1);
}

export function createReportsService(deps: { db: Database; keyring: ClickIdKeyring }) {
  const { db, keyring } = deps;
  return {
    /** Imports one batch in one transaction; `pointer` names a record in its error details. */
    async importRecords(siteId: string, provider: Provider, format: ReportFormat, records: readonly unknown[], options: ImportOptions = {}): Promise<RecordResult[]> {
      const pointer = options.pointer ?? ((i: number) => `/records/${i}`);
      const results: RecordResult[] = new Array(records.length);
      const valid: { i: number; r: NormalizedRecord; referenceHash: string | null }[] = [];
      records.forEach((raw, i) => {
        const n = normalizeRecord(raw, format, pointer(i), options.currency);
        if (!n.ok) {
          results[i] = { index: i, status: 'error', error: { code: 'validation_failed', message: 'The record is not valid', details: n.details } };
          return;
        }
        valid.push({ i, r: n.record, referenceHash: n.record.reference === null ? null : referenceHashOf(keyring, n.record.reference) });
      });
      if (valid.length === 0) return results;

      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          const stored = await repo.lockRecords(tx, siteId, provider, [...new Set(valid.map((v) => v.r.providerTransactionId))]);
          const state = new Map<string, StoredRecordState>(
            [...stored].map(([id, row]) => [
              id,
              {
                status: row.status,
                sale: row.sale_amount,
                commission: row.commission_amount,
                updatedAt: row.updated_at.getTime(),
                peakCommission: row.peak_commission,
                reversalAmount: row.reversal_amount,
                fingerprint: row.fingerprint,
              },
            ]),
          );
          const writes = new Map<string, repo.RecordWrite>();
          for (const { i, r, referenceHash } of valid) {
            const fingerprint = recordFingerprint(r, referenceHash);
            const { action, next } = foldRecord(state.get(r.providerTransactionId) ?? null, r, fingerprint);
            results[i] = { index: i, status: action };
            if (action === 'unchanged') continue;
            state.set(r.providerTransactionId, next);
            const { reference, statedReversal: _stated, ...fields } = r;
            const sealed = reference === null ? null : keyring.seal(reference, `${siteId}\nrecord:${provider}:${r.providerTransactionId}`);
            writes.set(r.providerTransactionId, {
              ...fields,
              referenceHash,
              referenceCiphertext: sealed?.ciphertext ?? null,
              referenceKeyId: sealed?.keyId ?? null,
              peakCommission: next.peakCommission,
              reversalAmount: next.reversalAmount,
              fingerprint,
            });
          }
          if (writes.size > 0) await storeRecords(tx, siteId, provider, [...writes.values()].sort((a, b) => (a.providerTransactionId < b.providerTransactionId ? -1 : 1)), stored);
        }),
      );
      return results;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
