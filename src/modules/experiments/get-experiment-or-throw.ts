// The one lookup of an experiment on behalf of a merchant: to anyone who is not a member of its
// site it does not exist (CONTRACT §7), so both cases are the same not_found.
import type { Database } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import type { Experiment } from './experiment.js';
import * as experiments from './experiments-repository.js';

export async function getExperimentOrThrow(db: Database, actor: Actor, experimentId: string): Promise<Experiment> {
  const e = await experiments.findExperiment(db, experimentId);
  if (!e) throw notFound('Experiment');
  await getSiteWithRoleOrThrow(db, e.siteId, actor, 'member', { resource: 'Experiment' });
  return e;
}
