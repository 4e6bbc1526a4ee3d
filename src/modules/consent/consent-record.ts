// The consent module's domain values: a visitor's decision as the browser sends it, a stored record
// as members read it, and the rules every way in applies alike.
import type { Sealed } from '../../crypto/click-id-keyring.js';
import { randomBase62 } from '../../ids.js';

/** Where a decision came from: the policy's default, the site's banner, the browser's Global Privacy Control, or the merchant's own code. */
export const CONSENT_SOURCES = ['default', 'banner', 'gpc', 'api'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A policy version: 1–64 characters, none of them a control character (C0, DEL or C1). */
export const POLICY_VERSION_MAX_LENGTH = 64;
export const POLICY_VERSION_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F]{1,64}$';

export const CONSENT_ID_PATTERN = '^cns_[A-Za-z0-9]{4,64}$';
export const newConsentId = (): string => `cns_${randomBase62(20)}`;

export interface ConsentChoices {
  analytics: boolean;
  marketing: boolean;
}

/** What the browser sent, after the schema. */
export interface ConsentInput {
  sessionId: string;
  deviceId?: string;
  choices: ConsentChoices;
  source: ConsentSource;
  policyVersion?: string;
}

/** The visitor's identifiers a record holds, sealed together. */
export interface ConsentIdentifiers {
  sessionId: string;
  deviceId: string | null;
}

/** A record ready to be stored: the identifiers sealed, the device as a keyed hash. */
export interface NewConsentRecord {
  consentId: string;
  siteId: string;
  sealedIdentifiers: Sealed;
  deviceHash: string | null;
  choices: ConsentChoices;
  source: ConsentSource;
  policyVersion: string | null;
  origin: string;
  recordedAt: Date;
}

/** A stored record, its identifiers still sealed (null once erased). */
export interface SealedConsentRecord extends Omit<NewConsentRecord, 'sealedIdentifiers'> {
  sealedIdentifiers: Sealed | null;
}

/** A stored record as members read it: the identifiers opened (null once erased). */
export interface ConsentRecord extends Omit<SealedConsentRecord, 'sealedIdentifiers'> {
  identifiers: ConsentIdentifiers | null;
}
