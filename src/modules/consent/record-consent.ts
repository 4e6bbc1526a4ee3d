// Recording a visitor's decision (CONTRACT §13): one new row for every decision, never an update of
// an earlier one, so the records are the history of what the visitor chose, when and under which
// policy version. The origin is the runtime token's (the page the decision was made on); the time is
// the server's; the client address is not kept.
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import type { Database } from '../../db/types.js';
import * as repo from './consent-repository.js';
import { newConsentId, type ConsentInput, type NewConsentRecord } from './consent-record.js';
import { deviceHash, sealIdentifiers } from './sealed-identifiers.js';

export interface RecordDeps {
  db: Database;
  keyring: ClickIdKeyring;
}

/** The row of a decision: the identifiers sealed, the device hashed for lookups. */
export function newConsentRecord(keyring: ClickIdKeyring, siteId: string, origin: string, input: ConsentInput, now: Date): NewConsentRecord {
  const consentId = newConsentId();
  const deviceId = input.deviceId ?? null;
  return {
    consentId,
    siteId,
    sealedIdentifiers: sealIdentifiers(keyring, siteId, consentId, { sessionId: input.sessionId, deviceId }),
    deviceHash: deviceId === null ? null : deviceHash(keyring, siteId, deviceId),
    choices: { analytics: input.choices.analytics, marketing: input.choices.marketing },
    source: input.source,
    policyVersion: input.policyVersion ?? null,
    origin,
    recordedAt: now,
  };
}

/** Stores the decision as a new record; its id. */
export async function recordConsent(deps: RecordDeps, siteId: string, origin: string, input: ConsentInput, now: Date): Promise<string> {
  const record = newConsentRecord(deps.keyring, siteId, origin, input, now);
  await repo.insertConsentRecord(deps.db, record);
  return record.consentId;
}
