// Experiment results from the per-arm running sums, pure (experiments.md): the four metrics with
// intent-to-treat denominators, absolute and relative effects, and the sample-ratio, power,
// late-conversion and refund states with the figures behind them.
import type { Static } from 'typebox';
import { fromMinorUnits } from '../../domain/money.js';
import type { Results } from './schemas.js';
import { compare, moments, power, sessionsForPower, srmPValue, type Comparison, type Stat } from './stats.js';
import type { ArmTotals, ExperimentRow } from './experiments-repository.js';
import { DAY_MS } from './session-values.js';

const METRICS = ['conversion', 'revenue_per_session', 'gross_profit_per_session', 'partner_contribution_per_session'] as const;
type Metric = (typeof METRICS)[number];
const SRM_THRESHOLD = 0.001;
const MIN_SESSIONS = 8;
const TARGET_POWER = 0.8;

/** JSON has no NaN or Infinity: a figure that cannot be computed is null. */
const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** An arm's running sums before anything was counted (an arm without rows reads as this). */
export const EMPTY_ARM: Omit<ArmTotals, 'variant'> = Object.freeze({
  sessions: 0,
  conversions: 0,
  revenue_sum: 0,
  revenue_sumsq: 0,
  margin_sum: 0,
  margin_sumsq: 0,
  partner_sum: 0,
  partner_sumsq: 0,
  late_count: 0,
  late_revenue: 0,
  pre_assignment: 0,
  other_currency: 0,
  refund_count: 0,
  refund_amount: 0,
  last_purchase_at: null,
});

/** The metrics are proportions or means of a session value; none is a ratio of sums. */
type ArmStat = Extract<Stat, { kind: 'proportion' | 'mean' }>;

function statOf(metric: Metric, t: Omit<ArmTotals, 'variant'>): ArmStat {
  switch (metric) {
    case 'conversion':
      return { kind: 'proportion', n: t.sessions, sum: t.conversions };
    case 'revenue_per_session':
      return { kind: 'mean', n: t.sessions, sum: t.revenue_sum, sumSquares: t.revenue_sumsq };
    case 'gross_profit_per_session':
      return { kind: 'mean', n: t.sessions, sum: t.margin_sum, sumSquares: t.margin_sumsq };
    case 'partner_contribution_per_session':
      return { kind: 'mean', n: t.sessions, sum: t.partner_sum, sumSquares: t.partner_sumsq };
  }
}

export function buildResults(experiment: ExperimentRow, totals: readonly ArmTotals[], now: number, digits: number): Static<typeof Results> {
  const control = totals.find((t) => t.variant === 'control') ?? EMPTY_ARM;
  const treatment = totals.find((t) => t.variant === 'treatment') ?? EMPTY_ARM;
  const scale = 10 ** digits;
  const money = (metric: Metric) => metric !== 'conversion';

  const armFigures = (metric: Metric, s: ArmStat) => {
    // A proportion's values are 0 or 1: its sum of squares is its sum.
    const sumSquares = s.kind === 'mean' ? s.sumSquares : s.sum;
    const m = money(metric);
    return {
      n: s.n,
      sum: m ? fromMinorUnits(Math.round(s.sum), digits) : s.sum,
      sum_squares: m ? sumSquares / (scale * scale) : sumSquares,
      mean: num(s.n > 0 ? (m ? s.sum / s.n / scale : s.sum / s.n) : NaN),
    };
  };
  const effectFigures = (c: Comparison, divisor: number) => ({
    effect: num(c.effect / divisor),
    ci: [num(c.ci[0] / divisor), num(c.ci[1] / divisor)] as [number | null, number | null],
    stddev: num(c.stddev / divisor),
    p_value: num(c.pValue),
  });

  const metrics = Object.fromEntries(
    METRICS.map((metric) => {
      const c = statOf(metric, control);
      const t = statOf(metric, treatment);
      return [
        metric,
        {
          control: armFigures(metric, c),
          treatment: armFigures(metric, t),
          effect: {
            absolute: effectFigures(compare(c, t, { alpha: experiment.alpha }), money(metric) ? scale : 1),
            relative: effectFigures(compare(c, t, { alpha: experiment.alpha, relative: true }), 1),
          },
        },
      ];
    }),
  ) as unknown as Static<typeof Results>['metrics'];

  // Sample ratio: assigned sessions against the weights.
  const observed = [control.sessions, treatment.sessions];
  const weights = [experiment.weight_control, experiment.weight_treatment];
  const total = observed[0]! + observed[1]!;
  const weightSum = weights[0]! + weights[1]!;
  const srmP = srmPValue(observed, weights);
  const sampleRatio = {
    status: (Math.min(...observed) < MIN_SESSIONS ? 'insufficient_data' : srmP < SRM_THRESHOLD ? 'mismatch' : 'ok') as 'ok' | 'mismatch' | 'insufficient_data',
    p_value: srmP,
    observed: { control: observed[0]!, treatment: observed[1]! },
    expected: { control: (total * weights[0]!) / weightSum, treatment: (total * weights[1]!) / weightSum },
    threshold: SRM_THRESHOLD,
  };

  // Power for the minimum detectable effect, from the control arm's baseline.
  const nPerArm = Math.min(control.sessions, treatment.sessions);
  const powerByMetric = Object.fromEntries(
    METRICS.map((metric) => {
      const base = moments(statOf(metric, control));
      const args = { mean: base.mean, variance: base.unitVariance, mde: experiment.mde, alpha: experiment.alpha };
      const reached = nPerArm > 1 ? power({ ...args, nPerArm }) : NaN;
      const needed = sessionsForPower({ ...args, power: TARGET_POWER });
      const status: 'powered' | 'underpowered' = reached >= TARGET_POWER ? 'powered' : 'underpowered';
      return [metric, { status, power: num(reached), sessions_per_arm: nPerArm, sessions_per_arm_needed: num(needed) }];
    }),
  ) as unknown as Static<typeof Results>['states']['power']['metrics'];
  const powerState = {
    status: powerByMetric.conversion.status,
    primary_metric: 'conversion',
    mde: experiment.mde,
    alpha: experiment.alpha,
    target_power: TARGET_POWER,
    metrics: powerByMetric,
  };

  // Late conversions: linked purchases outside the window are left out and counted.
  const windowEnds = experiment.stopped_at ? experiment.stopped_at.getTime() + experiment.conversion_window_days * DAY_MS : null;
  const windowComplete = windowEnds !== null && now >= windowEnds;
  const lateConversion = {
    status: (windowComplete ? 'window_complete' : 'window_open') as 'window_complete' | 'window_open',
    window_complete: windowComplete,
    conversion_window_days: experiment.conversion_window_days,
    count: control.late_count + treatment.late_count,
    revenue: fromMinorUnits(Math.round(control.late_revenue + treatment.late_revenue), digits),
    pre_assignment: control.pre_assignment + treatment.pre_assignment,
    other_currency: control.other_currency + treatment.other_currency,
  };

  // Refunds and cancellations on linked orders; provisional until the refund window after the
  // last linked purchase has passed (and no purchase can still arrive: the experiment stopped).
  const lastPurchase = Math.max(control.last_purchase_at?.getTime() ?? 0, treatment.last_purchase_at?.getTime() ?? 0);
  const refundFinalAt = lastPurchase > 0 ? lastPurchase + experiment.refund_window_days * DAY_MS : null;
  const refund = {
    status: (experiment.state === 'stopped' && (refundFinalAt === null || now >= refundFinalAt) ? 'final' : 'provisional') as 'final' | 'provisional',
    refund_window_days: experiment.refund_window_days,
    final_after: refundFinalAt === null ? null : new Date(refundFinalAt).toISOString(),
    control: { count: control.refund_count, amount: fromMinorUnits(Math.round(control.refund_amount), digits) },
    treatment: { count: treatment.refund_count, amount: fromMinorUnits(Math.round(treatment.refund_amount), digits) },
  };

  return {
    experiment_id: experiment.experiment_id,
    state: experiment.state,
    currency: experiment.currency,
    computed_at: new Date(now).toISOString(),
    sessions: { control: control.sessions, treatment: treatment.sessions },
    metrics,
    states: { sample_ratio: sampleRatio, power: powerState, late_conversion: lateConversion, refund },
  };
}
