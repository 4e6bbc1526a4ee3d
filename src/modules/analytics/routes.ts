// Merchant analytics routes (CONTRACT §12): campaigns, summary, timeseries, top, funnel. A member's ID
// token; secret keys and runtime tokens are 401, a non-member 403, an unknown site 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromMinorUnitsOf } from '../../domain/money.js';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { SiteParams } from '../../http/common-schemas.js';
import { merchantActor } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { toIso } from '../../time.js';
import type { AnalyticsService } from './analytics-service.js';
import type { CampaignFigures } from './campaign-figures.js';
import { AnalyticsSummary, CampaignAnalytics, FunnelQuery, FunnelSteps, PeriodQuery, SummaryQuery, Timeseries, TimeseriesQuery, TopList, TopQuery } from './schemas.js';
import { averageOrderValue, conversionRate } from './traffic-figures.js';
import type { PeriodFigures, TrafficService } from './traffic-service.js';

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

const ERRORS = [401, 403, 404] as const;

const PERIOD = 'The period: `from` inclusive, `to` exclusive, each an ISO date (midnight in `tz`) or a timestamp with an offset (default the 30 days before now); at most 366 × 24 h; `tz` an IANA zone (default UTC). Events count by their occurred_at; figures include acknowledged events within 10 s.';

const perCurrency = (amounts: Record<string, number>, f: (c: string, minor: number) => number) => Object.fromEntries(Object.entries(amounts).map(([c, minor]) => [c, f(c, minor)]));

/** Money per currency, or a plain number in `currency`. */
function moneyView(amounts: Record<string, number>, currency: string | undefined) {
  return currency === undefined ? perCurrency(amounts, (c, minor) => fromMinorUnitsOf(minor, c)) : fromMinorUnitsOf(amounts[currency] ?? 0, currency);
}

function figuresView(f: PeriodFigures, currency: string | undefined) {
  const { conversions: c } = f;
  const count = currency === undefined ? c.count : (c.counts[currency] ?? 0);
  const aov =
    currency === undefined
      ? perCurrency(c.revenue, (cur, minor) => fromMinorUnitsOf(averageOrderValue(minor, c.counts[cur] ?? 0), cur))
      : fromMinorUnitsOf(averageOrderValue(c.revenue[currency] ?? 0, count), currency);
  return {
    from: toIso(f.from),
    to: toIso(f.to),
    visitors: f.visitors,
    sessions: f.sessions,
    page_views: f.pageViews,
    product_views: f.productViews,
    add_to_carts: f.addToCarts,
    browser_purchases: f.browserPurchases,
    conversions: { count, revenue: moneyView(c.revenue, currency), commissionable: moneyView(c.commissionable, currency) },
    conversion_rate: conversionRate(count, f.sessions),
    average_order_value: aov,
  };
}

const summaryRoute = (traffic: TrafficService): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sites/:siteId/analytics/summary', {
    config: ofSite,
    schema: {
      operationId: 'getAnalyticsSummary',
      tags,
      summary: 'Visitors, sessions, events and trusted conversions of a period, and of the period before it',
      description: [
        PERIOD,
        'visitors = distinct device_id (an event without one counts its session_id); sessions = distinct session_id, across trust classes, exact. browser_purchases are purchase events of browser trust (observations). conversions are orders of the trusted ledger whose purchase occurred in the period, net of every later entry as of now, cancelled orders left out; money per currency, or plain numbers in `currency`. conversion_rate = conversions ÷ sessions; average_order_value = revenue ÷ conversions rounded to the minor unit (0 without conversions).',
        '`previous` holds the same figures for [from − (to − from), from).',
      ].join('\n\n'),
      params: SiteParams,
      querystring: SummaryQuery,
      response: responses({ 200: Envelope(AnalyticsSummary) }, [...ERRORS]),
    },
  }, async (request) => {
    const { period, currency, current, previous } = await traffic.summary(merchantActor(request), request.params.siteId, request.query);
    return ok(request, { ...figuresView(current, currency), tz: period.tz, previous: figuresView(previous, currency) });
  });
};

const timeseriesRoute = (traffic: TrafficService): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sites/:siteId/analytics/timeseries', {
    config: ofSite,
    schema: {
      operationId: 'getAnalyticsTimeseries',
      tags,
      summary: 'One metric per local hour, day or ISO week of a period, zero-filled',
      description: [
        PERIOD,
        'Buckets are local calendar units of `tz`: real hours (a DST day has 23 or 25), days from local midnight, ISO weeks from Monday 00:00 local; the first may start before `from` and the last end after `to`, what they count stays within the period. `bucket_start` is UTC with milliseconds. Distinct metrics (visitors, sessions) count per bucket. conversions and revenue are trusted orders by their purchase time, net, cancelled left out; revenue needs `currency`. interval=hour covers at most 31 days.',
      ].join('\n\n'),
      params: SiteParams,
      querystring: TimeseriesQuery,
      response: responses({ 200: Envelope(Timeseries) }, [...ERRORS]),
    },
  }, async (request) => {
    const { currency, points } = await traffic.timeseries(merchantActor(request), request.params.siteId, request.query);
    const value = (v: number) => (request.query.metric === 'revenue' ? fromMinorUnitsOf(v, currency!) : v);
    return ok(request, points.map((p) => ({ bucket_start: toIso(p.bucketStart), value: value(p.value) })));
  });
};

const topRoute = (traffic: TrafficService): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sites/:siteId/analytics/top', {
    config: ofSite,
    schema: {
      operationId: 'getAnalyticsTop',
      tags,
      summary: 'The most frequent pages, products, referrer hosts, UTM sources or campaigns, or device types of a period',
      description: [
        PERIOD,
        '`page` counts page views by the path of their page_url (no query); `product` counts product views by product_id; referrer_host, utm_source, utm_campaign (from the page_url’s query) and device_type count sessions by their first event in the period. Rows without a value are left out; sorted by count, then value; at most `limit` (1–100, default 10).',
      ].join('\n\n'),
      params: SiteParams,
      querystring: TopQuery,
      response: responses({ 200: Envelope(TopList) }, [...ERRORS]),
    },
  }, async (request) => {
    const { rows } = await traffic.top(merchantActor(request), request.params.siteId, request.query);
    return ok(request, rows);
  });
};

const funnelRoute = (traffic: TrafficService): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sites/:siteId/analytics/funnel', {
    config: ofSite,
    schema: {
      operationId: 'getAnalyticsFunnel',
      tags,
      summary: 'Sessions reaching each step of a funnel of event types, in order, within a window',
      description: [
        PERIOD,
        '`steps`: 2–8 distinct event types, comma-separated. A session reaches a step when it has an event of each step up to it, each strictly later than the one before, all within `window_minutes` (1–10,080, default 60) of the first step’s event; events of the period only.',
      ].join('\n\n'),
      params: SiteParams,
      querystring: FunnelQuery,
      response: responses({ 200: Envelope(FunnelSteps) }, [...ERRORS]),
    },
  }, async (request) => {
    const { steps } = await traffic.funnel(merchantActor(request), request.params.siteId, request.query);
    return ok(request, steps);
  });
};

export const trafficRoutes = (traffic: TrafficService): FastifyPluginAsyncTypebox => async (app) => {
  await app.register(summaryRoute(traffic));
  await app.register(timeseriesRoute(traffic));
  await app.register(topRoute(traffic));
  await app.register(funnelRoute(traffic));
};
