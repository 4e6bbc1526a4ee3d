// The public configuration as GET /runtime/config serves it: built once per site and kept in this
// process for a couple of seconds (every page view of the site asks for it), as JSON text with its
// ETag. A change made on this process forgets the site at once; other processes build it again
// within CONFIG_CACHE_TTL_MS (CONTRACT §9: within 5 s), which also moves campaigns in and out of
// their dates. Building reads the site (the kernel's cache), its active campaigns and its running
// experiments (the gate's cache). The same snapshot answers which campaign of the site is live, for
// recommendation slots and submission forms, without a read of the database per request.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/types.js';
import { effectiveSiteConfig, type ExperimentGate, type MediaLibrary, type SiteDirectory } from '../../kernel/index.js';
import { liveAt, type Campaign } from './campaign.js';
import { activeCampaigns } from './campaigns-repository.js';
import { buildPublicConfig, type PublicSite } from './public-config.js';

export const CONFIG_CACHE_TTL_MS = 2_000;

export interface ServedConfig {
  /** The configuration as JSON text (the envelope's `data`). */
  json: string;
  /** A strong ETag of that text. */
  etag: string;
}

export interface RuntimeConfigs {
  /** The site's configuration with media URLs on `baseUrl`; undefined when the site is gone. */
  get(siteId: string, baseUrl: string): Promise<ServedConfig | undefined>;
  /** The site's campaign if it is live at `now` (active, in its dates, its gating experiment running), else null. */
  live(siteId: string, campaignId: string, now: Date): Promise<Campaign | null>;
  /** Forget the site's configuration (one of its campaigns changed). */
  forget(siteId: string): void;
}

interface Snapshot {
  /** The site's active campaigns by id. */
  active: ReadonlyMap<string, Campaign>;
  /** What the site's configuration is built from, read once. */
  build(baseUrl: string): ServedConfig;
  served: Map<string, ServedConfig>;
}

export function createRuntimeConfigs(deps: { db: Database; sites: SiteDirectory; gate: ExperimentGate; media: MediaLibrary; ttlMs?: number }): RuntimeConfigs {

  async function snapshot(siteId: string): Promise<Snapshot | undefined> {
    const site = await deps.sites.get(siteId);
    if (!site) return undefined;
    const [active, running] = await Promise.all([activeCampaigns(deps.db, siteId), deps.gate.running(siteId)]);
    const config = effectiveSiteConfig(site.config);
    const publicSite: PublicSite = { site_id: site.siteId, publisher_mode: site.publisherMode, publisher_hosts: config.publisher_hosts, consent: config.consent };
    const now = new Date();
    return {
      active: new Map(active.map((c) => [c.campaignId, c])),
      served: new Map(),
      build(baseUrl) {
        const json = JSON.stringify(buildPublicConfig(publicSite, active, running, now, (id) => deps.media.publicUrl(baseUrl, id)));
        return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
      },
    };
  }

  // lru-cache's fetch: concurrent requests share one read; a failed read or a site gone is not kept.
  const cache = new LRUCache<string, Snapshot>({ max: 20_000, ttl: deps.ttlMs ?? CONFIG_CACHE_TTL_MS, fetchMethod: (siteId) => snapshot(siteId) });
  return {
    async get(siteId, baseUrl) {
      const snap = await cache.fetch(siteId);
      if (!snap) return undefined;
      let served = snap.served.get(baseUrl);
      if (!served) {
        served = snap.build(baseUrl);
        if (snap.served.size < 16) snap.served.set(baseUrl, served);
      }
      return served;
    },
    async live(siteId, campaignId, now) {
      const c = (await cache.fetch(siteId))?.active.get(campaignId);
      if (!c || !liveAt(c, now)) return null;
      if (c.experimentId !== null && !(await deps.gate.running(siteId)).has(c.experimentId)) return null;
      return c;
    },
    forget(siteId) {
      cache.delete(siteId);
    },
  };
}
