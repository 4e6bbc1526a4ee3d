// All SQL of secret API keys. Only the keyed hash of a secret is stored.
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';

export interface ApiKeyRow {
  site_id: string;
  key_id: string;
  name: string | null;
  key_hash: string;
  key_prefix: string;
  scopes: string[];
  rate_limit_per_hour: number;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_by: string | null;
  created_at: Date;
}

const COLUMNS =
  'site_id, key_id, name, key_hash, key_prefix, scopes, rate_limit_per_hour, expires_at, revoked_at, created_by, created_at';

export async function insertApiKey(
  q: Queryable,
  key: {
    siteId: string;
    keyId: string;
    name: string | null;
    keyHash: string;
    keyPrefix: string;
    scopes: string[];
    rateLimitPerHour: number;
    expiresAt: Date | null;
    createdBy: string | null;
  },
): Promise<ApiKeyRow> {
  const { rows } = await q.query<ApiKeyRow>(
    `INSERT INTO api_keys (site_id, key_id, name, key_hash, key_prefix, scopes, rate_limit_per_hour, expires_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9) RETURNING ${COLUMNS}`,
    [key.siteId, key.keyId, key.name, key.keyHash, key.keyPrefix, key.scopes, key.rateLimitPerHour, key.expiresAt, key.createdBy],
  );
  return rows[0]!;
}

/**
 * Serialises the site's key creations until the transaction ends (an advisory lock on the site's keys:
 * the site row itself stays free for the inserts of other tables that reference it).
 */
export async function lockSiteKeys(q: Queryable, siteId: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtextextended('api-keys:' || $1, 0))", [siteId]);
}

/** How many keys the site holds, revoked and expired ones included. */
export async function countApiKeys(q: Queryable, siteId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE site_id = $1', [siteId]);
  return rows[0]!.n;
}

export async function findApiKeyByHash(q: Queryable, keyHash: string): Promise<ApiKeyRow | undefined> {
  const { rows } = await q.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1`, [keyHash]);
  return rows[0];
}

export async function findApiKey(q: Queryable, keyId: string, siteId?: string): Promise<ApiKeyRow | undefined> {
  const { rows } = await q.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE key_id = $1 AND ($2::text IS NULL OR site_id = $2)`,
    [keyId, siteId ?? null],
  );
  return rows[0];
}

/** A site's keys, newest first (created_at, then key_id); `limit` rows after `after` (created_at at microseconds, key_id). */
export async function listApiKeys(
  q: Queryable,
  siteId: string,
  limit: number,
  after?: PageAfter,
): Promise<(ApiKeyRow & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'created_at', id: 'key_id' }, 3, 4);
  const { rows } = await q.query<ApiKeyRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM api_keys WHERE site_id = $1 AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after)],
  );
  return rows;
}

/** Revokes a key once; revoking again keeps the first revocation time. */
export async function revokeApiKey(q: Queryable, siteId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  const { rows } = await q.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now())
      WHERE site_id = $1 AND key_id = $2 RETURNING ${COLUMNS}`,
    [siteId, keyId],
  );
  return rows[0];
}
