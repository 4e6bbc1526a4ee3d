// SQL of the platform-wide reads: how many members and active keys each site has.
import type { Queryable } from '../../db/types.js';

export interface SiteCounts {
  members: number;
  activeKeys: number;
}

/** Members and active (unrevoked, unexpired) keys of each of these sites. */
export async function countsOfSites(q: Queryable, siteIds: readonly string[]): Promise<Map<string, SiteCounts>> {
  if (siteIds.length === 0) return new Map();
  const { rows } = await q.query<{ site_id: string; members: number; active_keys: number }>(
    `SELECT s.site_id,
            (SELECT count(*)::int FROM site_members m WHERE m.site_id = s.site_id) AS members,
            (SELECT count(*)::int FROM api_keys k
              WHERE k.site_id = s.site_id AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())) AS active_keys
       FROM unnest($1::text[]) AS s(site_id)`,
    [siteIds],
  );
  return new Map(rows.map((r) => [r.site_id, { members: r.members, activeKeys: r.active_keys }]));
}
