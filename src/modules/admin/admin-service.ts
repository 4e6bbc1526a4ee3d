// Platform-wide reads for operators: every site (the kernel's), with its member and active-key counts.
import type { Database } from '../../db/types.js';
import type { PageRequest } from '../../db/paging.js';
import { toSiteView, type SitesService } from '../../kernel/index.js';
import { toIsoOrNull } from '../../time.js';
import { countsOfSites } from './admin-repository.js';

export function createAdminService(db: Database, sites: SitesService) {
  return {
    /** Every site with its member and active-key counts, newest first. */
    async listSites(page: PageRequest) {
      const { items, nextCursor } = await sites.listAllSites(page);
      const counts = await countsOfSites(db, items.map((s) => s.siteId));
      return {
        items: items.map((site) => ({
          ...toSiteView(site),
          members: counts.get(site.siteId)?.members ?? 0,
          active_keys: counts.get(site.siteId)?.activeKeys ?? 0,
          archived_at: toIsoOrNull(site.archivedAt),
        })),
        nextCursor,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
