// Reading a network report file for `storefront publisher import`, on the caller's side: its shape
// decided from its start (a JSON array, a JSON object holding the records, or JSON Lines), then its
// records streamed one at a time with their line or position. A file that cannot hold records is
// refused (UsageError) before any of them is read; a file that breaks after some records stops
// the reading (ReadStopped) so that those read can still be imported.
import { createReadStream, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { chainUnchecked } from 'stream-chain';
import { parser } from 'stream-json';
import { verifyFile } from 'stream-json/file/verifier.js';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { UsageError } from '../../cli/usage.js';
import { DOCUMENT_RECORDS, graphqlErrorMessage } from './report-documents.js';

/** How much of the file's start decides its shape. */
const HEAD_BYTES = 1024 * 1024;
/** The keys that hold the records of a report document, as dotted paths. */
const RECORD_PATHS = ['records', 'transactions', ...new Set(Object.values(DOCUMENT_RECORDS))];
const RECORD_PATHS_TEXT = RECORD_PATHS.join(', ');
const WRAPPER = new RegExp(`^(${RECORD_PATHS.map((p) => p.replaceAll('.', '\\.')).join('|')})$`);
/** The transaction id of a record in each format: a lone JSON object with one of them is a one-record file. */
const RECORD_IDS = ['provider_transaction_id', 'id', 'commissionId'];


/** The value of a JSON Lines line that is not JSON. */
export const MALFORMED = Symbol('malformed');

export interface Item {
  value: unknown;
  /** 1-based line of the record (JSON Lines) or position in the array. */
  line: number;
}

/** The file broke after some records were read: they are imported, the rest is not. */
export class ReadStopped extends Error {}

type Shape = 'array' | 'document' | 'lines';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function at(doc: Record<string, unknown>, dotted: string): unknown {
  let v: unknown = doc;
  for (const key of dotted.split('.')) v = isObject(v) ? v[key] : undefined;
  return v;
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
  const refusal = graphqlErrorMessage(doc.errors);
  if (refusal !== undefined) throw graphqlRefusal(shown, refusal);
  // A file of one JSON object that holds no records is a one-record JSON Lines file only when that object is a record.
  if (whole && nonBlank.length === 1 && !RECORD_IDS.some((k) => k in doc)) throw noRecords(shown, Object.keys(doc));
  return { shape: 'lines', start: bom };
}

/** The records of a file, with their line or position; refuses (UsageError) a file that holds none. */
export class ReportReader {
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
        const refusal = graphqlErrorMessage(value);
        if (refusal !== undefined) throw graphqlRefusal(this.shown, refusal);
      }
    }
    throw noRecords(this.shown, keys);
  }
}
