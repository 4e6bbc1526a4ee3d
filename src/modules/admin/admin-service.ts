// Platform-wide reads for operators: every site (the kernel's), with its member and active-key counts;
// the durable jobs (per queue counts, the jobs, a retry of a failed one, and the external
// scheduler's tick when WORKER=0).
import type { Database } from '../../db/types.js';
import { AppError, notFound } from '../../errors.js';
import type { JobStatus } from '../../jobs/job.js';
import type { Jobs } from '../../jobs/jobs.js';
import type { PageRequest } from '../../db/paging.js';
import { toSiteView, type SitesService } from '../../kernel/index.js';
import { toIsoOrNull } from '../../time.js';
import { countsOfSites } from './admin-repository.js';

export function createAdminService(db: Database, sites: SitesService, jobs: Jobs) {
  return {
    /** Per queue: waiting, running and failed jobs; and one page of the jobs (of one status, or all), newest first. */
    async jobs(status: JobStatus | undefined, page: PageRequest) {
      const [queues, list] = await Promise.all([jobs.counts(), jobs.list(status, page)]);
      return { queues, ...list };
    },
    /** A failed job (an exhausted webhook delivery, a failed run) is given one more attempt now; its queue's handler reopens what it works on (the jobs' `retried` hook), so nothing here knows a module's records. */
    async retryJob(jobId: string) {
      const retried = await jobs.retry(jobId);
      if (retried) return retried;
      if (!(await jobs.find(jobId))) throw notFound('Job');
      throw new AppError('invalid_state', 'Only a failed job can be retried');
    },
    /** Runs what is due now, in this process (WORKER=0 deployments' scheduler calls it). */
    runDue: () => jobs.worker().runDue(),
    /** Every site with its member and active-key counts, newest first. */
    async listSites(page: PageRequest) {
      const { items, nextCursor } = await sites.listAllSites(page);
      const counts = await countsOfSites(db, items.map((s) => s.siteId));
      return {
        items: items.map((site) => ({
          ...toSiteView(site),
          members: counts.get(site.siteId)?.members ?? 0,
          active_keys: counts.get(site.siteId)?.activeKeys ?? 0,
          archived_at: toIsoOrNull(site.archivedAt),
        })),
        nextCursor,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
