// Consent with a submission, pure (CONTRACT §9). A form asks for consent by showing a consent text;
// the browser answers with `consent: { granted }`, or through a consent field of the form (a
// checkbox), or both. Decisions:
//   - `consent` on a form without a consent text is 400 at /consent: nothing was asked;
//   - the answer is `consent.granted`, else the form's first consent field; with neither, no consent
//     is recorded (null);
//   - when both are sent they must agree (400 at /consent/granted);
//   - consent is required only through a required consent field: then `consent.granted: false` is
//     400 at /consent/granted (the field itself must be true, field-rules.ts).
// What is stored: the answer, the sha256 (lowercase hex) of the exact consent text the form showed,
// and the server's time.
import { createHash } from 'node:crypto';
import type { ErrorDetail } from '../../errors.js';
import type { CampaignForm } from '../../kernel/index.js';
import type { FieldValues } from './submission.js';

/** The sha256 of a consent text (UTF-8), lowercase hex. */
export const consentTextSha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface CheckedConsent {
  /** The answer; null when the form asks nothing or nothing was answered. */
  granted: boolean | null;
  details: ErrorDetail[];
}

export function checkConsent(form: CampaignForm, values: FieldValues, consent: { granted: boolean } | undefined): CheckedConsent {
  if (form.consentText === null) {
    return consent === undefined ? { granted: null, details: [] } : { granted: null, details: [{ path: '/consent', code: 'not_asked', message: 'this form asks for no consent' }] };
  }
  const fields = form.fields.filter((f) => f.type === 'consent');
  const answered = fields.find((f) => typeof values[f.name] === 'boolean');
  const fromField = answered ? (values[answered.name] as boolean) : undefined;
  if (consent === undefined) return { granted: fromField ?? null, details: [] };
  const details: ErrorDetail[] = [];
  if (fromField !== undefined && fromField !== consent.granted) {
    details.push({ path: '/consent/granted', code: 'mismatch', message: `must agree with the form’s consent field ${answered!.name}` });
  } else if (!consent.granted && fields.some((f) => f.required)) {
    details.push({ path: '/consent/granted', code: 'not_accepted', message: 'this form requires consent' });
  }
  return { granted: consent.granted, details };
}
