// Versions of one report record, pure (CONTRACT §6 "Versions"): a record's version is its date,
// then its status rank, then (for two different versions alike in both) its fingerprint, so the
// same set of versions gives the same record in any arrival order. What a record ever paid while
// live is kept as its peak: a later version that pays less, or is declined, took the difference back.
import { hash } from 'node:crypto';
import type { NormalizedRecord, RecordStatus } from './report-records.js';

/** A record as stored: its current version, its reference by keyed hash only, and its peak. */
export interface RecordState extends Omit<NormalizedRecord, 'reference'> {
  referenceHash: string | null;
  /** The largest commission any version showed while pending or approved (or stated as earlier). */
  peakCommission: number;
  fingerprint: string;
}

export const isLive = (status: RecordStatus): status is 'pending' | 'approved' => status === 'pending' || status === 'approved';

/** What identifies a version's content: every field read from the network (the reference by hash). */
export function recordFingerprint(r: NormalizedRecord, referenceHash: string | null): string {
  const { reference: _raw, ...fields } = r;
  const ordered = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k as keyof typeof fields]]);
  return hash('sha256', JSON.stringify([referenceHash, ordered]), 'hex');
}

/** The peak a version shows on its own: its live commission, or the earlier commission it states. */
const ownPeak = (r: Pick<RecordState, 'kind' | 'status' | 'commission' | 'earlierCommission'>): number =>
  r.kind === 'correction' ? 0 : Math.max(isLive(r.status) ? r.commission : 0, r.earlierCommission ?? 0, 0);

export function recordState(r: NormalizedRecord, referenceHash: string | null): RecordState {
  const { reference: _raw, ...fields } = r;
  return { ...fields, referenceHash, peakCommission: ownPeak(r), fingerprint: recordFingerprint(r, referenceHash) };
}

/** Orders versions: by date, then status rank, then fingerprint (a total order: any arrival order converges). */
export function compareVersions(a: Pick<RecordState, 'versionAt' | 'rank' | 'fingerprint'>, b: Pick<RecordState, 'versionAt' | 'rank' | 'fingerprint'>): number {
  return a.versionAt - b.versionAt || a.rank - b.rank || (a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0);
}

export type FoldAction = 'created' | 'updated' | 'unchanged';

/**
 * Folds a version into the stored record. A newer version applies (`created` / `updated`); an
 * older one or the same one again is `unchanged`, though an older one may still raise the peak
 * (`changed`: the stored row must be written): it shows what the record paid before.
 */
export function foldRecord(stored: RecordState | null, incoming: RecordState): { action: FoldAction; next: RecordState; changed: boolean } {
  if (stored === null) return { action: 'created', next: incoming, changed: true };
  if (stored.fingerprint === incoming.fingerprint) return { action: 'unchanged', next: stored, changed: false };
  const peakCommission = Math.max(stored.peakCommission, incoming.peakCommission);
  if (compareVersions(incoming, stored) < 0) {
    return peakCommission === stored.peakCommission ? { action: 'unchanged', next: stored, changed: false } : { action: 'unchanged', next: { ...stored, peakCommission }, changed: true };
  }
  return { action: 'updated', next: { ...incoming, peakCommission }, changed: true };
}

/** The commission a record's versions took back: its peak less what it pays now (nothing once declined). */
export function recordReversal(r: Pick<RecordState, 'kind' | 'status' | 'commission' | 'peakCommission'>): number {
  if (r.kind === 'correction' || r.status === 'deleted') return 0;
  return Math.max(r.peakCommission - (isLive(r.status) ? r.commission : 0), 0);
}
