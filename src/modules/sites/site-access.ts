// Who may do what to a site: members read, owners change. The command line acts as the system.
import type { Queryable } from '../../db/types.js';
import { AppError, notFound } from '../../errors.js';
import { findMember, findSite, type Role, type SiteRow } from './sites-repository.js';

export type Actor = { kind: 'user'; userId: string } | { kind: 'system' };

export const SYSTEM: Actor = Object.freeze({ kind: 'system' });

export async function getSiteWithRoleOrThrow(
  q: Queryable,
  siteId: string,
  actor: Actor,
  need: Role,
  options: { forUpdate?: boolean } = {},
): Promise<{ site: SiteRow; role: Role | 'system' }> {
  const site = await findSite(q, siteId, options);
  if (!site) throw notFound('Site');
  if (actor.kind === 'system') return { site, role: 'system' };
  const member = await findMember(q, siteId, actor.userId);
  if (!member) throw new AppError('forbidden', 'You are not a member of this site');
  if (need === 'owner' && member.role !== 'owner') throw new AppError('forbidden', 'Only owners of the site may do this');
  return { site, role: member.role };
}
