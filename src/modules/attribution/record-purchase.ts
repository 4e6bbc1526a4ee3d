// Recording a purchase (CONTRACT §4): reconciled to the minor unit, it opens the order's ledger
// with its first entry, links the touches and experiment assignments it names (resolved when they
// are known, now or later), and tells the order-ledger listeners, all in one transaction.
import { AppError } from '../../errors.js';
import { randomBase62 } from '../../ids.js';
import type { Database, Queryable } from '../../db/types.js';
import type { LedgerDeps } from './ledger-deps.js';
import { recordConversionHappening } from './conversion-happening.js';
import { stateAfterPurchase } from './ledger.js';
import type { ConversionOutcome } from './conversion-outcome.js';
import type { NormalizedPurchase } from './normalize-conversion.js';
import { reconcilePurchase } from './reconcile-purchase.js';
import { KeyTakenMeanwhile } from './replay-conversion.js';
import * as repo from './conversions-repository.js';

export async function recordPurchase({ db, hooks, triggers }: LedgerDeps, siteId: string, p: NormalizedPurchase, fingerprint: string): Promise<ConversionOutcome> {
  const violations = reconcilePurchase(p);
  if (violations.length > 0) {
    throw new AppError('reconciliation_failed', `The purchase does not reconcile: ${violations.map((v) => v.code).join(', ')}`, violations);
  }
  const conversionId = `conv_${randomBase62(20)}`;
  const entryId = `ent_${randomBase62(20)}`;
  const state = stateAfterPurchase(p);
  await db.transaction(async (tx) => {
    const created = await repo.insertConversion(tx, {
      siteId,
      orderId: p.order_id,
      conversionId,
      currency: p.currency,
      netRevenue: state.netRevenue,
      netCommissionable: state.netCommissionable,
      netMargin: state.netMargin,
      occurredAt: p.occurred_at,
    });
    if (!created) throw new KeyTakenMeanwhile('order');
    const appended = await repo.insertEntry(tx, {
      siteId,
      entryId,
      orderId: p.order_id,
      seq: 1,
      type: 'purchase',
      idempotencyKey: p.idempotency_key,
      fingerprint,
      occurredAt: p.occurred_at,
      revenueDelta: state.netRevenue,
      commissionableDelta: state.netCommissionable,
      marginDelta: state.netMargin,
      reason: null,
      payload: p,
    });
    if (!appended) throw new KeyTakenMeanwhile('key');
    await repo.linkTouches(tx, siteId, p.order_id, p.touch_ids);
    await repo.linkAssignments(tx, siteId, p.order_id, p.assignment_ids);
    await hooks?.onPurchase(tx, siteId, {
      orderId: p.order_id,
      currency: p.currency,
      revenue: state.netRevenue,
      commissionable: state.netCommissionable,
      margin: state.netMargin,
      purchasedAt: p.occurred_at,
      carriesTouch: p.touch_ids.length > 0,
    }, p.assignment_ids);
    await recordConversionHappening(tx, triggers, {
      siteId,
      conversionId,
      entryId,
      orderId: p.order_id,
      type: 'purchase',
      occurredAt: p.occurred_at,
      reason: null,
      currency: p.currency,
      deltas: { revenue: state.netRevenue, commissionable: state.netCommissionable, margin: state.netMargin },
      order: { state: 'open', netRevenue: state.netRevenue, netCommissionable: state.netCommissionable, netMargin: state.netMargin },
    });
  });
  const unresolved = await unresolvedLinks(db, siteId, p);
  return { outcome: 'created', data: { authoritative: true, conversion_id: conversionId, entry_id: entryId, ...unresolved } };
}

/** The touches and assignments the purchase names that are not known yet. Most name none: nothing to read back then. */
async function unresolvedLinks(q: Queryable, siteId: string, p: NormalizedPurchase) {
  const [touches, assignments] = await Promise.all([
    p.touch_ids.length > 0 ? repo.touchLinks(q, siteId, p.order_id) : [],
    p.assignment_ids.length > 0 ? repo.assignmentLinks(q, siteId, p.order_id) : [],
  ]);
  return {
    unresolved_touch_ids: touches.filter((t) => !t.resolved).map((t) => t.id),
    unresolved_assignment_ids: assignments.filter((a) => !a.resolved).map((a) => a.id),
  };
}
