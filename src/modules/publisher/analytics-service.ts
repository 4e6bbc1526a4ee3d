// Publisher analytics for owners of an active publisher-mode site: clicks from the monthly and
// daily rollups (and the raw rows of partial days at the period's edges), records by an indexed range.
import type { Database } from '../../db/types.js';
import { AppError, validationFailed } from '../../errors.js';
import { currencyDigits } from '../../domain/money.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { buildPublisherAnalytics, parsePeriod, splitPeriod } from './analytics.js';
import * as repo from './publisher-repository.js';
import { groupsToDimensions } from './rollups.js';

export function createPublisherAnalyticsService(db: Database) {
  return {
    async analytics(actor: Actor, siteId: string, query: { from?: string; to?: string; currency?: string }, now = Date.now()) {
      const period = parsePeriod(query.from, query.to, now);
      if (query.currency !== undefined && currencyDigits(query.currency) === undefined) {
        throw validationFailed('/currency', 'currency must be an ISO 4217 code of a currency', 'unknown_currency');
      }
      const { site } = await getSiteWithRoleOrThrow(db, siteId, actor, 'owner');
      if (!site.publisherMode) throw new AppError('publisher_mode_inactive', 'The site is not in publisher mode');
      const split = splitPeriod(period);
      const rolled = split.months !== null || split.days.length > 0;
      const [clicks, clickEdges, records, recordEdges, refs, refEdges] = await Promise.all([
        rolled ? repo.clickRollups(db, siteId, split) : Promise.resolve([]),
        Promise.all(split.raw.map((e) => repo.clickRaw(db, siteId, e.from, e.to))),
        rolled ? repo.recordRollups(db, siteId, split, query.currency) : Promise.resolve([]),
        Promise.all(split.raw.map((e) => repo.recordGroups(db, siteId, e.from, e.to, query.currency))),
        rolled ? repo.referenceRollups(db, siteId, split) : Promise.resolve({ references: 0, matched: 0 }),
        Promise.all(split.raw.map((e) => repo.referencesFirstSeen(db, siteId, e.from, e.to))),
      ]);
      const references = [refs, ...refEdges].reduce((a, b) => ({ references: a.references + b.references, matched: a.matched + b.matched }));
      return {
        website_id: siteId,
        from: new Date(period.from).toISOString(),
        to: new Date(period.to).toISOString(),
        ...(query.currency ? { currency: query.currency } : {}),
        ...buildPublisherAnalytics([...clicks, ...clickEdges.flat()], [...records, ...groupsToDimensions(recordEdges.flat())], references, query.currency),
      };
    },
  };
}

export type PublisherAnalyticsService = ReturnType<typeof createPublisherAnalyticsService>;
