// What the command line's file imports share (record-import.ts for catalog files, the publisher
// module's network report files): records sent in chunks through an internal command, each
// record's end tallied in a summary, and a progress line on stderr.
//
// A chunk holds at most `records` records and is cut before its records' JSON would pass `chars`;
// a record whose JSON is larger than MAX_RECORD_CHARS fails alone, unsent. A send that fails once
// records were imported stops the import with the summary so far (CommandFailed, exit 1); before
// that, its refusal (an unknown site, …) stands alone.
import { CommandFailed } from './usage.js';

/** A record whose JSON is larger than this fails alone, unsent. */
export const MAX_RECORD_CHARS = 1024 * 1024;
/** Errors named in a summary: the first this many. */
export const SHOWN = 100;

/** What an internal import command answers for one record of a chunk. */
export interface RecordOutcome {
  index?: number;
  status?: string;
  warnings?: { path?: string; message?: string }[];
  error?: { message?: string; details?: { path?: string; message?: string }[] };
}

/** The counts every import's summary has. */
export interface ImportCounts {
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: { line: number; message: string }[];
}

export const joinDetails = (items: { path?: string; message?: string }[] | undefined, fallback: string) =>
  items && items.length > 0 ? items.map((d) => `${d.path ? `${d.path}: ` : ''}${d.message ?? ''}`).join('; ') : fallback;

const STORED = new Set(['created', 'updated', 'unchanged']);

/** One record's end counted, its error kept (the first SHOWN); true when it was stored. */
export function tally(summary: ImportCounts, line: number, outcome: RecordOutcome | undefined, localError?: string): boolean {
  const status = outcome?.status;
  if (localError === undefined && status !== undefined && STORED.has(status)) {
    summary[status as 'created' | 'updated' | 'unchanged'] += 1;
    return true;
  }
  summary.failed += 1;
  const message = localError ?? (status === 'error' ? joinDetails(outcome?.error?.details, outcome?.error?.message ?? 'the record is not valid') : 'no result for the record');
  if (summary.errors.length < SHOWN) summary.errors.push({ line, message });
  return false;
}

/** A record waiting for its chunk; `error` when it fails here, unsent. */
export interface Pending<T> {
  item: T;
  error?: string;
}

export interface ChunkSenderOptions<T> {
  /** At most this many records a chunk… */
  records: number;
  /** …and a chunk is cut before its records' JSON would pass this (characters). */
  chars: number;
  /** The record's value, as it will be sent (its JSON is measured). */
  valueOf(item: T): unknown;
  /**
   * Sends a chunk (the records without an error) and tallies every record of it; calls `imported`
   * with how many records each of its sends imported, as they go.
   */
  send(chunk: readonly Pending<T>[], imported: (records: number) => void): Promise<void>;
  /** The summary so far, for the CommandFailed of a stopped import (copied there). */
  summary(): object;
}

/** Collects records into chunks and has each sent; a failed send stops the import (see the top). */
export class ChunkSender<T> {
  private pending: Pending<T>[] = [];
  private chars = 0;
  private imported = 0;

  constructor(private readonly options: ChunkSenderOptions<T>) {}

  /** Takes a record (`error`: it fails here): a chunk is sent before it would grow too large, or once it is full. */
  async add(item: T, error?: string): Promise<void> {
    if (error === undefined) {
      const chars = JSON.stringify(this.options.valueOf(item))?.length ?? 0;
      if (chars > MAX_RECORD_CHARS) error = `the record is larger than ${MAX_RECORD_CHARS / 1024 / 1024} MiB`;
      else {
        if (this.pending.length > 0 && this.chars + chars > this.options.chars) await this.flush();
        this.chars += chars;
      }
    }
    this.pending.push(error === undefined ? { item } : { item, error });
    if (this.pending.length >= this.options.records) await this.flush();
  }

  /** Sends the pending chunk, if any. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = this.pending;
    this.pending = [];
    this.chars = 0;
    try {
      await this.options.send(chunk, (records) => (this.imported += records));
    } catch (err) {
      if (this.imported === 0) throw err; // nothing imported yet: the refusal stands alone
      const reason = `the import stopped: ${err instanceof Error ? err.message : String(err)}`;
      throw new CommandFailed(reason, { ...this.options.summary(), stopped: reason });
    }
  }
}

/** A progress line on stderr, redrawn in place: records done, and how much of the file was read. */
export class Progress {
  private last = 0;
  private drawn = false;

  constructor(
    private readonly size: number,
    private readonly bytes: () => number,
    private readonly what: string,
  ) {}

  draw(s: ImportCounts, force = false): void {
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
