// Starting and stopping an experiment: draft → running → stopped, each move only from its one
// state (invalid_state otherwise); the site's running list is forgotten so assignment sees it.
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../kernel/index.js';
import type { ExperimentState } from './experiment.js';
import { toExperimentView, type ExperimentView } from './experiment-view.js';
import * as experiments from './experiments-repository.js';
import { getExperimentOrThrow } from './get-experiment-or-throw.js';
import type { RunningExperiments } from './list-running-experiments.js';

async function moveExperiment(
  db: Database,
  running: RunningExperiments,
  actor: Actor,
  experimentId: string,
  from: ExperimentState,
  to: ExperimentState,
): Promise<ExperimentView> {
  const e = await getExperimentOrThrow(db, actor, experimentId);
  const moved = await experiments.transition(db, experimentId, from, to);
  if (!moved) throw new AppError('invalid_state', `The experiment is ${e.state}; only a ${from} experiment can be ${to === 'running' ? 'started' : 'stopped'}`);
  running.forget(e.siteId);
  return toExperimentView(moved);
}

export const startExperiment = (db: Database, running: RunningExperiments, actor: Actor, experimentId: string) =>
  moveExperiment(db, running, actor, experimentId, 'draft', 'running');

export const stopExperiment = (db: Database, running: RunningExperiments, actor: Actor, experimentId: string) =>
  moveExperiment(db, running, actor, experimentId, 'running', 'stopped');
