// What the campaigns' use cases read and write with, and the checks every write makes before it is
// stored (CONTRACT §9): the experiment of the site (422 unknown_experiment) and running when the
// campaign goes live with it (422 experiment_not_running), the media items of the site (422
// unknown_media, locked against deletion until the write commits), and the public configuration
// within 64 KiB with every active campaign shown (422 config_too_large).
import type { Database, Queryable } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { effectiveSiteConfig, type ExperimentGate, type MediaLibrary, type Site } from '../../kernel/index.js';
import { mediaOf, type Campaign, type CampaignSettings } from './campaign.js';
import { activeCampaigns } from './campaigns-repository.js';
import { fitsConfig, largestConfig } from './public-config.js';
import type { RuntimeConfigs } from './runtime-config.js';

export interface CampaignStore {
  db: Database;
  gate: ExperimentGate;
  media: MediaLibrary;
  configs: RuntimeConfigs;
  /** PUBLIC_BASE_URL, when set (media URLs are otherwise on the request's own origin). */
  publicBaseUrl: string | undefined;
}

/** The campaign after the write, and what it was before (none for a new one). */
export interface Write {
  site: Site;
  next: CampaignSettings;
  previous?: Campaign;
  /** Where media URLs point in the size check (the request's origin, or PUBLIC_BASE_URL). */
  baseUrl: string;
}

async function checkExperiment(q: Queryable, store: CampaignStore, { site, next, previous }: Write): Promise<void> {
  if (next.experimentId === null) return;
  const state = await store.gate.stateOf(q, site.siteId, next.experimentId);
  if (state === null) {
    throw new AppError('unknown_experiment', undefined, [{ path: '/experiment_id', code: 'unknown_experiment', message: `the site has no experiment ${next.experimentId}` }]);
  }
  const goesLive = next.status === 'active' && (previous?.status !== 'active' || previous.experimentId !== next.experimentId);
  if (goesLive && state !== 'running') {
    throw new AppError('experiment_not_running', `The experiment ${next.experimentId} is ${state}; start it before activating a campaign it gates`, [
      { path: '/experiment_id', code: 'experiment_not_running', message: `the experiment is ${state}` },
    ]);
  }
}

async function checkMedia(q: Queryable, store: CampaignStore, { site, next }: Write): Promise<void> {
  const named = mediaOf(next.content);
  if (named.length === 0) return;
  const found = await store.media.lockExisting(q, site.siteId, named);
  const field = (id: string) => ('image_media_id' in next.content && next.content.image_media_id === id ? 'image_media_id' : 'avatar_media_id');
  const missing = named.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('unknown_media', undefined, missing.map((id) => ({ path: `/content/${field(id)}`, code: 'unknown_media', message: `the site has no media item ${id}` })));
  }
}

async function checkSize(q: Queryable, { site, next, previous, baseUrl }: Write, store: CampaignStore): Promise<void> {
  if (next.status !== 'active') return;
  const others = (await activeCampaigns(q, site.siteId)).filter((c) => c.campaignId !== previous?.campaignId);
  const self: Campaign = { ...next, campaignId: previous?.campaignId ?? 'cmp_new', siteId: site.siteId, version: (previous?.version ?? 0) + 1, createdAt: new Date(), updatedAt: new Date() };
  const config = effectiveSiteConfig(site.config);
  const publicSite = { site_id: site.siteId, publisher_mode: site.publisherMode, publisher_hosts: config.publisher_hosts, consent: config.consent };
  if (!fitsConfig(largestConfig(publicSite, [...others, self], (id) => store.media.publicUrl(baseUrl, id)))) {
    throw new AppError('config_too_large', 'With this campaign active the public configuration would exceed 64 KiB; shorten its content or pause another campaign');
  }
}

/** Every check of a write, in the order of their codes' precedence; inside the write's transaction (the site row locked). */
export async function checkWrite(q: Queryable, store: CampaignStore, write: Write): Promise<void> {
  await checkExperiment(q, store, write);
  await checkMedia(q, store, write);
  await checkSize(q, write, store);
}
