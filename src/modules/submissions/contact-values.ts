// Email addresses and phone numbers as a form takes them, pure.
//
// Email: the rule browsers apply to <input type="email"> (WHATWG HTML, "valid email address"), made
// a little stricter where it is lax, so that what the page accepted the server accepts too:
//   - the address is trimmed, at most 254 characters, and split at its last "@";
//   - the local part is 1–64 characters of the dot-atom set (letters, digits and !#$%&'*+/=?^_`{|}~-,
//     with dots between them: none first, last or doubled); quoted local parts are not taken;
//   - the domain holds letters, digits, dots and hyphens (or non-ASCII letters) and is read as a host
//     name (node's domainToASCII, so "bücher.de" is "xn--bcher-kva.de"):
//     at least two labels of 1–63 letters, digits and inner hyphens, at most 253 characters, ending
//     in a top-level label of letters (or an xn-- label). Address literals ([1.2.3.4]), bare IP
//     addresses and single-label hosts (user@localhost) are refused: no mailbox a shop can reach.
// Normalised for deduplication: the local part lower-cased, the domain in its ASCII form (CONTRACT §9:
// compared trimmed and lower-cased).
//
// Phone: a plausible number as people type it: digits, spaces, hyphens and parentheses, with an
// optional "+" first; 6 to 20 digits and at most 32 characters. Normalised: the "+" (if any) and the
// digits. Whether the number exists is not ours to know.
import { domainToASCII } from 'node:url';
import { MAX_EMAIL_LENGTH } from './submission.js';

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const MAX_LOCAL_PART = 64;
const MAX_DOMAIN = 253;
/** What a domain may hold before it is read as a host name (which would cut it at / ? # \ and decode %). */
const DOMAIN_CHARS = /^(?:[A-Za-z0-9.-]|[^\x00-\x7f])+$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

const PHONE = /^\+?[0-9 ()-]+$/;
const MIN_PHONE_DIGITS = 6;
const MAX_PHONE_DIGITS = 20;
const MAX_PHONE_LENGTH = 32;

/** The address split into its local part and its domain in ASCII form; undefined when it is not a valid address. */
function parseEmail(value: string): { local: string; domain: string } | undefined {
  const address = value.trim();
  if (address.length > MAX_EMAIL_LENGTH) return undefined;
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const local = address.slice(0, at);
  if (local.length > MAX_LOCAL_PART || !LOCAL_PART.test(local)) return undefined;
  const sent = address.slice(at + 1);
  if (!DOMAIN_CHARS.test(sent)) return undefined;
  const domain = domainToASCII(sent);
  if (domain === '' || domain.length > MAX_DOMAIN) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TOP_LEVEL.test(labels[labels.length - 1]!)) return undefined;
  return { local, domain };
}

export const isValidEmail = (value: string): boolean => parseEmail(value) !== undefined;

/** The address as deduplication compares it (trimmed, lower-cased, the domain in ASCII); undefined when invalid. */
export function normalizeEmail(value: string): string | undefined {
  const parsed = parseEmail(value);
  return parsed && `${parsed.local.toLowerCase()}@${parsed.domain}`;
}

/** Whether a text is a plausible phone number (see the top of this file). */
export function isPlausiblePhone(value: string): boolean {
  const phone = value.trim();
  if (phone.length > MAX_PHONE_LENGTH || !PHONE.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/** The number as its keyed hash is taken of: a leading "+" kept, then the digits alone. */
export const normalizePhone = (value: string): string => {
  const phone = value.trim();
  return `${phone.startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
};
