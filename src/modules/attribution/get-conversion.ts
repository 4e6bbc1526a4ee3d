// An order's ledger and current state, for members of its site (CONTRACT §4): amounts back in the
// currency's decimals, the touches and assignments it names and which of them are not known yet.
import { notFound } from '../../errors.js';
import type { Database } from '../../db/types.js';
import { fromMinorUnitsOf } from '../../domain/money.js';
import { toIso } from '../../time.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import * as repo from './conversions-repository.js';

export async function getConversion(db: Database, actor: Actor, siteId: string, orderId: string) {
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  const order = await repo.findConversion(db, siteId, orderId);
  if (!order) throw notFound('Conversion');
  const [entries, touches, assignments] = await Promise.all([
    repo.listEntries(db, siteId, orderId),
    repo.touchLinks(db, siteId, orderId),
    repo.assignmentLinks(db, siteId, orderId),
  ]);
  const m = (minor: number) => fromMinorUnitsOf(minor, order.currency);
  return {
    order_id: order.orderId,
    conversion_id: order.conversionId,
    currency: order.currency,
    state: order.state,
    net_revenue: m(order.netRevenue),
    net_commissionable: m(order.netCommissionable),
    net_margin: order.netMargin === null ? null : m(order.netMargin),
    touch_ids: touches.map((t) => t.id),
    unresolved_touch_ids: touches.filter((t) => !t.resolved).map((t) => t.id),
    assignment_ids: assignments.map((a) => a.id),
    unresolved_assignment_ids: assignments.filter((a) => !a.resolved).map((a) => a.id),
    entries: entries.map((e) => ({
      entry_id: e.entryId,
      type: e.type,
      occurred_at: toIso(e.occurredAt),
      received_at: toIso(e.receivedAt),
      revenue_delta: m(e.revenueDelta),
      commissionable_delta: m(e.commissionableDelta),
      margin_delta: e.marginDelta === null ? null : m(e.marginDelta),
      ...(e.reason ? { reason: e.reason } : {}),
    })),
  };
}
