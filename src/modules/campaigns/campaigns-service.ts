// Campaigns as one service: members' management, the public configuration (cached per site in this
// process), and what other modules reach through the kernel: the forms of live campaigns
// (submissions) and whether a campaign uses a media item (the media library).
import type { Limits } from '../../domain/limits.js';
import type { Database, Queryable } from '../../db/types.js';
import { createCursorCodec, type PageRequest } from '../../db/paging.js';
import type { Actor, ExperimentGate, MediaLibrary, SiteDirectory } from '../../kernel/index.js';
import type { Secrets } from '../../secrets.js';
import type { CampaignSettings, Kind, Status } from './campaign.js';
import type { PatchCampaignInput } from './campaign-schema.js';
import type { CampaignStore } from './campaign-store.js';
import { mediaInUse } from './campaigns-repository.js';
import { campaignForms, getCampaign, listSiteCampaigns, recommendationSlots } from './read-campaigns.js';
import { createRuntimeConfigs } from './runtime-config.js';
import { changeCampaign, createCampaign } from './write-campaigns.js';

export interface CampaignsDeps {
  db: Database;
  secrets: Secrets;
  sites: SiteDirectory;
  gate: ExperimentGate;
  media: MediaLibrary;
  publicBaseUrl: string | undefined;
  limits: Pick<Limits, 'campaignsPerSite'>;
}

export function createCampaignsService({ db, secrets, sites, gate, media, publicBaseUrl, limits }: CampaignsDeps) {
  const cursors = createCursorCodec(secrets);
  const configs = createRuntimeConfigs({ db, sites, gate, media });
  const store: CampaignStore = { db, gate, media, configs, publicBaseUrl };
  return {
    /** `baseUrl`: where media URLs point in the configuration's size check. */
    create: (actor: Actor, siteId: string, settings: CampaignSettings, baseUrl: string) => createCampaign(store, limits.campaignsPerSite, actor, siteId, settings, baseUrl),
    change: (actor: Actor, siteId: string, campaignId: string, patch: PatchCampaignInput, baseUrl: string) => changeCampaign(store, actor, siteId, campaignId, patch, baseUrl),
    list: (actor: Actor, siteId: string, filter: { status?: Status; kind?: Kind }, page: PageRequest) => listSiteCampaigns(db, cursors, actor, siteId, filter, page),
    get: (actor: Actor, siteId: string, campaignId: string) => getCampaign(db, actor, siteId, campaignId),
    /** The site's public configuration as served (JSON text and ETag), media on `baseUrl`. */
    publicConfig: (siteId: string, baseUrl: string) => configs.get(siteId, baseUrl),
    forms: campaignForms(db, configs),
    slots: recommendationSlots(configs),
    usesMedia: (q: Queryable, siteId: string, mediaId: string) => mediaInUse(q, siteId, mediaId),
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
