// The experiments module's domain values: an experiment and its settings, a session's assignment
// and its values, an arm's running sums. The repositories map rows to these; rules, use cases and
// results read only these.

export type ExperimentState = 'draft' | 'running' | 'stopped';

export type Variant = 'control' | 'treatment';

export const SURFACE_TYPES = ['overlay', 'recommendation', 'chatbot'] as const;
export type SurfaceType = (typeof SURFACE_TYPES)[number];

/** A campaign the experiment governs: it runs in its treatment form or stays control. */
export interface Surface {
  type: SurfaceType;
  campaignId: string;
}

/** Share of sessions per variant; they sum to 1. */
export interface Weights {
  control: number;
  treatment: number;
}

/** What an owner sets, in a create or a change of a draft. */
export interface ExperimentSettings {
  name: string;
  hypothesis: string | null;
  surfaces: Surface[];
  weights: Weights;
  conversionWindowDays: number;
  refundWindowDays: number;
  /** Relative minimum detectable effect. */
  mde: number;
  alpha: number;
  /** Currency of the money metrics; null until given or taken from the first linked purchase. */
  currency: string | null;
}

export interface Experiment extends ExperimentSettings {
  experimentId: string;
  siteId: string;
  state: ExperimentState;
  /** Seeds the assignment hash: experiments split sessions independently. */
  salt: string;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  stoppedAt: Date | null;
}

/** A session's assignment as computed, before it is stored (only the first one is). */
export interface NewAssignment {
  experimentId: string;
  sessionId: string;
  assignmentId: string;
  variant: Variant;
}

/** A stored assignment: the session's exposure. */
export interface Assignment extends NewAssignment {
  assignedAt: Date;
}

/** A session's metric values now (minor units): the sums over its included orders. */
export interface SessionValues {
  converted: boolean;
  revenue: number;
  margin: number;
  partner: number;
}

/** How an order counts for an assignment: included in the metrics, or why not. */
export type LinkStatus = 'included' | 'late' | 'pre_assignment' | 'other_currency';

/** An assignment with its session values and the rules of its experiment that classify orders. */
export interface LinkedAssignment extends Assignment, SessionValues {
  conversionWindowDays: number;
  currency: string | null;
}

/** An arm's running sums, shards added up (numeric sums as doubles for the statistics). */
export interface ArmSums {
  sessions: number;
  conversions: number;
  revenueSum: number;
  revenueSumSquares: number;
  marginSum: number;
  marginSumSquares: number;
  partnerSum: number;
  partnerSumSquares: number;
  lateCount: number;
  lateRevenue: number;
  preAssignment: number;
  otherCurrency: number;
  refundCount: number;
  refundAmount: number;
  lastPurchaseAt: Date | null;
}

export interface ArmTotals extends ArmSums {
  variant: Variant;
}
