// All SQL of consent records: an insert and reads, nothing else (the records are append-only). Rows
// become SealedConsentRecord values (the identifiers still sealed: opening them is the use cases' part).
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { ConsentSource, NewConsentRecord, SealedConsentRecord } from './consent-record.js';

interface ConsentRow {
  consent_id: string;
  site_id: string;
  identifiers_ciphertext: string | null;
  identifiers_key_id: string | null;
  device_hash: string | null;
  analytics: boolean;
  marketing: boolean;
  source: ConsentSource;
  policy_version: string | null;
  origin: string;
  recorded_at: Date;
}

const COLUMNS = 'consent_id, site_id, identifiers_ciphertext, identifiers_key_id, device_hash, analytics, marketing, source, policy_version, origin, recorded_at';

const recordFromRow = (r: ConsentRow): SealedConsentRecord => ({
  consentId: r.consent_id,
  siteId: r.site_id,
  sealedIdentifiers:
    r.identifiers_ciphertext !== null && r.identifiers_key_id !== null ? { ciphertext: r.identifiers_ciphertext, keyId: r.identifiers_key_id } : null,
  deviceHash: r.device_hash,
  choices: { analytics: r.analytics, marketing: r.marketing },
  source: r.source,
  policyVersion: r.policy_version,
  origin: r.origin,
  recordedAt: r.recorded_at,
});

export async function insertConsentRecord(q: Queryable, r: NewConsentRecord): Promise<void> {
  await q.query(
    `INSERT INTO consent_records (consent_id, site_id, identifiers_ciphertext, identifiers_key_id, device_hash, analytics, marketing, source, policy_version, origin, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      r.consentId,
      r.siteId,
      r.sealedIdentifiers.ciphertext,
      r.sealedIdentifiers.keyId,
      r.deviceHash,
      r.choices.analytics,
      r.choices.marketing,
      r.source,
      r.policyVersion,
      r.origin,
      r.recordedAt.toISOString(),
    ],
  );
}

/** A site's records (of one device hash, or all), newest first; `limit` rows after `after`. */
export async function listConsentRecords(
  q: Queryable,
  siteId: string,
  deviceHash: string | undefined,
  limit: number,
  after?: PageAfter,
): Promise<(SealedConsentRecord & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'recorded_at', id: 'consent_id' }, 3, 4);
  // Two statements rather than `$n IS NULL OR …`, so that each has its own index (consent_records_list_idx, consent_records_device_idx).
  const ofDevice = deviceHash === undefined ? '' : 'AND device_hash = $5';
  const { rows } = await q.query<ConsentRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM consent_records
      WHERE site_id = $1 ${ofDevice} AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after), ...(deviceHash === undefined ? [] : [deviceHash])],
  );
  return rows.map((r) => ({ ...recordFromRow(r), cursor_at: r.cursor_at }));
}
