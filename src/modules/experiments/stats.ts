// The statistics behind experiment results (experiments.md), pure, no I/O. Frequentist and
// two-sided: Welch's t with Welch–Satterthwaite degrees of freedom for absolute effects, the delta
// method for relative effects and for ratio metrics, Pearson's chi-square for the sample ratio,
// and the z-approximation for power. Distribution functions come from @stdlib.
import chisquareUpperTail from '@stdlib/math-base-special-gammainc';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';

export type Stat =
  | { kind: 'proportion'; n: number; sum: number }
  | { kind: 'mean'; n: number; sum: number; sumSquares: number }
  | {
      kind: 'ratio';
      n: number;
      numeratorSum: number;
      numeratorSumSquares: number;
      denominatorSum: number;
      denominatorSumSquares: number;
      numeratorDenominatorSum: number;
    };

export interface Comparison {
  effect: number;
  ci: [number, number];
  stddev: number;
  pValue: number;
}

/** The estimate of one arm and the variance of one unit around it. */
export function moments(s: Stat): { n: number; mean: number; unitVariance: number } {
  if (s.kind === 'proportion') {
    const p = s.n > 0 ? s.sum / s.n : NaN;
    return { n: s.n, mean: p, unitVariance: p * (1 - p) };
  }
  if (s.kind === 'mean') {
    const mean = s.n > 0 ? s.sum / s.n : NaN;
    const unitVariance = s.n > 1 ? Math.max(0, (s.sumSquares - (s.sum * s.sum) / s.n) / (s.n - 1)) : NaN;
    return { n: s.n, mean, unitVariance };
  }
  // Ratio of sums: the delta method linearises Y − R·X around R = ΣY / ΣX.
  const n = s.n;
  const r = s.numeratorSum / s.denominatorSum;
  const xBar = s.denominatorSum / n;
  const syy = (s.numeratorSumSquares - (s.numeratorSum * s.numeratorSum) / n) / (n - 1);
  const sxx = (s.denominatorSumSquares - (s.denominatorSum * s.denominatorSum) / n) / (n - 1);
  const sxy = (s.numeratorDenominatorSum - (s.numeratorSum * s.denominatorSum) / n) / (n - 1);
  const unitVariance = n > 1 ? Math.max(0, (syy - 2 * r * sxy + r * r * sxx) / (xBar * xBar)) : NaN;
  return { n, mean: r, unitVariance };
}

/** Treatment against control: absolute (difference) or relative (treatment / control − 1) effect. */
export function compare(control: Stat, treatment: Stat, opts: { relative?: boolean; alpha?: number } = {}): Comparison {
  const alpha = opts.alpha ?? 0.05;
  const c = moments(control);
  const t = moments(treatment);
  const vc = c.unitVariance / c.n; // variance of the control estimate
  const vt = t.unitVariance / t.n;
  const effect = opts.relative ? t.mean / c.mean - 1 : t.mean - c.mean;
  const variance = opts.relative ? vt / (c.mean * c.mean) + (t.mean * t.mean * vc) / c.mean ** 4 : vc + vt;
  const stddev = Math.sqrt(variance);
  const df = (vc + vt) ** 2 / ((vc * vc) / (c.n - 1) + (vt * vt) / (t.n - 1));
  if (!Number.isFinite(effect) || !Number.isFinite(stddev)) return { effect, ci: [NaN, NaN], stddev, pValue: NaN };
  // No spread in either arm: the difference is what it is.
  if (stddev === 0) return { effect, ci: [effect, effect], stddev, pValue: effect === 0 ? 1 : 0 };
  if (!(df > 0)) return { effect, ci: [NaN, NaN], stddev, pValue: NaN };
  const crit = tQuantile(1 - alpha / 2, df);
  const pValue = 2 * tCdf(-Math.abs(effect / stddev), df);
  return { effect, ci: [effect - crit * stddev, effect + crit * stddev], stddev, pValue: Math.min(1, pValue) };
}

/**
 * Pearson's chi-square goodness of fit of the observed counts against the weights. Arms of weight 0
 * are skipped; 1 when fewer than two arms remain or nothing was observed.
 */
export function srmPValue(observed: number[], weights: number[]): number {
  const arms = observed.map((o, i) => ({ o, w: weights[i] ?? 0 })).filter((a) => a.w > 0);
  const total = arms.reduce((s, a) => s + a.o, 0);
  if (arms.length < 2 || total <= 0) return 1;
  const weightSum = arms.reduce((s, a) => s + a.w, 0);
  const chi2 = arms.reduce((s, a) => {
    const expected = (total * a.w) / weightSum;
    return s + (a.o - expected) ** 2 / expected;
  }, 0);
  // The chi-square survival function is the regularised upper incomplete gamma Q(k/2, x/2).
  return chisquareUpperTail(chi2 / 2, (arms.length - 1) / 2, true, true);
}

/** Power of a two-sided z-test for a difference of means with equal arms (experiments.md). */
export function power(opts: { mean: number; variance: number; mde: number; nPerArm: number; alpha?: number }): number {
  const z = normalQuantile(1 - (opts.alpha ?? 0.05) / 2, 0, 1);
  const d = opts.mde * Math.abs(opts.mean);
  const se = Math.sqrt((2 * opts.variance) / opts.nPerArm);
  if (se === 0) return d > 0 ? 1 : opts.alpha ?? 0.05;
  return normalCdf(d / se - z, 0, 1) + normalCdf(-d / se - z, 0, 1);
}

/** The smallest sessions per arm that reach `power` (default 0.8). */
export function sessionsForPower(opts: { mean: number; variance: number; mde: number; power?: number; alpha?: number }): number {
  const z = normalQuantile(1 - (opts.alpha ?? 0.05) / 2, 0, 1);
  const zPower = normalQuantile(opts.power ?? 0.8, 0, 1);
  const d = opts.mde * Math.abs(opts.mean);
  if (d === 0) return Infinity;
  return Math.ceil((2 * opts.variance * (z + zPower) ** 2) / (d * d));
}
