// The traffic figures of a site (CONTRACT §12): summary with the previous period, timeseries in
// local buckets, top values, funnel. Read by a member of the site. Event figures come from the
// quarter-hour rollups plus the raw events not rolled yet (or the raw events alone with rollups off);
// conversions from the trusted ledger.
import type { Database } from '../../db/types.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { localBuckets, splitSlots, type Interval } from '../../domain/local-buckets.js';
import { parseLocalPeriod, type LocalPeriod } from '../../domain/local-period.js';
import { validationFailed } from '../../errors.js';
import { bucketConversions, bucketFigures, sessionSteps, topValues, type BucketFigures, type BucketRange, type ConversionFigures, type TopSource } from './traffic-repository.js';
import { SLOT_MS } from './slots.js';
import { funnel, topRows, type Dimension } from './traffic-figures.js';
import { checkInterval, currencyOf, parseSteps } from './traffic-query.js';
import type { PeriodInput } from './analytics-service.js';

export type Metric = 'visitors' | 'sessions' | 'page_views' | 'product_views' | 'add_to_carts' | 'conversions' | 'revenue';

/** The figures of one period; money in minor units per currency. */
export interface PeriodFigures {
  from: number;
  to: number;
  visitors: number;
  sessions: number;
  pageViews: number;
  productViews: number;
  addToCarts: number;
  browserPurchases: number;
  conversions: { count: number; revenue: Record<string, number>; commissionable: Record<string, number>; counts: Record<string, number> };
}

export interface SeriesPoint {
  bucketStart: number;
  value: number;
}

const MINUTE_MS = 60_000;

const TOP: Record<Dimension, { source: TopSource; eventType: string | null }> = {
  page: { source: 'page_url', eventType: 'page_view' },
  product: { source: 'product_id', eventType: 'product_view' },
  referrer_host: { source: 'referrer', eventType: null },
  utm_source: { source: 'page_url', eventType: null },
  utm_campaign: { source: 'page_url', eventType: null },
  device_type: { source: 'device_type', eventType: null },
};

const NO_EVENTS: BucketFigures = { pageViews: 0, productViews: 0, addToCarts: 0, browserPurchases: 0, visitors: 0, sessions: 0 };

/** Bucket `i`'s figures, [edges[i], edges[i + 1]). */
function periodFigures(edges: readonly number[], i: number, events: Map<number, BucketFigures>, conversions: readonly ConversionFigures[]): PeriodFigures {
  const money: PeriodFigures['conversions'] = { count: 0, revenue: {}, commissionable: {}, counts: {} };
  for (const x of conversions) {
    if (x.bucket !== i) continue;
    money.count += x.count;
    money.counts[x.currency] = x.count;
    money.revenue[x.currency] = x.revenue;
    money.commissionable[x.currency] = x.commissionable;
  }
  const { visitors, sessions, pageViews, productViews, addToCarts, browserPurchases } = events.get(i) ?? NO_EVENTS;
  return { from: edges[i]!, to: edges[i + 1]!, visitors, sessions, pageViews, productViews, addToCarts, browserPurchases, conversions: money };
}

async function seriesValues(db: Database, r: BucketRange, metric: Metric, currency: string | undefined): Promise<Map<number, number>> {
  const { siteId, edges } = r;
  if (metric === 'visitors' || metric === 'sessions') return new Map([...(await bucketFigures(db, r, [metric]))].map(([i, f]) => [i, f[metric]]));
  if (metric === 'conversions' || metric === 'revenue') {
    const values = new Map<number, number>();
    for (const x of await bucketConversions(db, siteId, edges)) {
      if (currency !== undefined && x.currency !== currency) continue;
      values.set(x.bucket, (values.get(x.bucket) ?? 0) + (metric === 'revenue' ? x.revenue : x.count));
    }
    return values;
  }
  const key = ({ page_views: 'pageViews', product_views: 'productViews', add_to_carts: 'addToCarts' } as const)[metric];
  return new Map([...(await bucketFigures(db, r, ['counts']))].map(([i, c]) => [i, c[key]]));
}

export function createTrafficService(db: Database, options: { rollups: boolean }) {
  const range = (siteId: string, edges: number[]): BucketRange => ({ siteId, edges, splitSlots: options.rollups ? splitSlots(edges, SLOT_MS) : [], rollups: options.rollups });

  async function periodOf(actor: Actor, siteId: string, input: PeriodInput, now: number): Promise<LocalPeriod> {
    const period = parseLocalPeriod(input, now);
    await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
    return period;
  }

  return {
    /** The period's figures and the previous period's of equal length, [from − (to − from), from). */
    async summary(actor: Actor, siteId: string, input: PeriodInput & { currency?: string }, now = Date.now()) {
      const currency = currencyOf(input.currency);
      const period = await periodOf(actor, siteId, input, now);
      // The previous period and this one are two buckets of one query: [from − (to − from), from), [from, to).
      const edges = [2 * period.from - period.to, period.from, period.to];
      const [events, conversions] = await Promise.all([bucketFigures(db, range(siteId, edges), ['counts', 'visitors', 'sessions']), bucketConversions(db, siteId, edges)]);
      return { period, currency, current: periodFigures(edges, 1, events, conversions), previous: periodFigures(edges, 0, events, conversions) };
    },

    /** One metric per local bucket, zero-filled; revenue in minor units of `currency`. */
    async timeseries(actor: Actor, siteId: string, input: PeriodInput & { metric: Metric; interval?: Interval; currency?: string }, now = Date.now()) {
      const currency = currencyOf(input.currency);
      if (input.metric === 'revenue' && currency === undefined) throw validationFailed('/currency', 'metric=revenue needs currency (an ISO 4217 code)', 'required');
      const interval = input.interval ?? 'day';
      const period = parseLocalPeriod(input, now);
      checkInterval(interval, period.from, period.to);
      await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
      const buckets = localBuckets(period.from, period.to, period.tz, interval);
      const values = await seriesValues(db, range(siteId, buckets.edges), input.metric, currency);
      const points: SeriesPoint[] = buckets.starts.map((bucketStart, i) => ({ bucketStart, value: values.get(i) ?? 0 }));
      return { period, interval, currency, points };
    },

    /** The most frequent values of a dimension in the period. */
    async top(actor: Actor, siteId: string, input: PeriodInput & { dimension: Dimension; limit?: number }, now = Date.now()) {
      const period = await periodOf(actor, siteId, input, now);
      const { source, eventType } = TOP[input.dimension];
      const rows = await topValues(db, siteId, period.from, period.to, source, eventType);
      return { period, rows: topRows(input.dimension, rows, input.limit ?? 10) };
    },

    /** Sessions reaching each step in order, within the window of the first. */
    async funnel(actor: Actor, siteId: string, input: PeriodInput & { steps: string; window_minutes?: number }, now = Date.now()) {
      const steps = parseSteps(input.steps);
      const period = await periodOf(actor, siteId, input, now);
      const sessions = await sessionSteps(db, siteId, period.from, period.to, steps);
      return { period, steps: funnel(sessions, steps, (input.window_minutes ?? 60) * MINUTE_MS) };
    },
  };
}

export type TrafficService = ReturnType<typeof createTrafficService>;
