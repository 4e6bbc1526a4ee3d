// A submission's fields against the form its campaign shows, pure (CONTRACT §9). The schema already
// bounded the request (at most 30 keys, values text ≤ 1,000 characters, true/false or null); here
// each value meets its field:
//   - a key the form does not name is 400 at /fields/<name> (the honeypot excepted);
//   - a required field must be present and not empty (text after trimming; null counts as absent);
//     an optional one left empty is simply not stored;
//   - text, email, phone and choice fields take text (true/false is 400 at its path), stored trimmed:
//     an email must be a valid address of at most 254 characters, a phone plausible
//     (contact-values.ts), a choice one of the field's options (compared after trimming);
//   - a consent field takes true or false; a required one must be true (an unticked box).
// The honeypot `website` is the field no person fills: any value but nothing (absent, null, false or
// blank text) marks the submission as spam. A form that names a field `website` itself has no
// honeypot: its field is an ordinary one.
import { escapePointer, type ErrorDetail } from '../../errors.js';
import type { CampaignForm, FormField } from '../../kernel/index.js';
import { isPlausiblePhone, isValidEmail, normalizeEmail, normalizePhone } from './contact-values.js';
import { HONEYPOT_FIELD, MAX_EMAIL_LENGTH, type FieldValue, type FieldValues } from './submission.js';

export type SentValue = string | boolean | null | undefined;

export interface CheckedFields {
  values: FieldValues;
  email: string | null;
  phone: string | null;
  details: ErrorDetail[];
}

const at = (name: string) => `/fields/${escapePointer(name)}`;
const detail = (name: string, code: string, message: string): ErrorDetail => ({ path: at(name), code, message });

const isBlank = (v: SentValue): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Whether the form has a honeypot (it names no field `website` of its own). */
const hasHoneypot = (form: CampaignForm): boolean => !form.fields.some((f) => f.name === HONEYPOT_FIELD);

/** Whether the honeypot holds anything: the submission is spam. */
export function honeypotFilled(form: CampaignForm, fields: Readonly<Record<string, SentValue>>): boolean {
  if (!hasHoneypot(form) || !Object.hasOwn(fields, HONEYPOT_FIELD)) return false;
  const v = fields[HONEYPOT_FIELD];
  return !(isBlank(v) || v === false);
}

/** What is wrong with a text value for a field of this type (undefined: nothing). */
function textProblem(field: FormField, text: string): ErrorDetail | undefined {
  switch (field.type) {
    case 'email':
      if (text.length > MAX_EMAIL_LENGTH) return detail(field.name, 'too_long', `must be at most ${MAX_EMAIL_LENGTH} characters`);
      return isValidEmail(text) ? undefined : detail(field.name, 'invalid_email', 'must be an email address (name@example.com)');
    case 'phone':
      return isPlausiblePhone(text) ? undefined : detail(field.name, 'invalid_phone', 'must be a phone number: 6–20 digits, with spaces, hyphens, parentheses and a leading + allowed');
    case 'choice':
      return (field.options ?? []).includes(text) ? undefined : detail(field.name, 'not_an_option', 'must be one of the field’s options');
    default:
      return undefined;
  }
}

/** One field's stored value, or its problem; undefined when it is optional and left empty. */
function checkField(field: FormField, sent: SentValue): { value?: FieldValue; problem?: ErrorDetail } {
  const empty = field.type === 'consent' ? sent === undefined || sent === null : isBlank(sent);
  if (empty) return field.required ? { problem: detail(field.name, 'required', 'is required') } : {};
  if (field.type === 'consent') {
    if (typeof sent !== 'boolean') return { problem: detail(field.name, 'type', 'must be true or false') };
    if (field.required && !sent) return { problem: detail(field.name, 'not_accepted', 'must be accepted (true)') };
    return { value: sent };
  }
  if (typeof sent !== 'string') return { problem: detail(field.name, 'type', 'must be a string') };
  const text = sent.trim();
  const problem = textProblem(field, text);
  return problem ? { problem } : { value: text };
}

/** The fields checked against the form: the values to store (in the form's order), the contact values, and every problem. */
export function checkFields(form: CampaignForm, fields: Readonly<Record<string, SentValue>>): CheckedFields {
  const details: ErrorDetail[] = [];
  const named = new Set(form.fields.map((f) => f.name));
  const honeypot = hasHoneypot(form);
  for (const name of Object.keys(fields)) {
    if (!named.has(name) && !(honeypot && name === HONEYPOT_FIELD)) details.push(detail(name, 'unknown_field', 'is not a field of this form'));
  }
  // Entries, then fromEntries: a field named like an Object.prototype member stays an own property.
  const entries: [string, FieldValue][] = [];
  let email: string | null = null;
  let phone: string | null = null;
  for (const field of form.fields) {
    const { value, problem } = checkField(field, Object.hasOwn(fields, field.name) ? fields[field.name] : undefined);
    if (problem) details.push(problem);
    if (value === undefined) continue;
    entries.push([field.name, value]);
    if (typeof value !== 'string') continue;
    if (field.type === 'email' && email === null) email = normalizeEmail(value) ?? null;
    if (field.type === 'phone' && phone === null) phone = normalizePhone(value);
  }
  return { values: Object.fromEntries(entries), email, phone, details };
}
