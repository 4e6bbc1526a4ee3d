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
/** A record larger than this fails alone, unsent. */
export const MAX_RECORD_CHARS = 1024 * 1024;
const SHOWN = 100;

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

interface RecordOutcome {
  index?: number;
  status?: string;
  warnings?: { path?: string; message?: string }[];
  error?: { message?: string; details?: { path?: string; message?: string }[] };
}

const STORED = ['created', 'updated', 'unchanged'] as const;
const isStored = (status: string | undefined): status is (typeof STORED)[number] => isOneOf(STORED, status);

const joinDetails = (items: { path?: string; message?: string }[] | undefined, fallback: string) =>
  items && items.length > 0 ? items.map((d) => `${d.path ? `${d.path}: ` : ''}${d.message ?? ''}`).join('; ') : fallback;

/** A progress line on stderr, redrawn in place: records done, and how much of the file was read. */
class Progress {
  private last = 0;
  private drawn = false;

  constructor(
    private readonly size: number,
    private readonly bytes: () => number,
  ) {}

  draw(s: Summary, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    let bar = '';
    if (this.size > 0) {
      const share = Math.min(1, this.bytes() / this.size);
      const filled = Math.round(share * 20);
      bar = `[${'#'.repeat(filled)}${'.'.repeat(20 - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  `;
    }
    process.stderr.write(`\r\x1b[K${bar}${s.records} records read: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.failed} failed`);
    this.drawn = true;
  }

  clear(): void {
    if (this.drawn) process.stderr.write('\r\x1b[K');
  }
}

interface Summary {
  site_id: string;
  provider: Provider;
  file: string;
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Records imported with warnings. */
  warnings: number;
  failed: number;
  errors: { line: number; message: string }[];
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

/** One record's end: counted, and its error or warnings kept (the first SHOWN of each). */
function tally(summary: Summary, line: number, outcome: RecordOutcome | undefined, localError?: string): void {
  const status = outcome?.status;
  if (localError !== undefined || !outcome || !isStored(status)) {
    summary.failed += 1;
    const message = localError ?? (status === 'error' ? joinDetails(outcome?.error?.details, outcome?.error?.message ?? 'the record is not valid') : 'no result for the record');
    if (summary.errors.length < SHOWN) summary.errors.push({ line, message });
    return;
  }
  summary[status] += 1;
  if (outcome.warnings && outcome.warnings.length > 0) {
    summary.warnings += 1;
    if (summary.warnings_shown.length < SHOWN) summary.warnings_shown.push({ line, message: joinDetails(outcome.warnings, 'warning') });
  }
}

/** A record read from the file, waiting for its chunk; `error` when it fails here, unsent. */
interface Pending {
  item: Item;
  error?: string;
}

/**
 * Sends a file's records in chunks through `execute` (at most CHUNK_RECORDS records, CHUNK_CHARS of
 * JSON), and tallies what each record became in the summary. The site is checked once, before the
 * first chunk: an unknown site refuses the import whole.
 */
class ChunkSender {
  private pending: Pending[] = [];
  private pendingChars = 0;
  private checked = false;
  private sent = 0;

  constructor(
    private readonly execute: Executor,
    private readonly opts: ImportFileOptions,
    private readonly summary: Summary,
  ) {}

  /** Takes a record read from the file: a chunk is sent before it would grow too large, or once it is full. */
  async add(item: Item): Promise<void> {
    if (item.value === MALFORMED) {
      this.pending.push({ item, error: 'not valid JSON' });
    } else {
      const chars = JSON.stringify(item.value)?.length ?? 0;
      if (chars > MAX_RECORD_CHARS) {
        this.pending.push({ item, error: `the record is larger than ${MAX_RECORD_CHARS / 1024 / 1024} MiB` });
      } else {
        if (this.pending.length > 0 && this.pendingChars + chars > CHUNK_CHARS) await this.flushOrStop();
        this.pending.push({ item });
        this.pendingChars += chars;
      }
    }
    if (this.pending.length >= CHUNK_RECORDS) await this.flushOrStop();
  }

  /** Sends the pending chunk. A failure once records were imported stops the import with the summary so far. */
  async flushOrStop(): Promise<void> {
    try {
      await this.flush();
    } catch (err) {
      if (this.sent === 0) throw err; // nothing imported yet: the refusal (unknown site, …) stands alone
      const reason = `the import stopped: ${err instanceof Error ? err.message : String(err)}`;
      throw new CommandFailed(reason, { ...this.summary, stopped: reason });
    }
  }

  private call(format: ReportFormat, records: unknown[]): Promise<Record<string, unknown>> {
    const { provider, currency, timezone } = this.opts;
    return this.execute(IMPORT_RECORDS_COMMAND, { site: this.summary.site_id, provider, currency, timezone, format, records });
  }

  /** Without --format, a record with provider_transaction_id is canonical, else the provider's own shape. */
  private formatOf(value: unknown): ReportFormat {
    return this.opts.format ?? (isObject(value) && 'provider_transaction_id' in value ? 'canonical' : this.opts.provider);
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    if (!this.checked) {
      const answer = await this.call(this.opts.format ?? this.opts.provider, []);
      if (typeof answer.site_id === 'string') this.summary.site_id = answer.site_id;
      this.checked = true;
    }
    const groups = new Map<ReportFormat, number[]>();
    chunk.forEach(({ item, error }, i) => {
      if (error !== undefined) return;
      const format = this.formatOf(item.value);
      (groups.get(format) ?? groups.set(format, []).get(format)!).push(i);
    });
    const outcomes = new Map<number, RecordOutcome>();
    for (const [format, indexes] of groups) {
      const answer = await this.call(format, indexes.map((i) => chunk[i]!.item.value));
      // The answer of our own internal command: its results are RecordResults, read defensively.
      const results = Array.isArray(answer.results) ? (answer.results as RecordOutcome[]) : [];
      results.forEach((r, k) => {
        const at = typeof r?.index === 'number' ? r.index : k;
        if (indexes[at] !== undefined) outcomes.set(indexes[at]!, r);
      });
      this.sent += indexes.length;
    }
    chunk.forEach(({ item, error }, i) => tally(this.summary, item.line, outcomes.get(i), error));
  }
}

/**
 * Reads the file's records and sends them. A file that breaks after some records (ReadStopped) has
 * those read imported, then stops the import with the summary.
 */
async function sendRecords(reader: ReportReader, sender: ChunkSender, summary: Summary, progress: Progress | undefined): Promise<void> {
  try {
    for await (const item of reader.records()) {
      summary.records += 1;
      await sender.add(item);
      progress?.draw(summary);
    }
    await sender.flushOrStop();
  } catch (err) {
    progress?.clear();
    if (!(err instanceof ReadStopped)) throw err;
    await sender.flushOrStop();
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
  const progress = opts.progress ? new Progress(size, () => reader.bytesRead()) : undefined;
  const summary = emptySummary(opts.siteId, opts.provider, file);
  await sendRecords(reader, new ChunkSender(execute, opts, summary), summary, progress);
  return finishImport(summary);
}
