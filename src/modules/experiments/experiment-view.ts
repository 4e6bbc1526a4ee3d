// Experiments and assignments as the API shows them (schemas.ts: Experiment, Assignments), pure:
// domain values in, the contract's snake_case fields and ISO timestamps out.
import { toIso, toIsoOrNull } from '../../time.js';
import type { Assignment, Experiment } from './experiment.js';

export const toExperimentView = (e: Experiment) => ({
  experiment_id: e.experimentId,
  website_id: e.siteId,
  name: e.name,
  hypothesis: e.hypothesis,
  surfaces: e.surfaces.map((s) => ({ type: s.type, campaign_id: s.campaignId })),
  weights: { control: e.weights.control, treatment: e.weights.treatment },
  conversion_window_days: e.conversionWindowDays,
  refund_window_days: e.refundWindowDays,
  mde: e.mde,
  alpha: e.alpha,
  currency: e.currency,
  state: e.state,
  created_at: toIso(e.createdAt),
  updated_at: toIso(e.updatedAt),
  started_at: toIsoOrNull(e.startedAt),
  stopped_at: toIsoOrNull(e.stoppedAt),
});

export type ExperimentView = ReturnType<typeof toExperimentView>;

/** A session's assignment with the form each governed campaign loads in. */
export const toAssignmentView = (e: Experiment, a: Assignment) => ({
  assignment_id: a.assignmentId,
  experiment_id: e.experimentId,
  variant: a.variant,
  surfaces: e.surfaces.map((s) => ({ type: s.type, campaign_id: s.campaignId, form: a.variant })),
});
