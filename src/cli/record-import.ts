// Importing a file of records from the command line, on the caller's side: the file is read here
// (relative to the caller's working directory), as JSON Lines (one JSON object a line) or CSV
// (a header row, then one record a row, parsed by csv-parse), and its records are sent in chunks
// through an internal command to wherever the database is (this process, or the server holding the
// embedded database, whose control socket takes at most 4 MiB a request). A chunk holds at most
// `chunkRecords` records and is cut before its JSON would pass `chunkChars`. A progress line is
// drawn on stderr on a terminal. The summary counts what each record became (created, updated,
// unchanged, failed) and names the first failures by line. The chunks, the tally and the progress
// line are import-chunks.ts's, shared with the publisher module's report files.
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
import { ChunkSender, Progress, tally, type ImportCounts, type RecordOutcome } from './import-chunks.js';
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
const HEAD_BYTES = 64 * 1024;

/** A record read from the file: its value (or why it is none) and its line (1-based; a CSV record's first line). */
interface Read {
  line: number;
  value?: unknown;
  error?: string;
}

export interface ImportSummary extends ImportCounts {
  [field: string]: unknown;
  file: string;
  format: FileFormat;
}

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
// Sending

/** The sender of a file's records: each chunk through the internal command, every record tallied. */
function chunkSender(execute: Executor, opts: RecordImportOptions, summary: ImportSummary): ChunkSender<Read> {
  return new ChunkSender<Read>({
    records: opts.chunkRecords ?? CHUNK_RECORDS,
    chars: opts.chunkChars ?? CHUNK_CHARS,
    valueOf: (read) => read.value,
    summary: () => summary,
    async send(chunk, imported) {
      const sending = chunk.filter((p) => p.error === undefined);
      const outcomes = new Map<number, RecordOutcome>();
      if (sending.length > 0) {
        const answer = await execute(opts.command, { ...opts.input, [opts.records]: sending.map((p) => p.item.value) });
        // The answer of an internal command of ours: its results are read defensively.
        const results = Array.isArray(answer.results) ? (answer.results as RecordOutcome[]) : [];
        results.forEach((r, k) => outcomes.set(typeof r?.index === 'number' ? r.index : k, r));
        imported(sending.length);
      }
      let k = 0;
      for (const p of chunk) tally(summary, p.item.line, p.error === undefined ? outcomes.get(k++) : undefined, p.error);
    },
  });
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
  const sender = chunkSender(execute, opts, summary);
  try {
    for await (const read of reader.records()) {
      summary.records += 1;
      await sender.add(read, read.error);
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
