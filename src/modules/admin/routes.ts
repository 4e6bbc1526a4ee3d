// Platform routes under /api/admin: platform signature only, never from storefront code.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { responses } from '../../http/envelope.js';
import { Timestamp } from '../../http/common-schemas.js';
import { Page, PageMeta, PageQuery, page, pageRequestOf } from '../../http/pagination.js';
import { meta, Envelope, ok } from '../../http/envelope.js';
import type { Job } from '../../jobs/job.js';
import { toIso } from '../../time.js';
import { siteSchemas } from '../../kernel/index.js';
import type { AdminService } from './admin-service.js';

const AdminSite = Type.Object({
  ...siteSchemas.Site.properties,
  members: Type.Integer(),
  active_keys: Type.Integer(),
  archived_at: Type.Union([Timestamp, Type.Null()], { description: 'When an owner archived the site; null while it is live' }),
});

const JobStatus = Type.Union([Type.Literal('waiting'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]);
const JobView = Type.Object({
  job_id: Type.String(),
  queue: Type.String(),
  status: JobStatus,
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  run_at: Timestamp,
  updated_at: Timestamp,
});
const Queue = Type.Object({ name: Type.String(), waiting: Type.Integer(), running: Type.Integer(), failed: Type.Integer() });
const JobsPage = Type.Object(
  { success: Type.Literal(true), data: Type.Object({ queues: Type.Array(Queue), jobs: Type.Array(JobView) }), meta: PageMeta },
  { description: 'Every queue with unfinished or failed jobs, and a page of the jobs, newest first' },
);
const RunSummary = Type.Object({ claimed: Type.Integer(), succeeded: Type.Integer(), retried: Type.Integer(), failed: Type.Integer() });

const jobView = (j: Job) => ({ job_id: j.jobId, queue: j.queue, status: j.status, attempts: j.attempts, last_error: j.lastError, run_at: toIso(j.runAt), updated_at: toIso(j.updatedAt) });
const platform = { auth: { platform: true } };
const tags = ['admin'];

export const adminRoutes = (admin: AdminService): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/sites', {
    config: { auth: { platform: true } },
    schema: {
      operationId: 'listAllSites',
      description: 'Every site of the platform with its member and active API key counts, newest first. Platform operators only: the request carries an X-Platform-Signature.',
      tags: ['admin'],
      summary: 'All sites with member and active-key counts, newest first (platform signature)',
      querystring: Type.Object(PageQuery),
      response: responses({ 200: Page(AdminSite) }, [401]),
    },
  }, async (request) => page(request, await admin.listSites(pageRequestOf(request.query))));

  app.get('/jobs', {
    config: platform,
    schema: {
      operationId: 'listJobs',
      tags,
      summary: 'Durable jobs: counts per queue, and the jobs newest first (platform signature)',
      description: 'An exhausted webhook delivery is a failed job. `status` narrows the list (not the counts); succeeded jobs are kept 7 days.',
      querystring: Type.Object({ status: Type.Optional(JobStatus), ...PageQuery }),
      response: responses({ 200: JobsPage }, [401]),
    },
  }, async (request) => {
    const { queues, items, nextCursor } = await admin.jobs(request.query.status, pageRequestOf(request.query));
    return { success: true as const, data: { queues, jobs: items.map(jobView) }, meta: { ...meta(request), next_cursor: nextCursor } };
  });

  app.post('/jobs/:jobId/retry', {
    config: platform,
    schema: {
      operationId: 'retryJob',
      tags,
      summary: 'One more attempt of a failed job, now (platform signature)',
      description:
        'The failed job is waiting again with exactly one more attempt, due now, and its queue reopens what the job works on in the same transaction. '
        + 'A webhook delivery (queue `webhook`) that failed, its schedule exhausted or not, goes back to pending and is sent once more with the same webhook-id, as the merchant’s replay: if that attempt fails, the delivery is failed again, without a new schedule; one that succeeded since is not sent again. '
        + 'An integration run left running by a stopped worker starts again. '
        + '404 for an unknown job; 409 invalid_state for a job that has not failed (waiting, running or succeeded).',
      params: Type.Object({ jobId: Type.String({ pattern: '^job_[A-Za-z0-9]{4,64}$' }) }),
      response: responses({ 200: Envelope(JobView) }, [401, 404, 409]),
    },
  }, async (request) => ok(request, jobView(await admin.retryJob(request.params.jobId))));

  app.post('/jobs/run-due', {
    config: platform,
    schema: {
      operationId: 'runDueJobs',
      description: 'For deployments without a resident worker: an external scheduler calls this to run the jobs whose time has come, in the answering process, and gets what ran. Platform signature only.',
      tags,
      summary: 'Run the jobs that are due now, in this process: the external scheduler’s tick when WORKER=0 (platform signature)',
      response: responses({ 200: Envelope(RunSummary) }, [401]),
    },
  }, async (request) => ok(request, await admin.runDue()));
};
