// All SQL of integrations. Rows become Integration values; the sealed token is read only by a run
// (integrationToken), and never leaves this module's run.
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { Queryable } from '../../db/types.js';
import type { Integration, IntegrationKind, IntegrationSettings, IntegrationStatus, SealedToken } from './integration.js';

interface IntegrationRow {
  site_id: string;
  integration_id: string;
  kind: IntegrationKind;
  account_id: string;
  website_id: string | null;
  token_last4: string;
  currency: string | null;
  every_minutes: number;
  lookback_days: number;
  status: IntegrationStatus;
  next_run_at: Date | null;
  watermark_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'site_id, integration_id, kind, account_id, website_id, token_last4, currency, every_minutes, lookback_days, status, next_run_at, watermark_at, version, created_at, updated_at';

const integrationOf = (r: IntegrationRow): Integration => ({
  siteId: r.site_id,
  integrationId: r.integration_id,
  kind: r.kind,
  accountId: r.account_id,
  websiteId: r.website_id,
  tokenLast4: r.token_last4,
  currency: r.currency,
  everyMinutes: r.every_minutes,
  lookbackDays: r.lookback_days,
  status: r.status,
  nextRunAt: r.next_run_at,
  watermarkAt: r.watermark_at,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A token to store: sealed, with its last 4 characters. */
export interface StoredToken {
  sealed: SealedToken;
  last4: string;
}

export async function insertIntegration(q: Queryable, siteId: string, integrationId: string, s: IntegrationSettings, token: StoredToken, nextRunAt: Date | null): Promise<Integration> {
  const { rows } = await q.query<IntegrationRow>(
    `INSERT INTO integrations (site_id, integration_id, kind, account_id, website_id, token_ciphertext, token_key_id, token_last4, currency, every_minutes, lookback_days, status, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [siteId, integrationId, s.kind, s.accountId, s.websiteId, token.sealed.ciphertext, token.sealed.keyId, token.last4, s.currency, s.everyMinutes, s.lookbackDays, s.status, nextRunAt],
  );
  return integrationOf(rows[0]!);
}

/** Serialises the site's integration creations until the transaction ends (an advisory lock: the site row stays free). */
export async function lockSiteIntegrations(q: Queryable, siteId: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtextextended('integrations:' || $1, 0))", [siteId]);
}

/** How many integrations the site holds, paused ones included. */
export async function countIntegrations(q: Queryable, siteId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM integrations WHERE site_id = $1', [siteId]);
  return rows[0]!.n;
}

/** Writes the settings (and a new token when given) and the next tick; another account forgets the watermark. */
export async function updateIntegration(q: Queryable, siteId: string, integrationId: string, s: IntegrationSettings, token: StoredToken | null, nextRunAt: Date | null, resetWatermark: boolean): Promise<Integration | null> {
  const { rows } = await q.query<IntegrationRow>(
    `UPDATE integrations SET kind = $3, account_id = $4, website_id = $5, currency = $6, every_minutes = $7, lookback_days = $8, status = $9, next_run_at = $10,
            token_ciphertext = coalesce($11, token_ciphertext), token_key_id = coalesce($12, token_key_id), token_last4 = coalesce($13, token_last4),
            watermark_at = CASE WHEN $14 THEN NULL ELSE watermark_at END,
            version = version + 1, updated_at = now()
      WHERE site_id = $1 AND integration_id = $2 RETURNING ${COLUMNS}`,
    [siteId, integrationId, s.kind, s.accountId, s.websiteId, s.currency, s.everyMinutes, s.lookbackDays, s.status, nextRunAt, token?.sealed.ciphertext ?? null, token?.sealed.keyId ?? null, token?.last4 ?? null, resetWatermark],
  );
  return rows[0] ? integrationOf(rows[0]) : null;
}

export async function deleteIntegration(q: Queryable, siteId: string, integrationId: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM integrations WHERE site_id = $1 AND integration_id = $2', [siteId, integrationId]);
  return rowCount === 1;
}

/** One integration; `lock` holds its row for the caller's transaction (schedule and run decisions are made under it). */
export async function findIntegration(q: Queryable, siteId: string, integrationId: string, lock = false): Promise<Integration | null> {
  const { rows } = await q.query<IntegrationRow>(`SELECT ${COLUMNS} FROM integrations WHERE site_id = $1 AND integration_id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, integrationId]);
  return rows[0] ? integrationOf(rows[0]) : null;
}

/** The sealed token, for a run. */
export async function integrationToken(q: Queryable, siteId: string, integrationId: string): Promise<SealedToken | null> {
  const { rows } = await q.query<{ token_ciphertext: string; token_key_id: string }>('SELECT token_ciphertext, token_key_id FROM integrations WHERE site_id = $1 AND integration_id = $2', [siteId, integrationId]);
  return rows[0] ? { ciphertext: rows[0].token_ciphertext, keyId: rows[0].token_key_id } : null;
}

const integrationPage = newestFirst({ createdAt: 'created_at', id: 'integration_id' }, 2, 3);

export async function listIntegrations(q: Queryable, siteId: string, limit: number, after: PageAfter | undefined): Promise<(Integration & { cursor_at: string })[]> {
  const { rows } = await q.query<IntegrationRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${integrationPage.cursorAt} AS cursor_at FROM integrations WHERE site_id = $1 AND ${integrationPage.after} ${integrationPage.orderBy} LIMIT $4`,
    [siteId, ...afterParams(after), limit],
  );
  return rows.map((r) => ({ ...integrationOf(r), cursor_at: r.cursor_at }));
}

/** The schedule's next tick. */
export async function setNextRun(q: Queryable, siteId: string, integrationId: string, nextRunAt: Date | null): Promise<void> {
  await q.query('UPDATE integrations SET next_run_at = $3 WHERE site_id = $1 AND integration_id = $2', [siteId, integrationId, nextRunAt]);
}

/** A run succeeded over a window ending at `to`: the watermark moves there (never back). */
export async function advanceWatermark(q: Queryable, siteId: string, integrationId: string, to: Date): Promise<void> {
  await q.query('UPDATE integrations SET watermark_at = greatest(coalesce(watermark_at, $3), $3) WHERE site_id = $1 AND integration_id = $2', [siteId, integrationId, to]);
}
