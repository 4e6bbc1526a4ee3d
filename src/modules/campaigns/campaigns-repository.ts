// All SQL of campaigns; rows become Campaign values.
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import { mediaOf, type Campaign, type CampaignSettings, type Content, type Frequency, type Kind, type Status, type Targeting, type Trigger } from './campaign.js';

interface CampaignRow {
  site_id: string;
  campaign_id: string;
  name: string;
  kind: Kind;
  status: Status;
  content: Content;
  targeting: Targeting;
  trigger: Trigger;
  frequency: Frequency;
  experiment_id: string | null;
  priority: number;
  starts_at: Date | null;
  ends_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'site_id, campaign_id, name, kind, status, content, targeting, trigger, frequency, experiment_id, priority, starts_at, ends_at, version, created_at, updated_at';

const campaignFromRow = (r: CampaignRow): Campaign => ({
  siteId: r.site_id,
  campaignId: r.campaign_id,
  name: r.name,
  kind: r.kind,
  status: r.status,
  content: r.content,
  targeting: r.targeting,
  trigger: r.trigger,
  frequency: r.frequency,
  experimentId: r.experiment_id,
  priority: r.priority,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const settingsParams = (s: CampaignSettings) => [
  s.name,
  s.status,
  JSON.stringify(s.content),
  JSON.stringify(s.targeting),
  JSON.stringify(s.trigger),
  JSON.stringify(s.frequency),
  s.experimentId,
  s.priority,
  s.startsAt,
  s.endsAt,
  s.status === 'archived' ? [] : mediaOf(s.content),
];

export async function insertCampaign(q: Queryable, siteId: string, campaignId: string, s: CampaignSettings, createdBy: string | null): Promise<Campaign> {
  const { rows } = await q.query<CampaignRow>(
    `INSERT INTO campaigns (name, status, content, targeting, trigger, frequency, experiment_id, priority, starts_at, ends_at, media_ids,
                            site_id, campaign_id, kind, created_by)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11::text[], $12, $13, $14, $15)
     RETURNING ${COLUMNS}`,
    [...settingsParams(s), siteId, campaignId, s.kind, createdBy],
  );
  return campaignFromRow(rows[0]!);
}

/** Replaces the settings and adds one to the version. */
/** How many campaigns the site holds, in any status (archived ones included). */
export async function countCampaigns(q: Queryable, siteId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM campaigns WHERE site_id = $1', [siteId]);
  return rows[0]!.n;
}

export async function updateCampaign(q: Queryable, siteId: string, campaignId: string, s: CampaignSettings): Promise<Campaign> {
  const { rows } = await q.query<CampaignRow>(
    `UPDATE campaigns SET name = $1, status = $2, content = $3::jsonb, targeting = $4::jsonb, trigger = $5::jsonb, frequency = $6::jsonb,
            experiment_id = $7, priority = $8, starts_at = $9, ends_at = $10, media_ids = $11::text[], version = version + 1, updated_at = now()
      WHERE site_id = $12 AND campaign_id = $13
      RETURNING ${COLUMNS}`,
    [...settingsParams(s), siteId, campaignId],
  );
  return campaignFromRow(rows[0]!);
}

/** One campaign of a site (another site's is not found); `forUpdate` locks it for a change. */
export async function findCampaign(q: Queryable, siteId: string, campaignId: string, options: { forUpdate?: boolean } = {}): Promise<Campaign | undefined> {
  const { rows } = await q.query<CampaignRow>(`SELECT ${COLUMNS} FROM campaigns WHERE site_id = $1 AND campaign_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`, [siteId, campaignId]);
  return rows[0] && campaignFromRow(rows[0]);
}

/** A site's campaigns, newest first; `limit` rows after `after`, of one status and kind when given. */
export async function listCampaigns(
  q: Queryable,
  siteId: string,
  filter: { status?: Status; kind?: Kind },
  limit: number,
  after?: PageAfter,
): Promise<(Campaign & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'created_at', id: 'campaign_id' }, 3, 4);
  const { rows } = await q.query<CampaignRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM campaigns
      WHERE site_id = $1 AND ($5::text IS NULL OR status = $5) AND ($6::text IS NULL OR kind = $6) AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after), filter.status ?? null, filter.kind ?? null],
  );
  return rows.map((r) => ({ ...campaignFromRow(r), cursor_at: r.cursor_at }));
}

/** The site's active campaigns, highest priority first (then oldest first). */
export async function activeCampaigns(q: Queryable, siteId: string): Promise<Campaign[]> {
  const { rows } = await q.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM campaigns WHERE site_id = $1 AND status = 'active' ORDER BY priority DESC, created_at, campaign_id COLLATE "C"`,
    [siteId],
  );
  return rows.map(campaignFromRow);
}

/** The site's campaigns of these ids (all when none are given), any status, oldest first. */
export async function campaignsOf(q: Queryable, siteId: string, campaignIds: readonly string[] | undefined): Promise<Campaign[]> {
  const { rows } = await q.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM campaigns WHERE site_id = $1 AND ($2::text[] IS NULL OR campaign_id = ANY($2::text[])) ORDER BY created_at, campaign_id COLLATE "C"`,
    [siteId, campaignIds ? [...campaignIds] : null],
  );
  return rows.map(campaignFromRow);
}

/** Whether a campaign that is not archived names the media item. */
export async function mediaInUse(q: Queryable, siteId: string, mediaId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM campaigns WHERE site_id = $1 AND status <> \'archived\' AND media_ids @> ARRAY[$2::text] LIMIT 1', [siteId, mediaId]);
  return rows.length > 0;
}
