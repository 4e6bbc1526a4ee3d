// A submission's fields are personal data: they are sealed as one JSON document with the keyring
// (AES-256-GCM, bound to the site and the submission), so that no value (email, phone, name…) is
// readable in the database; keyed hashes of the email and the phone serve deduplication. The
// column is declared for `storefront click-ids rotate`, and kept out of click-id retention: a
// submission keeps its fields until a member erases it.
import type { ClickIdKeyring, Sealed } from '../../crypto/click-id-keyring.js';
import type { SealedColumn } from '../../crypto/sealed-columns.js';
import type { FieldValues } from './submission.js';

/** The associated data a submission's fields are sealed with. */
export const fieldsSealContext = (siteId: string, submissionId: string): string => `${siteId}:${submissionId}`;

export const SUBMISSION_FIELDS: SealedColumn = {
  table: 'submissions',
  keys: ['site_id', 'submission_id'],
  ciphertext: 'fields_ciphertext',
  keyId: 'fields_key_id',
  timeColumn: 'created_at',
  retention: false,
  context: (r) => fieldsSealContext(r.site_id!, r.submission_id!),
};

export const sealFields = (keyring: ClickIdKeyring, siteId: string, submissionId: string, values: FieldValues): Sealed =>
  keyring.seal(JSON.stringify(values), fieldsSealContext(siteId, submissionId));

export const openFields = (keyring: ClickIdKeyring, siteId: string, submissionId: string, sealed: Sealed): FieldValues =>
  JSON.parse(keyring.open(sealed, fieldsSealContext(siteId, submissionId))) as FieldValues;

/** The keyed hashes deduplication and erasure use (a purpose prefix keeps them apart from click-id lookups). */
export const emailHash = (keyring: ClickIdKeyring, normalizedEmail: string): string => keyring.fingerprint(`submission-email\n${normalizedEmail}`);
export const phoneHash = (keyring: ClickIdKeyring, normalizedPhone: string): string => keyring.fingerprint(`submission-phone\n${normalizedPhone}`);
