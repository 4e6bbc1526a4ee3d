// Trusted conversions from the merchant's backend (secret key with partner_attribution:convert):
// purchases reconciled to the minor unit, adjustments and cancellations appended to the order's
// ledger under a row lock, every request idempotent per site.
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import type { Database, Queryable } from '../../db/types.js';
import { AppError, notFound, type ErrorDetail } from '../../errors.js';
import { randomBase62 } from '../../ids.js';
import { fromMinorUnitsOf } from '../../domain/money.js';
import { validationDetails } from '../../validation/details.js';
import { toIso } from '../../time.js';
import { getSiteWithRoleOrThrow, type Actor, type OrderLedgerListener } from '../../kernel/index.js';
import { Adjustment, Cancellation, CONVERSION_TYPES, Purchase, type ConversionRequest, type ConversionType } from './conversion-schemas.js';
import { planAdjustment, planCancellation, stateAfterPurchase, type OrderState } from './ledger.js';
import {
  fingerprintOf,
  normalizeAdjustment,
  normalizeCancellation,
  normalizePurchase,
  type NormalizedAdjustment,
  type NormalizedCancellation,
  type NormalizedConversion,
  type NormalizedPurchase,
} from './normalize-conversion.js';
import { reconcilePurchase } from './reconcile-purchase.js';
import { retryOnConflict } from '../../db/retry.js';
import * as repo from './conversions-repository.js';

// Each event_type's object: its schema (checked here, so errors carry the object's path) and its normal form.
const OBJECT_RULES = {
  purchase: { checker: Compile(Purchase as TSchema), normalize: normalizePurchase },
  adjustment: { checker: Compile(Adjustment as TSchema), normalize: normalizeAdjustment },
  cancellation: { checker: Compile(Cancellation as TSchema), normalize: normalizeCancellation },
};

export interface ConversionOutcome {
  status: 200 | 201;
  data: {
    authoritative?: true;
    deduplicated?: true;
    conversion_id: string;
    entry_id: string;
    unresolved_touch_ids?: string[];
    unresolved_assignment_ids?: string[];
    state?: 'open' | 'cancelled';
    net_revenue?: number;
    net_commissionable?: number;
    net_margin?: number | null;
  };
}

/** A concurrent request took the idempotency key or the order first: answer as a replay. */
class KeyTakenMeanwhile extends Error {}

const invalid = (details: ErrorDetail[]) => new AppError('validation_failed', 'The conversion is not valid', details);

/** The envelope of spec 2.4: event_type and exactly one matching object. */
function parseEnvelope(body: ConversionRequest): { type: ConversionType; key: string; object: unknown } {
  const expected = CONVERSION_TYPES[body.event_type];
  const present = Object.values(CONVERSION_TYPES).filter((k) => body[k] !== undefined);
  const details: ErrorDetail[] = present
    .filter((k) => k !== expected)
    .map((k) => ({ path: `/${k}`, code: 'unexpected', message: `event_type ${body.event_type} takes only the ${expected} object` }));
  if (!present.includes(expected)) details.push({ path: `/${expected}`, code: 'required', message: `event_type ${body.event_type} needs the ${expected} object` });
  if (details.length > 0) throw invalid(details);
  return { type: body.event_type, key: expected, object: body[expected] };
}

function validateObject(type: ConversionType, key: string, object: unknown): NormalizedConversion {
  const { checker, normalize } = OBJECT_RULES[type];
  const pointer = `/${key}`;
  if (!checker.Check(object)) {
    throw invalid(validationDetails(checker.Errors(object) as never).map((d) => ({ ...d, path: `${pointer}${d.path}` })));
  }
  const result = normalize(object as never, pointer);
  if (!result.ok) throw invalid(result.details);
  return result.value;
}

/** `hooks`: what else moves with the ledger, inside its transactions (the kernel's order-ledger listeners). */
export function createConversionsService(db: Database, hooks?: OrderLedgerListener) {
  async function replayOrThrow(siteId: string, key: string, fingerprint: string): Promise<ConversionOutcome | undefined> {
    const entry = await repo.findEntryByIdempotencyKey(db, siteId, key);
    if (!entry) return undefined;
    if (entry.fingerprint !== fingerprint) {
      throw new AppError('idempotency_conflict', 'This idempotency key was used with a different payload', [
        { path: '/idempotency_key', code: 'idempotency_conflict', message: 'already used for a different request' },
      ]);
    }
    return { status: 200, data: { deduplicated: true, conversion_id: entry.conversion_id, entry_id: entry.entry_id } };
  }

  async function recordPurchase(siteId: string, p: NormalizedPurchase, fingerprint: string): Promise<ConversionOutcome> {
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
    });
    // Most purchases name no touches or assignments: nothing to read back then.
    const [touches, assignments] = await Promise.all([
      p.touch_ids.length > 0 ? repo.touchLinks(db, siteId, p.order_id) : [],
      p.assignment_ids.length > 0 ? repo.assignmentLinks(db, siteId, p.order_id) : [],
    ]);
    return {
      status: 201,
      data: {
        authoritative: true,
        conversion_id: conversionId,
        entry_id: entryId,
        unresolved_touch_ids: touches.filter((t) => !t.resolved).map((t) => t.touch_id),
        unresolved_assignment_ids: assignments.filter((a) => !a.resolved).map((a) => a.assignment_id),
      },
    };
  }

  async function recordLedgerEntry(siteId: string, req: NormalizedAdjustment | NormalizedCancellation, fingerprint: string): Promise<ConversionOutcome> {
    const entryId = `ent_${randomBase62(20)}`;
    return db.transaction(async (tx) => {
      const row = await repo.lockConversion(tx, siteId, req.order_id);
      if (!row) throw new AppError('purchase_not_found', `No purchase exists for order ${JSON.stringify(req.order_id)}`);
      // A concurrent identical request may have committed while we waited for the lock.
      if (await repo.findEntryByIdempotencyKey(tx, siteId, req.idempotency_key)) throw new KeyTakenMeanwhile('key');
      const state: OrderState = {
        currency: row.currency,
        state: row.state,
        netRevenue: row.net_revenue,
        netCommissionable: row.net_commissionable,
        netMargin: row.net_margin,
        latestSourceAt: row.latest_source_at.getTime(),
        lineIds: req.type === 'adjustment' && req.lines.length > 0 ? await repo.purchaseLineIds(tx, siteId, req.order_id) : [],
      };
      const plan = req.type === 'adjustment' ? planAdjustment(state, req) : planCancellation(state, req);
      if (!plan.ok) throw new AppError(plan.code, plan.message, plan.details);
      const appended = await repo.insertEntry(tx, {
        siteId,
        entryId,
        orderId: req.order_id,
        seq: row.entries + 1,
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
      await repo.updateConversionState(tx, {
        siteId,
        orderId: req.order_id,
        state: plan.next.state,
        netRevenue: plan.next.netRevenue,
        netCommissionable: plan.next.netCommissionable,
        netMargin: plan.next.netMargin,
        latestSourceAt: plan.next.latestSourceAt,
      });
      await hooks?.onLedgerEntry(tx, siteId, req.order_id, plan.deltas);
      return {
        status: 201 as const,
        data: {
          conversion_id: row.conversion_id,
          entry_id: entryId,
          state: plan.next.state,
          net_revenue: fromMinorUnitsOf(plan.next.netRevenue, row.currency),
          net_commissionable: fromMinorUnitsOf(plan.next.netCommissionable, row.currency),
          net_margin: plan.next.netMargin === null ? null : fromMinorUnitsOf(plan.next.netMargin, row.currency),
        },
      };
    });
  }

  return {
    async recordConversion(siteId: string, body: ConversionRequest): Promise<ConversionOutcome> {
      const { type, key, object } = parseEnvelope(body);
      const normalized = validateObject(type, key, object);
      if (normalized.website_id !== siteId) {
        throw new AppError('forbidden', 'website_id is not the site of this API key', [
          { path: `/${key}/website_id`, code: 'forbidden', message: 'the API key belongs to another site' },
        ]);
      }
      const fingerprint = fingerprintOf(normalized);
      // Idempotency comes first: an identical replay answers 200 even after later entries or a cancellation.
      const replay = await replayOrThrow(siteId, normalized.idempotency_key, fingerprint);
      if (replay) return replay;
      try {
        return await retryOnConflict(() =>
          normalized.type === 'purchase' ? recordPurchase(siteId, normalized, fingerprint) : recordLedgerEntry(siteId, normalized, fingerprint),
        );
      } catch (err) {
        if (!(err instanceof KeyTakenMeanwhile)) throw err;
        const raced = await replayOrThrow(siteId, normalized.idempotency_key, fingerprint);
        if (raced) return raced;
        throw new AppError('order_exists', `A purchase for order ${JSON.stringify(normalized.order_id)} already exists`);
      }
    },

    async getConversion(actor: Actor, siteId: string, orderId: string) {
      await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
      const row = await repo.findConversion(db, siteId, orderId);
      if (!row) throw notFound('Conversion');
      const [entries, touches, assignments] = await Promise.all([
        repo.listEntries(db, siteId, orderId),
        repo.touchLinks(db, siteId, orderId),
        repo.assignmentLinks(db, siteId, orderId),
      ]);
      const m = (minor: number) => fromMinorUnitsOf(minor, row.currency);
      return {
        order_id: row.order_id,
        conversion_id: row.conversion_id,
        currency: row.currency,
        state: row.state,
        net_revenue: m(row.net_revenue),
        net_commissionable: m(row.net_commissionable),
        net_margin: row.net_margin === null ? null : m(row.net_margin),
        touch_ids: touches.map((t) => t.touch_id),
        unresolved_touch_ids: touches.filter((t) => !t.resolved).map((t) => t.touch_id),
        assignment_ids: assignments.map((a) => a.assignment_id),
        unresolved_assignment_ids: assignments.filter((a) => !a.resolved).map((a) => a.assignment_id),
        entries: entries.map((e) => ({
          entry_id: e.entry_id,
          type: e.type,
          occurred_at: toIso(e.occurred_at),
          received_at: toIso(e.received_at),
          revenue_delta: m(e.revenue_delta),
          commissionable_delta: m(e.commissionable_delta),
          margin_delta: e.margin_delta === null ? null : m(e.margin_delta),
          ...(e.reason ? { reason: e.reason } : {}),
        })),
      };
    },
  };
}

export type ConversionsService = ReturnType<typeof createConversionsService>;
