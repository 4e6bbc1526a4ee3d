// Reading campaigns: a member's list (newest first, of one status or kind) and one campaign; the
// forms of live campaigns for submissions (the kernel's campaign forms); whether a campaign uses a
// media item (the kernel's media references).
import type { CursorCodec, PageRequest, PageResult } from '../../db/paging.js';
import { openPage } from '../../db/paging.js';
import type { Database } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor, type CampaignForm, type CampaignForms, type RecommendationSlots } from '../../kernel/index.js';
import type { Campaign, Kind, OverlayContent, RecommendationContent, Status } from './campaign.js';
import { campaignsOf, findCampaign, listCampaigns } from './campaigns-repository.js';
import type { RuntimeConfigs } from './runtime-config.js';

export async function listSiteCampaigns(
  db: Database,
  cursors: CursorCodec,
  actor: Actor,
  siteId: string,
  filter: { status?: Status; kind?: Kind },
  page: PageRequest,
): Promise<PageResult<Campaign>> {
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  const p = openPage(cursors, `campaigns:${siteId}:${filter.status ?? ''}:${filter.kind ?? ''}`, page);
  return p.result(await listCampaigns(db, siteId, filter, p.fetch, p.after), (c) => c.campaignId, ({ cursor_at: _, ...c }) => c);
}

/** One campaign of the site; another site's is not found, as an unknown one (CONTRACT §7). */
export async function getCampaign(db: Database, actor: Actor, siteId: string, campaignId: string): Promise<Campaign> {
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member', { resource: 'Campaign' });
  const found = await findCampaign(db, siteId, campaignId);
  if (!found) throw notFound('Campaign');
  return found;
}

const formOf = (c: Campaign): CampaignForm | null => {
  const form = c.kind === 'overlay' ? (c.content as OverlayContent).form : undefined;
  return form ? { campaignId: c.campaignId, formId: form.form_id, fields: form.fields, consentText: form.consent_text ?? null } : null;
};

/** The slots of live recommendation campaigns, for recommendations. */
export function recommendationSlots(configs: Pick<RuntimeConfigs, 'live'>): RecommendationSlots {
  return {
    async slot(siteId, campaignId, now) {
      const c = await configs.live(siteId, campaignId, now);
      if (!c || c.kind !== 'recommendation') return null;
      const content = c.content as RecommendationContent;
      return { campaignId, strategy: content.strategy, limit: content.limit, filters: { categories: content.filters.categories ?? [], inStockOnly: content.filters.in_stock_only } };
    },
  };
}

/** The forms of live campaigns (active, in their dates, their experiment running), for submissions. */
export function campaignForms(db: Database, configs: Pick<RuntimeConfigs, 'live'>): CampaignForms {
  return {
    async activeForm(siteId, campaignId, now) {
      const c = await configs.live(siteId, campaignId, now);
      return c && formOf(c);
    },
    async formsOf(siteId, campaignIds) {
      return (await campaignsOf(db, siteId, campaignIds)).map(formOf).filter((f): f is CampaignForm => f !== null);
    },
  };
}
