// Rows of platform_state: facts about the whole installation, one row a key.
import type { Queryable } from './types.js';

/** Stores `value` under `key` unless a row exists; answers the stored value and whether it was this call's. */
export async function recordPlatformStateOnce(
  q: Queryable,
  key: string,
  value: Record<string, unknown>,
): Promise<{ value: Record<string, unknown>; inserted: boolean }> {
  const { rowCount } = await q.query(`INSERT INTO platform_state (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`, [
    key,
    JSON.stringify(value),
  ]);
  if (rowCount === 1) return { value, inserted: true };
  const { rows } = await q.query<{ value: Record<string, unknown> }>(`SELECT value FROM platform_state WHERE key = $1`, [key]);
  return { value: rows[0]?.value ?? {}, inserted: false };
}
