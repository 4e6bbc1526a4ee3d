// The HTTP shapes of partner experiments (experiments.md): what create, PATCH and assignment accept,
// and the experiment, assignments and results they answer with; Fastify validates and documents these.
import { Type } from 'typebox';
import { NonEmpty, SiteId, Timestamp } from '../../http/common-schemas.js';
import { SURFACE_TYPES } from './experiment.js';
import { component } from '../../http/openapi-components.js';

export const EXPERIMENT_ID_PATTERN = '^exp_[A-Za-z0-9]{8,64}$';
export const ExperimentId = Type.String({ pattern: EXPERIMENT_ID_PATTERN });

const Surface = Type.Object({ type: Type.Enum([...SURFACE_TYPES]), campaign_id: NonEmpty(128) });
const Weights = Type.Object(
  { control: Type.Number({ minimum: 0, maximum: 1 }), treatment: Type.Number({ minimum: 0, maximum: 1 }) },
  { description: 'Share of sessions per variant; they sum to 1', additionalProperties: false },
);

const Settings = {
  hypothesis: Type.Optional(Type.String({ maxLength: 2000 })),
  weights: Type.Optional(Weights),
  conversion_window_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, description: 'Default 7' })),
  refund_window_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365, description: 'Default 30' })),
  mde: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10, description: 'Relative minimum detectable effect; default 0.05' })),
  alpha: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'Default 0.05' })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'Currency of the money metrics; by default that of the first linked purchase' })),
};

export const CreateExperimentBody = Type.Object({
  website_id: SiteId,
  name: NonEmpty(200),
  surfaces: Type.Array(Surface, { minItems: 1, maxItems: 50 }),
  ...Settings,
});

export const UpdateExperimentBody = Type.Object({
  name: Type.Optional(NonEmpty(200)),
  surfaces: Type.Optional(Type.Array(Surface, { minItems: 1, maxItems: 50 })),
  ...Settings,
});

export const Experiment = component('Experiment', Type.Object({
  experiment_id: ExperimentId,
  website_id: SiteId,
  name: Type.String(),
  hypothesis: Type.Union([Type.String(), Type.Null()]),
  surfaces: Type.Array(Surface),
  weights: Weights,
  conversion_window_days: Type.Integer(),
  refund_window_days: Type.Integer(),
  mde: Type.Number(),
  alpha: Type.Number(),
  currency: Type.Union([Type.String(), Type.Null()]),
  state: Type.Enum(['draft', 'running', 'stopped']),
  created_at: Timestamp,
  updated_at: Timestamp,
  started_at: Type.Union([Timestamp, Type.Null()]),
  stopped_at: Type.Union([Timestamp, Type.Null()]),
}));

export const AssignmentsBody = Type.Object({
  session_id: NonEmpty(256),
  experiment_ids: Type.Optional(Type.Array(ExperimentId, { minItems: 1, maxItems: 50, uniqueItems: true })),
});

export const Assignments = Type.Object({
  assignments: Type.Array(
    Type.Object({
      assignment_id: Type.String({ description: 'Name it in experiment_assignment_ids of the purchase' }),
      experiment_id: ExperimentId,
      variant: Type.Enum(['control', 'treatment']),
      surfaces: Type.Array(
        Type.Object({
          type: Type.Enum([...SURFACE_TYPES]),
          campaign_id: Type.String(),
          form: Type.Enum(['control', 'treatment'], { description: 'Which form of this campaign to load' }),
        }),
      ),
    }),
  ),
});

const Figure = Type.Union([Type.Number(), Type.Null()]);
const Arm = Type.Object({ n: Type.Number(), sum: Type.Number(), sum_squares: Type.Number(), mean: Figure });
const Effect = Type.Object({ effect: Figure, ci: Type.Array(Figure), stddev: Figure, p_value: Figure });
const MetricResult = Type.Object({ control: Arm, treatment: Arm, effect: Type.Object({ absolute: Effect, relative: Effect }) });
const Pair = Type.Object({ control: Type.Number(), treatment: Type.Number() });
const MetricPower = Type.Object({ status: Type.Enum(['powered', 'underpowered']), power: Figure, sessions_per_arm: Type.Number(), sessions_per_arm_needed: Figure });
const RefundFigures = Type.Object({ count: Type.Number(), amount: Type.Number() });

export const Results = Type.Object({
  experiment_id: ExperimentId,
  state: Type.String(),
  currency: Type.Union([Type.String(), Type.Null()]),
  computed_at: Timestamp,
  sessions: Type.Object({ control: Type.Number(), treatment: Type.Number() }),
  metrics: Type.Object({
    conversion: MetricResult,
    revenue_per_session: MetricResult,
    gross_profit_per_session: MetricResult,
    partner_contribution_per_session: MetricResult,
  }),
  states: Type.Object({
    sample_ratio: Type.Object({
      status: Type.Enum(['ok', 'mismatch', 'insufficient_data'], { description: 'mismatch when p < 0.001; insufficient_data below 8 sessions in an arm' }),
      p_value: Type.Number(),
      observed: Pair,
      expected: Pair,
      threshold: Type.Number(),
    }),
    power: Type.Object({
      status: Type.Enum(['powered', 'underpowered'], { description: 'Of the primary metric (conversion)' }),
      primary_metric: Type.String(),
      mde: Type.Number(),
      alpha: Type.Number(),
      target_power: Type.Number(),
      metrics: Type.Object({
        conversion: MetricPower,
        revenue_per_session: MetricPower,
        gross_profit_per_session: MetricPower,
        partner_contribution_per_session: MetricPower,
      }),
    }),
    late_conversion: Type.Object({
      status: Type.Enum(['window_open', 'window_complete']),
      window_complete: Type.Boolean({ description: 'The experiment stopped and its last conversion window closed' }),
      conversion_window_days: Type.Integer(),
      count: Type.Number({ description: 'Linked purchases after assignment + window, left out of the metrics' }),
      revenue: Type.Number(),
      pre_assignment: Type.Number({ description: 'Linked purchases that occurred before their session was assigned, left out' }),
      other_currency: Type.Number({ description: 'Linked purchases in another currency than the experiment’s, left out' }),
    }),
    refund: Type.Object({
      status: Type.Enum(['provisional', 'final']),
      refund_window_days: Type.Integer(),
      final_after: Type.Union([Timestamp, Type.Null()]),
      control: RefundFigures,
      treatment: RefundFigures,
    }),
  }),
});
