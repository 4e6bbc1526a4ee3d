// Rules of touches beyond their schema (CONTRACT §4), pure: the provider's click-id format, the
// time, the site's per-request limit, and the fingerprint that decides "same content".
import { hash } from 'node:crypto';
import type { Static } from 'typebox';
import type { ErrorDetail } from '../../errors.js';
import { MAX_FUTURE_MS, parseIsoTimestamp } from '../../domain/timestamps.js';
import type { Provider } from '../../kernel/index.js';
import type { Touch } from './touch-schemas.js';

const CLICK_ID_FORMATS: Readonly<Record<Provider, RegExp>> = {
  awin: /^\d+_\d+_[A-Za-z0-9]+$/,
  cj: /^[A-Za-z0-9_-]{1,128}$/,
};

export type TouchInput = Static<typeof Touch>;

export interface CheckedTouch extends TouchInput {
  occurredAt: number;
}

/** The touches with their times, or the problems with them (never quoting a click id). */
export function checkTouches(
  touches: readonly TouchInput[],
  options: { now: number; maxPerRequest: number },
): { ok: true; touches: CheckedTouch[] } | { ok: false; details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  if (touches.length > options.maxPerRequest) {
    details.push({ path: '/touches', code: 'too_many', message: `this site accepts at most ${options.maxPerRequest} touches per request` });
  }
  const checked = touches.map((t, i) => {
    if (!CLICK_ID_FORMATS[t.provider].test(t.provider_click_id)) {
      details.push({
        path: `/touches/${i}/provider_click_id`,
        code: 'format',
        message: t.provider === 'awin' ? 'an awin click id (awc) looks like 1234_1699999999_abcDEF' : 'a cj click id (cjevent) is 1-128 letters, digits, _ or -',
      });
    }
    const occurredAt = parseIsoTimestamp(t.occurred_at);
    if (occurredAt === null) details.push({ path: `/touches/${i}/occurred_at`, code: 'format', message: 'occurred_at must be an ISO 8601 timestamp with offset' });
    else if (occurredAt > options.now + MAX_FUTURE_MS) details.push({ path: `/touches/${i}/occurred_at`, code: 'future', message: 'occurred_at may be at most 5 minutes in the future' });
    return { ...t, occurredAt: occurredAt ?? 0 };
  });
  return details.length > 0 ? { ok: false, details } : { ok: true, touches: checked };
}

/** The touch's content fingerprint, from its fields with the click id's keyed hash in place of the raw value. */
export function touchFingerprint(t: CheckedTouch, clickIdHash: string): string {
  const canonical = JSON.stringify([
    t.schema_version,
    t.touch_id,
    t.provider,
    t.direction,
    clickIdHash,
    new Date(t.occurredAt).toISOString(),
    t.provenance,
    t.partner_id ?? null,
    t.landing_path ?? null,
    t.session_id ?? null,
  ]);
  return hash('sha256', canonical, 'hex');
}
