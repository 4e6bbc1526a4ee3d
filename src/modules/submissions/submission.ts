// The submissions module's domain values: what a browser sent to a campaign's form once it passed the
// form's rules, a stored submission as members read it, and the limits every way in applies alike.
import type { Sealed } from '../../crypto/click-id-keyring.js';
import { randomBase62 } from '../../ids.js';

/** The honeypot: a field no person fills (the SDK hides it); exempt from the unknown-field rule. */
export const HONEYPOT_FIELD = 'website';
/** At most this many keys in `fields` (the honeypot included). */
export const MAX_FIELDS = 30;
/** Any string value: at most this many characters. */
export const MAX_VALUE_LENGTH = 1000;
/** An email address: at most this many characters (RFC 5321's path limit less the brackets). */
export const MAX_EMAIL_LENGTH = 254;
/** The same email on the same campaign within this window is the first submission again. */
export const EMAIL_DEDUPE_WINDOW_MS = 24 * 3_600_000;
/** Per client address and campaign: at most this many submission requests a minute (replays and 400s included). */
export const SUBMIT_LIMIT_PER_MINUTE = 10;

export const SUBMISSION_ID_PATTERN = '^sub_[A-Za-z0-9]{4,64}$';
export const newSubmissionId = (): string => `sub_${randomBase62(20)}`;

/** A field's value as stored: the text (trimmed) of text, email, phone and choice fields; a consent field's answer. */
export type FieldValue = string | boolean;

/** The fields a person submitted, by name, in the form's order (empty optional fields left out). */
export type FieldValues = Record<string, FieldValue>;

/** What the browser sent, after the schema. */
export interface SubmissionInput {
  campaignId: string;
  formId: string;
  clientSubmissionId: string;
  sessionId: string;
  fields: Record<string, string | boolean | null>;
  consent?: { granted: boolean };
}

/** The consent recorded with a submission: the answer, the sha256 of the text the form showed, and when the server received it. */
export interface ConsentRecord {
  granted: boolean;
  textSha256: string;
  recordedAt: Date;
}

/** A submission that passed its form's rules, ready to be sealed and stored. */
export interface CheckedSubmission {
  values: FieldValues;
  /** The first email field's address, normalised for deduplication (trimmed, lower-cased); null without one. */
  email: string | null;
  /** The first phone field's number, normalised (a leading + and the digits); null without one. */
  phone: string | null;
  /** The consent answer, when the form shows a consent text and the person answered. */
  consentGranted: boolean | null;
}

/** A stored submission as members read it (spam and erased ones are never read). */
export interface Submission {
  submissionId: string;
  siteId: string;
  campaignId: string;
  formId: string;
  sessionId: string;
  fields: FieldValues;
  consent: ConsentRecord | null;
  createdAt: Date;
}

/** A submission as stored: its fields still sealed (null once erased, and on spam). */
export interface SealedSubmission extends Omit<Submission, 'fields'> {
  sealedFields: Sealed | null;
}

/** What a new submission's row holds. */
export interface NewSubmission {
  submissionId: string;
  siteId: string;
  campaignId: string;
  formId: string;
  clientSubmissionId: string;
  sessionId: string;
  sealedFields: Sealed | null;
  fieldNames: string[];
  emailHash: string | null;
  phoneHash: string | null;
  consent: ConsentRecord | null;
  spam: boolean;
  createdAt: Date;
}
