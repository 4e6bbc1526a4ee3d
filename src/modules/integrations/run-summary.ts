// What a run records (CONTRACT §11 "{ records, created, updated, unchanged, errors, error? }"), pure:
// the counts added up over the run's import batches, and the error of a run that failed.
//
// Decisions:
// - Records the import refuses alone are counted in `errors` and do not fail the run (as a 207 is a
//   success for what it stored): the next run re-reads the window and tries them again.
// - A run fails when the network refuses or cannot be read (the client's NetworkApiError kind is
//   the code: http, timeout, unreachable, bad_response, graphql, rate_limited), when the import
//   refuses the report whole (`import_refused`), when the run passes its deadline (`timeout`), or on
//   anything else (`internal`). What was imported before the failure stays, and its counts are kept.
// - An error's message names the network, the call and the status, never the token: the clients
//   never put it in a message, and every message is passed through `redact` with the token anyway.
//   Messages are cut at 500 characters.
import { isAppError } from '../../errors.js';
import type { ReportImportSummary } from '../../kernel/index.js';
import type { RunCounts, RunError } from './integration.js';
import { NetworkApiError, redact } from './network-http.js';

const MAX_MESSAGE = 500;

/** The counts after one more import batch. */
export function addImport(counts: RunCounts, summary: ReportImportSummary): RunCounts {
  return {
    ...counts,
    created: counts.created + summary.created,
    updated: counts.updated + summary.updated,
    unchanged: counts.unchanged + summary.unchanged,
    errors: counts.errors + summary.failed,
  };
}

const isNamed = (err: unknown, name: string): boolean => typeof err === 'object' && err !== null && 'name' in err && err.name === name;

/** Why a run failed, as recorded: never the token. */
export function runErrorOf(err: unknown, token: string, deadlineMs: number): RunError {
  const clean = (message: string) => redact(message, token).slice(0, MAX_MESSAGE);
  if (err instanceof NetworkApiError) return { code: err.kind, message: clean(err.message) };
  if (isNamed(err, 'TimeoutError')) return { code: 'timeout', message: `the run did not finish within ${Math.round(deadlineMs / 60_000)} minutes` };
  if (isAppError(err)) {
    const detail = err.details?.[0];
    return { code: 'import_refused', message: clean(detail ? `${err.message}: ${detail.message} (at ${detail.path})` : err.message) };
  }
  if (err instanceof RangeError) return { code: 'invalid_settings', message: clean(err.message) };
  return { code: 'internal', message: clean(err instanceof Error ? err.message : String(err)) };
}
