// The reports service: network report imports (import-report.ts), over HTTP (a whole report as the
// client sends it) and from the command line (a chunk of records at a time, to a site it checks
// first). It wires the dependencies; the use cases hold the rules.
import type { Provider } from '../../kernel/index.js';
import { importRecords, importReport, siteOfImport, type ImportDeps, type ImportOptions, type ReportInput } from './import-report.js';
import type { ReportFormat } from './report-records.js';
import type { RecordResult, ReportSummary } from './report-results.js';

export function createReportsService(deps: ImportDeps) {
  return {
    /** The site an import from the command line goes to (the command line acts as the system): its id, or not_found. */
    siteOfImport: (siteId: string): Promise<string> => siteOfImport(deps.db, siteId),

    /** Imports a report (its records, or the network's document): each record's result, and the counts. */
    importReport: (siteId: string, report: ReportInput): Promise<ReportSummary> => importReport(deps, siteId, report),

    /** Imports one batch of records in one transaction; `pointer` names a record in its error details. */
    importRecords: (siteId: string, provider: Provider, format: ReportFormat, records: readonly unknown[], options: ImportOptions = {}): Promise<RecordResult[]> =>
      importRecords(deps, siteId, provider, format, records, options),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
