// Reading campaigns: a member's list (newest first, of one status or kind) and one campaign; the
// forms of live campaigns for submissions (the kernel's campaign forms); whether a campaign uses a
// media item (the kernel's media references).
import type { CursorCodec, PageRequest, PageResult } from '../../db/paging.js';
import { openPage } from '../../db/paging.js';
import type { Database } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor, type CampaignForm, type CampaignForms, type ExperimentGate, type RecommendationSlots } from '../../kernel/index.js';
import { CAMPAIGN_ID_PATTERN, liveAt, type Campaign, type Kind, type OverlayContent, type RecommendationContent, type Status } from './campaign.js';
import { campaignsOf, findCampaign, listCampaigns } from './campaigns-repository.js';

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

const CAMPAIGN_ID = new RegExp(CAMPAIGN_ID_PATTERN);

const formOf = (c: Campaign): CampaignForm | null => {
  const form = c.kind === 'overlay' ? (c.content as OverlayContent).form : undefined;
  return form ? { campaignId: c.campaignId, formId: form.form_id, fields: form.fields, consentText: form.consent_text ?? null } : null;
};

/** The campaign if it is live at `now`: active, in its dates, its gating experiment (if any) running. */
async function liveCampaign(db: Database, gate: ExperimentGate, siteId: string, campaignId: string, now: Date): Promise<Campaign | null> {
  if (!CAMPAIGN_ID.test(campaignId)) return null;
  const c = await findCampaign(db, siteId, campaignId);
  if (!c || !liveAt(c, now)) return null;
  if (c.experimentId !== null && !(await gate.running(siteId)).has(c.experimentId)) return null;
  return c;
}

/** The slots of live recommendation campaigns, for recommendations. */
export function recommendationSlots(db: Database, gate: ExperimentGate): RecommendationSlots {
  return {
    async slot(siteId, campaignId, now) {
      const c = await liveCampaign(db, gate, siteId, campaignId, now);
      if (!c || c.kind !== 'recommendation') return null;
      const content = c.content as RecommendationContent;
      return { campaignId, strategy: content.strategy, limit: content.limit, filters: { categories: content.filters.categories ?? [], inStockOnly: content.filters.in_stock_only } };
    },
  };
}

/** The forms of live campaigns (active, in their dates, their experiment running), for submissions. */
export function campaignForms(db: Database, gate: ExperimentGate): CampaignForms {
  return {
    async activeForm(siteId, campaignId, now) {
      const c = await liveCampaign(db, gate, siteId, campaignId, now);
      return c && formOf(c);
    },
    async formsOf(siteId, campaignIds) {
      return (await campaignsOf(db, siteId, campaignIds)).map(formOf).filter((f): f is CampaignForm => f !== null);
    },
  };
}
