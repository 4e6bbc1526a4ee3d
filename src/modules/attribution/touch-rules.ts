// Rules of touches beyond their schema (CONTRACT §4), pure: the provider's click-id format, the
// time, the site's per-request limit, and the fingerprint that decides "same content".
import { hash } from 'node:crypto';
import type { ErrorDetail } from '../../errors.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import type { Provider } from '../sites/site-config.js';

export const CLICK_ID_FORMATS: Readonly<Record<Provider, RegExp>> = {
  awin: /^\d+_\d+_[A-Za-z0-9]+$/,
  cj: /^[A-Za-z0-9_-]{1,128}$/,
};
const MAX_FUTURE_MS = 5 * 60_000;

export interface TouchInput {
  schema_version: 1;
  touch_id: string;
  provider: Provider;
  direction: 'inbound';
  provider_click_id: string;
  occurred_at: string;
  provenance: string;
  partner_id?: string;
  landing_path?: string;
  session_id?: string;
}

export interface CheckedTouch extends TouchInput {
  occurredAt: number;
}

/** Problems with the touches (never quoting a click id), or the touches with their times. */
export function checkTouches(touches: readonly TouchInput[], options: { now: number; maxPerRequest: number }): ErrorDetail[] | CheckedTouch[] {
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
  return details.length > 0 ? details : checked;
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
