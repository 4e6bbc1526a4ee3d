import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignmentIdFor, assignVariant, bucket } from '../../src/modules/experiments/assignment.js';
import { buildResults, EMPTY_ARM } from '../../src/modules/experiments/results.js';
import { classifyLink, DAY_MS } from '../../src/modules/experiments/session-values.js';
import type { ArmTotals, Experiment } from '../../src/modules/experiments/experiment.js';

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
