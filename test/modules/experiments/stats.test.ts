// The statistics module against SciPy (fixture made by scripts/stats-fixture.py), an A/A
// simulation of its false-positive rate, and power under a planted lift.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { compare, power, sessionsForPower, srmPValue, type Stat } from '../../../src/modules/experiments/stats.js';
import { seededRandom } from '../../helpers/synthetic-sessions.js';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/stats-scipy.json', import.meta.url), 'utf8'));
const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected)), `${what}: ${actual} vs SciPy ${expected}`);

interface Expected {
  effect: number;
  ci: [number, number];
  stddev: number;
  pValue: number;
}
const check = (actual: ReturnType<typeof compare>, expected: Expected, what: string) => {
  close(actual.effect, expected.effect, `${what} effect`);
  close(actual.stddev, expected.stddev, `${what} stddev`);
  close(actual.ci[0], expected.ci[0], `${what} ci low`);
  close(actual.ci[1], expected.ci[1], `${what} ci high`);
  close(actual.pValue, expected.pValue, `${what} p-value`);
};

describe('stats against SciPy (1e-6)', () => {
  for (const group of ['means', 'proportions', 'ratios'] as const) {
    it(`Welch tests on ${group}: absolute and relative effects`, () => {
      const cases = fixture.cases[group] as { control: Stat; treatment: Stat; alpha: number; absolute: Expected; relative: Expected }[];
      assert.ok(cases.length >= 20);
      cases.forEach((c, i) => {
        check(compare(c.control, c.treatment, { alpha: c.alpha }), c.absolute, `${group}[${i}] absolute`);
        check(compare(c.control, c.treatment, { alpha: c.alpha, relative: true }), c.relative, `${group}[${i}] relative`);
      });
    });
  }

  it('chi-square sample ratio with 2 and 3 arms and a zero-weight arm', () => {
    for (const c of fixture.cases.srm as { observed: number[]; weights: number[]; pValue: number }[]) {
      close(srmPValue(c.observed, c.weights), c.pValue, `srm ${JSON.stringify(c.observed)} ${JSON.stringify(c.weights)}`);
    }
    assert.equal(srmPValue([0, 0], [0.5, 0.5]), 1, 'nothing observed');
    assert.equal(srmPValue([10, 5], [1, 0]), 1, 'fewer than two arms with weight');
  });

  it('power and sample size', () => {
    for (const c of fixture.cases.power as { mean: number; variance: number; mde: number; alpha: number; nPerArm: number; power: number; sessionsForPower: number }[]) {
      const { mean, variance, mde, alpha, nPerArm } = c;
      close(power({ mean, variance, mde, alpha, nPerArm }), c.power, `power ${JSON.stringify(c)}`);
      assert.equal(sessionsForPower({ mean, variance, mde, alpha }), c.sessionsForPower, `sessions ${JSON.stringify(c)}`);
    }
  });
});

/** A seeded generator (mulberry32), so the simulations are repeatable. */
const prng = seededRandom;

function simulateArm(random: () => number, n: number, rate: number, meanOrder: number): { conversion: Stat; revenue: Stat } {
  let conversions = 0;
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < n; i += 1) {
    if (random() < rate) {
      conversions += 1;
      const value = -Math.log(1 - random()) * meanOrder; // exponential order values
      sum += value;
      sumSquares += value * value;
    }
  }
  return { conversion: { kind: 'proportion', n, sum: conversions }, revenue: { kind: 'mean', n, sum, sumSquares } };
}

describe('simulations (seeded)', () => {
  it('A/A: over 2,000 experiments with no true effect, about 5 % are significant at α = 0.05', () => {
    const random = prng(42);
    const positives = { conversion: 0, revenue: 0 };
    const runs = 2000;
    for (let i = 0; i < runs; i += 1) {
      const a = simulateArm(random, 2000, 0.05, 60);
      const b = simulateArm(random, 2000, 0.05, 60);
      if (compare(a.conversion, b.conversion).pValue < 0.05) positives.conversion += 1;
      if (compare(a.revenue, b.revenue).pValue < 0.05) positives.revenue += 1;
    }
    for (const [metric, count] of Object.entries(positives)) {
      const rate = count / runs;
      assert.ok(rate >= 0.035 && rate <= 0.065, `${metric} false-positive rate ${rate}`);
    }
  });

  it('a planted 10 % lift is found about as often as the computed power says', () => {
    const random = prng(7);
    const rate = 0.1;
    const variance = rate * (1 - rate);
    const nPerArm = 12_000;
    const expected = power({ mean: rate, variance, mde: 0.1, nPerArm });
    let found = 0;
    const runs = 400;
    for (let i = 0; i < runs; i += 1) {
      const control = simulateArm(random, nPerArm, rate, 1).conversion;
      const treatment = simulateArm(random, nPerArm, rate * 1.1, 1).conversion;
      if (compare(control, treatment).pValue < 0.05) found += 1;
    }
    const observed = found / runs;
    assert.ok(expected > 0.6 && expected < 0.95, `computed power ${expected}`);
    assert.ok(Math.abs(observed - expected) < 0.08, `observed power ${observed}, computed ${expected}`);
  });
});

describe('edge cases', () => {
  it('reports NaN rather than inventing figures when an arm is too small or the control mean is zero', () => {
    const r = compare({ kind: 'mean', n: 1, sum: 5, sumSquares: 25 }, { kind: 'mean', n: 10, sum: 50, sumSquares: 300 });
    assert.ok(Number.isNaN(r.pValue));
    const rel = compare({ kind: 'proportion', n: 100, sum: 0 }, { kind: 'proportion', n: 100, sum: 3 }, { relative: true });
    assert.ok(!Number.isFinite(rel.effect));
    const same = compare({ kind: 'proportion', n: 100, sum: 0 }, { kind: 'proportion', n: 100, sum: 0 });
    assert.deepEqual(same, { effect: 0, ci: [0, 0], stddev: 0, pValue: 1 });
    assert.equal(sessionsForPower({ mean: 0, variance: 1, mde: 0.1 }), Infinity);
  });
});
