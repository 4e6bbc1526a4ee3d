// Assigning sessions (experiments.md): the session's sticky variant in each running experiment of
// its site. The first call stores the assignment (exposure) and counts it in the running sums; later
// calls, from this process or another, return the stored one.
import type { Database } from '../../db/types.js';
import { createGroupCommitter } from '../../db/group-commit.js';
import { retryOnConflict } from '../../db/retry.js';
import { isUnavailableError } from '../../db/unavailable.js';
import { notFound } from '../../errors.js';
import { assignmentOf } from './assignment.js';
import * as assignments from './assignments-repository.js';
import type { Assignment, Experiment, NewAssignment } from './experiment.js';
import { experimentLedger } from './experiment-ledger.js';
import { toAssignmentView } from './experiment-view.js';
import * as experiments from './experiments-repository.js';
import type { RunningExperiments } from './list-running-experiments.js';

/** Stores first exposures and counts them in the running sums; returns the assignments stored now. */
const storeAssignments = (db: Database, siteId: string, fresh: readonly NewAssignment[], now: number): Promise<Assignment[]> =>
  retryOnConflict(() =>
    db.transaction(async (tx) => {
      const stored = await assignments.insertAssignments(tx, siteId, fresh, new Date(now));
      if (stored.length > 0) await experimentLedger.onAssignmentsCreated(tx, siteId, stored);
      return stored;
    }),
  );

/** Stores first exposures of a site; returns those stored now (the others were stored before). */
export type AssignmentStore = (siteId: string, fresh: readonly NewAssignment[], now: number) => Promise<Assignment[]>;

interface PendingAssignment {
  siteId: string;
  assignment: NewAssignment;
  now: number;
}

const pairKey = (siteId: string, experimentId: string, sessionId: string) => `${siteId}\n${experimentId}\n${sessionId}`;

/**
 * Exposures waiting before a second flush starts beside the one in progress: gathered behind it
 * instead, a new session each at 700 req/s cost PostgreSQL 59-60 % of a core instead of 74-77 %
 * (p99 27-47 ms against 32-57 ms; the same throughput under wrk), in alternated scratch runs.
 */
const PARALLEL_AFTER = 16;

/**
 * First exposures of concurrent requests stored together (group commit): every exposure that
 * arrives while earlier ones commit goes into the next batch, one transaction per site (its inserts
 * and running-sum updates); each request is answered after its commit. A batch that fails is retried one request at
 * a time (the committer), so one bad request cannot fail the others.
 */
export function createAssignmentStore(db: Database): AssignmentStore {
  const committer = createGroupCommitter<PendingAssignment, Assignment | null>({
    maxBatch: 500,
    maxConcurrent: db.engine === 'pglite' ? 1 : 2,
    parallelAfter: PARALLEL_AFTER,
    isFatal: isUnavailableError,
    async flush(items) {
      const bySite = new Map<string, Map<string, PendingAssignment>>();
      for (const item of items) {
        let site = bySite.get(item.siteId);
        if (!site) bySite.set(item.siteId, (site = new Map()));
        // One row per (experiment, session), in key order (a fixed lock order between batches).
        site.set(pairKey(item.siteId, item.assignment.experimentId, item.assignment.sessionId), item);
      }
      const stored = new Map<string, Assignment>();
      for (const [siteId, site] of [...bySite].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const fresh = [...site].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, item]) => item);
        const now = Math.max(...fresh.map((item) => item.now));
        for (const a of await storeAssignments(db, siteId, fresh.map((item) => item.assignment), now)) stored.set(pairKey(siteId, a.experimentId, a.sessionId), a);
      }
      return items.map((item) => stored.get(pairKey(item.siteId, item.assignment.experimentId, item.assignment.sessionId)) ?? null);
    },
  });
  return async (siteId, fresh, now) => {
    const results = await committer.submit(fresh.map((assignment) => ({ siteId, assignment, now })));
    return results.filter((a): a is Assignment => a !== null);
  };
}

/** The running experiments to assign in: all of the site's, or those asked for (an unknown one, or another site's, is not found). */
async function targetsOf(db: Database, running: RunningExperiments, siteId: string, experimentIds?: readonly string[]): Promise<Experiment[]> {
  const all = await running.of(siteId);
  if (!experimentIds) return all;
  const wanted = new Set(experimentIds);
  const targets = all.filter((e) => wanted.has(e.experimentId));
  for (const id of wanted) {
    if (targets.some((e) => e.experimentId === id)) continue;
    const e = await experiments.findExperiment(db, id);
    if (!e || e.siteId !== siteId) throw notFound(`Experiment ${id}`);
    // A draft or stopped experiment of this site assigns nobody: the browser shows the control form.
  }
  return targets;
}

const pairsOf = (targets: readonly Experiment[], sessionId: string) => targets.map((e) => ({ experimentId: e.experimentId, sessionId }));

/** The session's assignment in each target, by experiment id: stored before, stored now, or stored meanwhile by another process. */
async function assignmentsIn(db: Database, store: AssignmentStore, siteId: string, targets: readonly Experiment[], sessionId: string, now: number): Promise<Map<string, Assignment>> {
  const stored = new Map((await assignments.findAssignments(db, siteId, pairsOf(targets, sessionId))).map((a) => [a.experimentId, a]));
  const missing = targets.filter((e) => !stored.has(e.experimentId));
  if (missing.length === 0) return stored;
  for (const a of await store(siteId, missing.map((e) => assignmentOf(e, sessionId)), now)) stored.set(a.experimentId, a);
  // Another process stored some first: read those back (sticky).
  const raced = missing.filter((e) => !stored.has(e.experimentId));
  if (raced.length > 0) {
    for (const a of await assignments.findAssignments(db, siteId, pairsOf(raced, sessionId))) stored.set(a.experimentId, a);
  }
  return stored;
}

/** The session's variant in each running experiment of the site (or of those asked for). */
export async function assignSession(deps: { db: Database; running: RunningExperiments; store: AssignmentStore }, siteId: string, sessionId: string, experimentIds: readonly string[] | undefined, now: number) {
  const { db, running, store } = deps;
  const targets = await targetsOf(db, running, siteId, experimentIds);
  if (targets.length === 0) return { assignments: [] };
  const stored = await assignmentsIn(db, store, siteId, targets, sessionId, now);
  return {
    assignments: targets.map((e) => {
      const a = stored.get(e.experimentId);
      // Inserted, or read back after a conflict: a stored assignment always exists here.
      if (!a) throw new Error(`No assignment of ${sessionId} in ${e.experimentId} after storing it`);
      return toAssignmentView(e, a);
    }),
  };
}

/**
 * Assigns many sessions of the site at once (imports and benchmarks): the same rows, counters
 * and order pick-up as `assignSession`, in one transaction per call; returns how many were new.
 */
export async function assignSessions(db: Database, running: RunningExperiments, siteId: string, sessionIds: readonly string[], now: number): Promise<number> {
  const fresh = (await running.of(siteId)).flatMap((e) => sessionIds.map((sessionId) => assignmentOf(e, sessionId)));
  if (fresh.length === 0) return 0;
  return (await storeAssignments(db, siteId, fresh, now)).length;
}
