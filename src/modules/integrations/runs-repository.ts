// All SQL of integration runs. At most one run of an integration is queued or running (the partial
// unique index integration_runs_unfinished_idx); a run moves queued → running → succeeded | failed,
// and only a running run is finished (a run failed as abandoned stays failed).
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { Queryable } from '../../db/types.js';
import type { IntegrationRun, RunCause, RunCounts, RunError, RunStatus } from './integration.js';

interface RunRow {
  site_id: string;
  run_id: string;
  integration_id: string;
  started_by: RunCause;
  status: RunStatus;
  window_from: Date | null;
  window_to: Date | null;
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
  calls: number;
  error_code: string | null;
  error_message: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const COLUMNS =
  'site_id, run_id, integration_id, started_by, status, window_from, window_to, records, created, updated, unchanged, errors, calls, error_code, error_message, created_at, started_at, finished_at';

const runOf = (r: RunRow): IntegrationRun => ({
  siteId: r.site_id,
  runId: r.run_id,
  integrationId: r.integration_id,
  startedBy: r.started_by,
  status: r.status,
  windowFrom: r.window_from,
  windowTo: r.window_to,
  records: r.records,
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
  errors: r.errors,
  calls: r.calls,
  error: r.error_code === null ? null : { code: r.error_code, message: r.error_message ?? '' },
  queuedAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export async function insertRun(q: Queryable, siteId: string, runId: string, integrationId: string, startedBy: RunCause): Promise<IntegrationRun> {
  const { rows } = await q.query<RunRow>(
    `INSERT INTO integration_runs (site_id, run_id, integration_id, started_by, status) VALUES ($1, $2, $3, $4, 'queued') RETURNING ${COLUMNS}`,
    [siteId, runId, integrationId, startedBy],
  );
  return runOf(rows[0]!);
}

/** The integration's queued or running run, if any. */
export async function unfinishedRun(q: Queryable, siteId: string, integrationId: string): Promise<IntegrationRun | null> {
  const { rows } = await q.query<RunRow>(`SELECT ${COLUMNS} FROM integration_runs WHERE site_id = $1 AND integration_id = $2 AND status IN ('queued', 'running')`, [siteId, integrationId]);
  return rows[0] ? runOf(rows[0]) : null;
}

/** Runs still running that started before `before`, or still queued since then: their worker died on the last attempt. */
export async function failAbandonedRuns(q: Queryable, siteId: string, integrationId: string, before: Date): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE integration_runs SET status = 'failed', error_code = 'abandoned', error_message = 'the worker running it stopped', finished_at = now()
      WHERE site_id = $1 AND integration_id = $2
        AND ((status = 'running' AND started_at < $3) OR (status = 'queued' AND created_at < $3))`,
    [siteId, integrationId, before],
  );
  return rowCount;
}

/** A queued run starts (or a running one starts again, its worker having died): null when it has ended or is gone. */
export async function startRun(q: Queryable, siteId: string, runId: string): Promise<IntegrationRun | null> {
  const { rows } = await q.query<RunRow>(
    `UPDATE integration_runs SET status = 'running', started_at = now(), attempts = attempts + 1
      WHERE site_id = $1 AND run_id = $2 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`,
    [siteId, runId],
  );
  return rows[0] ? runOf(rows[0]) : null;
}

/** What a run came to; false when it was no longer running. */
export async function finishRun(q: Queryable, siteId: string, runId: string, outcome: { status: 'succeeded' | 'failed'; window: { from: Date; to: Date } | null; counts: RunCounts; error: RunError | null }): Promise<boolean> {
  const c = outcome.counts;
  const { rowCount } = await q.query(
    `UPDATE integration_runs SET status = $3, window_from = $4, window_to = $5, records = $6, created = $7, updated = $8, unchanged = $9, errors = $10, calls = $11,
            error_code = $12, error_message = $13, finished_at = now()
      WHERE site_id = $1 AND run_id = $2 AND status = 'running'`,
    [siteId, runId, outcome.status, outcome.window?.from ?? null, outcome.window?.to ?? null, c.records, c.created, c.updated, c.unchanged, c.errors, c.calls, outcome.error?.code ?? null, outcome.error?.message ?? null],
  );
  return rowCount === 1;
}

export async function findRun(q: Queryable, siteId: string, runId: string): Promise<IntegrationRun | null> {
  const { rows } = await q.query<RunRow>(`SELECT ${COLUMNS} FROM integration_runs WHERE site_id = $1 AND run_id = $2`, [siteId, runId]);
  return rows[0] ? runOf(rows[0]) : null;
}

const runPage = newestFirst({ createdAt: 'created_at', id: 'run_id' }, 3, 4);

/** The integration's runs, newest first, one page. */
export async function listRuns(q: Queryable, siteId: string, integrationId: string, limit: number, after: PageAfter | undefined): Promise<(IntegrationRun & { cursor_at: string })[]> {
  const { rows } = await q.query<RunRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${runPage.cursorAt} AS cursor_at FROM integration_runs
      WHERE site_id = $1 AND integration_id = $2 AND ${runPage.after} ${runPage.orderBy} LIMIT $5`,
    [siteId, integrationId, ...afterParams(after), limit],
  );
  return rows.map((r) => ({ ...runOf(r), cursor_at: r.cursor_at }));
}
