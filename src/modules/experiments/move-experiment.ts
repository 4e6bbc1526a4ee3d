// Starting and stopping an experiment: draft → running → stopped, each move only from its one
// state (invalid_state otherwise); the site's running list is forgotten so assignment sees it.
// Workflows on experiments (`experiment.started`, `experiment.stopped`, the experiment as read)
// record their deliveries in the move's transaction.
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { Actor, WorkflowTriggers } from '../../kernel/index.js';
import type { ExperimentState } from './experiment.js';
import { toExperimentView, type ExperimentView } from './experiment-view.js';
import * as experiments from './experiments-repository.js';
import { getExperimentOrThrow } from './get-experiment-or-throw.js';
import type { RunningExperiments } from './list-running-experiments.js';

export interface MoveDeps {
  db: Database;
  running: RunningExperiments;
  triggers?: WorkflowTriggers;
}

async function moveExperiment(
  { db, running, triggers }: MoveDeps,
  actor: Actor,
  experimentId: string,
  from: ExperimentState,
  to: ExperimentState,
): Promise<ExperimentView> {
  const e = await getExperimentOrThrow(db, actor, experimentId);
  const happening = to === 'running' ? 'started' : 'stopped';
  const moved = await db.transaction(async (tx) => {
    const next = await experiments.transition(tx, experimentId, from, to);
    const h = next && { siteId: e.siteId, on: 'experiment' as const, subtype: happening, type: `experiment.${happening}`, data: toExperimentView(next) };
    if (h && triggers && (await triggers.matches(h, tx))) await triggers.record(tx, [h]);
    return next;
  });
  if (!moved) throw new AppError('invalid_state', `The experiment is ${e.state}; only a ${from} experiment can be ${to === 'running' ? 'started' : 'stopped'}`);
  running.forget(e.siteId);
  return toExperimentView(moved);
}

export const startExperiment = (deps: MoveDeps, actor: Actor, experimentId: string) => moveExperiment(deps, actor, experimentId, 'draft', 'running');

export const stopExperiment = (deps: MoveDeps, actor: Actor, experimentId: string) => moveExperiment(deps, actor, experimentId, 'running', 'stopped');
