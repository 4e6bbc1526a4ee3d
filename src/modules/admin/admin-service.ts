// Platform-wide reads for operators.
import type { Database } from '../../db/types.js';
import { createCursorCodec, openPage, type PageRequest } from '../../http/pagination.js';
import type { Secrets } from '../../secrets.js';
import { toSiteView } from '../../kernel/index.js';
import { listAllSites } from './admin-repository.js';

export function createAdminService(db: Database, secrets: Secrets) {
  const cursors = createCursorCodec(secrets);
  return {
    /** Every site with its member and active-key counts, newest first. */
    async listSites(page: PageRequest) {
      const p = openPage(cursors, 'admin:sites', page);
      return p.result(await listAllSites(db, p.fetch, p.after), (r) => r.site.siteId, (r) => ({
        ...toSiteView(r.site),
        members: r.members,
        active_keys: r.activeKeys,
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
