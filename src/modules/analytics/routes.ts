// Merchant analytics routes (CONTRACT §12): a member's ID token; secret keys and runtime tokens are 401.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromMinorUnitsOf } from '../../domain/money.js';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { SiteParams } from '../../http/common-schemas.js';
import { merchantActor } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { toIso } from '../../time.js';
import type { AnalyticsService } from './analytics-service.js';
import type { CampaignFigures } from './campaign-figures.js';
import { CampaignAnalytics, PeriodQuery } from './schemas.js';

const tags = ['analytics'];
const ofSite = { auth: { merchant: true }, siteAccess: { role: 'member' as const, site: siteInParams } };

const money = (amounts: Record<string, number>) => Object.fromEntries(Object.entries(amounts).map(([currency, minor]) => [currency, fromMinorUnitsOf(minor, currency)]));

const toCampaignView = (f: CampaignFigures) => ({
  campaign_id: f.campaignId,
  name: f.name,
  kind: f.kind,
  status: f.status,
  experiment: f.experiment && { experiment_id: f.experiment.experimentId, arm: f.experiment.arm },
  impressions: f.impressions,
  clicks: f.clicks,
  ctr: f.ctr,
  submissions: f.submissions,
  add_to_carts: f.addToCarts,
  orders: f.orders,
  revenue: money(f.revenue),
});

export const analyticsRoutes = (analytics: AnalyticsService): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sites/:siteId/analytics/campaigns', {
    config: ofSite,
    schema: {
      operationId: 'getAnalyticsCampaigns',
      tags,
      summary: 'Per campaign: impressions, clicks, CTR, submissions, and add-to-carts and trusted revenue after a click',
      description: [
        'Members of the site (a non-member 403, an unknown site 404). The period: `from` inclusive, `to` exclusive, each an ISO date (midnight in `tz`) or a timestamp with an offset; at most 366 × 24 h; `tz` an IANA zone (default UTC). Events count by their occurred_at.',
        'A recommendation impression or click counts for its campaign when its recommendation_id is an answer GET /recommendations gave for that campaign on this site; the others are counted apart in `unattributed`. After a click: the add_to_cart events of the session after its first click of the campaign in the period, and its server-trusted (secret-key) purchase events after it, each order once, valued by the conversion ledger (net of refunds, a cancelled order 0) when it has the order, else by the event’s own amount and currency.',
        'Listed: every campaign with a figure in the period and every campaign not archived, most impressions first. A campaign gated by an experiment shows to its treatment arm (control is the holdout).',
      ].join('\n\n'),
      params: SiteParams,
      querystring: PeriodQuery,
      response: responses({ 200: Envelope(CampaignAnalytics) }, [401, 403, 404]),
    },
  }, async (request) => {
    const { period, report } = await analytics.campaigns(merchantActor(request), request.params.siteId, request.query);
    return ok(request, { from: toIso(new Date(period.from)), to: toIso(new Date(period.to)), tz: period.tz, campaigns: report.campaigns.map(toCampaignView), unattributed: report.unattributed });
  });
};
