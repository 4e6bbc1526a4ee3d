// Partner experiments as one service: management by members of the site (draft → running →
// stopped), sticky assignment for the browser, and results read from the running sums. It wires
// the database, the cursor codec and the running-experiments cache into the use cases, one a file.
import type { Database } from '../../db/types.js';
import { DEFAULT_LIMITS, type Limits } from '../../domain/limits.js';
import { createCursorCodec, type PageRequest } from '../../db/paging.js';
import type { Actor, ExperimentGate, WorkflowTriggers } from '../../kernel/index.js';
import type { Secrets } from '../../secrets.js';
import { assignSession, assignSessions, createAssignmentStore } from './assign-sessions.js';
import { createExperiment } from './create-experiment.js';
import type { ExperimentInput } from './experiment-settings.js';
import { startExperiment, stopExperiment } from './move-experiment.js';
import { getExperiment, listExperiments, siteOfExperiment } from './read-experiments.js';
import { readResults } from './read-results.js';
import { createRunningExperiments } from './list-running-experiments.js';
import { updateExperiment } from './update-experiment.js';
import * as experiments from './experiments-repository.js';

/** `limits`: the configuration's (module.ts passes config.limits); the defaults when none are given. */
export function createExperimentsService(db: Database, secrets: Secrets, triggers?: WorkflowTriggers, limits: Pick<Limits, 'experimentsPerSite'> = DEFAULT_LIMITS) {
  const cursors = createCursorCodec(secrets);
  const running = createRunningExperiments(db);
  const assignments = { db, running, store: createAssignmentStore(db) };
  const gate: ExperimentGate = {
    async stateOf(q, siteId, experimentId) {
      const found = await experiments.findExperiment(q, experimentId);
      return found?.siteId === siteId ? found.state : null;
    },
    running: async (siteId) => new Set((await running.of(siteId)).map((e) => e.experimentId)),
  };
  return {
    /** Experiments as gates of other modules' features (the kernel's extension point). */
    gate,
    create: (actor: Actor, siteId: string, input: ExperimentInput) => createExperiment(db, limits.experimentsPerSite, actor, siteId, input),
    /** The site's experiments, newest first. */
    list: (actor: Actor, siteId: string, page: PageRequest) => listExperiments(db, cursors, actor, siteId, page),
    /** The site of an experiment, for the route's access check before the schema. */
    siteOf: (experimentId: string) => siteOfExperiment(db, experimentId),
    get: (actor: Actor, experimentId: string) => getExperiment(db, actor, experimentId),
    update: (actor: Actor, experimentId: string, input: ExperimentInput) => updateExperiment(db, actor, experimentId, input),
    start: (actor: Actor, experimentId: string) => startExperiment({ db, running, triggers }, actor, experimentId),
    stop: (actor: Actor, experimentId: string) => stopExperiment({ db, running, triggers }, actor, experimentId),
    /** The session's sticky variant in each running experiment of the site (or of those asked for). */
    assign: (siteId: string, sessionId: string, experimentIds?: readonly string[], now = Date.now()) =>
      assignSession(assignments, siteId, sessionId, experimentIds, now),
    /** Many sessions at once (imports and benchmarks); how many were new. */
    assignMany: (siteId: string, sessionIds: readonly string[], now = Date.now()) => assignSessions(db, running, siteId, sessionIds, now),
    results: (actor: Actor, experimentId: string, now = Date.now()) => readResults(db, actor, experimentId, now),
  };
}

export type ExperimentsService = ReturnType<typeof createExperimentsService>;
