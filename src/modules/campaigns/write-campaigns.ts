// Creating and changing a campaign (CONTRACT §9), by a member of its site. Each write runs in one
// transaction with the site row locked (so two activations cannot together pass the size limit, nor
// two creations LIMIT_CAMPAIGNS_PER_SITE),
// makes every check of campaign-store.ts, bumps the version only when something changed, and
// forgets the site's public configuration on this process.
import { isDeepStrictEqual } from 'node:util';
import { assertWithinLimit } from '../../domain/limits.js';
import { AppError, notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { canMove, newCampaignId, type Campaign, type CampaignSettings } from './campaign.js';
import { checkPatch } from './campaign-input.js';
import type { PatchCampaignInput } from './campaign-schema.js';
import { checkWrite, type CampaignStore } from './campaign-store.js';
import { countCampaigns, findCampaign, insertCampaign, updateCampaign } from './campaigns-repository.js';

const createdBy = (actor: Actor) => (actor.kind === 'user' ? actor.userId : null);

/** A new campaign; at most `limit` a site in any status (archived ones stay, and count), counted under the site's lock. */
export async function createCampaign(store: CampaignStore, limit: number, actor: Actor, siteId: string, settings: CampaignSettings, baseUrl: string): Promise<Campaign> {
  const created = await store.db.transaction(async (tx) => {
    const { site } = await getSiteWithRoleOrThrow(tx, siteId, actor, 'member', { forUpdate: true });
    assertWithinLimit('campaignsPerSite', limit, await countCampaigns(tx, siteId));
    await checkWrite(tx, store, { site, next: settings, baseUrl });
    return insertCampaign(tx, siteId, newCampaignId(), settings, createdBy(actor));
  });
  store.configs.forget(siteId);
  return created;
}

const settingsOf = ({ name, kind, status, content, targeting, trigger, frequency, experimentId, priority, startsAt, endsAt }: Campaign): CampaignSettings => ({
  ...{ name, kind, status, content, targeting, trigger, frequency },
  ...{ experimentId, priority, startsAt, endsAt },
});

export async function changeCampaign(store: CampaignStore, actor: Actor, siteId: string, campaignId: string, patch: PatchCampaignInput, baseUrl: string): Promise<Campaign> {
  const { campaign, changed } = await store.db.transaction(async (tx) => {
    const { site } = await getSiteWithRoleOrThrow(tx, siteId, actor, 'member', { forUpdate: true, resource: 'Campaign' });
    const previous = await findCampaign(tx, siteId, campaignId, { forUpdate: true });
    if (!previous) throw notFound('Campaign');
    const checked = checkPatch(previous, patch);
    if (!checked.ok) throw new AppError('validation_failed', 'The change is not valid', checked.details);
    const next = checked.value;
    if (previous.status === 'archived') throw new AppError('invalid_state', 'The campaign is archived; an archived campaign never changes');
    if (!canMove(previous.status, next.status)) throw new AppError('invalid_state', `A campaign cannot move from ${previous.status} to ${next.status}`);
    if (isDeepStrictEqual(settingsOf(previous), next)) return { campaign: previous, changed: false };
    await checkWrite(tx, store, { site, next, previous, baseUrl });
    return { campaign: await updateCampaign(tx, siteId, campaignId, next), changed: true };
  });
  if (changed) store.configs.forget(siteId);
  return campaign;
}
