// Recording an adjustment or a cancellation (CONTRACT §4): appended to the order's ledger under a
// row lock (entries on one order serialise), checked against the state it would change, and the
// new state stored with it; the order-ledger listeners move in the same transaction.
import { AppError } from '../../errors.js';
import { randomBase62 } from '../../ids.js';
import { fromMinorUnitsOf } from '../../domain/money.js';
import type { Database, Queryable } from '../../db/types.js';
import type { LedgerDeps } from './ledger-deps.js';
import { recordConversionHappening } from './conversion-happening.js';
import type { Conversion } from './conversion-records.js';
import { planAdjustment, planCancellation, type OrderState } from './ledger.js';
import type { ConversionOutcome } from './conversion-outcome.js';
import type { NormalizedAdjustment, NormalizedCancellation } from './normalize-conversion.js';
import { KeyTakenMeanwhile } from './replay-conversion.js';
import * as repo from './conversions-repository.js';

export async function recordLedgerEntry(
  { db, hooks, triggers }: LedgerDeps,
  siteId: string,
  req: NormalizedAdjustment | NormalizedCancellation,
  fingerprint: string,
): Promise<ConversionOutcome> {
  const entryId = `ent_${randomBase62(20)}`;
  return db.transaction(async (tx) => {
    const order = await repo.lockConversion(tx, siteId, req.order_id);
    if (!order) throw new AppError('purchase_not_found', `No purchase exists for order ${JSON.stringify(req.order_id)}`);
    // A concurrent identical request may have committed while we waited for the lock.
    if (await repo.findEntryByIdempotencyKey(tx, siteId, req.idempotency_key)) throw new KeyTakenMeanwhile('key');
    const state = await orderState(tx, siteId, order, req);
    const plan = req.type === 'adjustment' ? planAdjustment(state, req) : planCancellation(state, req);
    if (!plan.ok) throw new AppError(plan.code, plan.message, plan.details);
    const appended = await repo.insertEntry(tx, {
      siteId,
      entryId,
      orderId: req.order_id,
      seq: order.entries + 1,
      type: req.type,
      idempotencyKey: req.idempotency_key,
      fingerprint,
      occurredAt: req.occurred_at,
      revenueDelta: plan.deltas.revenue,
      commissionableDelta: plan.deltas.commissionable,
      marginDelta: plan.deltas.margin,
      reason: req.reason,
      payload: req,
    });
    if (!appended) throw new KeyTakenMeanwhile('key');
    const { next } = plan;
    await repo.updateConversionState(tx, {
      siteId,
      orderId: req.order_id,
      state: next.state,
      netRevenue: next.netRevenue,
      netCommissionable: next.netCommissionable,
      netMargin: next.netMargin,
      latestSourceAt: next.latestSourceAt,
    });
    await hooks?.onLedgerEntry(tx, siteId, req.order_id, plan.deltas);
    await recordConversionHappening(tx, triggers, {
      siteId,
      conversionId: order.conversionId,
      entryId,
      orderId: req.order_id,
      type: req.type,
      occurredAt: req.occurred_at,
      reason: req.reason,
      currency: order.currency,
      deltas: plan.deltas,
      order: { state: next.state, netRevenue: next.netRevenue, netCommissionable: next.netCommissionable, netMargin: next.netMargin },
    });
    const m = (minor: number) => fromMinorUnitsOf(minor, order.currency);
    return {
      outcome: 'created' as const,
      data: {
        conversion_id: order.conversionId,
        entry_id: entryId,
        state: next.state,
        net_revenue: m(next.netRevenue),
        net_commissionable: m(next.netCommissionable),
        net_margin: next.netMargin === null ? null : m(next.netMargin),
      },
    };
  });
}

/** The state an entry is checked against; the purchase's line ids only when an adjustment names lines. */
async function orderState(q: Queryable, siteId: string, order: Conversion, req: NormalizedAdjustment | NormalizedCancellation): Promise<OrderState> {
  return {
    currency: order.currency,
    state: order.state,
    netRevenue: order.netRevenue,
    netCommissionable: order.netCommissionable,
    netMargin: order.netMargin,
    latestSourceAt: order.latestSourceAt,
    lineIds: req.type === 'adjustment' && req.lines.length > 0 ? await repo.purchaseLineIds(q, siteId, req.order_id) : [],
  };
}
