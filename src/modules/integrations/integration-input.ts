// An integration as written, checked (CONTRACT §11), pure. The schema holds the shapes (kind awin |
// cj, credentials with api_token and account_id, every_minutes ≥ 15, lookback_days 1–90); these are
// the rules across fields: a CJ integration needs the publisher currency (its …PubCurrency amounts
// are in it), a currency must be one ISO 4217 knows, and a change of network needs that network's
// credentials. Every problem is a 400 at its pointer.
//
// Decisions:
// - PATCH replaces `credentials` whole (api_token and account_id, website_id absent = every website);
//   without `credentials` the stored ones stay, token included.
// - `currency: null` clears the currency (Awin only: Awin records carry their own).
import { currencyDigits } from '../../domain/money.js';
import { AppError, type ErrorDetail } from '../../errors.js';
import type { Integration, IntegrationKind, IntegrationSettings, IntegrationStatus } from './integration.js';

export interface WrittenCredentials {
  api_token: string;
  account_id: string;
  website_id?: string | null;
}

/** An integration as created, defaults applied. */
export interface WrittenIntegration {
  kind: IntegrationKind;
  credentials: WrittenCredentials;
  currency: string | null;
  every_minutes: number;
  lookback_days: number;
  status: IntegrationStatus;
}

/** A change, as sent. */
export interface IntegrationPatch {
  kind?: IntegrationKind;
  credentials?: WrittenCredentials;
  currency?: string | null;
  every_minutes?: number;
  lookback_days?: number;
  status?: IntegrationStatus;
}

/** Settings to store, and the token to seal (null: keep the stored one). */
export interface CheckedIntegration {
  settings: IntegrationSettings;
  token: string | null;
}

const blankToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The cross-field problems of settings about to be stored. */
export function settingsProblems(s: IntegrationSettings): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (s.currency !== null && currencyDigits(s.currency) === undefined) {
    details.push({ path: '/currency', code: 'unknown_currency', message: 'currency must be an ISO 4217 code of a currency, such as EUR' });
  }
  if (s.kind === 'cj' && s.currency === null) {
    details.push({ path: '/currency', code: 'required', message: 'a CJ integration needs the publisher currency (CJ’s …PubCurrency amounts are in it)' });
  }
  return details;
}

function checked(settings: IntegrationSettings, token: string | null, more: ErrorDetail[] = []): CheckedIntegration {
  const details = [...more, ...settingsProblems(settings)];
  if (details.length > 0) throw new AppError('validation_failed', undefined, details);
  return { settings, token };
}

/** A new integration's settings and token. */
export function checkNewIntegration(w: WrittenIntegration): CheckedIntegration {
  const settings: IntegrationSettings = {
    kind: w.kind,
    accountId: w.credentials.account_id.trim(),
    websiteId: blankToNull(w.credentials.website_id),
    currency: w.currency,
    everyMinutes: w.every_minutes,
    lookbackDays: w.lookback_days,
    status: w.status,
  };
  return checked(settings, w.credentials.api_token);
}

/** The settings after a change, and the token to seal when the change brings one. */
export function checkPatch(current: Integration, patch: IntegrationPatch): CheckedIntegration {
  const more: ErrorDetail[] = [];
  const kind = patch.kind ?? current.kind;
  if (kind !== current.kind && patch.credentials === undefined) {
    more.push({ path: '/credentials', code: 'required', message: `changing the kind to ${kind} needs that network’s credentials` });
  }
  const c = patch.credentials;
  const settings: IntegrationSettings = {
    kind,
    accountId: c ? c.account_id.trim() : current.accountId,
    websiteId: c ? blankToNull(c.website_id) : current.websiteId,
    currency: patch.currency === undefined ? current.currency : patch.currency,
    everyMinutes: patch.every_minutes ?? current.everyMinutes,
    lookbackDays: patch.lookback_days ?? current.lookbackDays,
    status: patch.status ?? current.status,
  };
  return checked(settings, c ? c.api_token : null, more);
}

/** The last 4 characters of a token, the only part ever shown. */
export const last4 = (token: string): string => token.slice(-4);
