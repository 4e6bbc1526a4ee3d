// Who acts on a site's catalog (CONTRACT §8): a member (merchant ID token), a commerce backend
// with a secret key of the site (catalog:write), or the system (the command line). The route
// already refused a key of another site before the schema; the check is made again here because
// the services are also called from the command line, and a key is only ever good for its site.
// A key's site is looked up in the site directory (the hot path's 5 s cache: a key sync sends
// many requests), a member's membership in the database.
import type { Database, Queryable } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor, type Site, type SiteDirectory } from '../../kernel/index.js';

export type CatalogCaller = Actor | { kind: 'apiKey'; siteId: string };

/** What the catalog's use cases read and write with. */
export interface CatalogStore {
  db: Database;
  /** Sites as the hot path reads them (cached 5 s). */
  sites: SiteDirectory;
}

/** The site, if the caller may keep its catalog: 404 for an unknown site (or another site's key), 403 for a non-member. */
export async function catalogSiteOrThrow(q: Queryable, sites: SiteDirectory, siteId: string, caller: CatalogCaller): Promise<Site> {
  if (caller.kind === 'apiKey') {
    const site = caller.siteId === siteId ? await sites.get(siteId) : undefined;
    if (!site) throw notFound('Site');
    return site;
  }
  return (await getSiteWithRoleOrThrow(q, siteId, caller, 'member')).site;
}
