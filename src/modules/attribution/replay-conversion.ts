// Idempotency of conversions (CONTRACT §4): a request whose idempotency key the site used before
// answers as a replay when its payload is the same, and is a conflict when it is not.
import { AppError } from '../../errors.js';
import type { Queryable } from '../../db/types.js';
import type { ConversionOutcome } from './conversion-outcome.js';
import * as repo from './conversions-repository.js';

/** A concurrent request took the idempotency key or the order first: answer as a replay. */
export class KeyTakenMeanwhile extends Error {}

/** The replay of the entry holding `key`, none when the key is new, or 409 idempotency_conflict when its payload differs. */
export async function replayOrThrow(q: Queryable, siteId: string, key: string, fingerprint: string): Promise<ConversionOutcome | undefined> {
  const entry = await repo.findEntryByIdempotencyKey(q, siteId, key);
  if (!entry) return undefined;
  if (entry.fingerprint !== fingerprint) {
    throw new AppError('idempotency_conflict', 'This idempotency key was used with a different payload', [
      { path: '/idempotency_key', code: 'idempotency_conflict', message: 'already used for a different request' },
    ]);
  }
  return { outcome: 'deduplicated', data: { deduplicated: true, conversion_id: entry.conversionId, entry_id: entry.entryId } };
}
