// All SQL of the experiments table: definitions, their state and settings; rows become Experiment values.
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { Experiment, ExperimentSettings, ExperimentState, Surface, SurfaceType } from './experiment.js';

/** Surfaces as the jsonb column keeps them (the API's spelling). */
type SurfaceRow = { type: SurfaceType; campaign_id: string };

interface ExperimentRow {
  experiment_id: string;
  site_id: string;
  name: string;
  hypothesis: string | null;
  surfaces: SurfaceRow[];
  weight_control: number;
  weight_treatment: number;
  conversion_window_days: number;
  refund_window_days: number;
  mde: number;
  alpha: number;
  currency: string | null;
  state: ExperimentState;
  salt: string;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  stopped_at: Date | null;
}

const COLUMNS =
  'experiment_id, site_id, name, hypothesis, surfaces, weight_control, weight_treatment, conversion_window_days, refund_window_days, mde, alpha, currency, state, salt, created_at, updated_at, started_at, stopped_at';

const experimentFromRow = (r: ExperimentRow): Experiment => ({
  experimentId: r.experiment_id,
  siteId: r.site_id,
  name: r.name,
  hypothesis: r.hypothesis,
  surfaces: r.surfaces.map((s) => ({ type: s.type, campaignId: s.campaign_id })),
  weights: { control: r.weight_control, treatment: r.weight_treatment },
  conversionWindowDays: r.conversion_window_days,
  refundWindowDays: r.refund_window_days,
  mde: r.mde,
  alpha: r.alpha,
  currency: r.currency,
  state: r.state,
  salt: r.salt,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  startedAt: r.started_at,
  stoppedAt: r.stopped_at,
});

const surfacesJson = (surfaces: readonly Surface[]): string =>
  JSON.stringify(surfaces.map((s): SurfaceRow => ({ type: s.type, campaign_id: s.campaignId })));

export async function insertExperiment(
  q: Queryable,
  e: ExperimentSettings & { experimentId: string; siteId: string; salt: string; createdBy: string | null },
): Promise<Experiment> {
  const { rows } = await q.query<ExperimentRow>(
    `INSERT INTO experiments (experiment_id, site_id, name, hypothesis, surfaces, weight_control, weight_treatment,
                              conversion_window_days, refund_window_days, mde, alpha, currency, state, salt, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, 'draft', $13, $14) RETURNING ${COLUMNS}`,
    [e.experimentId, e.siteId, e.name, e.hypothesis, surfacesJson(e.surfaces), e.weights.control, e.weights.treatment, e.conversionWindowDays, e.refundWindowDays, e.mde, e.alpha, e.currency, e.salt, e.createdBy],
  );
  return experimentFromRow(rows[0]!);
}

/** Serialises the site's experiment creations until the transaction ends (an advisory lock: the site row stays free). */
export async function lockSiteExperiments(q: Queryable, siteId: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtextextended('experiments:' || $1, 0))", [siteId]);
}

/** How many experiments the site holds, in any state. */
export async function countExperiments(q: Queryable, siteId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM experiments WHERE site_id = $1', [siteId]);
  return rows[0]!.n;
}

export async function findExperiment(q: Queryable, experimentId: string): Promise<Experiment | undefined> {
  const { rows } = await q.query<ExperimentRow>(`SELECT ${COLUMNS} FROM experiments WHERE experiment_id = $1`, [experimentId]);
  return rows[0] && experimentFromRow(rows[0]);
}

/** A site's experiments, newest first (created_at, then experiment_id); `limit` rows after `after` (created_at at microseconds, id). */
export async function listExperiments(
  q: Queryable,
  siteId: string,
  limit: number,
  after?: PageAfter,
): Promise<(Experiment & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'created_at', id: 'experiment_id' }, 3, 4);
  const { rows } = await q.query<ExperimentRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM experiments WHERE site_id = $1 AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after)],
  );
  return rows.map((r) => ({ ...experimentFromRow(r), cursor_at: r.cursor_at }));
}

export async function runningExperiments(q: Queryable, siteId: string): Promise<Experiment[]> {
  const { rows } = await q.query<ExperimentRow>(`SELECT ${COLUMNS} FROM experiments WHERE site_id = $1 AND state = 'running' ORDER BY experiment_id`, [siteId]);
  return rows.map(experimentFromRow);
}

/** Changes the settings of a draft; undefined when the experiment is no longer a draft. */
export async function updateDraft(q: Queryable, experimentId: string, settings: ExperimentSettings): Promise<Experiment | undefined> {
  const { rows } = await q.query<ExperimentRow>(
    `UPDATE experiments SET name = $2, hypothesis = $3, surfaces = $4::jsonb, weight_control = $5, weight_treatment = $6,
            conversion_window_days = $7, refund_window_days = $8, mde = $9, alpha = $10, currency = $11, updated_at = now()
      WHERE experiment_id = $1 AND state = 'draft' RETURNING ${COLUMNS}`,
    [experimentId, settings.name, settings.hypothesis, surfacesJson(settings.surfaces), settings.weights.control, settings.weights.treatment, settings.conversionWindowDays, settings.refundWindowDays, settings.mde, settings.alpha, settings.currency],
  );
  return rows[0] && experimentFromRow(rows[0]);
}

/** Moves the state from `from` to `to`; undefined when the experiment was not in `from`. */
export async function transition(q: Queryable, experimentId: string, from: ExperimentState, to: ExperimentState): Promise<Experiment | undefined> {
  const stamp = to === 'running' ? ', started_at = now()' : to === 'stopped' ? ', stopped_at = now()' : '';
  const { rows } = await q.query<ExperimentRow>(
    `UPDATE experiments SET state = $3, updated_at = now()${stamp} WHERE experiment_id = $1 AND state = $2 RETURNING ${COLUMNS}`,
    [experimentId, from, to],
  );
  return rows[0] && experimentFromRow(rows[0]);
}

/** The experiment's currency: the one it has, or `currency` if it had none (the first linked purchase's). */
export async function setCurrencyIfUnset(q: Queryable, siteId: string, experimentId: string, currency: string): Promise<string> {
  const { rows } = await q.query<{ currency: string }>(
    `UPDATE experiments SET currency = COALESCE(currency, $3) WHERE site_id = $1 AND experiment_id = $2 RETURNING currency`,
    [siteId, experimentId, currency],
  );
  return rows[0]?.currency ?? currency;
}
