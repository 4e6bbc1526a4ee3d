// Partner experiments: management by members of the site (draft → running → stopped), sticky
// assignment for the browser, and results read from the running sums.
import { LRUCache } from 'lru-cache';
import type { Static } from 'typebox';
import type { Database } from '../../db/types.js';
import { retryOnConflict } from '../../db/retry.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { randomBase62 } from '../../ids.js';
import { currencyDigits } from '../../domain/money.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { createCursorCodec, openPage, type PageRequest } from '../../db/paging.js';
import type { Secrets } from '../../secrets.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { assignmentIdFor, assignVariant } from './assignment.js';
import { experimentLedger } from './experiment-ledger.js';
import * as repo from './experiments-repository.js';
import { buildResults } from './results.js';
import type { UpdateExperimentBody } from './schemas.js';

const RUNNING_CACHE_TTL_MS = 5_000;

/** The settings of a create or a PATCH (what is left out keeps its default or current value). */
export type ExperimentInput = Static<typeof UpdateExperimentBody>;

const toExperimentView = (e: repo.ExperimentRow) => ({
  experiment_id: e.experiment_id,
  website_id: e.site_id,
  name: e.name,
  hypothesis: e.hypothesis,
  surfaces: e.surfaces,
  weights: { control: e.weight_control, treatment: e.weight_treatment },
  conversion_window_days: e.conversion_window_days,
  refund_window_days: e.refund_window_days,
  mde: e.mde,
  alpha: e.alpha,
  currency: e.currency,
  state: e.state,
  created_at: toIso(e.created_at),
  updated_at: toIso(e.updated_at),
  started_at: toIsoOrNull(e.started_at),
  stopped_at: toIsoOrNull(e.stopped_at),
});

function fieldsOf(input: ExperimentInput, base?: repo.ExperimentRow): repo.ExperimentFields {
  const weights = input.weights ?? (base ? { control: base.weight_control, treatment: base.weight_treatment } : { control: 0.5, treatment: 0.5 });
  if (Math.abs(weights.control + weights.treatment - 1) > 1e-9) {
    throw validationFailed('/weights', `weights must sum to 1 (they sum to ${weights.control + weights.treatment})`, 'sum');
  }
  if (input.currency !== undefined && currencyDigits(input.currency) === undefined) {
    throw validationFailed('/currency', 'currency must be an ISO 4217 code of a currency', 'unknown_currency');
  }
  return {
    name: input.name ?? base?.name ?? '',
    hypothesis: input.hypothesis ?? base?.hypothesis ?? null,
    surfaces: input.surfaces ?? base?.surfaces ?? [],
    weightControl: weights.control,
    weightTreatment: weights.treatment,
    conversionWindowDays: input.conversion_window_days ?? base?.conversion_window_days ?? 7,
    refundWindowDays: input.refund_window_days ?? base?.refund_window_days ?? 30,
    mde: input.mde ?? base?.mde ?? 0.05,
    alpha: input.alpha ?? base?.alpha ?? 0.05,
    currency: input.currency ?? base?.currency ?? null,
  };
}

/** The session's assignment in an experiment, as computed (stored only if it is the first). */
const assignmentOf = (siteId: string, e: repo.ExperimentRow, sessionId: string): repo.NewAssignment => ({
  experimentId: e.experiment_id,
  sessionId,
  assignmentId: assignmentIdFor(siteId, e.experiment_id, sessionId),
  variant: assignVariant(e.salt, sessionId, { control: e.weight_control, treatment: e.weight_treatment }),
});

export function createExperimentsService(db: Database, secrets: Secrets) {
  const cursors = createCursorCodec(secrets);
  const running = new LRUCache<string, repo.ExperimentRow[]>({ max: 50_000, ttl: RUNNING_CACHE_TTL_MS });
  const runningOf = async (siteId: string) => {
    let list = running.get(siteId);
    if (!list) {
      list = await repo.runningExperiments(db, siteId);
      running.set(siteId, list);
    }
    return list;
  };

  /** The experiment, if the actor is a member of its site; to anyone else it does not exist (CONTRACT §7). */
  async function experimentForActor(actor: Actor, experimentId: string): Promise<repo.ExperimentRow> {
    const e = await repo.findExperiment(db, experimentId);
    if (!e) throw notFound('Experiment');
    await getSiteWithRoleOrThrow(db, e.site_id, actor, 'member', { resource: 'Experiment' });
    return e;
  }

  /** Stores first exposures and counts them in the running sums; returns the rows inserted now. */
  const storeAssignments = (siteId: string, fresh: readonly repo.NewAssignment[], now: number) =>
    retryOnConflict(() =>
      db.transaction(async (tx) => {
        const rows = await repo.insertAssignments(tx, siteId, fresh, new Date(now));
        if (rows.length > 0) await experimentLedger.onAssignmentsCreated(tx, siteId, rows);
        return rows;
      }),
    );

  async function move(actor: Actor, experimentId: string, from: repo.ExperimentState, to: repo.ExperimentState) {
    const e = await experimentForActor(actor, experimentId);
    const moved = await repo.transition(db, experimentId, from, to);
    if (!moved) throw new AppError('invalid_state', `The experiment is ${e.state}; only a ${from} experiment can be ${to === 'running' ? 'started' : 'stopped'}`);
    running.delete(e.site_id);
    return toExperimentView(moved);
  }

  return {
    async create(actor: Actor, siteId: string, input: ExperimentInput) {
      await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
      const row = await repo.insertExperiment(db, {
        ...fieldsOf(input),
        experimentId: `exp_${randomBase62(20)}`,
        siteId,
        salt: randomBase62(24),
        createdBy: actor.kind === 'user' ? actor.userId : null,
      });
      return toExperimentView(row);
    },

    /** The site's experiments, newest first. */
    async list(actor: Actor, siteId: string, page: PageRequest) {
      await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
      const p = openPage(cursors, `experiments:${siteId}`, page);
      return p.result(await repo.listExperiments(db, siteId, p.fetch, p.after), (r) => r.experiment_id, toExperimentView);
    },

    /** The site of an experiment, for the route's access check before the schema. */
    async siteOf(experimentId: string): Promise<string | undefined> {
      return (await repo.findExperiment(db, experimentId))?.site_id;
    },

    async get(actor: Actor, experimentId: string) {
      return toExperimentView(await experimentForActor(actor, experimentId));
    },

    async update(actor: Actor, experimentId: string, input: ExperimentInput) {
      const e = await experimentForActor(actor, experimentId);
      if (e.state !== 'draft') throw new AppError('invalid_state', `The experiment is ${e.state}; only drafts can be changed`);
      const updated = await repo.updateDraft(db, experimentId, fieldsOf(input, e));
      if (!updated) throw new AppError('invalid_state', 'The experiment left the draft state meanwhile');
      return toExperimentView(updated);
    },

    start: (actor: Actor, experimentId: string) => move(actor, experimentId, 'draft', 'running'),
    stop: (actor: Actor, experimentId: string) => move(actor, experimentId, 'running', 'stopped'),

    /**
     * The session's variant in each running experiment of the site (or of those asked for). The
     * first call stores the assignment (exposure); later calls return the stored one.
     */
    async assign(siteId: string, sessionId: string, experimentIds?: readonly string[], now = Date.now()) {
      let targets = await runningOf(siteId);
      if (experimentIds) {
        const wanted = new Set(experimentIds);
        targets = targets.filter((e) => wanted.has(e.experiment_id));
        for (const id of wanted) {
          if (targets.some((e) => e.experiment_id === id)) continue;
          const e = await repo.findExperiment(db, id);
          if (!e || e.site_id !== siteId) throw notFound(`Experiment ${id}`);
          // A draft or stopped experiment of this site assigns nobody: the browser shows the control form.
        }
      }
      if (targets.length === 0) return { assignments: [] };
      const pairs = targets.map((e) => ({ experimentId: e.experiment_id, sessionId }));
      const stored = new Map((await repo.findAssignments(db, siteId, pairs)).map((a) => [a.experiment_id, a]));
      const missing = targets.filter((e) => !stored.has(e.experiment_id));
      if (missing.length > 0) {
        const inserted = await storeAssignments(siteId, missing.map((e) => assignmentOf(siteId, e, sessionId)), now);
        for (const a of inserted) stored.set(a.experiment_id, a);
        // Another process stored some first: read those back (sticky).
        const raced = missing.filter((e) => !stored.has(e.experiment_id));
        if (raced.length > 0) {
          for (const a of await repo.findAssignments(db, siteId, raced.map((e) => ({ experimentId: e.experiment_id, sessionId })))) stored.set(a.experiment_id, a);
        }
      }
      return {
        assignments: targets.map((e) => {
          const a = stored.get(e.experiment_id)!;
          return {
            assignment_id: a.assignment_id,
            experiment_id: e.experiment_id,
            variant: a.variant,
            surfaces: e.surfaces.map((s) => ({ type: s.type, campaign_id: s.campaign_id, form: a.variant })),
          };
        }),
      };
    },

    /**
     * Assigns many sessions of the site at once (imports and benchmarks): the same rows, counters
     * and order pick-up as `assign`, in one transaction per call.
     */
    async assignMany(siteId: string, sessionIds: readonly string[], now = Date.now()): Promise<number> {
      const fresh = (await runningOf(siteId)).flatMap((e) => sessionIds.map((sessionId) => assignmentOf(siteId, e, sessionId)));
      if (fresh.length === 0) return 0;
      return (await storeAssignments(siteId, fresh, now)).length;
    },

    async results(actor: Actor, experimentId: string, now = Date.now()) {
      const e = await experimentForActor(actor, experimentId);
      const totals = await repo.armTotals(db, e.site_id, experimentId);
      return buildResults(e, totals, now, currencyDigits(e.currency ?? '') ?? 2);
    },
  };
}

export type ExperimentsService = ReturnType<typeof createExperimentsService>;
