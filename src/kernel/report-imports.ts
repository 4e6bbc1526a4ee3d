// An extension point of the kernel: importing a network report (CONTRACT §6 and §11), kept by the
// module that keeps publisher records and used by the module that polls the networks, so a report
// read from a network's API goes through the same path as POST /publisher/reports (each record read
// alone, versions, orders, rollups, the workflows on publisher reports). Without a module keeping
// publisher records, an import is refused.
import type { Provider } from './site-config.js';

/** A report as POST /publisher/reports takes it: the records (or the network's document) and the format's options. */
export interface ReportImport {
  provider: Provider;
  format: 'canonical' | Provider;
  records: unknown[];
  /** The publisher currency (ISO 4217). */
  currency?: string;
  /** IANA zone of times without an offset (default UTC). */
  timezone?: string;
}

/** What an import came to: records created, updated, unchanged, refused alone (`failed`), imported with warnings. */
export interface ReportImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  warnings: number;
}

export interface ReportImports {
  /** Imports a report into the site (at most 5,000 records a call); a report refused whole throws the import's 400 AppError. */
  importReport(siteId: string, report: ReportImport): Promise<ReportImportSummary>;
}

/** No module keeps publisher records: every import is refused. */
export const NO_REPORT_IMPORTS: ReportImports = {
  importReport: async () => {
    throw new Error('no module imports publisher reports');
  },
};
