// The submission rate limit (CONTRACT §9): per client address (clientBucket: an IPv6 /64 as one) and
// campaign, at most 10 submission requests a clock minute, replays and refusals (400) included, so a
// script cannot try addresses or fill a campaign's list. Charged after authentication and before the
// schema; keyed by the body's campaign_id as sent (any text that is no campaign id, or none, shares
// one bucket of the address).
import { clientBucket } from '../../rate-limit/client-address.js';
import type { HourlyLimiter } from '../../rate-limit/hourly-limiter.js';
import { SUBMIT_LIMIT_PER_MINUTE } from './submission.js';

const MINUTE_MS = 60_000;
const CAMPAIGN_KEY = /^[A-Za-z0-9_-]{1,128}$/;

export async function chargeSubmitAttempt(limiter: HourlyLimiter, siteId: string, address: string, campaignId: unknown): Promise<void> {
  const campaign = typeof campaignId === 'string' && CAMPAIGN_KEY.test(campaignId) ? campaignId : '-';
  await limiter.consume(`submissions:${siteId}:${campaign}:addr:${clientBucket(address)}`, SUBMIT_LIMIT_PER_MINUTE, 1, {
    windowMs: MINUTE_MS,
    refusal: (state) => `This client address has sent ${state.limit} submissions to this campaign this minute; retry shortly`,
  });
}
