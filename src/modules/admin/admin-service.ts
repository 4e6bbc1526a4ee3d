// Platform-wide reads for operators.
import type { Database } from '../../db/types.js';
import { toSiteView } from '../sites/sites-service.js';
import { listAllSites } from '../sites/sites-repository.js';

export function createAdminService(db: Database) {
  return {
    async listSites(limit: number, after?: string) {
      const rows = await listAllSites(db, limit, after);
      return {
        sites: rows.map((r) => ({ ...toSiteView(r), members: r.members, active_keys: r.active_keys })),
        next_after: rows.length === limit ? rows[rows.length - 1]!.site_id : null,
      };
    },
  };
}
