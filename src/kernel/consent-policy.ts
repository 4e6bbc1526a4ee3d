// Consent (CONTRACT §13), pure: a site's consent policy (its defaults, and an owner's patch of it)
// and the consent in force for one browser request, which the server enforces whatever the SDK did.
// The server fails closed: what a request does not prove granted, the policy decides.
import { AppError, validationFailed } from '../errors.js';

export const CONSENT_MODES = ['none', 'opt_in', 'opt_out', 'cookieless'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

export const CONSENT_SOURCES = ['default', 'banner', 'gpc', 'api'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const MAX_POLICY_VERSION_LENGTH = 64;

/** The policy that applies to a site's browsers. */
export interface ConsentPolicy {
  mode: ConsentMode;
  /** Under opt_out, the browser's Global Privacy Control is an objection to marketing. */
  honor_gpc: boolean;
  policy_version?: string;
}

/** What is stored: only what an owner set. */
export interface StoredConsentPolicy {
  mode?: ConsentMode;
  honor_gpc?: boolean;
  policy_version?: string;
}

/** An owner's change; a null policy_version removes it. */
export interface ConsentPolicyPatch {
  mode?: ConsentMode;
  honor_gpc?: boolean;
  policy_version?: string | null;
}

/** What a browser says it had in force (an event's context.consent, a touches request's or click's consent). */
export interface SentConsent {
  analytics: boolean;
  marketing: boolean;
  source: ConsentSource;
  policy_version?: string;
}

/** The consent in force for a request, per category. */
export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

export const DEFAULT_CONSENT_POLICY: Readonly<ConsentPolicy> = Object.freeze({ mode: 'none', honor_gpc: true });

const GRANTED: Consent = Object.freeze({ analytics: true, marketing: true });
const DENIED: Consent = Object.freeze({ analytics: false, marketing: false });

export function effectiveConsentPolicy(stored: StoredConsentPolicy | undefined): ConsentPolicy {
  return {
    mode: stored?.mode ?? DEFAULT_CONSENT_POLICY.mode,
    honor_gpc: stored?.honor_gpc ?? DEFAULT_CONSENT_POLICY.honor_gpc,
    ...(stored?.policy_version !== undefined ? { policy_version: stored.policy_version } : {}),
  };
}

/** C0 and C1 control characters and DEL: never part of a version label. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const isPolicyVersion = (v: string): boolean => v.length >= 1 && v.length <= MAX_POLICY_VERSION_LENGTH && !CONTROL.test(v);

/** The stored policy after an owner's patch; what is not valid is refused at its pointer (under `path`). */
export function patchConsentPolicy(stored: StoredConsentPolicy | undefined, patch: ConsentPolicyPatch, path = '/config/consent'): StoredConsentPolicy {
  const next: StoredConsentPolicy = { ...stored };
  if (patch.mode !== undefined) {
    if (!(CONSENT_MODES as readonly string[]).includes(patch.mode)) throw validationFailed(`${path}/mode`, `mode must be one of ${CONSENT_MODES.join(', ')}`, 'enum');
    next.mode = patch.mode;
  }
  if (patch.honor_gpc !== undefined) {
    if (typeof patch.honor_gpc !== 'boolean') throw validationFailed(`${path}/honor_gpc`, 'honor_gpc must be a boolean', 'type');
    next.honor_gpc = patch.honor_gpc;
  }
  if (patch.policy_version === null) delete next.policy_version;
  else if (patch.policy_version !== undefined) {
    if (!isPolicyVersion(patch.policy_version)) {
      throw validationFailed(`${path}/policy_version`, `policy_version must be 1–${MAX_POLICY_VERSION_LENGTH} characters without control characters`, 'format');
    }
    next.policy_version = patch.policy_version;
  }
  return next;
}

/** Whether a decision was the visitor's own (a banner, the merchant's CMP through the API), not a default or a signal. */
const isDecision = (source: ConsentSource): boolean => source === 'banner' || source === 'api';

/**
 * The consent in force for a browser (runtime-token) request under the site's policy, from what
 * the request sent (undefined: nothing) and whether it carried the Global Privacy Control signal
 * (`Sec-GPC: 1`):
 * - `none`: as sent; nothing sent is both granted (the behaviour before consent existed).
 * - `opt_out`: as sent, nothing sent is both granted; with honor_gpc, the GPC signal (the header or
 *   a `gpc` source) denies marketing unless the visitor decided otherwise (banner or api).
 * - `opt_in`: only a visitor's decision (banner or api) grants; nothing sent, a default or a GPC
 *   source is both denied.
 * - `cookieless`: both denied, whatever was sent.
 */
export function effectiveConsent(policy: Pick<ConsentPolicy, 'mode' | 'honor_gpc'>, sent: SentConsent | undefined, gpc = false): Consent {
  switch (policy.mode) {
    case 'none':
      return sent ? { analytics: sent.analytics, marketing: sent.marketing } : GRANTED;
    case 'opt_out': {
      const base = sent ? { analytics: sent.analytics, marketing: sent.marketing } : GRANTED;
      const objects = policy.honor_gpc && (gpc || sent?.source === 'gpc') && !(sent && isDecision(sent.source));
      return objects ? { analytics: base.analytics, marketing: false } : base;
    }
    case 'opt_in':
      return sent && isDecision(sent.source) ? { analytics: sent.analytics, marketing: sent.marketing } : DENIED;
    case 'cookieless':
      return DENIED;
  }
}

/** What a browser request tells of consent: what it sent (if anything) and whether it carried the GPC signal. */
export interface ConsentSignals {
  sent?: SentConsent;
  gpc: boolean;
}

/** Refuses (403 consent_required) what needs marketing consent when the request does not have it under the policy. */
export function requireMarketingConsent(policy: Pick<ConsentPolicy, 'mode' | 'honor_gpc'>, signals: ConsentSignals, what: string): void {
  if (!effectiveConsent(policy, signals.sent, signals.gpc).marketing) {
    throw new AppError('consent_required', `${what} need marketing consent, which this visitor has not given under the site’s consent policy; nothing was stored`);
  }
}

/** Whether a request header value is the Global Privacy Control signal (`Sec-GPC: 1`). */
export const isGpcSignal = (header: string | string[] | undefined): boolean => (Array.isArray(header) ? header[0] : header)?.trim() === '1';
