// All SQL of experiment_arm_stats: each arm's running sums, striped over shards so that concurrent
// writers rarely wait on one row; reads add the shards up into ArmTotals values.
import type { Queryable } from '../../db/types.js';
import type { ArmTotals, Variant } from './experiment.js';
import type { ArmDelta } from './session-values.js';

/** Adds a change to one shard of an arm's running sums. */
export async function addArmDelta(q: Queryable, siteId: string, experimentId: string, variant: Variant, shard: number, d: ArmDelta): Promise<void> {
  await q.query(
    `INSERT INTO experiment_arm_stats (site_id, experiment_id, variant, shard, sessions, conversions, revenue_sum, revenue_sumsq,
                                       margin_sum, margin_sumsq, partner_sum, partner_sumsq, late_count, late_revenue,
                                       pre_assignment, other_currency, refund_count, refund_amount, last_purchase_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9::numeric, $10::numeric, $11::numeric, $12::numeric, $13,
             $14::numeric, $15, $16, $17, $18::numeric, $19)
     ON CONFLICT (site_id, experiment_id, variant, shard) DO UPDATE SET
       sessions = experiment_arm_stats.sessions + EXCLUDED.sessions,
       conversions = experiment_arm_stats.conversions + EXCLUDED.conversions,
       revenue_sum = experiment_arm_stats.revenue_sum + EXCLUDED.revenue_sum,
       revenue_sumsq = experiment_arm_stats.revenue_sumsq + EXCLUDED.revenue_sumsq,
       margin_sum = experiment_arm_stats.margin_sum + EXCLUDED.margin_sum,
       margin_sumsq = experiment_arm_stats.margin_sumsq + EXCLUDED.margin_sumsq,
       partner_sum = experiment_arm_stats.partner_sum + EXCLUDED.partner_sum,
       partner_sumsq = experiment_arm_stats.partner_sumsq + EXCLUDED.partner_sumsq,
       late_count = experiment_arm_stats.late_count + EXCLUDED.late_count,
       late_revenue = experiment_arm_stats.late_revenue + EXCLUDED.late_revenue,
       pre_assignment = experiment_arm_stats.pre_assignment + EXCLUDED.pre_assignment,
       other_currency = experiment_arm_stats.other_currency + EXCLUDED.other_currency,
       refund_count = experiment_arm_stats.refund_count + EXCLUDED.refund_count,
       refund_amount = experiment_arm_stats.refund_amount + EXCLUDED.refund_amount,
       last_purchase_at = GREATEST(experiment_arm_stats.last_purchase_at, EXCLUDED.last_purchase_at)`,
    [
      siteId,
      experimentId,
      variant,
      shard,
      d.sessions,
      d.conversions,
      d.revenueSum.toString(),
      d.revenueSumSq.toString(),
      d.marginSum.toString(),
      d.marginSumSq.toString(),
      d.partnerSum.toString(),
      d.partnerSumSq.toString(),
      d.lateCount,
      d.lateRevenue.toString(),
      d.preAssignment,
      d.otherCurrency,
      d.refundCount,
      d.refundAmount.toString(),
      d.lastPurchaseAt === null ? null : new Date(d.lastPurchaseAt).toISOString(),
    ],
  );
}

/** Adds new sessions to arms (one statement for all; rows in key order, a fixed lock order). */
export async function addSessions(q: Queryable, siteId: string, rows: readonly { experimentId: string; variant: Variant; shard: number; sessions: number }[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => `${a.experimentId}\n${a.variant}\n${a.shard}`.localeCompare(`${b.experimentId}\n${b.variant}\n${b.shard}`));
  await q.query(
    `INSERT INTO experiment_arm_stats (site_id, experiment_id, variant, shard, sessions)
     SELECT $1, e, v, s, n FROM unnest($2::text[], $3::text[], $4::smallint[], $5::bigint[]) AS t(e, v, s, n)
     ON CONFLICT (site_id, experiment_id, variant, shard) DO UPDATE SET sessions = experiment_arm_stats.sessions + EXCLUDED.sessions`,
    [siteId, sorted.map((r) => r.experimentId), sorted.map((r) => r.variant), sorted.map((r) => r.shard), sorted.map((r) => r.sessions)],
  );
}

interface ArmTotalsRow {
  variant: Variant;
  sessions: number;
  conversions: number;
  revenue_sum: number;
  revenue_sumsq: number;
  margin_sum: number;
  margin_sumsq: number;
  partner_sum: number;
  partner_sumsq: number;
  late_count: number;
  late_revenue: number;
  pre_assignment: number;
  other_currency: number;
  refund_count: number;
  refund_amount: number;
  last_purchase_at: Date | null;
}

const armTotalsFromRow = (r: ArmTotalsRow): ArmTotals => ({
  variant: r.variant,
  sessions: r.sessions,
  conversions: r.conversions,
  revenueSum: r.revenue_sum,
  revenueSumSquares: r.revenue_sumsq,
  marginSum: r.margin_sum,
  marginSumSquares: r.margin_sumsq,
  partnerSum: r.partner_sum,
  partnerSumSquares: r.partner_sumsq,
  lateCount: r.late_count,
  lateRevenue: r.late_revenue,
  preAssignment: r.pre_assignment,
  otherCurrency: r.other_currency,
  refundCount: r.refund_count,
  refundAmount: r.refund_amount,
  lastPurchaseAt: r.last_purchase_at,
});

/** The running sums of each arm, shards added up (numeric sums as doubles for the statistics). */
export async function armTotals(q: Queryable, siteId: string, experimentId: string): Promise<ArmTotals[]> {
  const { rows } = await q.query<ArmTotalsRow>(
    `SELECT variant, sum(sessions)::float8 AS sessions, sum(conversions)::float8 AS conversions,
            sum(revenue_sum)::float8 AS revenue_sum, sum(revenue_sumsq)::float8 AS revenue_sumsq,
            sum(margin_sum)::float8 AS margin_sum, sum(margin_sumsq)::float8 AS margin_sumsq,
            sum(partner_sum)::float8 AS partner_sum, sum(partner_sumsq)::float8 AS partner_sumsq,
            sum(late_count)::float8 AS late_count, sum(late_revenue)::float8 AS late_revenue,
            sum(pre_assignment)::float8 AS pre_assignment, sum(other_currency)::float8 AS other_currency,
            sum(refund_count)::float8 AS refund_count, sum(refund_amount)::float8 AS refund_amount,
            max(last_purchase_at) AS last_purchase_at
       FROM experiment_arm_stats WHERE site_id = $1 AND experiment_id = $2 GROUP BY variant`,
    [siteId, experimentId],
  );
  return rows.map(armTotalsFromRow);
}
