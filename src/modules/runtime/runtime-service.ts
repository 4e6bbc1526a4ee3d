// Exchanging a public site id for a runtime token, from an allowed origin only.
import { AppError, notFound } from '../../errors.js';
import type { RuntimeTokens } from '../../auth/runtime-tokens.js';
import { effectiveSiteConfig, normalizeOrigin, type ConsentPolicy, type Provider, type SitesService } from '../../kernel/index.js';

export interface PublicSiteConfig {
  site_id: string;
  publisher_mode: boolean;
  publisher_hosts: Record<Provider, string[]>;
  max_touches_per_request: number;
  /** The consent policy, so the SDK knows it before it touches storage. */
  consent: ConsentPolicy;
}

export function createRuntimeService(sites: Pick<SitesService, 'findSite'>, tokens: RuntimeTokens) {
  return {
    async issueToken(siteId: string, originHeader: string | undefined) {
      const site = await sites.findSite(siteId);
      if (!site) throw notFound('Site');
      const origin = originHeader === undefined ? null : normalizeOrigin(originHeader);
      if (!origin || !site.origins.includes(origin)) {
        throw new AppError('origin_mismatch', originHeader === undefined
          ? 'The request has no Origin header; runtime tokens are issued to browser origins the site allows'
          : `The origin ${originHeader} is not allowed for this site`);
      }
      const { token, expiresAt } = await tokens.issue({ siteId, origin });
      const config = effectiveSiteConfig(site.config);
      const publicConfig: PublicSiteConfig = {
        site_id: site.siteId,
        publisher_mode: site.publisherMode,
        publisher_hosts: config.publisher_hosts,
        max_touches_per_request: config.max_touches_per_request,
        consent: config.consent,
      };
      return { token, expires_at: expiresAt.toISOString(), config: publicConfig };
    },
  };
}

export type RuntimeService = ReturnType<typeof createRuntimeService>;
