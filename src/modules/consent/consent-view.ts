// A consent record as the API shows it (schemas.ts: ConsentRecord), pure: the contract's snake_case, ISO times.
import { toIso } from '../../time.js';
import type { ConsentRecord } from './consent-record.js';

export const toConsentView = (r: ConsentRecord) => ({
  consent_id: r.consentId,
  session_id: r.identifiers?.sessionId ?? null,
  device_id: r.identifiers?.deviceId ?? null,
  choices: { analytics: r.choices.analytics, marketing: r.choices.marketing },
  source: r.source,
  policy_version: r.policyVersion,
  origin: r.origin,
  recorded_at: toIso(r.recordedAt),
});
