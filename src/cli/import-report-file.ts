// `storefront publisher import`: streams a network report file of any size into the import
// service in batches. A file is a JSON array, a JSON object holding the records (`records`,
// `transactions`, or CJ's `data.publisherCommissions.records`), or JSON Lines (one record a line).
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { Services } from '../services.js';
import type { Provider } from '../modules/sites/site-config.js';
import type { ReportFormat } from '../modules/publisher/report-records.js';
import { UsageError } from './usage.js';

const BATCH = 500;
const MAX_ERRORS_SHOWN = 100;
/** The value of a JSON Lines line that is not JSON. */
const MALFORMED = Symbol('malformed');

interface Item {
  value: unknown;
  /** 1-based line of the record (JSON Lines) or position in the array. */
  line: number;
}

const WRAPPER = /^(records|transactions|data\.publisherCommissions\.records)$/;

/** 'array', 'object' (a document holding the records) or 'lines' (JSON Lines), from the file's start. */
async function shapeOf(file: string): Promise<'array' | 'object' | 'lines'> {
  const handle = await open(file, 'r').catch(() => {
    throw new UsageError(`cannot read ${file}`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(65_536), 0, 65_536, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8').trimStart();
    if (head.startsWith('[')) return 'array';
    if (!head.startsWith('{')) return 'lines';
    // A first line that is a whole JSON object of its own is a record of JSON Lines, unless it is the wrapper.
    const firstLine = head.split('\n', 1)[0]!;
    try {
      const value = JSON.parse(firstLine) as Record<string, unknown>;
      const data = value.data as { publisherCommissions?: { records?: unknown } } | undefined;
      return Array.isArray(value.records) || Array.isArray(value.transactions) || Array.isArray(data?.publisherCommissions?.records) ? 'object' : 'lines';
    } catch {
      return 'object';
    }
  } finally {
    await handle.close();
  }
}

async function* records(file: string): AsyncGenerator<Item> {
  const shape = await shapeOf(file);
  if (shape !== 'lines') {
    const pipeline = chain([createReadStream(file), parser(), ...(shape === 'object' ? [pick({ filter: WRAPPER })] : []), streamArray()]);
    for await (const { key, value } of pipeline as AsyncIterable<{ key: number; value: unknown }>) yield { value, line: key + 1 };
    return;
  }
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = MALFORMED;
    }
    yield { value, line };
  }
}

export async function importReportFile(
  services: Services,
  opts: { siteId: string; provider: Provider; file: string; format?: ReportFormat; currency?: string; progress?: (text: string) => void },
) {
  const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const errors: { line: number; message: string }[] = [];
  let batch: Item[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    // Without --format, a record with provider_transaction_id is canonical, else the provider's own shape.
    const groups = new Map<ReportFormat, Item[]>();
    for (const item of items) {
      if (item.value === MALFORMED) {
        totals.failed += 1;
        if (errors.length < MAX_ERRORS_SHOWN) errors.push({ line: item.line, message: 'not valid JSON' });
        continue;
      }
      const format = opts.format ?? (typeof item.value === 'object' && item.value !== null && 'provider_transaction_id' in item.value ? 'canonical' : opts.provider);
      const group = groups.get(format);
      if (group) group.push(item);
      else groups.set(format, [item]);
    }
    for (const [format, group] of groups) {
      const results = await services.reports.importRecords(opts.siteId, opts.provider, format, group.map((g) => g.value), { currency: opts.currency, pointer: () => '' });
      results.forEach((r, i) => {
        if (r.status === 'error') {
          totals.failed += 1;
          if (errors.length < MAX_ERRORS_SHOWN) {
            errors.push({ line: group[i]!.line, message: r.error.details.map((d) => `${d.path ? `${d.path}: ` : ''}${d.message}`).join('; ') });
          }
        } else totals[r.status] += 1;
      });
    }
    opts.progress?.(`imported ${totals.created + totals.updated + totals.unchanged + totals.failed} records: ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.failed} failed`);
  };
  try {
    for await (const item of records(opts.file)) {
      batch.push(item);
      if (batch.length >= BATCH) await flush();
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${opts.file} is not a JSON array, a JSON object with records, or JSON Lines: ${(err as Error).message}`);
  }
  await flush();
  return { ...totals, errors };
}
