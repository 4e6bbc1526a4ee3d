// Site access as part of the credential check (CONTRACT §0), before the schema: each route says where
// its site is in the request and which role a merchant needs; keys and runtime tokens must be of that site.
import type { FastifyRequest } from 'fastify';
import { SITE_ID_PATTERN } from '../ids.js';
import { AppError, notFound } from '../errors.js';
import type { Queryable } from '../db/types.js';
import { getSiteWithRoleOrThrow, type Role } from '../kernel/index.js';

/**
 * Where a route finds the site it acts on, read from the request as sent (before the schema), and the
 * pointer to name when a key or runtime token belongs to another site.
 */
export type SiteLocator = (request: FastifyRequest) => { id: unknown; at?: string } | undefined | Promise<{ id: unknown; at?: string } | undefined>;

export interface SiteAccessSpec {
  /** The role a merchant needs on the site (default member); keys and runtime tokens need to be of the site. */
  role?: Role;
  /**
   * Set when the route addresses a resource of a site by the resource's own id (its name, e.g. 'Experiment'):
   * the locator then answers `{ id: null }` for an id that does not exist, and that, another site's resource
   * and a non-member all get the same 404 (CONTRACT §7), still before the schema.
   */
  resource?: string;
  site: SiteLocator;
}

const field = (v: unknown, name: string): unknown => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[name] : undefined);

export const siteInParams: SiteLocator = (r) => ({ id: field(r.params, 'siteId') });
export const siteInQuery: SiteLocator = (r) => ({ id: field(r.query, 'website_id'), at: '/website_id' });
export const siteInBody: SiteLocator = (r) => ({ id: field(r.body, 'website_id'), at: '/website_id' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The site the route acts on: access to it is a credential check (403), made before the schema (CONTRACT §0). */
    siteAccess?: SiteAccessSpec;
  }
}

const SITE_ID = new RegExp(SITE_ID_PATTERN);

/**
 * Site access is part of the credential check, so it comes before the schema (CONTRACT §0: 401/403, then 400):
 * a merchant without the role, or a key or runtime token of another site, is refused even when the body is also
 * invalid. A site id that is not well-formed is left to the schema, an unknown site to the handler (404). On a
 * route to a resource of a site (`resource`), not being of its site is a 404 like an unknown id, never a 403
 * that would confirm the id exists; a member without the role still gets 403. The services check access again: they are called from the command line as well, and hold the site row locked.
 */
export function siteAccessCheck(db: Queryable): (request: FastifyRequest) => Promise<void> | void {
  const check = async (request: FastifyRequest): Promise<void> => {
    const access = request.routeOptions.config.siteAccess;
    const principal = request.principal;
    if (!access || !principal || principal.kind === 'platform') return;
    const located = await access.site(request);
    if (access.resource && located && located.id === null) throw notFound(access.resource);
    const siteId = located?.id;
    if (typeof siteId !== 'string' || !SITE_ID.test(siteId)) return;
    if (principal.kind === 'merchant') {
      try {
        await getSiteWithRoleOrThrow(db, siteId, { kind: 'user', userId: principal.userId }, access.role ?? 'member', { resource: access.resource });
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found') || access.resource) throw err;
      }
    } else if (principal.siteId !== siteId) {
      if (access.resource) throw notFound(access.resource);
      const credential = principal.kind === 'apiKey' ? 'API key' : 'runtime token';
      throw new AppError(
        'forbidden',
        `website_id is not the site of this ${credential}`,
        located?.at ? [{ path: located.at, code: 'forbidden', message: `the ${credential} belongs to another site` }] : undefined,
      );
    }
  };
  // Routes without a site to check (and the platform) skip it without a promise.
  return (request) => (request.routeOptions.config.siteAccess && request.principal && request.principal.kind !== 'platform' ? check(request) : undefined);
}
