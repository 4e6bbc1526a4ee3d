// Recording a trusted conversion (CONTRACT §4): the request in its normal form (minor units), for
// the key's own site; idempotency first (an identical replay answers even after later entries or a
// cancellation), then a purchase or a ledger entry, retried on a serialisation conflict; a request
// that loses a race to the same key or order answers as the winner's replay, or 409 order_exists.
import { AppError } from '../../errors.js';
import { retryOnConflict } from '../../db/retry.js';
import type { ConversionRequest } from './conversion-request.js';
import type { LedgerDeps } from './ledger-deps.js';
import type { ConversionOutcome } from './conversion-outcome.js';
import { fingerprintOf, normalizeConversion } from './normalize-conversion.js';
import { recordLedgerEntry } from './record-ledger-entry.js';
import { recordPurchase } from './record-purchase.js';
import { KeyTakenMeanwhile, replayOrThrow } from './replay-conversion.js';


export async function recordConversion(deps: LedgerDeps, siteId: string, request: ConversionRequest): Promise<ConversionOutcome> {
  const normal = normalizeConversion(request);
  if (!normal.ok) throw new AppError('validation_failed', 'The conversion is not valid', normal.details);
  const conversion = normal.value;
  if (conversion.website_id !== siteId) {
    throw new AppError('forbidden', 'website_id is not the site of this API key', [
      { path: `${request.pointer}/website_id`, code: 'forbidden', message: 'the API key belongs to another site' },
    ]);
  }
  const fingerprint = fingerprintOf(conversion);
  const replay = await replayOrThrow(deps.db, siteId, conversion.idempotency_key, fingerprint);
  if (replay) return replay;
  try {
    return await retryOnConflict(() =>
      conversion.type === 'purchase' ? recordPurchase(deps, siteId, conversion, fingerprint) : recordLedgerEntry(deps, siteId, conversion, fingerprint),
    );
  } catch (err) {
    if (!(err instanceof KeyTakenMeanwhile)) throw err;
    const raced = await replayOrThrow(deps.db, siteId, conversion.idempotency_key, fingerprint);
    if (raced) return raced;
    throw new AppError('order_exists', `A purchase for order ${JSON.stringify(conversion.order_id)} already exists`);
  }
}
