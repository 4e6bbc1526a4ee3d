// The settings of a create or a change of a draft, pure: what the schema validated, with what it
// cannot say (weights summing to 1, a known currency) checked here; what is left out keeps its
// default (create) or its current value (change).
import type { Static } from 'typebox';
import { currencyDigits } from '../../domain/money.js';
import { validationFailed } from '../../errors.js';
import type { ExperimentSettings } from './experiment.js';
import type { UpdateExperimentBody } from './schemas.js';

/** The settings of a create or a PATCH as the schema validated them (API spelling). */
export type ExperimentInput = Static<typeof UpdateExperimentBody>;

export const DEFAULT_SETTINGS: ExperimentSettings = Object.freeze({
  name: '',
  hypothesis: null,
  surfaces: [],
  weights: { control: 0.5, treatment: 0.5 },
  conversionWindowDays: 7,
  refundWindowDays: 30,
  mde: 0.05,
  alpha: 0.05,
  currency: null,
});

/** The settings `input` asks for over `base` (the defaults for a create); throws validation_failed. */
export function settingsOf(input: ExperimentInput, base: ExperimentSettings = DEFAULT_SETTINGS): ExperimentSettings {
  const weights = input.weights ?? base.weights;
  if (Math.abs(weights.control + weights.treatment - 1) > 1e-9) {
    throw validationFailed('/weights', `weights must sum to 1 (they sum to ${weights.control + weights.treatment})`, 'sum');
  }
  if (input.currency !== undefined && currencyDigits(input.currency) === undefined) {
    throw validationFailed('/currency', 'currency must be an ISO 4217 code of a currency', 'unknown_currency');
  }
  return {
    name: input.name ?? base.name,
    hypothesis: input.hypothesis ?? base.hypothesis,
    surfaces: input.surfaces?.map((s) => ({ type: s.type, campaignId: s.campaign_id })) ?? base.surfaces,
    weights: { control: weights.control, treatment: weights.treatment },
    conversionWindowDays: input.conversion_window_days ?? base.conversionWindowDays,
    refundWindowDays: input.refund_window_days ?? base.refundWindowDays,
    mde: input.mde ?? base.mde,
    alpha: input.alpha ?? base.alpha,
    currency: input.currency ?? base.currency,
  };
}
