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
import { createReadStream, type ReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chainUnchecked } from 'stream-chain';
import { parser } from 'stream-json';
import { verifyFile } from 'stream-json/file/verifier.js';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import type { Services } from '../services.js';
import { PROVIDERS, type Provider } from '../modules/sites/site-config.js';
import type { ReportFormat } from '../modules/publisher/report-records.js';
import { DOCUMENT_RECORDS } from '../modules/publisher/report-documents.js';
import { currencyDigits } from '../domain/money.js';
import { isTimeZone } from '../domain/time-zones.js';
import { getSiteWithRoleOrThrow, SYSTEM } from '../modules/sites/site-access.js';
import { CommandFailed, UsageError } from './usage.js';

/** Runs an internal database command wherever the database is: in this process, or in the server holding it. */
export type Executor = (command: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** The internal command that checks the site and imports one chunk (no records: the check alone). */
export const IMPORT_RECORDS_COMMAND = 'publisher import-records';

/** At most this many records a chunk… */
export const CHUNK_RECORDS = 500;
/** …and a chunk is cut before its records' JSON would exceed this (characters). */
export const CHUNK_CHARS = 512 * 1024;
/** A record larger than this fails alone, unsent. */
export const MAX_RECORD_CHARS = 1024 * 1024;
const SHOWN = 100;
/** How much of the file's start decides its shape. */
const HEAD_BYTES = 1024 * 1024;

const FORMATS = ['canonical', 'awin', 'cj'] as const;
/** The keys that hold the records of a report document, as dotted paths. */
const RECORD_PATHS = ['records', 'transactions', ...new Set(Object.values(DOCUMENT_RECORDS))];
const RECORD_PATHS_TEXT = RECORD_PATHS.join(', ');
const WRAPPER = new RegExp(`^(${RECORD_PATHS.map((p) => p.replaceAll('.', '\\.')).join('|')})$`);
/** The transaction id of a record in each format: a lone JSON object with one of them is a one-record file. */
const RECORD_IDS = ['provider_transaction_id', 'id', 'commissionId'];

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
  if (format !== undefined && (typeof format !== 'string' || !(FORMATS as readonly string[]).includes(format))) {
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
export async function importRecordsCommand(services: Services, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof input.site !== 'string' || input.site === '') throw new UsageError('--site is required');
  const settings = importSettings(input);
  const format = settings.format ?? settings.provider;
  const records = input.records ?? [];
  if (!Array.isArray(records)) throw new UsageError('the records of an import must be an array');
  if (records.length > CHUNK_RECORDS) throw new UsageError(`at most ${CHUNK_RECORDS} records a chunk`);
  const { site } = await getSiteWithRoleOrThrow(services.db, input.site, SYSTEM, 'owner');
  const results =
    records.length === 0
      ? []
      : await services.reports.importRecords(site.site_id, settings.provider, format, records, { currency: settings.currency, timezone: settings.timezone, pointer: () => '' });
  return { site_id: site.site_id, results };
}

// ---------------------------------------------------------------------------------------------
// Reading the file

/** The value of a JSON Lines line that is not JSON. */
const MALFORMED = Symbol('malformed');

interface Item {
  value: unknown;
  /** 1-based line of the record (JSON Lines) or position in the array. */
  line: number;
}

/** The file broke after some records were read: they are imported, the rest is not. */
class ReadStopped extends Error {}

type Shape = 'array' | 'document' | 'lines';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function at(doc: Record<string, unknown>, dotted: string): unknown {
  let v: unknown = doc;
  for (const key of dotted.split('.')) v = isObject(v) ? v[key] : undefined;
  return v;
}

/** The first message of a GraphQL `errors` array, if the document is a GraphQL error answer. */
function graphqlError(errors: unknown): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first: unknown = errors[0];
  return isObject(first) && typeof first.message === 'string' ? first.message.slice(0, 200) : 'unnamed error';
}

const keysText = (keys: string[]) => (keys.length === 0 ? 'an empty object' : `keys ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}`);

function noRecords(shown: string, keys: string[]): UsageError {
  return new UsageError(`${shown} is a JSON object without records (${keysText(keys)}): expected a JSON array, JSON Lines, or an object holding the records under ${RECORD_PATHS_TEXT}`, false);
}

function graphqlRefusal(shown: string, message: string): UsageError {
  return new UsageError(`${shown} is a GraphQL error answer, not commissions: ${message}`, false);
}

/** Where a file is not JSON, for a message (line and column), if the verifier can tell. */
async function whereNotJson(file: string): Promise<string> {
  try {
    await verifyFile(file);
    return '';
  } catch (err) {
    const e = err as { line?: number; pos?: number };
    return typeof e.line === 'number' ? ` at line ${e.line}, column ${e.pos ?? 1}` : '';
  }
}

/** Decides the file's shape from its start; a file that cannot hold records is refused here, before any database work. */
async function shapeOf(file: string, shown: string, size: number): Promise<{ shape: Shape; start: number }> {
  const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${shown}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`, false);
  });
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(Math.min(size, HEAD_BYTES)), 0, Math.min(size, HEAD_BYTES), 0);
    head = buffer.subarray(0, bytesRead);
  } catch (err) {
    throw new UsageError(`cannot read ${shown}: ${(err as Error).message}`, false);
  } finally {
    await handle.close();
  }
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const whole = size <= HEAD_BYTES;
  const text = head.subarray(bom).toString('utf8');
  const trimmed = text.trimStart();
  if (trimmed === '') {
    if (whole) throw new UsageError(`${shown} is empty: there are no records to import`, false);
    return { shape: 'lines', start: bom }; // more than HEAD_BYTES of blank lines: read on, it may hold records
  }
  // The lines the head holds whole (the last one may be cut, unless the head is the whole file).
  const lines = trimmed.split('\n');
  if (!whole) lines.pop();
  const nonBlank = lines.filter((l) => l.trim() !== '');
  const parse = (t: string | undefined): { ok: true; value: unknown } | { ok: false } => {
    if (t === undefined) return { ok: false };
    try {
      return { ok: true, value: JSON.parse(t) as unknown };
    } catch {
      return { ok: false };
    }
  };

  if (trimmed.startsWith('[')) return { shape: 'array', start: bom };
  if (!trimmed.startsWith('{')) {
    const value = parse(whole ? trimmed : nonBlank[0]);
    if (value.ok) throw new UsageError(`${shown} holds a JSON ${value.value === null ? 'null' : typeof value.value}, not records: expected a JSON array, JSON Lines, or an object holding the records`, false);
    throw new UsageError(`${shown} is not JSON: it starts with ${JSON.stringify(trimmed.slice(0, 24))}; expected a JSON array, a JSON object holding the records, or JSON Lines`, false);
  }

  const first = parse(nonBlank[0]);
  if (!first.ok) {
    // A first line that is not JSON alone: a document over several lines (or one long line), unless
    // the next line is a JSON object of its own: then JSON Lines whose first record is broken.
    const second = parse(nonBlank[1]);
    return { shape: second.ok && isObject(second.value) ? 'lines' : 'document', start: bom };
  }
  if (!isObject(first.value)) return { shape: 'lines', start: bom };
  const doc = first.value;
  if (RECORD_PATHS.some((p) => Array.isArray(at(doc, p)))) return { shape: 'document', start: bom };
  const refusal = graphqlError(doc.errors);
  if (refusal !== undefined) throw graphqlRefusal(shown, refusal);
  // A file of one JSON object that holds no records is a one-record JSON Lines file only when that object is a record.
  if (whole && nonBlank.length === 1 && !RECORD_IDS.some((k) => k in doc)) throw noRecords(shown, Object.keys(doc));
  return { shape: 'lines', start: bom };
}

/** The records of a file, with their line or position; refuses (UsageError) a file that holds none. */
class ReportReader {
  private stream: ReadStream | undefined;

  constructor(
    private readonly file: string,
    private readonly shown: string,
    readonly size: number,
  ) {}

  /** Bytes read from the file so far. */
  bytesRead(): number {
    return this.stream?.bytesRead ?? 0;
  }

  private open(start: number): ReadStream {
    this.stream = createReadStream(this.file, { start });
    return this.stream;
  }

  async *records(): AsyncGenerator<Item> {
    const { shape, start } = await shapeOf(this.file, this.shown, this.size);
    if (shape === 'lines') yield* this.lines(start);
    else yield* this.json(shape);
  }

  private async *lines(start: number): AsyncGenerator<Item> {
    let line = 0;
    let count = 0;
    for await (const text of createInterface({ input: this.open(start), crlfDelay: Infinity })) {
      line += 1;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = MALFORMED;
      }
      count += 1;
      yield { value, line };
    }
    if (count === 0) throw new UsageError(`${this.shown} holds no records: every line is blank`, false);
  }

  private async *json(shape: 'array' | 'document'): AsyncGenerator<Item> {
    // The keys of a document's top level (for a message when it holds no records) and whether the records' array was found.
    const keys: string[] = [];
    let depth = 0;
    let found = false;
    const topKeys = (token: { name: string; value?: unknown }) => {
      if (token.name === 'startObject' || token.name === 'startArray') depth += 1;
      else if (token.name === 'endObject' || token.name === 'endArray') depth -= 1;
      else if (token.name === 'keyValue' && depth === 1 && keys.length <= 10) keys.push(String(token.value));
      return token;
    };
    // The records are the first array under one of RECORD_PATHS; the parser reads on to the end, so
    // anything after the document (a second one, garbage) stops the import instead of going unread.
    let chosen: string | undefined;
    const recordsArray = (stack: readonly unknown[]) => {
      const at = stack.join('.');
      if (!WRAPPER.test(at)) return false;
      chosen ??= at;
      return at === chosen;
    };
    const markFound = (token: unknown) => {
      found = true;
      return token;
    };
    const stages =
      shape === 'array'
        ? [this.open(0), parser(), streamArray()]
        : [this.open(0), parser(), topKeys, pick({ filter: recordsArray }), markFound, streamArray()];
    let count = 0;
    try {
      for await (const { key, value } of chainUnchecked(stages) as AsyncIterable<{ key: number; value: unknown }>) {
        count += 1;
        yield { value, line: key + 1 };
      }
    } catch (err) {
      const message = (err as Error).message;
      if (/should be an array/i.test(message)) {
        throw new UsageError(
          shape === 'array' ? `${this.shown} is not a JSON array` : `${this.shown}: the records (under ${RECORD_PATHS_TEXT}) are not an array`,
          false,
        );
      }
      const where = await whereNotJson(this.file);
      if (count === 0) throw new UsageError(`${this.shown} is not valid JSON${where}: ${message.replace(/^Parser cannot parse input: /, '')}`, false);
      throw new ReadStopped(`${this.shown} is not valid JSON after its record ${count}${where}; the rest was not read`);
    }
    if (count > 0) return;
    if (shape === 'array') throw new UsageError(`${this.shown} holds no records: the array is empty`, false);
    if (found) throw new UsageError(`${this.shown} holds no records: its array of records is empty`, false);
    if (keys.includes('errors')) {
      // A GraphQL error answer (CJ's): name its first message.
      for await (const { value } of chainUnchecked([createReadStream(this.file), parser(), pick({ filter: 'errors', once: true }), streamValues()]) as AsyncIterable<{ value: unknown }>) {
        const refusal = graphqlError(value);
        if (refusal !== undefined) throw graphqlRefusal(this.shown, refusal);
      }
    }
    throw noRecords(this.shown, keys);
  }
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
