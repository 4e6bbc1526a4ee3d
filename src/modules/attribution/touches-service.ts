// Touches from the browser (runtime tokens only, so every touch is browser-class evidence):
// all-or-nothing, idempotent per touch_id, raw click ids sealed before they are stored.
import type { Database } from '../../db/types.js';
import { AppError, unauthorized, type ErrorDetail } from '../../errors.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { effectiveSiteConfig, type SiteDirectory } from '../../kernel/index.js';
import { checkTouches, touchFingerprint, type TouchInput } from './touch-rules.js';
import * as repo from './touches-repository.js';
import { touchSealContext } from './sealed-touches.js';

type TouchStatus = 'created' | 'unchanged';

export function createTouchesService(deps: { db: Database; keyring: ClickIdKeyring; sites: SiteDirectory }) {
  const { db, keyring } = deps;
  return {
    async recordTouches(siteId: string, touches: readonly TouchInput[], now = Date.now()): Promise<{ created: boolean; results: { touch_id: string; status: TouchStatus }[] }> {
      const site = await deps.sites.get(siteId);
      if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
      const checked = checkTouches(touches, { now, maxPerRequest: effectiveSiteConfig(site.config).max_touches_per_request });
      if (!checked.ok) throw new AppError('validation_failed', 'The touches are not valid', checked.details);

      const rows = checked.touches.map((t) => {
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
      });

      // The same touch twice in one request is one touch; the same id with other content is a conflict.
      const conflicts: ErrorDetail[] = [];
      const firstIndex = new Map<string, number>();
      rows.forEach((r, i) => {
        const j = firstIndex.get(r.touchId);
        if (j === undefined) firstIndex.set(r.touchId, i);
        else if (rows[j]!.contentHash !== r.contentHash) conflicts.push(conflictDetail(i, r.touchId));
      });
      if (conflicts.length > 0) throw touchConflict(conflicts);
      const distinct = [...firstIndex.values()].map((i) => rows[i]!);

      const inserted = await db.transaction(async (tx) => {
        const fresh = await repo.insertTouches(tx, distinct);
        const others = distinct.filter((r) => !fresh.has(r.touchId));
        if (others.length > 0) {
          const stored = await repo.findContentHashes(tx, siteId, others.map((r) => r.touchId));
          rows.forEach((r, i) => {
            const existing = stored.get(r.touchId);
            if (existing !== undefined && existing !== r.contentHash) conflicts.push(conflictDetail(i, r.touchId));
          });
          // All or nothing: a conflict rolls back every touch of the request.
          if (conflicts.length > 0) throw touchConflict(conflicts);
        }
        return fresh;
      });

      const claimed = new Set<string>();
      const results = rows.map((r) => {
        const created = inserted.has(r.touchId) && !claimed.has(r.touchId);
        if (created) claimed.add(r.touchId);
        return { touch_id: r.touchId, status: (created ? 'created' : 'unchanged') as TouchStatus };
      });
      return { created: inserted.size > 0, results };
    },
  };
}

const conflictDetail = (i: number, touchId: string): ErrorDetail => ({
  path: `/touches/${i}/touch_id`,
  code: 'touch_conflict',
  message: `touch_id ${JSON.stringify(touchId)} already exists with different content`,
});

const touchConflict = (details: ErrorDetail[]) =>
  new AppError('touch_conflict', `${details.length === 1 ? 'A touch id was' : 'Touch ids were'} reused with different content; nothing was stored`, details);

export type TouchesService = ReturnType<typeof createTouchesService>;
