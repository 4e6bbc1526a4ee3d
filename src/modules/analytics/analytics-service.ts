// Merchant analytics (CONTRACT §12), read by a member of the site (an unknown site is 404).
import type { Database } from '../../db/types.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { parseLocalPeriod } from '../../domain/local-period.js';
import { campaignActivity, campaignOutcomes, campaignsOfSite, submissionCounts } from './analytics-repository.js';
import { campaignReport } from './campaign-figures.js';

export interface PeriodInput {
  from?: string;
  to?: string;
  tz?: string;
}

export function createAnalyticsService(db: Database) {
  return {
    /** Per campaign: impressions, clicks, CTR, submissions, and what clicking sessions did after the click. */
    async campaigns(actor: Actor, siteId: string, input: PeriodInput, now = Date.now()) {
      const period = parseLocalPeriod(input, now);
      await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
      const [campaigns, activity, outcomes, submissions] = await Promise.all([
        campaignsOfSite(db, siteId),
        campaignActivity(db, siteId, period.from, period.to),
        campaignOutcomes(db, siteId, period.from, period.to),
        submissionCounts(db, siteId, period.from, period.to),
      ]);
      return { period, report: campaignReport(campaigns, activity, outcomes, submissions) };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
