import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../../src/errors.js';
import { assignmentIdFor, assignVariant, bucket } from '../../../src/modules/experiments/assignment.js';
import { buildResults, EMPTY_ARM } from '../../../src/modules/experiments/results.js';
import fc from 'fast-check';
import { settingsOf, DEFAULT_SETTINGS } from '../../../src/modules/experiments/experiment-settings.js';
import { classifyLink, DAY_MS, emptyDelta, ledgerEntryChange, purchaseChange, sessionsPerArm } from '../../../src/modules/experiments/session-values.js';
import type { ArmTotals, Experiment } from '../../../src/modules/experiments/experiment.js';

describe('assignment hashing', () => {
  it('splits 100,000 sessions within 0.5 % of the weights', () => {
    for (const [control, treatment] of [[0.5, 0.5], [0.3, 0.7], [0.9, 0.1]] as const) {
      let inControl = 0;
      for (let i = 0; i < 100_000; i += 1) if (assignVariant('salt-A', `session-${i}`, { control, treatment }) === 'control') inControl += 1;
      assert.ok(Math.abs(inControl / 100_000 - control) < 0.005, `${control}: ${inControl / 100_000}`);
    }
  });
  it('is deterministic, independent across experiments (salts), and total for weight 0 and 1', () => {
    assert.equal(assignVariant('s', 'x', { control: 0.5, treatment: 0.5 }), assignVariant('s', 'x', { control: 0.5, treatment: 0.5 }));
    assert.equal(assignmentIdFor('site_a', 'exp_1', 'x'), assignmentIdFor('site_a', 'exp_1', 'x'));
    assert.notEqual(assignmentIdFor('site_a', 'exp_1', 'x'), assignmentIdFor('site_a', 'exp_2', 'x'));
    let agree = 0;
    for (let i = 0; i < 10_000; i += 1) if ((bucket('salt-1', `s${i}`) < 0.5) === (bucket('salt-2', `s${i}`) < 0.5)) agree += 1;
    assert.ok(Math.abs(agree / 10_000 - 0.5) < 0.02, 'two experiments split independently');
    for (let i = 0; i < 1000; i += 1) {
      assert.equal(assignVariant('s', `${i}`, { control: 1, treatment: 0 }), 'control');
      assert.equal(assignVariant('s', `${i}`, { control: 0, treatment: 1 }), 'treatment');
    }
  });
});

describe('link classification', () => {
  const assignedAt = Date.UTC(2026, 10, 1);
  const base = { assignedAt, windowDays: 7, orderCurrency: 'EUR', experimentCurrency: 'EUR' };
  it('includes purchases within the window after assignment', () => {
    assert.equal(classifyLink({ ...base, purchasedAt: assignedAt }), 'included');
    assert.equal(classifyLink({ ...base, purchasedAt: assignedAt + 7 * DAY_MS }), 'included');
    assert.equal(classifyLink({ ...base, purchasedAt: assignedAt + 7 * DAY_MS + 1 }), 'late');
    assert.equal(classifyLink({ ...base, purchasedAt: assignedAt - 1 }), 'pre_assignment');
    assert.equal(classifyLink({ ...base, purchasedAt: assignedAt + 1, orderCurrency: 'USD' }), 'other_currency');
  });
});

const experiment = (over: Partial<Experiment> = {}): Experiment => ({
  experimentId: 'exp_test0000',
  siteId: 'site_x',
  name: 'x',
  hypothesis: null,
  surfaces: [],
  weights: { control: 0.5, treatment: 0.5 },
  conversionWindowDays: 7,
  refundWindowDays: 30,
  mde: 0.05,
  alpha: 0.05,
  currency: 'EUR',
  state: 'running',
  salt: 's',
  createdAt: new Date(),
  updatedAt: new Date(),
  startedAt: new Date(),
  stoppedAt: null,
  ...over,
});

const arm = (variant: 'control' | 'treatment', sessions: number, conversions = Math.round(sessions * 0.05), revenueMinor = conversions * 5000): ArmTotals => ({
  ...EMPTY_ARM,
  variant,
  sessions,
  conversions,
  revenueSum: revenueMinor,
  revenueSumSquares: conversions * 5000 * 5000,
});

describe('results states', () => {
  const now = Date.now();
  it('sample ratio: a skewed stream is a mismatch, a fair one is ok, fewer than 8 per arm is insufficient', () => {
    assert.equal(buildResults(experiment(), [arm('control', 5300), arm('treatment', 4700)], now, 2).states.sample_ratio.status, 'mismatch');
    const fair = buildResults(experiment(), [arm('control', 5030), arm('treatment', 4970)], now, 2).states.sample_ratio;
    assert.equal(fair.status, 'ok');
    assert.ok(fair.p_value > 0.001);
    assert.equal(buildResults(experiment(), [arm('control', 7), arm('treatment', 300)], now, 2).states.sample_ratio.status, 'insufficient_data');
    assert.equal(buildResults(experiment({ weights: { control: 0.3, treatment: 0.7 } }), [arm('control', 3000), arm('treatment', 7000)], now, 2).states.sample_ratio.status, 'ok');
    assert.equal(buildResults(experiment(), [], now, 2).states.sample_ratio.status, 'insufficient_data', 'no sessions yet');
  });
  it('power: reports the power reached and the sessions per arm needed', () => {
    const small = buildResults(experiment(), [arm('control', 1000), arm('treatment', 1000)], now, 2).states.power;
    assert.equal(small.status, 'underpowered');
    const needed = small.metrics.conversion.sessions_per_arm_needed!;
    assert.ok(needed > 100_000, String(needed));
    const big = buildResults(experiment(), [arm('control', needed + 1000), arm('treatment', needed + 1000)], now, 2).states.power;
    assert.equal(big.status, 'powered');
    assert.ok(big.metrics.conversion.power! >= 0.8);
  });
  it('turns minor units into the currency and keeps figures JSON-safe', () => {
    const r = buildResults(experiment({ currency: 'JPY' }), [arm('control', 100, 10, 123456), arm('treatment', 0, 0, 0)], now, 0);
    assert.equal(r.metrics.revenue_per_session.control.sum, 123456);
    assert.equal(r.metrics.revenue_per_session.treatment.mean, null, 'no sessions: no mean');
    assert.equal(r.metrics.revenue_per_session.effect.absolute.p_value, null);
    JSON.stringify(r);
  });
});

describe('session changes', () => {
  const before = { converted: false, revenue: 0, margin: 0, partner: 0 };
  const order = { revenue: 5000, margin: 1200, commissionable: 4000, carriesTouch: true, purchasedAt: Date.UTC(2026, 10, 2) };
  it('an included purchase converts the session and adds its amounts to the arm', () => {
    const { values, delta } = purchaseChange(before, 'included', order);
    assert.deepEqual(values, { converted: true, revenue: 5000, margin: 1200, partner: 4000 });
    assert.deepEqual(delta, { ...emptyDelta(), conversions: 1, revenueSum: 5000n, revenueSumSq: 25_000_000n, marginSum: 1200n, marginSumSq: 1_440_000n, partnerSum: 4000n, partnerSumSq: 16_000_000n, lastPurchaseAt: order.purchasedAt });
  });
  it('a purchase left out leaves the session as it was and is only counted', () => {
    for (const [status, counted] of [
      ['late', { lateCount: 1, lateRevenue: 5000n }],
      ['pre_assignment', { preAssignment: 1 }],
      ['other_currency', { otherCurrency: 1 }],
    ] as const) {
      const { values, delta } = purchaseChange(before, status, order);
      assert.deepEqual(values, before, status);
      assert.deepEqual(delta, { ...emptyDelta(), ...counted }, status);
    }
  });
  it('partner contribution counts only orders with a partner touch; a missing margin adds nothing', () => {
    assert.deepEqual(purchaseChange(before, 'included', { ...order, carriesTouch: false, margin: null }).values, { converted: true, revenue: 5000, margin: 0, partner: 0 });
  });
  it('a refund lowers the session and counts as a refund; a purchase undone by its ledger entries returns the sums to zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (revenue, refunded) => {
        const bought = purchaseChange(before, 'included', { ...order, revenue, commissionable: revenue, margin: 0 });
        const refund = ledgerEntryChange(bought.values, { revenue: -refunded, commissionable: -refunded, margin: 0, carriesTouch: true });
        assert.equal(refund.values.revenue, revenue - refunded);
        assert.equal(refund.values.converted, true, 'a refund does not undo the conversion');
        assert.equal(bought.delta.revenueSum + refund.delta.revenueSum, BigInt(revenue - refunded));
        assert.equal(bought.delta.revenueSumSq + refund.delta.revenueSumSq, BigInt(revenue - refunded) ** 2n);
        assert.deepEqual([refund.delta.refundCount, refund.delta.refundAmount], refunded > 0 ? [1, BigInt(refunded)] : [0, 0n]);
      }),
    );
  });
  it('counts new sessions per arm', () => {
    const created = [
      { experimentId: 'e1', variant: 'control' },
      { experimentId: 'e1', variant: 'treatment' },
      { experimentId: 'e1', variant: 'control' },
      { experimentId: 'e2', variant: 'control' },
    ] as const;
    assert.deepEqual(sessionsPerArm(created), [
      { experimentId: 'e1', variant: 'control', sessions: 2 },
      { experimentId: 'e1', variant: 'treatment', sessions: 1 },
      { experimentId: 'e2', variant: 'control', sessions: 1 },
    ]);
  });
});

describe('experiment settings', () => {
  const surfaces = [{ type: 'overlay' as const, campaign_id: 'c1' }];
  it('fills the defaults on create and keeps the current values on change', () => {
    const created = settingsOf({ name: 'A', surfaces });
    assert.deepEqual(created, { ...DEFAULT_SETTINGS, name: 'A', surfaces: [{ type: 'overlay', campaignId: 'c1' }] });
    const changed = settingsOf({ mde: 0.1, weights: { control: 0.2, treatment: 0.8 } }, { ...created, currency: 'EUR' });
    assert.deepEqual(changed, { ...created, currency: 'EUR', mde: 0.1, weights: { control: 0.2, treatment: 0.8 } });
  });
  it('refuses weights that do not sum to 1 and unknown currencies, at their pointers', () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        assert.ok(isAppError(err));
        return err.details?.[0];
      }
      assert.fail('not refused');
    };
    assert.deepEqual(refused(() => settingsOf({ weights: { control: 0.5, treatment: 0.6 } })), { path: '/weights', message: 'weights must sum to 1 (they sum to 1.1)', code: 'sum' });
    assert.equal(refused(() => settingsOf({ currency: 'XXZ' }))?.path, '/currency');
  });
});
