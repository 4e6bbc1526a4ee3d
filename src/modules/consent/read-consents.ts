// Reading a site's consent records (members): newest first, paged, of one device or all, their
// identifiers opened. A device is found by its keyed hash, never by a stored raw value.
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { openPage, type CursorCodec, type PageRequest, type PageResult } from '../../db/paging.js';
import type { Database } from '../../db/types.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import * as repo from './consent-repository.js';
import type { ConsentRecord, SealedConsentRecord } from './consent-record.js';
import { deviceHash, openIdentifiers } from './sealed-identifiers.js';

export interface ReadDeps {
  db: Database;
  keyring: ClickIdKeyring;
  cursors: CursorCodec;
}

const opened = (keyring: ClickIdKeyring, r: SealedConsentRecord): ConsentRecord => {
  const { sealedIdentifiers, ...rest } = r;
  return { ...rest, identifiers: sealedIdentifiers ? openIdentifiers(keyring, r.siteId, r.consentId, sealedIdentifiers) : null };
};

/** A page of the site's records (of `deviceId`, or all); a cursor continues only the list it came from. */
export async function listConsents(deps: ReadDeps, actor: Actor, siteId: string, deviceId: string | undefined, page: PageRequest): Promise<PageResult<ConsentRecord>> {
  await getSiteWithRoleOrThrow(deps.db, siteId, actor, 'member');
  const hash = deviceId === undefined ? undefined : deviceHash(deps.keyring, siteId, deviceId);
  // The scope names the device by its hash: a cursor never carries the raw id, and continues only its own list.
  const p = openPage(deps.cursors, `consents:${siteId}:${hash === undefined ? '*' : `device:${hash}`}`, page);
  const rows = await repo.listConsentRecords(deps.db, siteId, hash, p.fetch, p.after);
  return p.result(rows, (r) => r.consentId, ({ cursor_at: _, ...r }) => opened(deps.keyring, r));
}
