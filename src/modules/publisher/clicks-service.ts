// Observed clicks on decorated publisher links (runtime token): idempotent by click_id, the
// reference sealed and hashed, the context (content, campaign, placement, creative, destination)
// stored apart from it, and the click rollups moved on write.
import { hash } from 'node:crypto';
import type { Static } from 'typebox';
import type { Database, Queryable } from '../../db/types.js';
import { buckets, recordRollupDeltas, storedRecordFacts } from './rollups.js';
import { AppError, unauthorized } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { networkOf } from '../../domain/decorate.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import { isHttpUrl } from '../../domain/urls.js';
import { effectiveSiteConfig } from '../sites/site-config.js';
import type { SiteDirectory } from '../sites/site-directory.js';
import * as repo from './publisher-repository.js';
import { referenceHashOf } from './reference-hash.js';
import type { ClickBody } from './schemas.js';

export type ClickInput = Omit<Static<typeof ClickBody>, 'runtime_token'>;

const MAX_FUTURE_MS = 5 * 60_000;

/** Host and path of a URL: what analytics calls the destination (no query, no fragment). */
const destinationOf = (url: URL) => `${url.host}${url.pathname}`;

/** Records that named this click's reference before it arrived take on its content and destination. */
async function giveRecordsClickContext(tx: Queryable, siteId: string, referenceHash: string, records: readonly repo.RecordRow[], content: string | null, destination: string) {
  const deltas = recordRollupDeltas(
    records.map((r) => {
      const before = storedRecordFacts(r);
      return [before, { ...before, content, destination }] as const;
    }),
  );
  await repo.setRecordClickContext(tx, siteId, referenceHash, content, destination);
  await repo.addRecordRollups(tx, siteId, deltas);
  const ref = (await repo.lockReferences(tx, siteId, [referenceHash])).get(referenceHash);
  if (ref && !ref.has_click) {
    await repo.upsertReferences(tx, siteId, [{ hash: referenceHash, firstAt: ref.first_at.getTime(), hasClick: true }]);
    await repo.addReferenceRollups(tx, siteId, buckets(ref.first_at.getTime()).map(([grain, bucket]) => ({ grain, bucket, references: 0, matched: 1 })));
  }
}

export function createClicksService(deps: { db: Database; keyring: ClickIdKeyring; sites: SiteDirectory }) {
  const { db, keyring } = deps;
  return {
    async recordClick(siteId: string, c: ClickInput, now = Date.now()): Promise<{ created: boolean }> {
      const site = await deps.sites.get(siteId);
      if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
      if (!site.publisher_mode) throw new AppError('publisher_mode_inactive', 'The site is not in publisher mode');
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
      const referenceHash = referenceHashOf(keyring, c.reference);
      const destination = destinationOf(url);
      const contentHash = hash(
        'sha256',
        JSON.stringify([c.click_id, c.provider, referenceHash, destination, occurredAt, c.content_id ?? null, c.campaign ?? null, c.placement ?? null, c.creative ?? null, c.session_id ?? null]),
        'hex',
      );
      const sealed = keyring.seal(c.reference, `${siteId}\nclick:${c.click_id}`);
      return db.transaction(async (tx) => {
        const created = await repo.insertClick(tx, {
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
        });
        if (!created) {
          const stored = await repo.clickContentHash(tx, siteId, c.click_id);
          if (stored !== contentHash) {
            throw new AppError('idempotency_conflict', 'This click_id was recorded with different content', [
              { path: '/click_id', code: 'idempotency_conflict', message: 'click_id already recorded with different content' },
            ]);
          }
          return { created: false };
        }
        // A report record may have named this reference before the click arrived.
        const records = await repo.lockRecordsOfReference(tx, siteId, referenceHash);
        const hasRecord = records.length > 0;
        if (hasRecord) {
          await repo.markClicksHaveRecord(tx, siteId, [c.click_id]);
          await giveRecordsClickContext(tx, siteId, referenceHash, records, c.content_id ?? null, destination);
        }
        await repo.bumpClickRollups(tx, siteId, [{ occurredAt, contentId: c.content_id ?? null, destination }], 1, hasRecord ? 1 : 0);
        return { created: true };
      });
    },
  };
}

export type ClicksService = ReturnType<typeof createClicksService>;
