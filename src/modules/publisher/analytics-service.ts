// Publisher analytics for owners of an active publisher-mode site: clicks from the monthly and
// daily rollups (and the raw rows of partial days at the period's edges), records by an indexed range.
import type { Database } from '../../db/types.js';
import { AppError, validationFailed } from '../../errors.js';
import { currencyDigits } from '../../domain/money.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { buildPublisherAnalytics, parsePeriod, splitPeriod, type PeriodSplit } from './analytics.js';
import * as repo from './publisher-repository.js';
import { groupsToDimensions } from './rollups.js';

export interface AnalyticsQuery {
  from?: string;
  to?: string;
  currency?: string;
}

/**
 * The figures of a period: from the rollups for its whole months and days, from the raw rows for
 * the partial days at its edges (records of them grouped as the rollups' rows).
 */
async function readPeriod(db: Database, siteId: string, split: PeriodSplit, currency: string | undefined) {
  const rolled = split.months !== null || split.days.length > 0;
  const [clicks, clickEdges, records, recordEdges, refs, refEdges] = await Promise.all([
    rolled ? repo.clickRollups(db, siteId, split) : Promise.resolve([]),
    Promise.all(split.raw.map((e) => repo.clickRaw(db, siteId, e.from, e.to))),
    rolled ? repo.recordRollups(db, siteId, split, currency) : Promise.resolve([]),
    Promise.all(split.raw.map((e) => repo.recordGroups(db, siteId, e.from, e.to, currency))),
    rolled ? repo.referenceRollups(db, siteId, split) : Promise.resolve({ references: 0, matched: 0 }),
    Promise.all(split.raw.map((e) => repo.referencesFirstSeen(db, siteId, e.from, e.to))),
  ]);
  return {
    clicks: [...clicks, ...clickEdges.flat()],
    records: [...records, ...groupsToDimensions(recordEdges.flat())],
    references: [refs, ...refEdges].reduce((a, b) => ({ references: a.references + b.references, matched: a.matched + b.matched })),
  };
}

export function createPublisherAnalyticsService(db: Database) {
  return {
    async analytics(actor: Actor, siteId: string, query: AnalyticsQuery, now = Date.now()) {
      const period = parsePeriod(query.from, query.to, now);
      if (query.currency !== undefined && currencyDigits(query.currency) === undefined) {
        throw validationFailed('/currency', 'currency must be an ISO 4217 code of a currency', 'unknown_currency');
      }
      const { site } = await getSiteWithRoleOrThrow(db, siteId, actor, 'owner');
      if (!site.publisherMode) throw new AppError('publisher_mode_inactive', 'The site is not in publisher mode');
      const { clicks, records, references } = await readPeriod(db, siteId, splitPeriod(period), query.currency);
      return {
        website_id: siteId,
        from: new Date(period.from).toISOString(),
        to: new Date(period.to).toISOString(),
        ...(query.currency ? { currency: query.currency } : {}),
        ...buildPublisherAnalytics(clicks, records, references, query.currency),
      };
    },
  };
}

export type PublisherAnalyticsService = ReturnType<typeof createPublisherAnalyticsService>;
