// All SQL of sites and their members; rows become the kernel's Site and Member values here.
import type { Queryable } from '../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../db/keyset.js';
import type { StoredSiteConfig } from './site-config.js';
import type { Member, Role, Site } from './site.js';

interface SiteRow {
  site_id: string;
  name: string;
  origins: string[];
  publisher_mode: boolean;
  config: StoredSiteConfig;
  created_at: Date;
  updated_at: Date;
}

interface MemberRow {
  site_id: string;
  user_id: string;
  role: Role;
  created_at: Date;
  updated_at: Date;
}

const SITE_COLUMNS = 'site_id, name, origins, publisher_mode, config, created_at, updated_at';

const siteFromRow = (r: SiteRow): Site => ({
  siteId: r.site_id,
  name: r.name,
  origins: r.origins,
  publisherMode: r.publisher_mode,
  config: r.config,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const memberFromRow = (r: MemberRow): Member => ({ siteId: r.site_id, userId: r.user_id, role: r.role, createdAt: r.created_at, updatedAt: r.updated_at });

export async function insertSite(
  q: Queryable,
  site: { siteId: string; name: string; origins: string[]; publisherMode: boolean; config: StoredSiteConfig },
): Promise<Site> {
  const { rows } = await q.query<SiteRow>(
    `INSERT INTO sites (site_id, name, origins, publisher_mode, config)
     VALUES ($1, $2, $3::text[], $4, $5::jsonb) RETURNING ${SITE_COLUMNS}`,
    [site.siteId, site.name, site.origins, site.publisherMode, JSON.stringify(site.config)],
  );
  return siteFromRow(rows[0]!);
}

/** A live site (an archived one is not found). */
export async function findSite(q: Queryable, siteId: string, options: { forUpdate?: boolean } = {}): Promise<Site | undefined> {
  const { rows } = await q.query<SiteRow>(
    `SELECT ${SITE_COLUMNS} FROM sites WHERE site_id = $1 AND archived_at IS NULL${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [siteId],
  );
  return rows[0] && siteFromRow(rows[0]);
}

/** A user's sites, newest first (created_at, then site_id); `limit` rows after `after`. */
export async function listSitesOfUser(
  q: Queryable,
  userId: string,
  limit: number,
  after?: PageAfter,
): Promise<(Site & { role: Role; cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 's.created_at', id: 's.site_id' }, 3, 4);
  const { rows } = await q.query<SiteRow & { role: Role; cursor_at: string }>(
    `SELECT s.site_id, s.name, s.origins, s.publisher_mode, s.config, s.created_at, s.updated_at, m.role, ${page.cursorAt} AS cursor_at
       FROM site_members m JOIN sites s ON s.site_id = m.site_id
      WHERE m.user_id = $1 AND s.archived_at IS NULL AND ${page.after}
      ${page.orderBy}
      LIMIT $2`,
    [userId, limit, ...afterParams(after)],
  );
  return rows.map((r) => ({ ...siteFromRow(r), role: r.role, cursor_at: r.cursor_at }));
}

/** Every site, archived ones included, newest first (created_at, then site_id); `limit` rows after `after`. */
export async function listAllSites(q: Queryable, limit: number, after?: PageAfter): Promise<(Site & { archivedAt: Date | null; cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'created_at', id: 'site_id' }, 2, 3);
  const { rows } = await q.query<SiteRow & { archived_at: Date | null; cursor_at: string }>(
    `SELECT ${SITE_COLUMNS}, archived_at, ${page.cursorAt} AS cursor_at FROM sites WHERE ${page.after} ${page.orderBy} LIMIT $1`,
    [limit, ...afterParams(after)],
  );
  return rows.map((r) => ({ ...siteFromRow(r), archivedAt: r.archived_at, cursor_at: r.cursor_at }));
}

/** Archives a live site; its archive time (undefined: no live site). */
export async function archiveSite(q: Queryable, siteId: string): Promise<Date | undefined> {
  const { rows } = await q.query<{ archived_at: Date }>(
    'UPDATE sites SET archived_at = now(), updated_at = now() WHERE site_id = $1 AND archived_at IS NULL RETURNING archived_at',
    [siteId],
  );
  return rows[0]?.archived_at;
}

export async function countSites(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM sites');
  return rows[0]!.n;
}

export async function updateSite(
  q: Queryable,
  siteId: string,
  patch: { name?: string; origins?: string[]; publisherMode?: boolean; config?: StoredSiteConfig },
): Promise<Site | undefined> {
  const { rows } = await q.query<SiteRow>(
    `UPDATE sites SET
        name = COALESCE($2, name),
        origins = COALESCE($3::text[], origins),
        publisher_mode = COALESCE($4, publisher_mode),
        config = COALESCE($5::jsonb, config),
        updated_at = now()
      WHERE site_id = $1
      RETURNING ${SITE_COLUMNS}`,
    [
      siteId,
      patch.name ?? null,
      patch.origins ?? null,
      patch.publisherMode ?? null,
      patch.config === undefined ? null : JSON.stringify(patch.config),
    ],
  );
  return rows[0] && siteFromRow(rows[0]);
}

export async function findMember(q: Queryable, siteId: string, userId: string): Promise<Member | undefined> {
  const { rows } = await q.query<MemberRow>(
    'SELECT site_id, user_id, role, created_at, updated_at FROM site_members WHERE site_id = $1 AND user_id = $2',
    [siteId, userId],
  );
  return rows[0] && memberFromRow(rows[0]);
}

/** A site's members, newest first (created_at, then user_id); `limit` rows after `after`. */
export async function listMembers(q: Queryable, siteId: string, limit: number, after?: PageAfter): Promise<(Member & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'created_at', id: 'user_id' }, 3, 4);
  const { rows } = await q.query<MemberRow & { cursor_at: string }>(
    `SELECT site_id, user_id, role, created_at, updated_at, ${page.cursorAt} AS cursor_at
       FROM site_members WHERE site_id = $1 AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after)],
  );
  return rows.map((r) => ({ ...memberFromRow(r), cursor_at: r.cursor_at }));
}

/** Inserts or changes a member's role; `created` tells which. */
export async function upsertMember(q: Queryable, siteId: string, userId: string, role: Role): Promise<Member & { created: boolean }> {
  const { rows } = await q.query<MemberRow & { created: boolean }>(
    `INSERT INTO site_members (site_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (site_id, user_id) DO UPDATE SET role = EXCLUDED.role, updated_at = now()
     RETURNING site_id, user_id, role, created_at, updated_at, (xmax = 0) AS created`,
    [siteId, userId, role],
  );
  return { ...memberFromRow(rows[0]!), created: rows[0]!.created };
}

/** How many members the site has, owners included. */
export async function countMembers(q: Queryable, siteId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM site_members WHERE site_id = $1', [siteId]);
  return rows[0]!.n;
}

/**
 * Serialises what makes the user a member of one more site (creating a site, being added to one)
 * until the transaction ends: an advisory lock on the user, who has no row of their own.
 */
export async function lockUserSites(q: Queryable, userId: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtextextended('sites-of-user:' || $1, 0))", [userId]);
}

/** How many live sites the user is a member of (archived sites are gone for every reader, and free room). */
export async function countSitesOfUser(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM site_members m JOIN sites s ON s.site_id = m.site_id WHERE m.user_id = $1 AND s.archived_at IS NULL',
    [userId],
  );
  return rows[0]!.n;
}

export async function countOwners(q: Queryable, siteId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM site_members WHERE site_id = $1 AND role = 'owner'`,
    [siteId],
  );
  return rows[0]!.n;
}

export async function firstOwner(q: Queryable, siteId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ user_id: string }>(
    `SELECT user_id FROM site_members WHERE site_id = $1 AND role = 'owner' ORDER BY created_at, user_id LIMIT 1`,
    [siteId],
  );
  return rows[0]?.user_id;
}
