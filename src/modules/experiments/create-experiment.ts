// Creating an experiment: a member of the site makes a draft with its settings and a fresh salt.
import type { Database } from '../../db/types.js';
import { randomBase62 } from '../../ids.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { settingsOf, type ExperimentInput } from './experiment-settings.js';
import { toExperimentView, type ExperimentView } from './experiment-view.js';
import * as experiments from './experiments-repository.js';

export async function createExperiment(db: Database, actor: Actor, siteId: string, input: ExperimentInput): Promise<ExperimentView> {
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  const created = await experiments.insertExperiment(db, {
    ...settingsOf(input),
    experimentId: `exp_${randomBase62(20)}`,
    siteId,
    salt: randomBase62(24),
    createdBy: actor.kind === 'user' ? actor.userId : null,
  });
  return toExperimentView(created);
}
