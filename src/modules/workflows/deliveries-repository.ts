// All SQL of webhook deliveries: written with their job in the transaction of their cause, updated
// by each attempt, listed for members, replayed, reopened by an operator's retry of their job.
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { Queryable } from '../../db/types.js';
import type { Delivery, DeliveryStatus } from './workflow.js';

interface DeliveryRow {
  site_id: string;
  delivery_id: string;
  webhook_id: string;
  workflow_id: string;
  type: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  response_body: string | null;
  created_at: Date;
}

const COLUMNS = 'site_id, delivery_id, webhook_id, workflow_id, type, body, status, attempts, last_status_code, last_error, next_attempt_at, response_body, created_at';

const deliveryOf = (r: DeliveryRow): Delivery => ({
  siteId: r.site_id,
  deliveryId: r.delivery_id,
  webhookId: r.webhook_id,
  workflowId: r.workflow_id,
  type: r.type,
  body: r.body,
  status: r.status,
  attempts: r.attempts,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  nextAttemptAt: r.next_attempt_at,
  responseBody: r.response_body,
  createdAt: r.created_at,
});

export interface NewDelivery {
  siteId: string;
  deliveryId: string;
  webhookId: string;
  workflowId: string;
  type: string;
  body: string;
}

export async function insertDeliveries(q: Queryable, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  await q.query(
    `INSERT INTO webhook_deliveries (site_id, delivery_id, webhook_id, workflow_id, type, body, status, next_attempt_at)
     SELECT d.site_id, d.delivery_id, d.webhook_id, d.workflow_id, d.type, d.body, 'pending', now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS d(site_id, delivery_id, webhook_id, workflow_id, type, body)`,
    [deliveries.map((d) => d.siteId), deliveries.map((d) => d.deliveryId), deliveries.map((d) => d.webhookId), deliveries.map((d) => d.workflowId), deliveries.map((d) => d.type), deliveries.map((d) => d.body)],
  );
}

export async function findDelivery(q: Queryable, siteId: string, deliveryId: string): Promise<Delivery | null> {
  const { rows } = await q.query<DeliveryRow>(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE site_id = $1 AND delivery_id = $2`, [siteId, deliveryId]);
  return rows[0] ? deliveryOf(rows[0]) : null;
}

export interface AttemptRecord {
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  responseBody: string | null;
}

export async function recordAttempt(q: Queryable, siteId: string, deliveryId: string, a: AttemptRecord): Promise<void> {
  await q.query(
    `UPDATE webhook_deliveries SET status = $3, attempts = attempts + 1, last_status_code = $4, last_error = $5, next_attempt_at = $6, response_body = $7, updated_at = now()
      WHERE site_id = $1 AND delivery_id = $2`,
    [siteId, deliveryId, a.status, a.statusCode, a.error, a.nextAttemptAt, a.responseBody],
  );
}

/** A replay: pending again, due now. */
export async function markPending(q: Queryable, siteId: string, deliveryId: string): Promise<Delivery | null> {
  const { rows } = await q.query<DeliveryRow>(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), updated_at = now() WHERE site_id = $1 AND delivery_id = $2 RETURNING ${COLUMNS}`,
    [siteId, deliveryId],
  );
  return rows[0] ? deliveryOf(rows[0]) : null;
}

/** An operator's retry of its failed job: a failed delivery pending again, due now; false when it is not failed (pending, or it succeeded since). */
export async function reopenFailedDelivery(q: Queryable, siteId: string, deliveryId: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), updated_at = now() WHERE site_id = $1 AND delivery_id = $2 AND status = 'failed'`,
    [siteId, deliveryId],
  );
  return rowCount === 1;
}

const deliveryPage = newestFirst({ createdAt: 'created_at', id: 'delivery_id' }, 4, 5);

export async function listDeliveries(q: Queryable, siteId: string, workflowId: string, status: DeliveryStatus | undefined, limit: number, after: PageAfter | undefined): Promise<(Delivery & { cursor_at: string })[]> {
  const { rows } = await q.query<DeliveryRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${deliveryPage.cursorAt} AS cursor_at FROM webhook_deliveries
      WHERE site_id = $1 AND workflow_id = $2 AND ($3::text IS NULL OR status = $3) AND ${deliveryPage.after} ${deliveryPage.orderBy} LIMIT $6`,
    [siteId, workflowId, status ?? null, ...afterParams(after), limit],
  );
  return rows.map((r) => ({ ...deliveryOf(r), cursor_at: r.cursor_at }));
}
