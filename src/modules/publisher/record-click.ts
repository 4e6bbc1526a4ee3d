// Recording an observed click on a decorated publisher link (runtime token): idempotent by
// click_id, the reference sealed and hashed, the context (content, campaign, placement, creative,
// destination) stored apart from it, and the click rollups moved on write. A click that becomes its
// reference's earliest moves the reference's earned figures to its content and destination: a cost
// that follows the reference's day and month buckets, never the number of records naming it.
import { hash } from 'node:crypto';
import type { Static } from 'typebox';
import type { Database, Queryable } from '../../db/types.js';
import { retryOnConflict } from '../../db/retry.js';
import { AppError, unauthorized } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { networkOf } from '../../domain/decorate.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import { isHttpUrl } from '../../domain/urls.js';
import { effectiveSiteConfig, requireMarketingConsent, type ConsentSignals, type Site, type SiteDirectory } from '../../kernel/index.js';
import * as repo from './publisher-repository.js';
import * as referencesRepo from './references-repository.js';
import { referenceHashOf } from './reference-hash.js';
import { matchedDeltas, mayBecomeEarliest, type ReferenceClick, type ReferenceState } from './references.js';
import { contextMoveDeltas } from './rollups.js';
import type { ClickBody } from './schemas.js';
import { clickSealContext } from './sealed-references.js';

export type ClickInput = Omit<Static<typeof ClickBody>, 'runtime_token' | 'consent'>;

export interface RecordClickDeps {
  db: Database;
  keyring: ClickIdKeyring;
  sites: SiteDirectory;
}

/** A click as this use case stores it (whether a record names its reference is read under the lock). */
type ClickToStore = Omit<repo.NewClick, 'hasRecord'>;

const MAX_FUTURE_MS = 5 * 60_000;

/** Host and path of a URL: what analytics calls the destination (no query, no fragment). */
const destinationOf = (url: URL) => `${url.host}${url.pathname}`;

/**
 * What a click must be to be stored: of a site in publisher mode, at most 5 minutes ahead, to an
 * http(s) destination on the provider's allowlist of the site. Gives its time and destination.
 */
function checkClick(site: Site | undefined, c: ClickInput, consent: ConsentSignals, now: number): { occurredAt: number; url: URL } {
  if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
  if (!site.publisherMode) throw new AppError('publisher_mode_inactive', 'The site is not in publisher mode');
  // A click reference is marketing (CONTRACT §13): without that consent nothing of it is stored.
  requireMarketingConsent(effectiveSiteConfig(site.config).consent, consent, 'Publisher clicks');
  const occurredAt = parseIsoTimestamp(c.occurred_at);
  if (occurredAt === null || occurredAt > now + MAX_FUTURE_MS) {
    throw new AppError('validation_failed', 'The click is not valid', [
      { path: '/occurred_at', code: occurredAt === null ? 'format' : 'future', message: 'occurred_at must be an ISO 8601 timestamp, at most 5 minutes ahead' },
    ]);
  }
  if (!isHttpUrl(c.destination_url)) {
    throw new AppError('validation_failed', 'The click is not valid', [{ path: '/destination_url', code: 'format', message: 'destination_url must be an absolute http(s) URL' }]);
  }
  const url = new URL(c.destination_url);
  const hosts = effectiveSiteConfig(site.config).publisher_hosts;
  if (networkOf(url, hosts) !== c.provider) {
    throw new AppError('destination_not_allowlisted', `The destination host ${url.host} is not on the ${c.provider} allowlist of this site`, [
      { path: '/destination_url', code: 'destination_not_allowlisted', message: `${url.host} is not an allowlisted ${c.provider} link host` },
    ]);
  }
  return { occurredAt, url };
}

/** The click as stored: its reference by keyed hash and sealed, its content hashed (a replay with other content is refused by it). */
function clickToStore(keyring: ClickIdKeyring, siteId: string, c: ClickInput, occurredAt: number, url: URL): ClickToStore {
  const referenceHash = referenceHashOf(keyring, c.reference);
  const destination = destinationOf(url);
  const contentHash = hash(
    'sha256',
    JSON.stringify([c.click_id, c.provider, referenceHash, destination, occurredAt, c.content_id ?? null, c.campaign ?? null, c.placement ?? null, c.creative ?? null, c.session_id ?? null]),
    'hex',
  );
  const sealed = keyring.seal(c.reference, clickSealContext(siteId, c.click_id));
  return {
    siteId,
    clickId: c.click_id,
    provider: c.provider,
    referenceHash,
    referenceCiphertext: sealed.ciphertext,
    referenceKeyId: sealed.keyId,
    destination,
    contentId: c.content_id ?? null,
    campaign: c.campaign ?? null,
    placement: c.placement ?? null,
    creative: c.creative ?? null,
    sessionId: c.session_id ?? null,
    occurredAt,
    contentHash,
  };
}

/**
 * Makes a click the earliest of its locked reference: the records of the reference (its earned
 * figures per bucket) leave the previous click's content and destination for this one's, and a
 * reported reference without a click before counts as matched.
 */
async function becomeEarliestClick(tx: Queryable, siteId: string, before: ReferenceState, click: ReferenceClick): Promise<void> {
  await referencesRepo.setReferenceClick(tx, siteId, before.hash, click);
  if (before.firstAt === null) return; // no record has named the reference yet
  const earnings = await referencesRepo.referenceEarnings(tx, siteId, before.hash);
  await repo.addRecordRollups(tx, siteId, contextMoveDeltas(earnings, before.click?.context ?? null, click.context));
  if (before.click === null) await referencesRepo.addReferenceRollups(tx, siteId, matchedDeltas(before.firstAt));
}

/**
 * Stores a click (or recognises its replay) with its reference and rollups. The reference first, as
 * the report import takes it: a new one is created naming this click (and stays locked until
 * commit); an existing one is locked only when this click may become its earliest. A later click
 * changes nothing an import reads, so it takes no lock on the reference: many may arrive at once.
 */
async function storeClick(tx: Queryable, row: ClickToStore): Promise<{ created: boolean }> {
  const { siteId, referenceHash } = row;
  const click: ReferenceClick = { clickId: row.clickId, occurredAt: row.occurredAt, context: { content: row.contentId, destination: row.destination } };
  const isNew = await referencesRepo.insertReference(tx, siteId, referenceHash, click);
  let reference = isNew ? null : await referencesRepo.referenceState(tx, siteId, referenceHash, false);
  if (reference && mayBecomeEarliest(click, reference)) reference = await referencesRepo.referenceState(tx, siteId, referenceHash, true);
  const hasRecord = reference !== null && reference.records > 0;
  if (!(await repo.insertClick(tx, { ...row, hasRecord }))) {
    if ((await repo.clickContentHash(tx, siteId, row.clickId)) !== row.contentHash) {
      throw new AppError('idempotency_conflict', 'This click_id was recorded with different content', [
        { path: '/click_id', code: 'idempotency_conflict', message: 'click_id already recorded with different content' },
      ]);
    }
    return { created: false };
  }
  if (reference && mayBecomeEarliest(click, reference)) await becomeEarliestClick(tx, siteId, reference, click);
  await repo.bumpClickRollups(tx, siteId, [{ occurredAt: row.occurredAt, contentId: row.contentId, destination: row.destination }], 1, hasRecord ? 1 : 0);
  return { created: true };
}

/** Records a click of a site: `created` false when it is the replay of one recorded with the same content. */
export async function recordClick(deps: RecordClickDeps, siteId: string, c: ClickInput, consent: ConsentSignals, now = Date.now()): Promise<{ created: boolean }> {
  const { occurredAt, url } = checkClick(await deps.sites.get(siteId), c, consent, now);
  const row = clickToStore(deps.keyring, siteId, c, occurredAt, url);
  // Retried as the import is: the rows are taken in a fixed order, and should PostgreSQL still
  // pick this transaction to fail (deadlock, serialization), the click is written again.
  return retryOnConflict(() => deps.db.transaction((tx) => storeClick(tx, row)));
}
