// Who acts on a site's catalog (CONTRACT §8): a member (merchant ID token), a commerce backend
// with a secret key of the site (catalog:write), or the system (the command line). The route
// already refused a key of another site before the schema; the check is made again here because
// the services are also called from the command line, and a key is only ever good for its site.
import type { Queryable } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, SYSTEM, type Actor, type Site } from '../../kernel/index.js';

export type CatalogCaller = Actor | { kind: 'apiKey'; siteId: string };

/** The site, if the caller may keep its catalog: 404 for an unknown site (or another site's key), 403 for a non-member. */
export async function catalogSiteOrThrow(q: Queryable, siteId: string, caller: CatalogCaller): Promise<Site> {
  if (caller.kind === 'apiKey') {
    if (caller.siteId !== siteId) throw notFound('Site');
    return (await getSiteWithRoleOrThrow(q, siteId, SYSTEM, 'member')).site;
  }
  return (await getSiteWithRoleOrThrow(q, siteId, caller, 'member')).site;
}
