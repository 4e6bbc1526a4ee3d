// The public configuration (CONTRACT §9), pure: what a browser of the site may see. Only live
// campaigns (active, within their dates) whose gating experiment (if any) runs; of each only what the
// SDK needs to decide and render (never its name, status or anything internal); media as absolute
// public URLs; campaigns in priority order (highest first). At most 64 KiB as sent.
import type { ConsentPolicy, Provider } from '../../kernel/index.js';
import { liveAt, type Campaign, type ChatbotContent, type Content, type Frequency, type Kind, type OverlayContent, type Targeting, type Trigger } from './campaign.js';

/** The largest response body of GET /runtime/config; its envelope (meta) takes at most ENVELOPE_BYTES of it. */
export const MAX_CONFIG_BYTES = 64 * 1024;
const ENVELOPE_BYTES = 512;

export interface PublicSite {
  site_id: string;
  publisher_mode: boolean;
  publisher_hosts: Record<Provider, string[]>;
  consent: ConsentPolicy;
}

export interface PublicCampaign {
  campaign_id: string;
  kind: Kind;
  version: number;
  content: Record<string, unknown>;
  targeting: Targeting;
  trigger: Trigger;
  frequency: Frequency;
  experiment_id: string | null;
}

export interface PublicConfig {
  site: PublicSite;
  campaigns: PublicCampaign[];
}

/** Where the public route serves a media item. */
export type MediaUrl = (mediaId: string) => string;

/** The content with its media ids replaced by their public URLs (image_url, avatar_url). */
export function publicContent(content: Content, mediaUrl: MediaUrl): Record<string, unknown> {
  const { image_media_id, avatar_media_id, ...rest } = content as Partial<OverlayContent & ChatbotContent>;
  return {
    ...rest,
    ...(image_media_id ? { image_url: mediaUrl(image_media_id) } : {}),
    ...(avatar_media_id ? { avatar_url: mediaUrl(avatar_media_id) } : {}),
  };
}

export const publicCampaign = (c: Campaign, mediaUrl: MediaUrl): PublicCampaign => ({
  campaign_id: c.campaignId,
  kind: c.kind,
  version: c.version,
  content: publicContent(c.content, mediaUrl),
  targeting: c.targeting,
  trigger: c.trigger,
  frequency: c.frequency,
  experiment_id: c.experimentId,
});

/**
 * The configuration at `now` from the site's active campaigns (in priority order) and the ids of its
 * running experiments: a campaign gated by an experiment that does not run has left it.
 */
export function buildPublicConfig(site: PublicSite, active: readonly Campaign[], running: ReadonlySet<string>, now: Date, mediaUrl: MediaUrl): PublicConfig {
  const shown = active.filter((c) => liveAt(c, now) && (c.experimentId === null || running.has(c.experimentId)));
  return { site, campaigns: shown.map((c) => publicCampaign(c, mediaUrl)) };
}

/** Whether a configuration, as sent in its envelope, stays within MAX_CONFIG_BYTES. */
export const fitsConfig = (config: PublicConfig): boolean => Buffer.byteLength(JSON.stringify(config)) <= MAX_CONFIG_BYTES - ENVELOPE_BYTES;

/**
 * The largest configuration these active campaigns can make: every one of them shown at once (their
 * dates and experiments aside), which is what activating or changing one is checked against.
 */
export const largestConfig = (site: PublicSite, active: readonly Campaign[], mediaUrl: MediaUrl): PublicConfig => ({
  site,
  campaigns: active.map((c) => publicCampaign(c, mediaUrl)),
});
