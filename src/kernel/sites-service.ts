// Sites and members: creation (the creator becomes owner), reads for members, changes by owners;
// the limits of membership (members of a site, sites of a user).
import type { Database, Queryable } from '../db/types.js';
import { assertWithinLimit, type Limits } from '../domain/limits.js';
import { AppError, validationFailed } from '../errors.js';
import { newSiteId } from '../ids.js';
import { createCursorCodec, openPage, type PageRequest, type PageResult } from '../db/paging.js';
import type { Secrets } from '../secrets.js';
import { toIso } from '../time.js';
import { effectiveSiteConfig, normalizeOrigins, patchSiteConfig, type SiteConfig, type SiteConfigPatch } from './site-config.js';
import { getSiteWithRoleOrThrow } from './site-access.js';
import type { SiteDirectory } from './site-directory.js';
import type { Actor, Member, Role, Site } from './site.js';
import * as repo from './sites-repository.js';

export interface SiteView {
  site_id: string;
  name: string;
  origins: string[];
  publisher_mode: boolean;
  config: SiteConfig;
  role?: Role;
  created_at: string;
  updated_at: string;
}

export interface MemberView {
  site_id: string;
  user: string;
  role: Role;
  created_at: string;
}

/** A site as the API shows it: the configuration that applies, and the caller's role when it has one. */
export const toSiteView = (site: Site, role?: Role): SiteView => ({
  site_id: site.siteId,
  name: site.name,
  origins: site.origins,
  publisher_mode: site.publisherMode,
  config: effectiveSiteConfig(site.config),
  ...(role ? { role } : {}),
  created_at: toIso(site.createdAt),
  updated_at: toIso(site.updatedAt),
});

const toMemberView = (member: Member): MemberView => ({
  site_id: member.siteId,
  user: member.userId,
  role: member.role,
  created_at: toIso(member.createdAt),
});

export interface CreateSiteInput {
  name: string;
  origins: string[];
  publisherMode?: boolean;
  owner: string;
  config?: SiteConfigPatch;
}

export interface UpdateSiteInput {
  name?: string;
  origins?: string[];
  publisherMode?: boolean;
  config?: SiteConfigPatch;
}

/** Refuses making `user` a member of one more site past LIMIT_SITES_PER_USER; the user stays locked until the transaction ends. */
async function assertRoomForUser(tx: Queryable, limits: SiteLimits, user: string): Promise<void> {
  await repo.lockUserSites(tx, user);
  assertWithinLimit('sitesPerUser', limits.sitesPerUser, await repo.countSitesOfUser(tx, user));
}

/** A new site; its creator becomes its owner (one more site of theirs). */
async function createSite(db: Database, limits: SiteLimits, input: CreateSiteInput): Promise<SiteView & { owner: string }> {
  const origins = normalizeOrigins(input.origins);
  const config = patchSiteConfig({}, input.config ?? {});
  return db.transaction(async (tx) => {
    await assertRoomForUser(tx, limits, input.owner);
    const site = await repo.insertSite(tx, { siteId: newSiteId(), name: input.name, origins, publisherMode: input.publisherMode ?? false, config });
    await repo.upsertMember(tx, site.siteId, input.owner, 'owner');
    return { ...toSiteView(site, 'owner'), owner: input.owner };
  });
}

/** An owner's change of name, origins, publisher mode or configuration; the directory sees it at once. */
async function updateSite(db: Database, directory: SiteDirectory, actor: Actor, siteId: string, input: UpdateSiteInput): Promise<SiteView & { owner: string | undefined }> {
  const origins = input.origins === undefined ? undefined : normalizeOrigins(input.origins);
  const view = await db.transaction(async (tx) => {
    const { site, role } = await getSiteWithRoleOrThrow(tx, siteId, actor, 'owner', { forUpdate: true });
    const config = input.config === undefined ? undefined : patchSiteConfig(site.config, input.config);
    const updated = await repo.updateSite(tx, siteId, { name: input.name, origins, publisherMode: input.publisherMode, config });
    const owner = await repo.firstOwner(tx, siteId);
    return { ...toSiteView(updated!, role === 'system' ? undefined : role), owner };
  });
  // After the commit: invalidated earlier, a concurrent read could cache the old row again.
  directory.invalidate(siteId);
  return view;
}

/** Archives a site (owners): from then on it is gone for every reader; its rows stay. */
async function archiveSite(db: Database, directory: SiteDirectory, actor: Actor, siteId: string): Promise<{ site_id: string; archived_at: string }> {
  const archivedAt = await db.transaction(async (tx) => {
    await getSiteWithRoleOrThrow(tx, siteId, actor, 'owner', { forUpdate: true });
    return (await repo.archiveSite(tx, siteId))!;
  });
  directory.invalidate(siteId);
  return { site_id: siteId, archived_at: toIso(archivedAt) };
}

/**
 * Adds a member or changes a member's role (owners). A site never loses its last owner. A new member
 * counts toward the site's LIMIT_MEMBERS_PER_SITE and the user's LIMIT_SITES_PER_USER (the site row
 * and then the user locked, so both counts are exact); a role change counts toward neither.
 */
async function addMember(db: Database, limits: SiteLimits, actor: Actor, siteId: string, user: string, role: Role): Promise<MemberView & { created: boolean }> {
  if (user.trim() === '') throw validationFailed('/user', 'user must not be empty');
  return db.transaction(async (tx) => {
    await getSiteWithRoleOrThrow(tx, siteId, actor, 'owner', { forUpdate: true });
    const existing = await repo.findMember(tx, siteId, user);
    if (existing?.role === 'owner' && role !== 'owner' && (await repo.countOwners(tx, siteId)) === 1) {
      throw new AppError('last_owner', 'The site must keep at least one owner; make someone else owner first');
    }
    if (!existing) {
      assertWithinLimit('membersPerSite', limits.membersPerSite, await repo.countMembers(tx, siteId));
      await assertRoomForUser(tx, limits, user);
    }
    const row = await repo.upsertMember(tx, siteId, user, role);
    return { ...toMemberView(row), created: row.created };
  });
}

/** The limits of membership: members of a site, sites of a user. */
export type SiteLimits = Pick<Limits, 'membersPerSite' | 'sitesPerUser'>;

export function createSitesService(db: Database, directory: SiteDirectory, secrets: Secrets, limits: SiteLimits) {
  const cursors = createCursorCodec(secrets);
  return {
    createSite: (input: CreateSiteInput) => createSite(db, limits, input),
    updateSite: (actor: Actor, siteId: string, input: UpdateSiteInput) => updateSite(db, directory, actor, siteId, input),
    addMember: (actor: Actor, siteId: string, user: string, role: Role) => addMember(db, limits, actor, siteId, user, role),
    archiveSite: (actor: Actor, siteId: string) => archiveSite(db, directory, actor, siteId),

    /** The sites the user is a member of, newest first. */
    async listSites(userId: string, page: PageRequest): Promise<PageResult<SiteView>> {
      const p = openPage(cursors, `sites:user:${userId}`, page);
      return p.result(await repo.listSitesOfUser(db, userId, p.fetch, p.after), (r) => r.siteId, (r) => toSiteView(r, r.role));
    },

    async getSite(actor: Actor, siteId: string): Promise<SiteView> {
      const { site, role } = await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
      return toSiteView(site, role === 'system' ? undefined : role);
    },

    /** The site's members, newest first (owners). */
    async listMembers(actor: Actor, siteId: string, page: PageRequest): Promise<PageResult<MemberView>> {
      await getSiteWithRoleOrThrow(db, siteId, actor, 'owner');
      const p = openPage(cursors, `members:${siteId}`, page);
      return p.result(await repo.listMembers(db, siteId, p.fetch, p.after), (r) => r.userId, toMemberView);
    },

    /** Every site, archived ones included, newest first (operators: the platform routes). */
    async listAllSites(page: PageRequest): Promise<PageResult<Site & { archivedAt: Date | null }>> {
      const p = openPage(cursors, 'admin:sites', page);
      return p.result(await repo.listAllSites(db, p.fetch, p.after), (r) => r.siteId, ({ cursor_at: _cursor, ...site }) => site);
    },

    /** A site read from the database now (not through the directory's cache), or undefined. */
    async findSite(siteId: string): Promise<Site | undefined> {
      return repo.findSite(db, siteId);
    },

    async countSites(): Promise<number> {
      return repo.countSites(db);
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
