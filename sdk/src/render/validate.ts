// Client-side checks of a campaign form, pure: required fields, email format and length, phone
// shape. The server checks again (CONTRACT §9); these only spare the visitor a round trip.
import type { FormField } from '../campaign-types.js';

export type Values = Record<string, string | boolean>;

// As the server takes them (CONTRACT §9): a dot-atom local part, a host of two labels or more ending
// in letters; a phone of 6–20 digits with spaces, hyphens, parentheses and a leading +, ≤ 32 characters.
export const EMAIL = /^[\w!#$%&'*+/=?^`{|}~-]+(\.[\w!#$%&'*+/=?^`{|}~-]+)*@([^\s@.]+\.)+(\p{L}{2,63}|xn--[a-z0-9-]+)$/iu;
const PHONE = /^\+?[\d ()-]{6,32}$/;

/** The message for each field that fails (by name); empty when the form may be sent. */
export function validateForm(fields: readonly FormField[], values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.type === 'consent') {
      if (f.required && v !== true) errors[f.name] = 'Please tick this box to continue.';
      continue;
    }
    const s = typeof v === 'string' ? v.trim() : '';
    if (!s) {
      if (f.required) errors[f.name] = `Please fill in ${f.label}.`;
    } else if (f.type === 'email' && (s.length > 254 || !EMAIL.test(s))) {
      errors[f.name] = 'Please enter a valid email address, like name@example.com.';
    } else if (f.type === 'phone' && (!PHONE.test(s) || !/^\D*(\d\D*){6,20}$/.test(s))) {
      errors[f.name] = 'Please enter a valid phone number.';
    } else if (f.type === 'choice' && f.options && !f.options.includes(s)) {
      errors[f.name] = `Please choose ${f.label}.`;
    } else if (s.length > 1000) {
      errors[f.name] = 'Please keep this under 1,000 characters.';
    }
  }
  return errors;
}

/** The `fields` of a submission: trimmed text, booleans for consent boxes, empty optional fields left out. */
export function submittedFields(fields: readonly FormField[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (typeof v === 'boolean') out[f.name] = v;
    else if (typeof v === 'string' && v.trim()) out[f.name] = v.trim();
  }
  return out;
}
