// All SQL of the links between orders and assignments (conversion_assignments, written by the
// ledger when a purchase names assignments): how each link counts, and the orders still waiting
// for an assignment they named; rows become LinkedOrder values of the kernel's order ledger.
import type { Queryable } from '../../db/types.js';
import type { LinkedOrder } from '../../kernel/index.js';
import type { LinkStatus } from './experiment.js';

export async function setLinkStatus(q: Queryable, siteId: string, orderId: string, assignmentId: string, status: LinkStatus): Promise<void> {
  await q.query(`UPDATE conversion_assignments SET status = $4 WHERE site_id = $1 AND order_id = $2 AND assignment_id = $3`, [siteId, orderId, assignmentId, status]);
}

interface WaitingOrderRow {
  assignment_id: string;
  order_id: string;
  currency: string;
  net_revenue: number;
  net_commissionable: number;
  net_margin: number | null;
  purchased_at: Date;
  carries_touch: boolean;
}

/** An order that named an assignment before the assignment existed, as it is now (net of its ledger entries). */
export interface WaitingOrder {
  assignmentId: string;
  order: LinkedOrder;
}

/** Orders that named these assignments before those assignments existed, locked, in order id order. */
export async function unresolvedOrdersOfAssignments(q: Queryable, siteId: string, assignmentIds: readonly string[]): Promise<WaitingOrder[]> {
  if (assignmentIds.length === 0) return [];
  const { rows } = await q.query<WaitingOrderRow>(
    `SELECT l.assignment_id, c.order_id, c.currency, c.net_revenue, c.net_commissionable, c.net_margin, c.purchased_at,
            EXISTS (SELECT 1 FROM conversion_touches t WHERE t.site_id = c.site_id AND t.order_id = c.order_id) AS carries_touch
       FROM conversion_assignments l JOIN conversions c ON c.site_id = l.site_id AND c.order_id = l.order_id
      WHERE l.site_id = $1 AND l.assignment_id = ANY($2::text[]) AND l.status = 'unresolved'
      ORDER BY l.order_id
      FOR UPDATE OF c`,
    [siteId, assignmentIds],
  );
  return rows.map((r) => ({
    assignmentId: r.assignment_id,
    order: {
      orderId: r.order_id,
      currency: r.currency,
      revenue: r.net_revenue,
      commissionable: r.net_commissionable,
      margin: r.net_margin,
      purchasedAt: r.purchased_at.getTime(),
      carriesTouch: r.carries_touch,
    },
  }));
}
