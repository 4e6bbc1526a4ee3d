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

/** The provider, format, currency and time zone of an import, checked (the CLI's options, or a control request's). */
export function importSettings(input: { provider?: unknown; format?: unknown; currency?: unknown; timezone?: unknown }): ImportSettings {
  const { provider, format, currency, timezone } = input;
  if (typeof provider !== 'string' || !(PROVIDERS as readonly string[]).includes(provider)) throw new UsageError('--provider must be awin or cj');
  if (format !== undefined && (typeof format !== 'string' || !(REPORT_FORMATS as readonly string[]).includes(format))) {
    throw new UsageError('--format must be canonical, awin or cj');
  }
  if (currency !== undefined && (typeof currency !== 'string' || currencyDigits(currency) === undefined)) {
    throw new UsageError(`unknown currency ${JSON.stringify(currency)}: --currency must be an ISO 4217 code in capitals, such as EUR`);
  }
  if (timezone !== undefined && (typeof timezone !== 'string' || !isTimeZone(timezone))) {
    throw new UsageError(`unknown time zone ${JSON.stringify(timezone)}: --timezone must be an IANA zone such as Europe/Paris or US/Eastern`);
  }
  return { provider: provider as Provider, format: format as ReportFormat | undefined, currency, timezone };
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

/** Reads the file here and imports its records through `execute`; the summary, or CommandFailed (with it) when any record failed. */
export async function importReportFile(execute: Executor, opts: ImportFileOptions): Promise<Record<string, unknown>> {
  const file = path.resolve(process.cwd(), opts.file);
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${opts.file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`, false);
  });
  if (!info.isFile()) throw new UsageError(`cannot read ${opts.file}: not a file`, false);
  const reader = new ReportReader(file, opts.file, info.size);
  const progress = opts.progress ? new Progress(info.size, () => reader.bytesRead()) : undefined;

  const summary: Summary = {
    site_id: opts.siteId,
    provider: opts.provider,
    file,
    records: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    warnings: 0,
    failed: 0,
    errors: [],
    warnings_shown: [],
  };
  const settings = { provider: opts.provider, currency: opts.currency, timezone: opts.timezone };
  let checked = false;
  let sent = 0;

  const call = async (format: ReportFormat, records: unknown[]) => execute(IMPORT_RECORDS_COMMAND, { site: summary.site_id, ...settings, format, records });

  /** One record's end: counted, and its error or warnings kept (the first SHOWN of each). */
  const tally = (line: number, outcome: RecordOutcome | undefined, localError?: string) => {
    if (localError !== undefined || outcome?.status === 'error' || !outcome || !['created', 'updated', 'unchanged'].includes(outcome.status ?? '')) {
      summary.failed += 1;
      const message = localError ?? (outcome?.status === 'error' ? joinDetails(outcome.error?.details, outcome.error?.message ?? 'the record is not valid') : 'no result for the record');
      if (summary.errors.length < SHOWN) summary.errors.push({ line, message });
      return;
    }
    summary[outcome.status as 'created' | 'updated' | 'unchanged'] += 1;
    if (outcome.warnings && outcome.warnings.length > 0) {
      summary.warnings += 1;
      if (summary.warnings_shown.length < SHOWN) summary.warnings_shown.push({ line, message: joinDetails(outcome.warnings, 'warning') });
    }
  };

  let pending: { item: Item; error?: string }[] = [];
  let pendingChars = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = pending;
    pending = [];
    pendingChars = 0;
    if (!checked) {
      // The site is checked once before the first chunk: an unknown site refuses the import whole.
      const answer = await call(opts.format ?? opts.provider, []);
      if (typeof answer.site_id === 'string') summary.site_id = answer.site_id;
      checked = true;
    }
    // Without --format, a record with provider_transaction_id is canonical, else the provider's own shape.
    const groups = new Map<ReportFormat, number[]>();
    chunk.forEach(({ item, error }, i) => {
      if (error !== undefined) return;
      const format = opts.format ?? (isObject(item.value) && 'provider_transaction_id' in item.value ? 'canonical' : opts.provider);
      (groups.get(format) ?? groups.set(format, []).get(format)!).push(i);
    });
    const outcomes = new Map<number, RecordOutcome>();
    for (const [format, indexes] of groups) {
      const answer = await call(format, indexes.map((i) => chunk[i]!.item.value));
      const results = Array.isArray(answer.results) ? (answer.results as RecordOutcome[]) : [];
      results.forEach((r, k) => {
        const at = typeof r?.index === 'number' ? r.index : k;
        if (indexes[at] !== undefined) outcomes.set(indexes[at]!, r);
      });
      sent += indexes.length;
    }
    chunk.forEach(({ item, error }, i) => tally(item.line, outcomes.get(i), error));
  };
  const flushOrStop = async () => {
    try {
      await flush();
    } catch (err) {
      if (sent === 0) throw err; // nothing imported yet: the refusal (unknown site, …) stands alone
      const reason = `the import stopped: ${(err as Error).message}`;
      throw new CommandFailed(reason, { ...summary, stopped: reason });
    }
  };

  try {
    for await (const item of reader.records()) {
      summary.records += 1;
      if (item.value === MALFORMED) {
        pending.push({ item, error: 'not valid JSON' });
      } else {
        const chars = JSON.stringify(item.value)?.length ?? 0;
        if (chars > MAX_RECORD_CHARS) {
          pending.push({ item, error: `the record is larger than ${MAX_RECORD_CHARS / 1024 / 1024} MiB` });
        } else {
          if (pending.length > 0 && pendingChars + chars > CHUNK_CHARS) await flushOrStop();
          pending.push({ item });
          pendingChars += chars;
        }
      }
      if (pending.length >= CHUNK_RECORDS) await flushOrStop();
      progress?.draw(summary);
    }
    await flushOrStop();
  } catch (err) {
    progress?.clear();
    if (!(err instanceof ReadStopped)) throw err;
    // The file broke after some records: those read are imported, then the import stops.
    await flushOrStop();
    throw new CommandFailed(err.message, { ...summary, stopped: err.message });
  }
  progress?.draw(summary, true);
  progress?.clear();
  if (summary.failed > 0) {
    const what = summary.failed === summary.records ? `all ${summary.records} records failed; nothing was imported` : `${summary.failed} of ${summary.records} records failed; the others were imported`;
    throw new CommandFailed(what, { ...summary });
  }
  return { ...summary };
}
