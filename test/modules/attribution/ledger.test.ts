// Property: over random orders and random sequences of adjustments and cancellations, the ledger
// keeps revenue and the commissionable amount ≥ 0, the state is the sum of the entries, a
// cancellation leaves exactly zero and nothing is accepted after it; every amount stays an integer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { planAdjustment, planCancellation, stateAfterPurchase, type EntryDeltas, type OrderState } from '../../../src/modules/attribution/ledger.js';
import type { NormalizedAdjustment, NormalizedCancellation, NormalizedPurchase } from '../../../src/modules/attribution/normalize-conversion.js';

const T0 = Date.UTC(2026, 10, 1);
const base = { idempotency_key: 'k', website_id: 's', order_id: 'o', currency: 'EUR' };

const purchaseArb = fc.record({
  revenue: fc.integer({ min: 0, max: 10_000_000 }),
  commissionable: fc.integer({ min: 0, max: 10_000_000 }),
  margin: fc.option(fc.integer({ min: -1_000_000, max: 5_000_000 }), { nil: null }),
});

const opArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('adjustment' as const), revenue: fc.integer({ min: -3_000_000, max: 1_000_000 }).filter((v) => v !== 0), commissionable: fc.integer({ min: -3_000_000, max: 1_000_000 }), margin: fc.option(fc.integer({ min: -500_000, max: 500_000 }), { nil: null }), gap: fc.integer({ min: -1000, max: 86_400_000 }), currency: fc.constantFrom('EUR', 'EUR', 'EUR', 'USD') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancellation' as const), gap: fc.integer({ min: -1000, max: 86_400_000 }), currency: fc.constantFrom('EUR', 'EUR', 'USD') }) },
);

describe('ledger property', () => {
  it('holds its invariants over random sequences', () => {
    fc.assert(
      fc.property(purchaseArb, fc.array(opArb, { maxLength: 25 }), (p, ops) => {
        const purchase = {
          ...base,
          type: 'purchase',
          occurred_at: T0,
          revenue: p.revenue,
          commissionable_subtotal: p.commissionable,
          margin: p.margin === null ? null : { amount: p.margin, basis: 'estimated', source: null },
          lines: [{ line_id: 'l1' }],
        } as unknown as NormalizedPurchase;
        let state: OrderState = stateAfterPurchase(purchase);
        const entries: EntryDeltas[] = [{ revenue: p.revenue, commissionable: p.commissionable, margin: p.margin }];
        let t = T0;
        let cancelled = false;
        for (const op of ops) {
          t += op.gap;
          const plan =
            op.kind === 'adjustment'
              ? planAdjustment(state, { ...base, type: 'adjustment', occurred_at: t, currency: op.currency, reason: 'refund', revenue_delta: op.revenue, commissionable_delta: op.commissionable, margin_delta: op.margin, lines: [] } as NormalizedAdjustment)
              : planCancellation(state, { ...base, type: 'cancellation', occurred_at: t, currency: op.currency, reason: 'other' } as NormalizedCancellation);
          if (cancelled) {
            assert.equal(plan.ok, false);
            if (!plan.ok) assert.equal(plan.code, 'conversion_cancelled');
            continue;
          }
          if (!plan.ok) {
            assert.ok(['currency_mismatch', 'stale_source_timestamp', 'negative_revenue', 'reconciliation_failed'].includes(plan.code), plan.code);
            continue;
          }
          entries.push(plan.deltas);
          state = plan.next;
          if (op.kind === 'cancellation') {
            cancelled = true;
            assert.equal(state.netRevenue, 0);
            assert.equal(state.netCommissionable, 0);
            assert.ok(state.netMargin === null || state.netMargin === 0);
            assert.equal(state.state, 'cancelled');
          }
          assert.ok(state.netRevenue >= 0 && state.netCommissionable >= 0);
          const sum = (f: (e: EntryDeltas) => number | null) => entries.reduce((s, e) => s + (f(e) ?? 0), 0);
          assert.equal(state.netRevenue, sum((e) => e.revenue));
          assert.equal(state.netCommissionable, sum((e) => e.commissionable));
          if (state.netMargin !== null) assert.equal(state.netMargin, sum((e) => e.margin));
          for (const e of entries) {
            assert.ok(Number.isSafeInteger(e.revenue) && Number.isSafeInteger(e.commissionable) && (e.margin === null || Number.isSafeInteger(e.margin)));
            assert.ok(!Object.is(e.revenue, -0) && !Object.is(e.commissionable, -0));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
