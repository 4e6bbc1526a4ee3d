// Who may do what to a site: members read, owners change. The command line acts as the system.
import type { Queryable } from '../db/types.js';
import { AppError, notFound } from '../errors.js';
import type { Actor, Role, Site } from './site.js';
import { findMember, findSite } from './sites-repository.js';

/**
 * The site and the actor's role on it, or the refusal: 404 for an unknown site, 403 for a non-member or a
 * member without the role. With `resource` the site is reached through one of its resources addressed by
 * its own id (an experiment): to a non-member that resource does not exist, so the answer is the same 404
 * as for an unknown id (CONTRACT §7: no 403 that confirms it exists); a member without the role still gets 403.
 */
export async function getSiteWithRoleOrThrow(
  q: Queryable,
  siteId: string,
  actor: Actor,
  need: Role,
  options: { forUpdate?: boolean; resource?: string } = {},
): Promise<{ site: Site; role: Role | 'system' }> {
  const site = await findSite(q, siteId, options);
  if (!site) throw notFound(options.resource ?? 'Site');
  if (actor.kind === 'system') return { site, role: 'system' };
  const member = await findMember(q, siteId, actor.userId);
  if (!member) throw options.resource ? notFound(options.resource) : new AppError('forbidden', 'You are not a member of this site');
  if (need === 'owner' && member.role !== 'owner') throw new AppError('forbidden', 'Only owners of the site may do this');
  return { site, role: member.role };
}
