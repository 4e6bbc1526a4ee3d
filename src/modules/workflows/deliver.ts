// One attempt of a webhook delivery, as the job of queue `webhook` runs it: the delivery and its
// workflow read, signed with the workflow's secret(s), sent through the outbound sender (which
// refuses non-public addresses at connect time unless ALLOW_PRIVATE_WEBHOOKS=1), and the answer
// recorded: 2xx succeeded; 410 failed and the workflow paused; a blocked destination failed at once;
// anything else (a timeout, a refused connection) pending again at the schedule's next time, failed
// after the last. The last attempt of its job fails rather than retries: a replay's only one, and an
// operator's retry of the failed job (POST /api/admin/jobs/{id}/retry), whose `retried` hook put the
// delivery back to pending first. Both are one new attempt with the same webhook-id, never a new
// schedule.
import type { Database, Queryable } from '../../db/types.js';
import type { SendResult as OutboundResult } from '../../outbound/safe-fetch.js';
import { DONE, isLastAttempt, type Job, type JobOutcome } from '../../jobs/job.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { findDelivery, recordAttempt, reopenFailedDelivery, type AttemptRecord } from './deliveries-repository.js';
import { retryDelayMs, verdictOf } from './retry-schedule.js';
import { webhookHeaders } from './signing.js';
import type { Delivery, WorkflowSecrets } from './workflow.js';
import { findWorkflow, pauseWorkflow, workflowSecrets } from './workflows-repository.js';

export interface DeliverDeps {
  db: Database;
  keyring: ClickIdKeyring;
  send(request: { url: string; headers: Record<string, string>; body: string }): Promise<OutboundResult>;
  retryScale: number;
  /** A workflow changed on this process (paused by a 410). */
  changed(siteId: string): void;
}

export const secretContext = (siteId: string, workflowId: string) => `workflow-secret:${siteId}:${workflowId}`;

function signingSecrets(deps: DeliverDeps, siteId: string, workflowId: string, s: WorkflowSecrets, now: number): string[] {
  const context = secretContext(siteId, workflowId);
  const current = deps.keyring.open(s.current, context);
  return s.previous && s.previous.until.getTime() > now ? [current, deps.keyring.open(s.previous, context)] : [current];
}

/** What the answer means for the delivery, and for the job (`last`: its job's last attempt, failed rather than retried). */
export function judge(result: OutboundResult, d: Delivery, last: boolean, scale: number, now: number): { record: AttemptRecord; outcome: JobOutcome; gone: boolean } {
  if (result.kind === 'blocked') {
    return { record: { status: 'failed', statusCode: null, error: 'blocked_destination', nextAttemptAt: null, responseBody: null }, outcome: { kind: 'failed', error: 'blocked_destination' }, gone: false };
  }
  const statusCode = result.kind === 'response' ? result.status : null;
  const responseBody = result.kind === 'response' ? result.bodyPrefix : null;
  const verdict = statusCode === null ? 'retry' : verdictOf(statusCode);
  if (verdict === 'succeeded') return { record: { status: 'succeeded', statusCode, error: null, nextAttemptAt: null, responseBody }, outcome: DONE, gone: false };
  const error = result.kind === 'error' ? result.error : `HTTP ${statusCode}`;
  const delay = verdict === 'gone' || last ? null : retryDelayMs(d.attempts + 1, scale, Math.random());
  if (delay === null) return { record: { status: 'failed', statusCode, error, nextAttemptAt: null, responseBody }, outcome: { kind: 'failed', error }, gone: verdict === 'gone' };
  const at = new Date(now + delay);
  return { record: { status: 'pending', statusCode, error, nextAttemptAt: at, responseBody }, outcome: { kind: 'retry', at, error }, gone: false };
}

const deliveryOfJob = (job: Job) => ({ siteId: String(job.payload.site_id), deliveryId: String(job.payload.delivery_id) });

/** An operator retried the delivery's failed job: a failed delivery is pending again, so that the one more attempt is made (one that succeeded since is not sent again). */
export async function reopenDelivery(q: Queryable, job: Job): Promise<void> {
  const { siteId, deliveryId } = deliveryOfJob(job);
  await reopenFailedDelivery(q, siteId, deliveryId);
}

export async function deliverOnce(deps: DeliverDeps, job: Job): Promise<JobOutcome> {
  const { siteId, deliveryId } = deliveryOfJob(job);
  const d = await findDelivery(deps.db, siteId, deliveryId);
  // Its workflow was deleted (with its deliveries), or it ended already.
  if (!d || d.status !== 'pending') return DONE;
  const [workflow, secrets] = await Promise.all([findWorkflow(deps.db, siteId, d.workflowId), workflowSecrets(deps.db, siteId, d.workflowId)]);
  if (!workflow || !secrets) return DONE;
  const now = Date.now();
  const headers = { 'content-type': 'application/json', 'user-agent': 'Storefront-Webhooks/1', ...webhookHeaders(d.webhookId, new Date(now), d.body, signingSecrets(deps, siteId, d.workflowId, secrets, now)) };
  const result = await deps.send({ url: workflow.url, headers, body: d.body });
  const { record, outcome, gone } = judge(result, d, isLastAttempt(job), deps.retryScale, Date.now());
  await recordAttempt(deps.db, siteId, d.deliveryId, record);
  if (gone) {
    await pauseWorkflow(deps.db, siteId, d.workflowId);
    deps.changed(siteId);
  }
  return outcome;
}
