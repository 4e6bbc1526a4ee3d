// Network report import: each record validated alone (a batch answers per record), upserted by
// (provider, transaction id) with the newest updated_at winning, its status history kept, and
// matched to the observed click of its reference (by keyed hash) so analytics can attribute it.
import type { Database, Queryable } from '../../db/types.js';
import { buckets, recordRollupDeltas, storedRecordFacts, type RecordFacts } from './rollups.js';
import type { ErrorDetail } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { retryOnConflict } from '../../db/retry.js';
import type { Provider } from '../sites/site-config.js';
import * as repo from './publisher-repository.js';
import { referenceHashOf } from './reference-hash.js';
import { foldRecord, normalizeRecord, recordFingerprint, type NormalizedRecord, type ReportFormat, type StoredRecordState } from './report-records.js';

export type RecordResult = { index: number; status: 'created' | 'updated' | 'unchanged' } | { index: number; status: 'error'; error: { code: string; message: string; details: ErrorDetail[] } };

/**
 * Keeps publisher_references (each reported reference, counted where it first appeared) and their
 * rollups in step with a batch of written records.
 */
async function countReferences(tx: Queryable, siteId: string, rows: readonly repo.RecordWrite[]): Promise<void> {
  const earliest = new Map<string, { at: number; hasClick: boolean }>();
  for (const r of rows) {
    if (!r.referenceHash) continue;
    const e = earliest.get(r.referenceHash);
    earliest.set(r.referenceHash, { at: Math.min(e?.at ?? Infinity, r.transactionAt), hasClick: (e?.hasClick ?? false) || r.hasClick });
  }
  if (earliest.size === 0) return;
  const known = await repo.lockReferences(tx, siteId, [...earliest.keys()]);
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
  const upserts: { hash: string; firstAt: number; hasClick: boolean }[] = [];
  for (const [hash, seen] of earliest) {
    const old = known.get(hash);
    const firstAt = Math.min(old?.first_at.getTime() ?? Infinity, seen.at);
    const hasClick = (old?.has_click ?? false) || seen.hasClick;
    if (old && old.first_at.getTime() === firstAt && old.has_click === hasClick) continue;
    if (old) move(old.first_at.getTime(), -1, old.has_click ? -1 : 0);
    move(firstAt, 1, hasClick ? 1 : 0);
    upserts.push({ hash, firstAt, hasClick });
  }
  await repo.upsertReferences(tx, siteId, upserts);
  await repo.addReferenceRollups(tx, siteId, [...moves.values()]);
}

export function createReportsService(deps: { db: Database; keyring: ClickIdKeyring }) {
  const { db, keyring } = deps;
  return {
    /** Imports one batch in one transaction; `pointer` names a record in its error details. */
    async importRecords(siteId: string, provider: Provider, format: ReportFormat, records: readonly unknown[], options: { currency?: string; pointer?: (i: number) => string } = {}): Promise<RecordResult[]> {
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
          const clicks = await repo.clicksByReference(tx, siteId, [...new Set(valid.map((v) => v.referenceHash).filter((h): h is string => h !== null))]);
          const writes = new Map<string, repo.RecordWrite>();
          // Clicks that get their first record in this batch.
          const newlyMatched: repo.ClickForReference[] = [];
          for (const { i, r, referenceHash } of valid) {
            const fingerprint = recordFingerprint(r, referenceHash);
            const { action, next } = foldRecord(state.get(r.providerTransactionId) ?? null, r, fingerprint);
            results[i] = { index: i, status: action };
            if (action === 'unchanged') continue;
            state.set(r.providerTransactionId, next);
            const click = referenceHash ? clicks.get(referenceHash) : undefined;
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
              hasClick: click !== undefined,
              contentId: click?.content_id ?? null,
              destination: click?.destination ?? null,
            });
            if (click && !click.has_record) {
              click.has_record = true;
              newlyMatched.push(click);
            }
          }
          // Each newly matched click counts once as a click with a record in its rollups.
          await repo.markClicksHaveRecord(tx, siteId, newlyMatched.map((c) => c.click_id));
          await repo.bumpClickRollups(tx, siteId, newlyMatched.map((c) => ({ occurredAt: c.occurred_at.getTime(), contentId: c.content_id, destination: c.destination })), 0, 1);
          const rows = [...writes.values()].sort((a, b) => (a.providerTransactionId < b.providerTransactionId ? -1 : 1));
          await repo.upsertRecords(tx, siteId, provider, rows);
          // What each record contributed before this batch (the stored row), and contributes after it.
          await repo.addRecordRollups(
            tx,
            siteId,
            recordRollupDeltas(
              rows.map((w) => {
                const before = stored.get(w.providerTransactionId);
                const after: RecordFacts = { status: w.status, currency: w.currency, sale: w.sale, commission: w.commission, reversal: w.reversalAmount, content: w.contentId, destination: w.destination, transactionAt: w.transactionAt };
                return [before ? storedRecordFacts(before) : null, after] as const;
              }),
            ),
          );
          await countReferences(tx, siteId, rows);
        }),
      );
      return results;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
