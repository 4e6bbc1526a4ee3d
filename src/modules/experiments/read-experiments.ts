// Reading experiments: a site's list (newest first, paged), one experiment, and the site of an
// experiment (for the route's access check before the schema).
import type { Database } from '../../db/types.js';
import { openPage, type CursorCodec, type PageRequest, type PageResult } from '../../db/paging.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { toExperimentView, type ExperimentView } from './experiment-view.js';
import * as experiments from './experiments-repository.js';
import { getExperimentOrThrow } from './get-experiment-or-throw.js';

/** The site's experiments, newest first. */
export async function listExperiments(db: Database, cursors: CursorCodec, actor: Actor, siteId: string, page: PageRequest): Promise<PageResult<ExperimentView>> {
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  const p = openPage(cursors, `experiments:${siteId}`, page);
  return p.result(await experiments.listExperiments(db, siteId, p.fetch, p.after), (e) => e.experimentId, toExperimentView);
}

export async function getExperiment(db: Database, actor: Actor, experimentId: string): Promise<ExperimentView> {
  return toExperimentView(await getExperimentOrThrow(db, actor, experimentId));
}

/** The site of an experiment; undefined when there is none. */
export async function siteOfExperiment(db: Database, experimentId: string): Promise<string | undefined> {
  return (await experiments.findExperiment(db, experimentId))?.siteId;
}
