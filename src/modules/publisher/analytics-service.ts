// Publisher analytics for owners of an active publisher-mode site: clicks from the monthly and
// daily rollups (and the raw rows of partial days at the period's edges), records by an indexed range.
import type { Database } from '../../db/types.js';
import { AppError, validationFailed } from '../../errors.js';
import { currencyDigits } from '../../domain/money.js';
import { getSiteWithRoleOrThrow, type Actor } from '../sites/site-access.js';
import { buildPublisherAnalytics, parsePeriod, splitPeriod } from './analytics.js';
import * as repo from './publisher-repository.js';

export function createPublisherAnalyticsService(db: Database) {
  return {
    async analytics(actor: Actor, siteId: string, query: { from?: string; to?: string; currency?: string }, now = Date.now()) {
      const period = parsePeriod(query.from, query.to, now);
      if (query.currency !== undefined && currencyDigits(query.currency) === undefined) {
        throw validationFailed('/currency', 'currency must be an ISO 4217 code of a currency', 'unknown_currency');
      }
      const { site } = await getSiteWithRoleOrThrow(db, siteId, actor, 'owner');
      if (!site.publisher_mode) throw new AppError('publisher_mode_inactive', 'The site is not in publisher mode');
      const split = splitPeriod(period);
      const [rollup, edges, records, references] = await Promise.all([
        split.months || split.days.length > 0 ? repo.clickRollups(db, siteId, split) : Promise.resolve([]),
        Promise.all(split.raw.map((e) => repo.clickRaw(db, siteId, e.from, e.to))),
        repo.recordGroups(db, siteId, period.from, period.to, query.currency),
        repo.referenceCounts(db, siteId, period.from, period.to),
      ]);
      return {
        website_id: siteId,
        from: new Date(period.from).toISOString(),
        to: new Date(period.to).toISOString(),
        ...(query.currency ? { currency: query.currency } : {}),
        ...buildPublisherAnalytics([...rollup, ...edges.flat()], records, references, query.currency),
      };
    },
  };
}
