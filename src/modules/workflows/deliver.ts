// One attempt of a webhook delivery, as the job of queue `webhook` runs it: the delivery and its
// workflow read, signed with the workflow's secret(s), sent through the outbound sender (which
// refuses non-public addresses at connect time unless ALLOW_PRIVATE_WEBHOOKS=1), and the answer
// recorded: 2xx succeeded; 410 failed and the workflow paused; a blocked destination failed at once;
// anything else (a timeout, a refused connection) pending again at the schedule's next time, failed
// after the last. A replay is one attempt: it fails rather than retries.
import type { Database } from '../../db/types.js';
import type { SendResult as OutboundResult } from '../../outbound/safe-fetch.js';
import { DONE, type Job, type JobOutcome } from '../../jobs/job.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { findDelivery, recordAttempt, type AttemptRecord } from './deliveries-repository.js';
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

/** What the answer means for the delivery, and for the job. */
export function judge(result: OutboundResult, d: Delivery, replay: boolean, scale: number, now: number): { record: AttemptRecord; outcome: JobOutcome; gone: boolean } {
  if (result.kind === 'blocked') {
    return { record: { status: 'failed', statusCode: null, error: 'blocked_destination', nextAttemptAt: null, responseBody: null }, outcome: { kind: 'failed', error: 'blocked_destination' }, gone: false };
  }
  const statusCode = result.kind === 'response' ? result.status : null;
  const responseBody = result.kind === 'response' ? result.bodyPrefix : null;
  const verdict = statusCode === null ? 'retry' : verdictOf(statusCode);
  if (verdict === 'succeeded') return { record: { status: 'succeeded', statusCode, error: null, nextAttemptAt: null, responseBody }, outcome: DONE, gone: false };
  const error = result.kind === 'error' ? result.error : `HTTP ${statusCode}`;
  const delay = verdict === 'gone' || replay ? null : retryDelayMs(d.attempts + 1, scale, Math.random());
  if (delay === null) return { record: { status: 'failed', statusCode, error, nextAttemptAt: null, responseBody }, outcome: { kind: 'failed', error }, gone: verdict === 'gone' };
  const at = new Date(now + delay);
  return { record: { status: 'pending', statusCode, error, nextAttemptAt: at, responseBody }, outcome: { kind: 'retry', at, error }, gone: false };
}

export async function deliverOnce(deps: DeliverDeps, job: Job): Promise<JobOutcome> {
  const siteId = String(job.payload.site_id);
  const d = await findDelivery(deps.db, siteId, String(job.payload.delivery_id));
  // Its workflow was deleted (with its deliveries), or it ended already.
  if (!d || d.status !== 'pending') return DONE;
  const [workflow, secrets] = await Promise.all([findWorkflow(deps.db, siteId, d.workflowId), workflowSecrets(deps.db, siteId, d.workflowId)]);
  if (!workflow || !secrets) return DONE;
  const now = Date.now();
  const headers = { 'content-type': 'application/json', 'user-agent': 'Storefront-Webhooks/1', ...webhookHeaders(d.webhookId, new Date(now), d.body, signingSecrets(deps, siteId, d.workflowId, secrets, now)) };
  const result = await deps.send({ url: workflow.url, headers, body: d.body });
  const { record, outcome, gone } = judge(result, d, job.payload.replay === true, deps.retryScale, Date.now());
  await recordAttempt(deps.db, siteId, d.deliveryId, record);
  if (gone) {
    await pauseWorkflow(deps.db, siteId, d.workflowId);
    deps.changed(siteId);
  }
  return outcome;
}
