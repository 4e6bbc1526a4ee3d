// Limits on what browsers can spend (CONTRACT §7): besides a site's hourly event quota, each client
// address gets `runtime_rate_limit_per_ip_per_hour` of the site's runtime traffic (events count one
// each, any other runtime-token request one), so one client with a forged Origin cannot use up the
// quota of the site's real visitors; and each address may exchange a limited number of runtime
// tokens a minute. Addresses are counted by clientBucket (an IPv6 /64 as one).
import type { FastifyRequest } from 'fastify';
import { effectiveSiteConfig, type SiteDirectory } from '../kernel/index.js';
import { unauthorized } from '../errors.js';
import { clientBucket } from './client-address.js';
import type { HourlyLimiter } from './hourly-limiter.js';

const MINUTE_MS = 60_000;
const MAX_EVENTS_PER_REQUEST = 100;

/** What a runtime request costs: its events (a batch), else one. */
export function runtimePoints(body: unknown): number {
  const events = typeof body === 'object' && body !== null ? (body as { events?: unknown }).events : undefined;
  return Array.isArray(events) ? Math.min(Math.max(events.length, 1), MAX_EVENTS_PER_REQUEST) : 1;
}

export function createRuntimeLimits(deps: { limiter: HourlyLimiter; sites: SiteDirectory; tokenExchangesPerMinute: number }) {
  return {
    /** Charges a runtime-token request to its client address's hourly share of the site's traffic. */
    async chargeAddress(siteId: string, address: string, points: number): Promise<void> {
      const site = await deps.sites.get(siteId);
      if (!site) throw unauthorized('The runtime token belongs to a site that no longer exists');
      const limit = effectiveSiteConfig(site.config).runtime_rate_limit_per_ip_per_hour;
      await deps.limiter.consume(`site:${siteId}:addr:${clientBucket(address)}`, limit, points, {
        refusal: (state) => `This client address has used its hourly share of ${state.limit} runtime requests for the site`,
      });
    },
    /** Charges one runtime-token exchange to the client address (per clock minute). */
    async chargeTokenExchange(address: string): Promise<void> {
      await deps.limiter.consume(`token:addr:${clientBucket(address)}`, deps.tokenExchangesPerMinute, 1, {
        windowMs: MINUTE_MS,
        refusal: (state) => `This client address has exchanged ${state.limit} runtime tokens this minute; retry shortly`,
      });
    },
  };
}

export type RuntimeLimits = ReturnType<typeof createRuntimeLimits>;

/** After authentication: every runtime-token request is charged to its client address. */
export function runtimeLimitsCheck(limits: RuntimeLimits): (request: FastifyRequest) => Promise<void> | void {
  return (request) => {
    const principal = request.principal;
    if (principal?.kind !== 'runtime') return undefined;
    return limits.chargeAddress(principal.siteId, request.ip, runtimePoints(request.body));
  };
}
