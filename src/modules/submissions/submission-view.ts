// A submission as the API shows it (schemas.ts: Submission), pure: the contract's snake_case, ISO times.
import { toIso } from '../../time.js';
import type { Submission } from './submission.js';

export const toSubmissionView = (s: Submission) => ({
  submission_id: s.submissionId,
  campaign_id: s.campaignId,
  form_id: s.formId,
  session_id: s.sessionId,
  fields: s.fields,
  consent: s.consent && { granted: s.consent.granted, text_sha256: s.consent.textSha256, recorded_at: toIso(s.consent.recordedAt) },
  created_at: toIso(s.createdAt),
});
