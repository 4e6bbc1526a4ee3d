// A consent record's visitor identifiers (the session id and the device id) are personal data: they
// are sealed as one JSON document with the keyring (AES-256-GCM, bound to the site and the record),
// so no identifier is readable in the database. The device is also kept as a keyed hash, bound to the
// site, for what members look up (`?device_id=`) and what an erasure keeps as proof. The column is
// declared for `storefront click-ids rotate`, and kept out of click-id retention: a record is proof
// for as long as the site keeps consents, not as long as it keeps click ids.
import type { ClickIdKeyring, Sealed } from '../../crypto/click-id-keyring.js';
import type { SealedColumn } from '../../crypto/sealed-columns.js';
import type { ConsentIdentifiers } from './consent-record.js';

/** The associated data a record's identifiers are sealed with. */
export const identifiersSealContext = (siteId: string, consentId: string): string => `consent:${siteId}:${consentId}`;

export const CONSENT_IDENTIFIERS: SealedColumn = {
  table: 'consent_records',
  keys: ['site_id', 'consent_id'],
  ciphertext: 'identifiers_ciphertext',
  keyId: 'identifiers_key_id',
  timeColumn: 'recorded_at',
  retention: false,
  context: (r) => identifiersSealContext(r.site_id!, r.consent_id!),
};

export const sealIdentifiers = (keyring: ClickIdKeyring, siteId: string, consentId: string, identifiers: ConsentIdentifiers): Sealed =>
  keyring.seal(JSON.stringify({ session_id: identifiers.sessionId, device_id: identifiers.deviceId }), identifiersSealContext(siteId, consentId));

export function openIdentifiers(keyring: ClickIdKeyring, siteId: string, consentId: string, sealed: Sealed): ConsentIdentifiers {
  const doc = JSON.parse(keyring.open(sealed, identifiersSealContext(siteId, consentId))) as { session_id: string; device_id: string | null };
  return { sessionId: doc.session_id, deviceId: doc.device_id };
}

/** The keyed hash of a device on a site (a purpose prefix keeps it apart from other lookups; the site keeps sites apart). */
export const deviceHash = (keyring: ClickIdKeyring, siteId: string, deviceId: string): string => keyring.fingerprint(`consent-device\n${siteId}\n${deviceId}`);
