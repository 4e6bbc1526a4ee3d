// All SQL of experiments, assignments and their running sums.
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { Variant } from './assignment.js';
import type { ArmDelta, LinkStatus, SessionValues } from './session-values.js';

export type ExperimentState = 'draft' | 'running' | 'stopped';

export interface Surface {
  type: 'overlay' | 'recommendation' | 'chatbot';
  campaign_id: string;
}

export interface ExperimentRow {
  experiment_id: string;
  site_id: string;
  name: string;
  hypothesis: string | null;
  surfaces: Surface[];
  weight_control: number;
  weight_treatment: number;
  conversion_window_days: number;
  refund_window_days: number;
  mde: number;
  alpha: number;
  currency: string | null;
  state: ExperimentState;
  salt: string;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  stopped_at: Date | null;
}

const COLUMNS =
  'experiment_id, site_id, name, hypothesis, surfaces, weight_control, weight_treatment, conversion_window_days, refund_window_days, mde, alpha, currency, state, salt, created_at, updated_at, started_at, stopped_at';

export interface ExperimentFields {
  name: string;
  hypothesis: string | null;
  surfaces: Surface[];
  weightControl: number;
  weightTreatment: number;
  conversionWindowDays: number;
  refundWindowDays: number;
  mde: number;
  alpha: number;
  currency: string | null;
}

export async function insertExperiment(
  q: Queryable,
  e: ExperimentFields & { experimentId: string; siteId: string; salt: string; createdBy: string | null },
): Promise<ExperimentRow> {
  const { rows } = await q.query<ExperimentRow>(
    `INSERT INTO experiments (experiment_id, site_id, name, hypothesis, surfaces, weight_control, weight_treatment,
                              conversion_window_days, refund_window_days, mde, alpha, currency, state, salt, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, 'draft', $13, $14) RETURNING ${COLUMNS}`,
    [e.experimentId, e.siteId, e.name, e.hypothesis, JSON.stringify(e.surfaces), e.weightControl, e.weightTreatment, e.conversionWindowDays, e.refundWindowDays, e.mde, e.alpha, e.currency, e.salt, e.createdBy],
  );
  return rows[0]!;
}

export async function findExperiment(q: Queryable, experimentId: string): Promise<ExperimentRow | undefined> {
  const { rows } = await q.query<ExperimentRow>(`SELECT ${COLUMNS} FROM experiments WHERE experiment_id = $1`, [experimentId]);
  return rows[0];
}

/** A site's experiments, newest first (created_at, then experiment_id); `limit` rows after `after` (created_at at microseconds, id). */
export async function listExperiments(
  q: Queryable,
  siteId: string,
  limit: number,
  after?: PageAfter,
): Promise<(ExperimentRow & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'created_at', id: 'experiment_id' }, 3, 4);
  const { rows } = await q.query<ExperimentRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM experiments WHERE site_id = $1 AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after)],
  );
  return rows;
}

export async function runningExperiments(q: Queryable, siteId: string): Promise<ExperimentRow[]> {
  const { rows } = await q.query<ExperimentRow>(`SELECT ${COLUMNS} FROM experiments WHERE site_id = $1 AND state = 'running' ORDER BY experiment_id`, [siteId]);
  return rows;
}

export async function updateDraft(q: Queryable, experimentId: string, fields: ExperimentFields): Promise<ExperimentRow | undefined> {
  const { rows } = await q.query<ExperimentRow>(
    `UPDATE experiments SET name = $2, hypothesis = $3, surfaces = $4::jsonb, weight_control = $5, weight_treatment = $6,
            conversion_window_days = $7, refund_window_days = $8, mde = $9, alpha = $10, currency = $11, updated_at = now()
      WHERE experiment_id = $1 AND state = 'draft' RETURNING ${COLUMNS}`,
    [experimentId, fields.name, fields.hypothesis, JSON.stringify(fields.surfaces), fields.weightControl, fields.weightTreatment, fields.conversionWindowDays, fields.refundWindowDays, fields.mde, fields.alpha, fields.currency],
  );
  return rows[0];
}

/** Moves the state from `from` to `to`; undefined when the experiment was not in `from`. */
export async function transition(q: Queryable, experimentId: string, from: ExperimentState, to: ExperimentState): Promise<ExperimentRow | undefined> {
  const stamp = to === 'running' ? ', started_at = now()' : to === 'stopped' ? ', stopped_at = now()' : '';
  const { rows } = await q.query<ExperimentRow>(
    `UPDATE experiments SET state = $3, updated_at = now()${stamp} WHERE experiment_id = $1 AND state = $2 RETURNING ${COLUMNS}`,
    [experimentId, from, to],
  );
  return rows[0];
}

export async function setCurrencyIfUnset(q: Queryable, siteId: string, experimentId: string, currency: string): Promise<string> {
  const { rows } = await q.query<{ currency: string }>(
    `UPDATE experiments SET currency = COALESCE(currency, $3) WHERE site_id = $1 AND experiment_id = $2 RETURNING currency`,
    [siteId, experimentId, currency],
  );
  return rows[0]?.currency ?? currency;
}

export interface AssignmentRow {
  experiment_id: string;
  session_id: string;
  assignment_id: string;
  variant: Variant;
  assigned_at: Date;
}

export interface NewAssignment {
  experimentId: string;
  sessionId: string;
  assignmentId: string;
  variant: Variant;
}

/** Stores first exposures; returns the rows inserted now (the others were assigned before). */
export async function insertAssignments(
  q: Queryable,
  siteId: string,
  rows: readonly NewAssignment[],
  assignedAt: Date,
): Promise<AssignmentRow[]> {
  const { rows: inserted } = await q.query<AssignmentRow>(
    `INSERT INTO experiment_assignments (site_id, experiment_id, session_id, assignment_id, variant, assigned_at)
     SELECT $1, e, s, a, v, $6 FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS t(e, s, a, v)
     ON CONFLICT (site_id, experiment_id, session_id) DO NOTHING
     RETURNING experiment_id, session_id, assignment_id, variant, assigned_at`,
    [siteId, rows.map((r) => r.experimentId), rows.map((r) => r.sessionId), rows.map((r) => r.assignmentId), rows.map((r) => r.variant), assignedAt.toISOString()],
  );
  return inserted;
}

export async function findAssignments(q: Queryable, siteId: string, pairs: readonly { experimentId: string; sessionId: string }[]): Promise<AssignmentRow[]> {
  const { rows } = await q.query<AssignmentRow>(
    `SELECT a.experiment_id, a.session_id, a.assignment_id, a.variant, a.assigned_at
       FROM unnest($2::text[], $3::text[]) AS k(e, s)
       JOIN experiment_assignments a ON a.site_id = $1 AND a.experiment_id = k.e AND a.session_id = k.s`,
    [siteId, pairs.map((p) => p.experimentId), pairs.map((p) => p.sessionId)],
  );
  return rows;
}

export interface LinkedAssignmentRow extends AssignmentRow {
  converted: boolean;
  revenue: number;
  margin: number;
  partner: number;
  conversion_window_days: number;
  currency: string | null;
}

const LINKED_COLUMNS = `a.experiment_id, a.session_id, a.assignment_id, a.variant, a.assigned_at, a.converted, a.revenue, a.margin, a.partner,
  x.conversion_window_days, x.currency`;

/** Assignments by id with their session values and experiment rules, locked for the transaction. */
export async function lockAssignmentsById(q: Queryable, siteId: string, assignmentIds: readonly string[]): Promise<LinkedAssignmentRow[]> {
  if (assignmentIds.length === 0) return [];
  const { rows } = await q.query<LinkedAssignmentRow>(
    `SELECT ${LINKED_COLUMNS}
       FROM experiment_assignments a JOIN experiments x ON x.experiment_id = a.experiment_id AND x.site_id = a.site_id
      WHERE a.site_id = $1 AND a.assignment_id = ANY($2::text[])
      ORDER BY a.assignment_id
      FOR UPDATE OF a`,
    [siteId, assignmentIds],
  );
  return rows;
}

export async function updateSessionValues(q: Queryable, siteId: string, assignmentId: string, v: SessionValues): Promise<void> {
  await q.query(
    `UPDATE experiment_assignments SET converted = $3, revenue = $4, margin = $5, partner = $6 WHERE site_id = $1 AND assignment_id = $2`,
    [siteId, assignmentId, v.converted, v.revenue, v.margin, v.partner],
  );
}

/** Adds a change to one shard of an arm's running sums. */
export async function addArmDelta(q: Queryable, siteId: string, experimentId: string, variant: Variant, shard: number, d: ArmDelta): Promise<void> {
  await q.query(
    `INSERT INTO experiment_arm_stats (site_id, experiment_id, variant, shard, sessions, conversions, revenue_sum, revenue_sumsq,
                                       margin_sum, margin_sumsq, partner_sum, partner_sumsq, late_count, late_revenue,
                                       pre_assignment, other_currency, refund_count, refund_amount, last_purchase_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9::numeric, $10::numeric, $11::numeric, $12::numeric, $13,
             $14::numeric, $15, $16, $17, $18::numeric, $19)
     ON CONFLICT (site_id, experiment_id, variant, shard) DO UPDATE SET
       sessions = experiment_arm_stats.sessions + EXCLUDED.sessions,
       conversions = experiment_arm_stats.conversions + EXCLUDED.conversions,
       revenue_sum = experiment_arm_stats.revenue_sum + EXCLUDED.revenue_sum,
       revenue_sumsq = experiment_arm_stats.revenue_sumsq + EXCLUDED.revenue_sumsq,
       margin_sum = experiment_arm_stats.margin_sum + EXCLUDED.margin_sum,
       margin_sumsq = experiment_arm_stats.margin_sumsq + EXCLUDED.margin_sumsq,
       partner_sum = experiment_arm_stats.partner_sum + EXCLUDED.partner_sum,
       partner_sumsq = experiment_arm_stats.partner_sumsq + EXCLUDED.partner_sumsq,
       late_count = experiment_arm_stats.late_count + EXCLUDED.late_count,
       late_revenue = experiment_arm_stats.late_revenue + EXCLUDED.late_revenue,
       pre_assignment = experiment_arm_stats.pre_assignment + EXCLUDED.pre_assignment,
       other_currency = experiment_arm_stats.other_currency + EXCLUDED.other_currency,
       refund_count = experiment_arm_stats.refund_count + EXCLUDED.refund_count,
       refund_amount = experiment_arm_stats.refund_amount + EXCLUDED.refund_amount,
       last_purchase_at = GREATEST(experiment_arm_stats.last_purchase_at, EXCLUDED.last_purchase_at)`,
    [
      siteId,
      experimentId,
      variant,
      shard,
      d.sessions,
      d.conversions,
      d.revenueSum.toString(),
      d.revenueSumSq.toString(),
      d.marginSum.toString(),
      d.marginSumSq.toString(),
      d.partnerSum.toString(),
      d.partnerSumSq.toString(),
      d.lateCount,
      d.lateRevenue.toString(),
      d.preAssignment,
      d.otherCurrency,
      d.refundCount,
      d.refundAmount.toString(),
      d.lastPurchaseAt === null ? null : new Date(d.lastPurchaseAt).toISOString(),
    ],
  );
}

/** Adds new sessions to arms (one statement for all; rows in key order, a fixed lock order). */
export async function addSessions(q: Queryable, siteId: string, rows: readonly { experimentId: string; variant: Variant; shard: number; sessions: number }[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => `${a.experimentId}\n${a.variant}\n${a.shard}`.localeCompare(`${b.experimentId}\n${b.variant}\n${b.shard}`));
  await q.query(
    `INSERT INTO experiment_arm_stats (site_id, experiment_id, variant, shard, sessions)
     SELECT $1, e, v, s, n FROM unnest($2::text[], $3::text[], $4::smallint[], $5::bigint[]) AS t(e, v, s, n)
     ON CONFLICT (site_id, experiment_id, variant, shard) DO UPDATE SET sessions = experiment_arm_stats.sessions + EXCLUDED.sessions`,
    [siteId, sorted.map((r) => r.experimentId), sorted.map((r) => r.variant), sorted.map((r) => r.shard), sorted.map((r) => r.sessions)],
  );
}

export interface ArmTotals {
  variant: Variant;
  sessions: number;
  conversions: number;
  revenue_sum: number;
  revenue_sumsq: number;
  margin_sum: number;
  margin_sumsq: number;
  partner_sum: number;
  partner_sumsq: number;
  late_count: number;
  late_revenue: number;
  pre_assignment: number;
  other_currency: number;
  refund_count: number;
  refund_amount: number;
  last_purchase_at: Date | null;
}

/** The running sums of each arm, shards added up (numeric sums as doubles for the statistics). */
export async function armTotals(q: Queryable, siteId: string, experimentId: string): Promise<ArmTotals[]> {
  const { rows } = await q.query<ArmTotals>(
    `SELECT variant, sum(sessions)::float8 AS sessions, sum(conversions)::float8 AS conversions,
            sum(revenue_sum)::float8 AS revenue_sum, sum(revenue_sumsq)::float8 AS revenue_sumsq,
            sum(margin_sum)::float8 AS margin_sum, sum(margin_sumsq)::float8 AS margin_sumsq,
            sum(partner_sum)::float8 AS partner_sum, sum(partner_sumsq)::float8 AS partner_sumsq,
            sum(late_count)::float8 AS late_count, sum(late_revenue)::float8 AS late_revenue,
            sum(pre_assignment)::float8 AS pre_assignment, sum(other_currency)::float8 AS other_currency,
            sum(refund_count)::float8 AS refund_count, sum(refund_amount)::float8 AS refund_amount,
            max(last_purchase_at) AS last_purchase_at
       FROM experiment_arm_stats WHERE site_id = $1 AND experiment_id = $2 GROUP BY variant`,
    [siteId, experimentId],
  );
  return rows;
}

export async function setLinkStatus(q: Queryable, siteId: string, orderId: string, assignmentId: string, status: LinkStatus): Promise<void> {
  await q.query(`UPDATE conversion_assignments SET status = $4 WHERE site_id = $1 AND order_id = $2 AND assignment_id = $3`, [siteId, orderId, assignmentId, status]);
}

/** The assignments an order counts for, with their session values and whether the order carries a partner touch, locked. */
export async function lockIncludedAssignmentsOfOrder(q: Queryable, siteId: string, orderId: string): Promise<(LinkedAssignmentRow & { carries_touch: boolean })[]> {
  const { rows } = await q.query<LinkedAssignmentRow & { carries_touch: boolean }>(
    `SELECT ${LINKED_COLUMNS},
            EXISTS (SELECT 1 FROM conversion_touches t WHERE t.site_id = l.site_id AND t.order_id = l.order_id) AS carries_touch
       FROM conversion_assignments l
       JOIN experiment_assignments a ON a.site_id = l.site_id AND a.assignment_id = l.assignment_id
       JOIN experiments x ON x.experiment_id = a.experiment_id AND x.site_id = a.site_id
      WHERE l.site_id = $1 AND l.order_id = $2 AND l.status = 'included'
      ORDER BY a.assignment_id
      FOR UPDATE OF a`,
    [siteId, orderId],
  );
  return rows;
}

export interface WaitingOrderRow {
  order_id: string;
  currency: string;
  net_revenue: number;
  net_commissionable: number;
  net_margin: number | null;
  purchased_at: Date;
  carries_touch: boolean;
}

/** Orders that named assignments before those assignments existed. */
export async function unresolvedOrdersOfAssignments(q: Queryable, siteId: string, assignmentIds: readonly string[]): Promise<(WaitingOrderRow & { assignment_id: string })[]> {
  if (assignmentIds.length === 0) return [];
  const { rows } = await q.query<WaitingOrderRow & { assignment_id: string }>(
    `SELECT l.assignment_id, c.order_id, c.currency, c.net_revenue, c.net_commissionable, c.net_margin, c.purchased_at,
            EXISTS (SELECT 1 FROM conversion_touches t WHERE t.site_id = c.site_id AND t.order_id = c.order_id) AS carries_touch
       FROM conversion_assignments l JOIN conversions c ON c.site_id = l.site_id AND c.order_id = l.order_id
      WHERE l.site_id = $1 AND l.assignment_id = ANY($2::text[]) AND l.status = 'unresolved'
      ORDER BY l.order_id
      FOR UPDATE OF c`,
    [siteId, assignmentIds],
  );
  return rows;
}
