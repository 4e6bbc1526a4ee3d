// All SQL of experiment_assignments: sessions' first exposures and each session's values now;
// rows become Assignment and LinkedAssignment values.
import type { Queryable } from '../../db/types.js';
import type { Assignment, LinkedAssignment, NewAssignment, SessionValues, Variant } from './experiment.js';

interface AssignmentRow {
  experiment_id: string;
  session_id: string;
  assignment_id: string;
  variant: Variant;
  assigned_at: Date;
}

interface LinkedAssignmentRow extends AssignmentRow {
  converted: boolean;
  revenue: number;
  margin: number;
  partner: number;
  conversion_window_days: number;
  currency: string | null;
}

const ASSIGNMENT_COLUMNS = 'a.experiment_id, a.session_id, a.assignment_id, a.variant, a.assigned_at';
const LINKED_COLUMNS = `${ASSIGNMENT_COLUMNS}, a.converted, a.revenue, a.margin, a.partner, x.conversion_window_days, x.currency`;

const assignmentFromRow = (r: AssignmentRow): Assignment => ({
  experimentId: r.experiment_id,
  sessionId: r.session_id,
  assignmentId: r.assignment_id,
  variant: r.variant,
  assignedAt: r.assigned_at,
});

const linkedFromRow = (r: LinkedAssignmentRow): LinkedAssignment => ({
  ...assignmentFromRow(r),
  converted: r.converted,
  revenue: r.revenue,
  margin: r.margin,
  partner: r.partner,
  conversionWindowDays: r.conversion_window_days,
  currency: r.currency,
});

/**
 * Stores first exposures; returns the assignments stored now (the others were assigned before).
 * The conflict clause names no index: the assignment id is derived from (site, experiment, session),
 * so a conflict on either unique index is the same row, and both must be arbiters. With the primary
 * key alone as arbiter, two transactions inserting the same new session at once could both pass the
 * arbiter check and the second then failed on the id index (23505) instead of doing nothing.
 */
export async function insertAssignments(
  q: Queryable,
  siteId: string,
  fresh: readonly NewAssignment[],
  assignedAt: Date,
): Promise<Assignment[]> {
  const { rows } = await q.query<AssignmentRow>(
    `INSERT INTO experiment_assignments (site_id, experiment_id, session_id, assignment_id, variant, assigned_at)
     SELECT $1, e, s, a, v, $6 FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS t(e, s, a, v)
     ON CONFLICT DO NOTHING
     RETURNING experiment_id, session_id, assignment_id, variant, assigned_at`,
    [siteId, fresh.map((r) => r.experimentId), fresh.map((r) => r.sessionId), fresh.map((r) => r.assignmentId), fresh.map((r) => r.variant), assignedAt.toISOString()],
  );
  return rows.map(assignmentFromRow);
}

/** The stored assignments of these (experiment, session) pairs. */
export async function findAssignments(q: Queryable, siteId: string, pairs: readonly { experimentId: string; sessionId: string }[]): Promise<Assignment[]> {
  const { rows } = await q.query<AssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS}
       FROM unnest($2::text[], $3::text[]) AS k(e, s)
       JOIN experiment_assignments a ON a.site_id = $1 AND a.experiment_id = k.e AND a.session_id = k.s`,
    [siteId, pairs.map((p) => p.experimentId), pairs.map((p) => p.sessionId)],
  );
  return rows.map(assignmentFromRow);
}

/** Assignments by id with their session values and experiment rules, locked for the transaction. */
export async function lockAssignmentsById(q: Queryable, siteId: string, assignmentIds: readonly string[]): Promise<LinkedAssignment[]> {
  if (assignmentIds.length === 0) return [];
  const { rows } = await q.query<LinkedAssignmentRow>(
    `SELECT ${LINKED_COLUMNS}
       FROM experiment_assignments a JOIN experiments x ON x.experiment_id = a.experiment_id AND x.site_id = a.site_id
      WHERE a.site_id = $1 AND a.assignment_id = ANY($2::text[])
      ORDER BY a.assignment_id
      FOR UPDATE OF a`,
    [siteId, assignmentIds],
  );
  return rows.map(linkedFromRow);
}

/** The assignments an order counts for, with their session values and whether the order carries a partner touch, locked. */
export async function lockIncludedAssignmentsOfOrder(q: Queryable, siteId: string, orderId: string): Promise<(LinkedAssignment & { carriesTouch: boolean })[]> {
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
  return rows.map((r) => ({ ...linkedFromRow(r), carriesTouch: r.carries_touch }));
}

export async function updateSessionValues(q: Queryable, siteId: string, assignmentId: string, v: SessionValues): Promise<void> {
  await q.query(
    `UPDATE experiment_assignments SET converted = $3, revenue = $4, margin = $5, partner = $6 WHERE site_id = $1 AND assignment_id = $2`,
    [siteId, assignmentId, v.converted, v.revenue, v.margin, v.partner],
  );
}
