// Exchanging a public site id for a runtime token, from an allowed origin only.
import type { Database } from '../../db/types.js';
import { AppError, notFound } from '../../errors.js';
import type { RuntimeTokens } from '../../auth/runtime-tokens.js';
import { effectiveSiteConfig, normalizeOrigin, type Provider } from '../sites/site-config.js';
import { findSite } from '../sites/sites-repository.js';

export interface PublicSiteConfig {
  site_id: string;
  publisher_mode: boolean;
  publisher_hosts: Record<Provider, string[]>;
  max_touches_per_request: number;
}

export function createRuntimeService(db: Database, tokens: RuntimeTokens) {
  return {
    async issueToken(siteId: string, originHeader: string | undefined) {
      const site = await findSite(db, siteId);
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
        site_id: site.site_id,
        publisher_mode: site.publisher_mode,
        publisher_hosts: config.publisher_hosts,
        max_touches_per_request: config.max_touches_per_request,
      };
      return { token, expires_at: expiresAt.toISOString(), config: publicConfig };
    },
  };
}

export type RuntimeService = ReturnType<typeof createRuntimeService>;
