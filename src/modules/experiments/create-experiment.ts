// Creating an experiment: a member of the site makes a draft with its settings and a fresh salt;
// at most LIMIT_EXPERIMENTS_PER_SITE a site in any state, counted under a lock of the site's experiments.
import type { Database } from '../../db/types.js';
import { assertWithinLimit } from '../../domain/limits.js';
import { randomBase62 } from '../../ids.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { settingsOf, type ExperimentInput } from './experiment-settings.js';
import { toExperimentView, type ExperimentView } from './experiment-view.js';
import * as experiments from './experiments-repository.js';

export async function createExperiment(db: Database, limit: number, actor: Actor, siteId: string, input: ExperimentInput): Promise<ExperimentView> {
  const created = await db.transaction(async (tx) => {
    await getSiteWithRoleOrThrow(tx, siteId, actor, 'member');
    const settings = settingsOf(input);
    await experiments.lockSiteExperiments(tx, siteId);
    assertWithinLimit('experimentsPerSite', limit, await experiments.countExperiments(tx, siteId));
    return experiments.insertExperiment(tx, {
      ...settings,
      experimentId: `exp_${randomBase62(20)}`,
      siteId,
      salt: randomBase62(24),
      createdBy: actor.kind === 'user' ? actor.userId : null,
    });
  });
  return toExperimentView(created);
}
