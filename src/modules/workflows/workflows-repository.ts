// All SQL of workflows and their deliveries. Rows become Workflow and Delivery values; sealed
// secrets are read only by the delivery that signs with them.
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { Queryable } from '../../db/types.js';
import type { TriggerKind } from '../../kernel/index.js';
import type { Condition } from './conditions.js';
import type { SealedSecret, Workflow, WorkflowSecrets, WorkflowSettings, WorkflowStatus } from './workflow.js';

interface WorkflowRow {
  site_id: string;
  workflow_id: string;
  name: string;
  status: WorkflowStatus;
  trigger_on: TriggerKind;
  event_types: string[] | null;
  conditions: Condition[];
  url: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  cursor_at?: string;
}

const COLUMNS = 'site_id, workflow_id, name, status, trigger_on, event_types, conditions, url, version, created_at, updated_at';

const workflowOf = (r: WorkflowRow): Workflow => ({
  siteId: r.site_id,
  workflowId: r.workflow_id,
  name: r.name,
  status: r.status,
  trigger: { on: r.trigger_on, eventTypes: r.event_types, conditions: r.conditions },
  url: r.url,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function insertWorkflow(q: Queryable, siteId: string, workflowId: string, s: WorkflowSettings, secret: SealedSecret): Promise<Workflow> {
  const { rows } = await q.query<WorkflowRow>(
    `INSERT INTO workflows (site_id, workflow_id, name, status, trigger_on, event_types, conditions, url, secret_ciphertext, secret_key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [siteId, workflowId, s.name, s.status, s.trigger.on, s.trigger.eventTypes, JSON.stringify(s.trigger.conditions), s.url, secret.ciphertext, secret.keyId],
  );
  return workflowOf(rows[0]!);
}

export async function updateWorkflow(q: Queryable, siteId: string, workflowId: string, s: WorkflowSettings): Promise<Workflow | null> {
  const { rows } = await q.query<WorkflowRow>(
    `UPDATE workflows SET name = $3, status = $4, trigger_on = $5, event_types = $6, conditions = $7, url = $8, version = version + 1, updated_at = now()
      WHERE site_id = $1 AND workflow_id = $2 RETURNING ${COLUMNS}`,
    [siteId, workflowId, s.name, s.status, s.trigger.on, s.trigger.eventTypes, JSON.stringify(s.trigger.conditions), s.url],
  );
  return rows[0] ? workflowOf(rows[0]) : null;
}

/** A 410 from the receiver pauses the workflow. */
export async function pauseWorkflow(q: Queryable, siteId: string, workflowId: string): Promise<void> {
  await q.query(`UPDATE workflows SET status = 'paused', version = version + 1, updated_at = now() WHERE site_id = $1 AND workflow_id = $2 AND status = 'active'`, [siteId, workflowId]);
}

export async function deleteWorkflow(q: Queryable, siteId: string, workflowId: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM workflows WHERE site_id = $1 AND workflow_id = $2', [siteId, workflowId]);
  return rowCount === 1;
}

export async function findWorkflow(q: Queryable, siteId: string, workflowId: string, lock = false): Promise<Workflow | null> {
  const { rows } = await q.query<WorkflowRow>(`SELECT ${COLUMNS} FROM workflows WHERE site_id = $1 AND workflow_id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, workflowId]);
  return rows[0] ? workflowOf(rows[0]) : null;
}

export async function countWorkflows(q: Queryable, siteId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM workflows WHERE site_id = $1', [siteId]);
  return rows[0]!.n;
}

const workflowPage = newestFirst({ createdAt: 'created_at', id: 'workflow_id' }, 2, 3);

export async function listWorkflows(q: Queryable, siteId: string, limit: number, after: PageAfter | undefined): Promise<(Workflow & { cursor_at: string })[]> {
  const { rows } = await q.query<WorkflowRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${workflowPage.cursorAt} AS cursor_at FROM workflows WHERE site_id = $1 AND ${workflowPage.after} ${workflowPage.orderBy} LIMIT $4`,
    [siteId, ...afterParams(after), limit],
  );
  return rows.map((r) => ({ ...workflowOf(r), cursor_at: r.cursor_at }));
}

/** The site's active workflows on a trigger (the partial index workflows_trigger_idx). */
export async function activeWorkflows(q: Queryable, siteId: string, on: TriggerKind): Promise<Workflow[]> {
  const { rows } = await q.query<WorkflowRow>(`SELECT ${COLUMNS} FROM workflows WHERE site_id = $1 AND trigger_on = $2 AND status = 'active'`, [siteId, on]);
  return rows.map(workflowOf);
}

export async function workflowSecrets(q: Queryable, siteId: string, workflowId: string): Promise<WorkflowSecrets | null> {
  const { rows } = await q.query<{ secret_ciphertext: string; secret_key_id: string; previous_secret_ciphertext: string | null; previous_secret_key_id: string | null; previous_secret_until: Date | null }>(
    'SELECT secret_ciphertext, secret_key_id, previous_secret_ciphertext, previous_secret_key_id, previous_secret_until FROM workflows WHERE site_id = $1 AND workflow_id = $2',
    [siteId, workflowId],
  );
  const r = rows[0];
  if (!r) return null;
  const previous = r.previous_secret_ciphertext && r.previous_secret_key_id && r.previous_secret_until ? { ciphertext: r.previous_secret_ciphertext, keyId: r.previous_secret_key_id, until: r.previous_secret_until } : null;
  return { current: { ciphertext: r.secret_ciphertext, keyId: r.secret_key_id }, previous };
}

/** The new secret signs from now; the one it replaces until `until`. */
export async function rotateSecret(q: Queryable, siteId: string, workflowId: string, next: SealedSecret, until: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE workflows SET previous_secret_ciphertext = secret_ciphertext, previous_secret_key_id = secret_key_id, previous_secret_until = $5,
            secret_ciphertext = $3, secret_key_id = $4, updated_at = now()
      WHERE site_id = $1 AND workflow_id = $2`,
    [siteId, workflowId, next.ciphertext, next.keyId, until],
  );
  return rowCount === 1;
}
