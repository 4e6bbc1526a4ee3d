// The outcome of a report import, pure: one result per record (created, updated or unchanged, with
// its warnings; or its error, the details naming the record by its JSON pointer in the request), and
// the counts a client reads first.
import type { ErrorDetail } from '../../errors.js';
import type { RecordWarning } from './record-fields.js';

export type { RecordWarning } from './record-fields.js';

export type RecordResult =
  | { index: number; status: 'created' | 'updated' | 'unchanged'; warnings?: RecordWarning[] }
  | { index: number; status: 'error'; error: { code: string; message: string; details: ErrorDetail[] } };

/** The results of a report's records and their counts (`warnings`: records imported with warnings). */
export interface ReportSummary {
  results: RecordResult[];
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  warnings: number;
}

/** A record that fails alone: what it says is not valid (or does not fit its order). */
export const invalidRecord = (index: number, details: ErrorDetail[]): RecordResult => ({
  index,
  status: 'error',
  error: { code: 'validation_failed', message: 'The record is not valid', details },
});

export function summarizeResults(results: RecordResult[]): ReportSummary {
  const count = (s: RecordResult['status']) => results.filter((r) => r.status === s).length;
  const warnings = results.filter((r) => r.status !== 'error' && r.warnings !== undefined).length;
  return { results, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), failed: count('error'), warnings };
}
