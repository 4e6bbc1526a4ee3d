// A submission's body against its campaign's form, pure: the form id (checked first, alone: the
// fields of another form mean nothing), then the fields and the consent (field-rules.ts,
// consent-rules.ts), every problem at once with its JSON Pointer.
import type { ErrorDetail } from '../../errors.js';
import type { Checked } from '../../validation/schema-check.js';
import type { CampaignForm } from '../../kernel/index.js';
import { checkConsent } from './consent-rules.js';
import { checkFields } from './field-rules.js';
import type { CheckedSubmission, SubmissionInput } from './submission.js';

/** The problem of a body naming another form than the campaign's (400 at /form_id); undefined when it names it. */
export const formIdProblem = (form: CampaignForm, formId: string): ErrorDetail | undefined =>
  form.formId === formId ? undefined : { path: '/form_id', code: 'unknown_form', message: 'is not the form of this campaign' };

/** The fields and the consent of a submission to the form (its form id checked already). */
export function checkSubmission(form: CampaignForm, input: Pick<SubmissionInput, 'fields' | 'consent'>): Checked<CheckedSubmission> {
  const fields = checkFields(form, input.fields);
  const consent = checkConsent(form, fields.values, input.consent);
  const details = [...fields.details, ...consent.details];
  if (details.length > 0) return { ok: false, details };
  return { ok: true, value: { values: fields.values, email: fields.email, phone: fields.phone, consentGranted: consent.granted } };
}
