// The consent service: it wires the database, the keyring and the cursor codec into the module's use
// cases (one a file). The HTTP routes call these.
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { createCursorCodec, type PageRequest } from '../../db/paging.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../kernel/index.js';
import type { Secrets } from '../../secrets.js';
import type { ConsentInput } from './consent-record.js';
import { listConsents } from './read-consents.js';
import { recordConsent } from './record-consent.js';

export interface ConsentDeps {
  db: Database;
  secrets: Secrets;
  keyring: ClickIdKeyring;
}

export function createConsentService({ db, secrets, keyring }: ConsentDeps) {
  const cursors = createCursorCodec(secrets);
  return {
    /** Records a visitor's decision on the site, made on a page of `origin`; the new record's id. */
    record: (siteId: string, origin: string, input: ConsentInput, now = new Date()) => recordConsent({ db, keyring }, siteId, origin, input, now),
    /** The site's records (of one device, or all), newest first, their identifiers opened. */
    list: (actor: Actor, siteId: string, deviceId: string | undefined, page: PageRequest) => listConsents({ db, keyring, cursors }, actor, siteId, deviceId, page),
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
