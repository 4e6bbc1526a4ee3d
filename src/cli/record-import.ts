// Importing a file of records from the command line, on the caller's side: the file is read here
// (relative to the caller's working directory), as JSON Lines (one JSON object a line) or CSV
// (a header row, then one record a row, parsed by csv-parse), and its records are sent in chunks
// through an internal command to wherever the database is (this process, or the server holding the
// embedded database, whose control socket takes at most 4 MiB a request). A chunk holds at most
// `chunkRecords` records and is cut before its JSON would pass `chunkChars`. A progress line is
// drawn on stderr on a terminal. The summary counts what each record became (created, updated,
// unchanged, failed) and names the first failures by line.
//
// Exit codes: a file that is unreadable, not recognised (neither JSON Lines nor a CSV with the
// required columns) or holds no records is a UsageError (2), and nothing is imported; a file whose
// records were read but any of them failed ends in CommandFailed (1) after the good ones were
// imported, with the whole summary. The internal command answers `{ results: [{ index, status,
// error? }] }` for a chunk, and for a chunk of no records (sent first) checks its input (the site)
// and may answer fields that lead the summary (`site_id`). This file knows no module.
import { createReadStream, type ReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parse as parseCsv, type Info } from 'csv-parse';
import { parse as parseCsvSync } from 'csv-parse/sync';
import type { Executor } from './command.js';
import { CommandFailed, UsageError } from './usage.js';

/** How the rows of a CSV file become records. */
export interface CsvShape {
  /** Columns a CSV must have to hold these records (else it is not recognised). */
  required: readonly string[];
  /** A row (column name → cell) as the record to send, or why it cannot be one. */
  toRecord(row: Readonly<Record<string, string>>): { record: unknown } | { error: string };
  /** What the records are, for messages ("products"). */
  name: string;
  /** The columns, for messages ("product_id,title,… and optionally …"). */
  columns: string;
}

export interface RecordImportOptions {
  /** As given: resolved against the caller's working directory. */
  file: string;
  /** The internal command that imports a chunk. */
  command: string;
  /** Sent with every chunk (the site, …). */
  input: Record<string, unknown>;
  /** The name of the chunk's records in the command's input, and what they are called in messages ("products"). */
  records: string;
  csv: CsvShape;
  /** Draw a progress line on stderr (a terminal). */
  progress?: boolean;
  chunkRecords?: number;
  chunkChars?: number;
}

export type FileFormat = 'jsonl' | 'csv';

/** At most this many records a chunk (a bulk request's bound)… */
export const CHUNK_RECORDS = 500;
/** …and a chunk is cut before its records' JSON would pass this (characters): far below the control socket's 4 MiB. */
export const CHUNK_CHARS = 1024 * 1024;
/** A record whose JSON is larger than this fails alone, unsent. */
export const MAX_RECORD_CHARS = 1024 * 1024;
const HEAD_BYTES = 64 * 1024;
const SHOWN = 100;

/** A record read from the file: its value (or why it is none) and its line (1-based; a CSV record's first line). */
interface Read {
  line: number;
  value?: unknown;
  error?: string;
}

interface Outcome {
  index?: number;
  status?: string;
  error?: { message?: string; details?: { path?: string; message?: string }[] };
}

export interface ImportSummary {
  [field: string]: unknown;
  file: string;
  format: FileFormat;
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: { line: number; message: string }[];
}

const STORED = new Set(['created', 'updated', 'unchanged']);

// ---------------------------------------------------------------------------------------------
// The file

/** The file's start: its size and whether it holds anything but whitespace (a BOM aside). */
async function headOf(file: string, given: string): Promise<{ size: number; head: string }> {
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${given}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`, false);
  });
  if (!info.isFile()) throw new UsageError(`cannot read ${given}: not a file`, false);
  const handle = await open(file, 'r').catch((err: Error) => {
    throw new UsageError(`cannot read ${given}: ${err.message}`, false);
  });
  try {
    const length = Math.min(info.size, HEAD_BYTES);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return { size: info.size, head: buffer.subarray(0, bytesRead).toString('utf8').replace(/^\ufeff/, '') };
  } catch (err) {
    throw new UsageError(`cannot read ${given}: ${(err as Error).message}`, false);
  } finally {
    await handle.close();
  }
}

/** JSON Lines or CSV: by the file's extension, else by its first character; a JSON array or an empty file is refused. */
function formatOf(given: string, head: string, whole: boolean, what: string): FileFormat {
  const start = head.trimStart();
  if (start === '' && whole) throw new UsageError(`${given} is empty: there are no ${what} to import`, false);
  if (start.startsWith('[')) throw new UsageError(`${given} is a JSON array: write JSON Lines instead (one JSON object a line) or CSV`, false);
  const ext = path.extname(given).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.jsonl' || ext === '.ndjson' || start.startsWith('{')) return 'jsonl';
  return 'csv';
}

/** A JSON Lines file must have a JSON object among the lines its start holds whole. */
function checkJsonLines(given: string, head: string, whole: boolean): void {
  const lines = head.split('\n');
  if (!whole) lines.pop();
  const objects = lines.some((l) => {
    try {
      const v: unknown = JSON.parse(l);
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    } catch {
      return false;
    }
  });
  if (!objects && lines.some((l) => l.trim() !== '')) {
    throw new UsageError(`${given} is not JSON Lines: none of its first lines is a JSON object (expected one JSON object a line, or CSV)`, false);
  }
}

/** A CSV must start with a header row naming the required columns. */
function checkCsvHeader(given: string, head: string, csv: CsvShape): void {
  let header: string[] = [];
  try {
    header = (parseCsvSync(head, { bom: true, to_line: 1, relax_quotes: true }) as string[][])[0] ?? [];
  } catch {
    // a header csv-parse cannot read: named below by what it lacks
  }
  const missing = csv.required.filter((c) => !header.includes(c));
  if (missing.length > 0) throw notOurCsv(given, csv, missing, header);
}

const notOurCsv = (given: string, csv: CsvShape, missing: readonly string[], header: readonly string[]) =>
  new UsageError(`${given} is not a CSV of ${csv.name}: it has no column ${missing.join(', ')} (its first line: ${JSON.stringify(header.join(',').slice(0, 120))}); the columns are ${csv.columns}`, false);

/** Where a CSV record begins: csv-parse counts the line it ends on, and its raw text holds the lines between. */
function firstLine(lines: number, raw: string | undefined): number {
  const text = (raw ?? '').replace(/^(\r?\n)+/, '').replace(/\r?\n$/, '');
  return lines - (text.match(/\n/g)?.length ?? 0);
}

/** Reads a file's records one at a time, with their lines; counts the bytes read. */
class RecordReader {
  private stream: ReadStream | undefined;

  constructor(
    private readonly file: string,
    private readonly given: string,
    readonly format: FileFormat,
    private readonly csv: CsvShape,
  ) {}

  bytesRead(): number {
    return this.stream?.bytesRead ?? 0;
  }

  records(): AsyncGenerator<Read> {
    this.stream = createReadStream(this.file);
    return this.format === 'jsonl' ? this.lines(this.stream) : this.rows(this.stream);
  }

  private async *lines(stream: ReadStream): AsyncGenerator<Read> {
    let line = 0;
    for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
      line += 1;
      const body = line === 1 ? text.replace(/^\ufeff/, '') : text;
      if (body.trim() === '') continue;
      try {
        yield { line, value: JSON.parse(body) as unknown };
      } catch {
        yield { line, error: 'not valid JSON' };
      }
    }
  }

  private async *rows(stream: ReadStream): AsyncGenerator<Read> {
    const skipped: Read[] = [];
    const { required } = this.csv;
    const parser = stream.pipe(
      parseCsv({
        bom: true,
        info: true,
        raw: true,
        skip_empty_lines: true,
        skip_records_with_error: true,
        on_skip: (err, raw) => {
          skipped.push({ line: firstLine((err as { lines?: number } | undefined)?.lines ?? 0, raw), error: `not a CSV row: ${err?.message ?? 'unreadable'}` });
          return undefined;
        },
        columns: (header: string[]) => {
          const missing = required.filter((c) => !header.includes(c));
          if (missing.length > 0) throw notOurCsv(this.given, this.csv, missing, header);
          return header;
        },
      }),
    );
    try {
      for await (const { info, raw, record } of parser as AsyncIterable<{ info: Info; raw: string; record: Record<string, string> }>) {
        const made = this.csv.toRecord(record);
        const line = firstLine(info.lines, raw);
        // The parser reads ahead: rows it skipped are reported in their place among the records.
        while (skipped.length > 0 && skipped[0]!.line < line) yield skipped.shift()!;
        yield 'error' in made ? { line, error: made.error } : { line, value: made.record };
      }
    } catch (err) {
      if (err instanceof UsageError) throw err;
      const cause = (err as { cause?: unknown }).cause;
      if (cause instanceof UsageError) throw cause;
      throw new UsageError(`${this.given} is not a CSV file: ${(err as Error).message}`, false);
    }
    yield* skipped.splice(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Progress and summary

/** A progress line on stderr, redrawn in place: records done, and how much of the file was read. */
class Progress {
  private last = 0;
  private drawn = false;

  constructor(
    private readonly size: number,
    private readonly bytes: () => number,
    private readonly what: string,
  ) {}

  draw(s: ImportSummary, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    const share = this.size > 0 ? Math.min(1, this.bytes() / this.size) : 1;
    const filled = Math.round(share * 20);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(20 - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  `;
    process.stderr.write(`\r\x1b[K${bar}${s.records} ${this.what} read: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.failed} failed`);
    this.drawn = true;
  }

  clear(): void {
    if (this.drawn) process.stderr.write('\r\x1b[K');
  }
}

const joinDetails = (items: { path?: string; message?: string }[] | undefined, fallback: string) =>
  items && items.length > 0 ? items.map((d) => `${d.path ? `${d.path}: ` : ''}${d.message ?? ''}`).join('; ') : fallback;

/** One record's end: counted, and its error kept (the first SHOWN). */
function tally(summary: ImportSummary, line: number, outcome: Outcome | undefined, localError?: string): void {
  const status = outcome?.status;
  if (localError === undefined && status !== undefined && STORED.has(status)) {
    summary[status as 'created' | 'updated' | 'unchanged'] += 1;
    return;
  }
  summary.failed += 1;
  const message = localError ?? (status === 'error' ? joinDetails(outcome?.error?.details, outcome?.error?.message ?? 'the record is not valid') : 'no result for the record');
  if (summary.errors.length < SHOWN) summary.errors.push({ line, message });
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Collects records into chunks and sends each through the internal command; tallies the answers. */
class ChunkSender {
  private pending: Read[] = [];
  private chars = 0;
  private sent = 0;

  constructor(
    private readonly execute: Executor,
    private readonly opts: RecordImportOptions,
    private readonly summary: ImportSummary,
  ) {}

  async add(read: Read): Promise<void> {
    if (read.error === undefined) {
      const chars = JSON.stringify(read.value)?.length ?? 0;
      if (chars > MAX_RECORD_CHARS) read = { line: read.line, error: `the record is larger than ${MAX_RECORD_CHARS / 1024 / 1024} MiB` };
      else {
        if (this.pending.length > 0 && this.chars + chars > (this.opts.chunkChars ?? CHUNK_CHARS)) await this.flush();
        this.chars += chars;
      }
    }
    this.pending.push(read);
    if (this.pending.length >= (this.opts.chunkRecords ?? CHUNK_RECORDS)) await this.flush();
  }

  /** Sends the pending chunk. A failure once records were imported stops the import with the summary so far. */
  async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = [];
    this.chars = 0;
    const sending = chunk.filter((r) => r.error === undefined);
    const outcomes = new Map<number, Outcome>();
    if (sending.length > 0) {
      let answer: Record<string, unknown>;
      try {
        answer = await this.execute(this.opts.command, { ...this.opts.input, [this.opts.records]: sending.map((r) => r.value) });
      } catch (err) {
        if (this.sent === 0) throw err; // nothing imported yet: the refusal stands alone
        const reason = `the import stopped: ${err instanceof Error ? err.message : String(err)}`;
        throw new CommandFailed(reason, { ...this.summary, stopped: reason });
      }
      // The answer of an internal command of ours: its results are read defensively.
      const results = Array.isArray(answer.results) ? (answer.results as Outcome[]) : [];
      results.forEach((r, k) => outcomes.set(typeof r?.index === 'number' ? r.index : k, r));
      this.sent += sending.length;
    }
    let k = 0;
    for (const read of chunk) tally(this.summary, read.line, read.error === undefined ? outcomes.get(k++) : undefined, read.error);
  }
}

/** Reads the file here and imports its records through `execute`: the summary, or CommandFailed (with it) when any record failed. */
export async function importRecordFile(execute: Executor, opts: RecordImportOptions): Promise<ImportSummary> {
  const file = path.resolve(process.cwd(), opts.file);
  const { size, head } = await headOf(file, opts.file);
  const whole = size <= HEAD_BYTES;
  const format = formatOf(opts.file, head, whole, opts.records);
  if (format === 'jsonl') checkJsonLines(opts.file, head, whole);
  else checkCsvHeader(opts.file, head, opts.csv);
  const reader = new RecordReader(file, opts.file, format, opts.csv);
  // The input checked (the site) before any record is read: a refusal stops the import whole.
  const checked = await execute(opts.command, { ...opts.input, [opts.records]: [] });
  const { results: _none, ...lead } = checked;
  const summary: ImportSummary = { ...lead, file, format, records: 0, created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  const progress = opts.progress ? new Progress(size, () => reader.bytesRead(), opts.records) : undefined;
  const sender = new ChunkSender(execute, opts, summary);
  try {
    for await (const read of reader.records()) {
      summary.records += 1;
      await sender.add(read);
      progress?.draw(summary);
    }
    await sender.flush();
    if (summary.records > 0) progress?.draw(summary, true);
  } finally {
    progress?.clear();
  }
  if (summary.records === 0) throw new UsageError(`${opts.file} holds no ${opts.records}: ${format === 'csv' ? 'a header and no rows' : 'every line is blank'}`, false);
  if (summary.failed > 0) {
    const what = summary.failed === summary.records ? `all ${summary.records} ${opts.records} failed; nothing was imported` : `${summary.failed} of ${summary.records} ${opts.records} failed; the others were imported`;
    throw new CommandFailed(what, summary);
  }
  return summary;
}
