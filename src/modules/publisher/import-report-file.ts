// `storefront publisher import`: reads a network report file of any size on the caller's side
// (relative to the caller's working directory) and sends its records, in chunks, to wherever the
// database is: this process, or the server that holds the embedded database (the server never sees
// a path). A file is a JSON array, a JSON object holding the records (`records`, `transactions`, or
// a network's response document path such as CJ's `data.publisherCommissions.records`), or JSON
// Lines (one record a line).
//
// Exit codes: an unreadable, unrecognised or empty file, or bad options, is a UsageError (2) and
// nothing is imported; a file whose records were read but any of them failed ends in CommandFailed
// (1) after the good ones were imported, with the whole summary.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PROVIDERS, type Provider } from '../../kernel/index.js';
import { currencyDigits } from '../../domain/money.js';
import { isTimeZone } from '../../domain/time-zones.js';
import type { Executor } from '../../cli/command.js';
import { ChunkSender, joinDetails, Progress, SHOWN, tally, type ImportCounts, type RecordOutcome } from '../../cli/import-chunks.js';
import { CommandFailed, UsageError } from '../../cli/usage.js';
import { REPORT_FORMATS, type ReportFormat } from './report-records.js';
import type { ReportsService } from './reports-service.js';
import { isObject, MALFORMED, ReadStopped, ReportReader, type Item } from './report-file.js';

/** The internal command that checks the site and imports one chunk (no records: the check alone). */
export const IMPORT_RECORDS_COMMAND = 'publisher import-records';

/** At most this many records a chunk… */
export const CHUNK_RECORDS = 500;
/** …and a chunk is cut before its records' JSON would exceed this (characters). */
export const CHUNK_CHARS = 512 * 1024;

export interface ImportSettings {
  provider: Provider;
  format?: ReportFormat;
  currency?: string;
  timezone?: string;
}

/** Whether a value is one of a list of names (a provider, a format). */
const isOneOf = <T extends string>(names: readonly T[], value: unknown): value is T => typeof value === 'string' && (names as readonly string[]).includes(value);

/** The provider, format, currency and time zone of an import, checked (the CLI's options, or a control request's). */
export function importSettings(input: { provider?: unknown; format?: unknown; currency?: unknown; timezone?: unknown }): ImportSettings {
  const { provider, format, currency, timezone } = input;
  if (!isOneOf(PROVIDERS, provider)) throw new UsageError('--provider must be awin or cj');
  if (format !== undefined && !isOneOf(REPORT_FORMATS, format)) {
    throw new UsageError('--format must be canonical, awin or cj');
  }
  if (currency !== undefined && (typeof currency !== 'string' || currencyDigits(currency) === undefined)) {
    throw new UsageError(`unknown currency ${JSON.stringify(currency)}: --currency must be an ISO 4217 code in capitals, such as EUR`);
  }
  if (timezone !== undefined && (typeof timezone !== 'string' || !isTimeZone(timezone))) {
    throw new UsageError(`unknown time zone ${JSON.stringify(timezone)}: --timezone must be an IANA zone such as Europe/Paris or US/Eastern`);
  }
  return { provider, format, currency, timezone };
}

/**
 * The internal command `publisher import-records` (never on the command line): checks that the site
 * exists (the command line acts as the system, as an owner), then imports the chunk's records with
 * one format. Runs where the database is; its input is what the CLI sends, records included.
 */
export async function importRecordsCommand(reports: ReportsService, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof input.site !== 'string' || input.site === '') throw new UsageError('--site is required');
  const settings = importSettings(input);
  const format = settings.format ?? settings.provider;
  const records = input.records ?? [];
  if (!Array.isArray(records)) throw new UsageError('the records of an import must be an array');
  if (records.length > CHUNK_RECORDS) throw new UsageError(`at most ${CHUNK_RECORDS} records a chunk`);
  const siteId = await reports.siteOfImport(input.site);
  const results =
    records.length === 0
      ? []
      : await reports.importRecords(siteId, settings.provider, format, records, { currency: settings.currency, timezone: settings.timezone, pointer: () => '' });
  return { site_id: siteId, results };
}

// ---------------------------------------------------------------------------------------------
// Importing

interface Summary extends ImportCounts {
  site_id: string;
  provider: Provider;
  file: string;
  /** Records imported with warnings. */
  warnings: number;
  warnings_shown: { line: number; message: string }[];
  stopped?: string;
}

export interface ImportFileOptions extends ImportSettings {
  siteId: string;
  /** As given: resolved against the caller's working directory. */
  file: string;
  /** Draw a progress line on stderr (a terminal). */
  progress?: boolean;
}

/** The file to import, resolved against the caller's working directory: a reader of its records, or a UsageError. */
async function openReportFile(given: string): Promise<{ file: string; size: number; reader: ReportReader }> {
  const file = path.resolve(process.cwd(), given);
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${given}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`, false);
  });
  if (!info.isFile()) throw new UsageError(`cannot read ${given}: not a file`, false);
  return { file, size: info.size, reader: new ReportReader(file, given, info.size) };
}

const emptySummary = (siteId: string, provider: Provider, file: string): Summary => ({
  site_id: siteId,
  provider,
  file,
  records: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  warnings: 0,
  failed: 0,
  errors: [],
  warnings_shown: [],
});

/** One record's end: counted, its error or warnings kept (the first SHOWN of each). */
function tallyReport(summary: Summary, line: number, outcome: RecordOutcome | undefined, localError?: string): void {
  if (!tally(summary, line, outcome, localError) || !outcome?.warnings || outcome.warnings.length === 0) return;
  summary.warnings += 1;
  if (summary.warnings_shown.length < SHOWN) summary.warnings_shown.push({ line, message: joinDetails(outcome.warnings, 'warning') });
}

/** Without --format, a record with provider_transaction_id is canonical, else the provider's own shape. */
const formatOf = (opts: ImportFileOptions, value: unknown): ReportFormat => opts.format ?? (isObject(value) && 'provider_transaction_id' in value ? 'canonical' : opts.provider);

/**
 * The sender of a file's records in chunks through `execute` (at most CHUNK_RECORDS records,
 * CHUNK_CHARS of JSON); each chunk's records grouped by format, one send a format; every record
 * tallied in the summary. The site is checked once, before the first chunk: an unknown site
 * refuses the import whole.
 */
function chunkSender(execute: Executor, opts: ImportFileOptions, summary: Summary): ChunkSender<Item> {
  const { provider, currency, timezone } = opts;
  const call = (format: ReportFormat, records: unknown[]) => execute(IMPORT_RECORDS_COMMAND, { site: summary.site_id, provider, currency, timezone, format, records });
  let checked = false;
  return new ChunkSender<Item>({
    records: CHUNK_RECORDS,
    chars: CHUNK_CHARS,
    valueOf: (item) => item.value,
    summary: () => summary,
    async send(chunk, imported) {
      if (!checked) {
        const answer = await call(opts.format ?? provider, []);
        if (typeof answer.site_id === 'string') summary.site_id = answer.site_id;
        checked = true;
      }
      const groups = new Map<ReportFormat, number[]>();
      chunk.forEach(({ item, error }, i) => {
        if (error !== undefined) return;
        const format = formatOf(opts, item.value);
        (groups.get(format) ?? groups.set(format, []).get(format)!).push(i);
      });
      const outcomes = new Map<number, RecordOutcome>();
      for (const [format, indexes] of groups) {
        const answer = await call(format, indexes.map((i) => chunk[i]!.item.value));
        // The answer of our own internal command: its results are RecordResults, read defensively.
        const results = Array.isArray(answer.results) ? (answer.results as RecordOutcome[]) : [];
        results.forEach((r, k) => {
          const at = typeof r?.index === 'number' ? r.index : k;
          if (indexes[at] !== undefined) outcomes.set(indexes[at]!, r);
        });
        imported(indexes.length);
      }
      chunk.forEach(({ item, error }, i) => tallyReport(summary, item.line, outcomes.get(i), error));
    },
  });
}

/**
 * Reads the file's records and sends them. A file that breaks after some records (ReadStopped) has
 * those read imported, then stops the import with the summary.
 */
async function sendRecords(reader: ReportReader, sender: ChunkSender<Item>, summary: Summary, progress: Progress | undefined): Promise<void> {
  try {
    for await (const item of reader.records()) {
      summary.records += 1;
      await sender.add(item, item.value === MALFORMED ? 'not valid JSON' : undefined);
      progress?.draw(summary);
    }
    await sender.flush();
  } catch (err) {
    progress?.clear();
    if (!(err instanceof ReadStopped)) throw err;
    await sender.flush();
    throw new CommandFailed(err.message, { ...summary, stopped: err.message });
  }
  progress?.draw(summary, true);
  progress?.clear();
}

/** The end of an import: its summary, or CommandFailed (with it) when any record failed. */
function finishImport(summary: Summary): Record<string, unknown> {
  if (summary.failed > 0) {
    const what = summary.failed === summary.records ? `all ${summary.records} records failed; nothing was imported` : `${summary.failed} of ${summary.records} records failed; the others were imported`;
    throw new CommandFailed(what, { ...summary });
  }
  return { ...summary };
}

/** Reads the file here and imports its records through `execute`; the summary, or CommandFailed (with it) when any record failed. */
export async function importReportFile(execute: Executor, opts: ImportFileOptions): Promise<Record<string, unknown>> {
  const { file, size, reader } = await openReportFile(opts.file);
  const progress = opts.progress ? new Progress(size, () => reader.bytesRead(), 'records') : undefined;
  const summary = emptySummary(opts.siteId, opts.provider, file);
  await sendRecords(reader, chunkSender(execute, opts, summary), summary, progress);
  return finishImport(summary);
}
