// Experiment results from the per-arm running sums, pure (experiments.md): the four metrics with
// intent-to-treat denominators, absolute and relative effects, and the sample-ratio, power,
// late-conversion and refund states with the figures behind them.
import type { Static } from 'typebox';
import { fromMinorUnits } from '../../domain/money.js';
import type { ArmSums, ArmTotals, Experiment } from './experiment.js';
import type { Results } from './schemas.js';
import { DAY_MS } from './session-values.js';
import { compare, moments, power, sessionsForPower, srmPValue, type Comparison, type Stat } from './stats.js';

type ResultsView = Static<typeof Results>;
type States = ResultsView['states'];

const METRICS = ['conversion', 'revenue_per_session', 'gross_profit_per_session', 'partner_contribution_per_session'] as const;
type Metric = (typeof METRICS)[number];
const SRM_THRESHOLD = 0.001;
const MIN_SESSIONS = 8;
const TARGET_POWER = 0.8;

/** JSON has no NaN or Infinity: a figure that cannot be computed is null. */
const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** An arm's running sums before anything was counted (an arm without rows reads as this). */
export const EMPTY_ARM: ArmSums = Object.freeze({
  sessions: 0,
  conversions: 0,
  revenueSum: 0,
  revenueSumSquares: 0,
  marginSum: 0,
  marginSumSquares: 0,
  partnerSum: 0,
  partnerSumSquares: 0,
  lateCount: 0,
  lateRevenue: 0,
  preAssignment: 0,
  otherCurrency: 0,
  refundCount: 0,
  refundAmount: 0,
  lastPurchaseAt: null,
});

/** Both arms' sums (an arm that counted nothing yet reads as EMPTY_ARM). */
export interface Arms {
  control: ArmSums;
  treatment: ArmSums;
}

export const armsOf = (totals: readonly ArmTotals[]): Arms => ({
  control: totals.find((t) => t.variant === 'control') ?? EMPTY_ARM,
  treatment: totals.find((t) => t.variant === 'treatment') ?? EMPTY_ARM,
});

/** One value per metric, in the order of METRICS. */
const perMetric = <T>(f: (metric: Metric) => T): Record<Metric, T> => ({
  conversion: f('conversion'),
  revenue_per_session: f('revenue_per_session'),
  gross_profit_per_session: f('gross_profit_per_session'),
  partner_contribution_per_session: f('partner_contribution_per_session'),
});

/** Money metrics are in minor units inside and in the currency outside. */
const isMoney = (metric: Metric) => metric !== 'conversion';

/** The metrics are proportions or means of a session value; none is a ratio of sums. */
type ArmStat = Extract<Stat, { kind: 'proportion' | 'mean' }>;

function statOf(metric: Metric, t: ArmSums): ArmStat {
  switch (metric) {
    case 'conversion':
      return { kind: 'proportion', n: t.sessions, sum: t.conversions };
    case 'revenue_per_session':
      return { kind: 'mean', n: t.sessions, sum: t.revenueSum, sumSquares: t.revenueSumSquares };
    case 'gross_profit_per_session':
      return { kind: 'mean', n: t.sessions, sum: t.marginSum, sumSquares: t.marginSumSquares };
    case 'partner_contribution_per_session':
      return { kind: 'mean', n: t.sessions, sum: t.partnerSum, sumSquares: t.partnerSumSquares };
  }
}

type ArmFigures = ResultsView['metrics'][Metric]['control'];
type EffectFigures = ResultsView['metrics'][Metric]['effect']['absolute'];

/** An arm's `{ n, sum, sum_squares, mean }`, money in the currency (`digits` decimals). */
function armFigures(metric: Metric, s: ArmStat, digits: number): ArmFigures {
  // A proportion's values are 0 or 1: its sum of squares is its sum.
  const sumSquares = s.kind === 'mean' ? s.sumSquares : s.sum;
  if (!isMoney(metric)) return { n: s.n, sum: s.sum, sum_squares: sumSquares, mean: num(s.n > 0 ? s.sum / s.n : NaN) };
  const scale = 10 ** digits;
  return {
    n: s.n,
    sum: fromMinorUnits(Math.round(s.sum), digits),
    sum_squares: sumSquares / (scale * scale),
    mean: num(s.n > 0 ? s.sum / s.n / scale : NaN),
  };
}

/** A comparison as JSON figures, divided by `divisor` (the minor units of a money metric's absolute effect). */
const effectFigures = (c: Comparison, divisor: number): EffectFigures => ({
  effect: num(c.effect / divisor),
  ci: [num(c.ci[0] / divisor), num(c.ci[1] / divisor)],
  stddev: num(c.stddev / divisor),
  p_value: num(c.pValue),
});

/** One metric: both arms, and the treatment's absolute and relative effect against control. */
function metricResult(metric: Metric, arms: Arms, alpha: number, digits: number): ResultsView['metrics'][Metric] {
  const c = statOf(metric, arms.control);
  const t = statOf(metric, arms.treatment);
  return {
    control: armFigures(metric, c, digits),
    treatment: armFigures(metric, t, digits),
    effect: {
      absolute: effectFigures(compare(c, t, { alpha }), isMoney(metric) ? 10 ** digits : 1),
      relative: effectFigures(compare(c, t, { alpha, relative: true }), 1),
    },
  };
}

/** Sample ratio: assigned sessions against the weights. */
export function sampleRatioState(arms: Arms, weights: Experiment['weights']): States['sample_ratio'] {
  const observed = { control: arms.control.sessions, treatment: arms.treatment.sessions };
  const total = observed.control + observed.treatment;
  const weightSum = weights.control + weights.treatment;
  const p = srmPValue([observed.control, observed.treatment], [weights.control, weights.treatment]);
  return {
    status: Math.min(observed.control, observed.treatment) < MIN_SESSIONS ? 'insufficient_data' : p < SRM_THRESHOLD ? 'mismatch' : 'ok',
    p_value: p,
    observed,
    expected: { control: (total * weights.control) / weightSum, treatment: (total * weights.treatment) / weightSum },
    threshold: SRM_THRESHOLD,
  };
}

/** Power for the minimum detectable effect, from the control arm's baseline; conversion is the primary metric. */
export function powerState(arms: Arms, experiment: Pick<Experiment, 'mde' | 'alpha'>): States['power'] {
  const nPerArm = Math.min(arms.control.sessions, arms.treatment.sessions);
  const metrics = perMetric((metric): States['power']['metrics'][Metric] => {
    const base = moments(statOf(metric, arms.control));
    const args = { mean: base.mean, variance: base.unitVariance, mde: experiment.mde, alpha: experiment.alpha };
    const reached = nPerArm > 1 ? power({ ...args, nPerArm }) : NaN;
    const needed = sessionsForPower({ ...args, power: TARGET_POWER });
    return { status: reached >= TARGET_POWER ? 'powered' : 'underpowered', power: num(reached), sessions_per_arm: nPerArm, sessions_per_arm_needed: num(needed) };
  });
  return {
    status: metrics.conversion.status,
    primary_metric: 'conversion',
    mde: experiment.mde,
    alpha: experiment.alpha,
    target_power: TARGET_POWER,
    metrics,
  };
}

/** Late conversions: linked purchases outside the window are left out and counted. */
export function lateConversionState(
  arms: Arms,
  experiment: Pick<Experiment, 'stoppedAt' | 'conversionWindowDays'>,
  now: number,
  digits: number,
): States['late_conversion'] {
  const { control, treatment } = arms;
  const windowEnds = experiment.stoppedAt ? experiment.stoppedAt.getTime() + experiment.conversionWindowDays * DAY_MS : null;
  const windowComplete = windowEnds !== null && now >= windowEnds;
  return {
    status: windowComplete ? 'window_complete' : 'window_open',
    window_complete: windowComplete,
    conversion_window_days: experiment.conversionWindowDays,
    count: control.lateCount + treatment.lateCount,
    revenue: fromMinorUnits(Math.round(control.lateRevenue + treatment.lateRevenue), digits),
    pre_assignment: control.preAssignment + treatment.preAssignment,
    other_currency: control.otherCurrency + treatment.otherCurrency,
  };
}

/**
 * Refunds and cancellations on linked orders; provisional until the refund window after the last
 * linked purchase has passed (and no purchase can still arrive: the experiment stopped).
 */
export function refundState(arms: Arms, experiment: Pick<Experiment, 'state' | 'refundWindowDays'>, now: number, digits: number): States['refund'] {
  const { control, treatment } = arms;
  const lastPurchase = Math.max(control.lastPurchaseAt?.getTime() ?? 0, treatment.lastPurchaseAt?.getTime() ?? 0);
  const finalAt = lastPurchase > 0 ? lastPurchase + experiment.refundWindowDays * DAY_MS : null;
  return {
    status: experiment.state === 'stopped' && (finalAt === null || now >= finalAt) ? 'final' : 'provisional',
    refund_window_days: experiment.refundWindowDays,
    final_after: finalAt === null ? null : new Date(finalAt).toISOString(),
    control: { count: control.refundCount, amount: fromMinorUnits(Math.round(control.refundAmount), digits) },
    treatment: { count: treatment.refundCount, amount: fromMinorUnits(Math.round(treatment.refundAmount), digits) },
  };
}

/** The results of an experiment at `now` from its arms' running sums; money figures with `digits` decimals. */
export function buildResults(experiment: Experiment, totals: readonly ArmTotals[], now: number, digits: number): ResultsView {
  const arms = armsOf(totals);
  return {
    experiment_id: experiment.experimentId,
    state: experiment.state,
    currency: experiment.currency,
    computed_at: new Date(now).toISOString(),
    sessions: { control: arms.control.sessions, treatment: arms.treatment.sessions },
    metrics: perMetric((metric) => metricResult(metric, arms, experiment.alpha, digits)),
    states: {
      sample_ratio: sampleRatioState(arms, experiment.weights),
      power: powerState(arms, experiment),
      late_conversion: lateConversionState(arms, experiment, now, digits),
      refund: refundState(arms, experiment, now, digits),
    },
  };
}
