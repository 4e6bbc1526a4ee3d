// SQL of the platform-wide reads: every site with its member and active-key counts.
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import { SITE_COLUMNS, siteFromRow, type Site, type SiteRow } from '../../kernel/index.js';

export interface SiteSummary {
  site: Site;
  members: number;
  activeKeys: number;
  cursor_at: string;
}

/** Every site with its member and active-key counts, newest first (created_at, then site_id). */
export async function listAllSites(q: Queryable, limit: number, after?: PageAfter): Promise<SiteSummary[]> {
  const page = newestFirst({ createdAt: 's.created_at', id: 's.site_id' }, 2, 3);
  const { rows } = await q.query<SiteRow & { members: number; active_keys: number; cursor_at: string }>(
    `SELECT ${SITE_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ')},
            (SELECT count(*)::int FROM site_members m WHERE m.site_id = s.site_id) AS members,
            (SELECT count(*)::int FROM api_keys k
              WHERE k.site_id = s.site_id AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())) AS active_keys,
            ${page.cursorAt} AS cursor_at
       FROM sites s
      WHERE ${page.after}
      ${page.orderBy}
      LIMIT $1`,
    [limit, ...afterParams(after)],
  );
  return rows.map((r) => ({ site: siteFromRow(r), members: r.members, activeKeys: r.active_keys, cursor_at: r.cursor_at }));
}
