// Recording touches from the browser (runtime tokens only, so every touch is browser-class
// evidence): all or nothing, idempotent per touch_id, raw click ids sealed before they are stored.
// The same touch twice in one request is one touch; the same id with other content, in the
// request or in storage, is a conflict that stores nothing.
import type { Database } from '../../db/types.js';
import { AppError, unauthorized, type ErrorDetail } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { effectiveSiteConfig, requireMarketingConsent, type ConsentSignals, type SiteDirectory } from '../../kernel/index.js';
import { touchSealContext } from './sealed-touches.js';
import type { NewTouch } from './touch-record.js';
import { checkTouches, touchFingerprint, type CheckedTouch, type TouchInput } from './touch-rules.js';
import * as repo from './touches-repository.js';

export type TouchStatus = 'created' | 'unchanged';

export interface TouchesOutcome {
  /** Whether any touch was new (else all were unchanged replays). */
  created: boolean;
  results: { touch_id: string; status: TouchStatus }[];
}

export interface TouchDeps {
  db: Database;
  keyring: ClickIdKeyring;
  sites: SiteDirectory;
}

export async function recordTouches(deps: TouchDeps, siteId: string, touches: readonly TouchInput[], consent: ConsentSignals, now = Date.now()): Promise<TouchesOutcome> {
  const site = await deps.sites.get(siteId);
  if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
  const config = effectiveSiteConfig(site.config);
  // Touches are marketing (CONTRACT §13): without that consent, nothing of them is looked at or stored.
  requireMarketingConsent(config.consent, consent, 'Affiliate touches');
  const checked = checkTouches(touches, { now, maxPerRequest: config.max_touches_per_request });
  if (!checked.ok) throw new AppError('validation_failed', 'The touches are not valid', checked.details);
  const sealed = checked.touches.map((t) => sealTouch(deps.keyring, siteId, t));
  const distinct = distinctOrThrow(sealed);
  const inserted = await deps.db.transaction(async (tx) => {
    const fresh = await repo.insertTouches(tx, distinct);
    const others = distinct.filter((r) => !fresh.has(r.touchId));
    if (others.length > 0) {
      const stored = await repo.findContentHashes(tx, siteId, others.map((r) => r.touchId));
      const conflicts = sealed.flatMap((r, i) => {
        const existing = stored.get(r.touchId);
        return existing !== undefined && existing !== r.contentHash ? [conflictDetail(i, r.touchId)] : [];
      });
      // All or nothing: a conflict rolls back every touch of the request.
      if (conflicts.length > 0) throw touchConflict(conflicts);
    }
    return fresh;
  });
  const claimed = new Set<string>();
  const results = sealed.map((r) => {
    const created = inserted.has(r.touchId) && !claimed.has(r.touchId);
    if (created) claimed.add(r.touchId);
    return { touch_id: r.touchId, status: created ? ('created' as const) : ('unchanged' as const) };
  });
  return { created: inserted.size > 0, results };
}

/** The touch as stored: its click id sealed to its site and touch id, and fingerprinted by its keyed hash. */
function sealTouch(keyring: ClickIdKeyring, siteId: string, t: CheckedTouch): NewTouch {
  const clickIdHash = keyring.fingerprint(`${t.provider}:${t.provider_click_id}`);
  const sealed = keyring.seal(t.provider_click_id, touchSealContext(siteId, t.touch_id));
  return {
    siteId,
    touchId: t.touch_id,
    schemaVersion: t.schema_version,
    provider: t.provider,
    direction: t.direction,
    partnerId: t.partner_id ?? null,
    landingPath: t.landing_path ?? null,
    sessionId: t.session_id ?? null,
    provenance: t.provenance,
    occurredAt: t.occurredAt,
    clickIdHash,
    clickIdCiphertext: sealed.ciphertext,
    clickIdKeyId: sealed.keyId,
    contentHash: touchFingerprint(t, clickIdHash),
  };
}

/** The first occurrence of each touch id; the same id with other content in one request is a conflict. */
function distinctOrThrow(touches: readonly NewTouch[]): NewTouch[] {
  const conflicts: ErrorDetail[] = [];
  const firstIndex = new Map<string, number>();
  touches.forEach((r, i) => {
    const j = firstIndex.get(r.touchId);
    if (j === undefined) firstIndex.set(r.touchId, i);
    else if (touches[j]!.contentHash !== r.contentHash) conflicts.push(conflictDetail(i, r.touchId));
  });
  if (conflicts.length > 0) throw touchConflict(conflicts);
  return [...firstIndex.values()].map((i) => touches[i]!);
}

const conflictDetail = (i: number, touchId: string): ErrorDetail => ({
  path: `/touches/${i}/touch_id`,
  code: 'touch_conflict',
  message: `touch_id ${JSON.stringify(touchId)} already exists with different content`,
});

const touchConflict = (details: ErrorDetail[]) =>
  new AppError('touch_conflict', `${details.length === 1 ? 'A touch id was' : 'Touch ids were'} reused with different content; nothing was stored`, details);
