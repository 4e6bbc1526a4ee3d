// Changing an experiment: only a draft's settings change (a running one would move its sessions
// between arms); what the change leaves out keeps its current value.
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../kernel/index.js';
import { getExperimentOrThrow } from './get-experiment-or-throw.js';
import { settingsOf, type ExperimentInput } from './experiment-settings.js';
import { toExperimentView, type ExperimentView } from './experiment-view.js';
import * as experiments from './experiments-repository.js';

export async function updateExperiment(db: Database, actor: Actor, experimentId: string, input: ExperimentInput): Promise<ExperimentView> {
  const e = await getExperimentOrThrow(db, actor, experimentId);
  if (e.state !== 'draft') throw new AppError('invalid_state', `The experiment is ${e.state}; only drafts can be changed`);
  const updated = await experiments.updateDraft(db, experimentId, settingsOf(input, e));
  if (!updated) throw new AppError('invalid_state', 'The experiment left the draft state meanwhile');
  return toExperimentView(updated);
}
