// `storefront submissions export --site S [--campaign C] --out F`: the caller's side. It asks where
// the database is for the field columns, then for the rows a page at a time, and streams them into F
// (relative to the caller's working directory; created with mode 0600: it holds personal data) as
// CSV by csv-stringify: a header row, then one row a submission, newest first. Cells that a
// spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) get a
// leading ' (csv-stringify's escape_formulas). A failed export removes the partial file.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { access, constants, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Executor } from '../../cli/command.js';
import { UsageError } from '../../cli/usage.js';
import { EXPORT_COMMANDS, FIXED_COLUMNS, type ExportRow } from './export-submissions.js';

export interface ExportOptions {
  siteId: string;
  campaignId?: string;
  /** As given on the command line. */
  out: string;
}

/** The output path resolved against the caller's directory, once its directory is known to be writable. */
async function outputPath(given: string): Promise<string> {
  const file = path.resolve(process.cwd(), given);
  const dir = path.dirname(file);
  try {
    if (!(await stat(dir)).isDirectory()) throw new UsageError(`cannot write ${given}: ${dir} is not a directory`);
    await access(dir, constants.W_OK);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write ${given}: ${code === 'ENOENT' ? 'no such directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message}`);
  }
  if ((await stat(file).catch(() => undefined))?.isDirectory()) throw new UsageError(`cannot write ${given}: it is a directory`);
  return file;
}

const cell = (v: string | boolean | null | undefined): string => (v === null || v === undefined ? '' : typeof v === 'boolean' ? String(v) : v);

const record = (row: ExportRow, fields: readonly string[]): string[] => [
  row.submission_id,
  row.campaign_id,
  row.form_id,
  row.created_at,
  cell(row.consent_granted),
  cell(row.consent_text_sha256),
  ...fields.map((name) => cell(Object.hasOwn(row.fields, name) ? row.fields[name] : undefined)),
];

/** Writes a record, waiting while the file is behind (or until the pipeline fails). */
async function write(csv: Stringifier, done: Promise<void>, values: string[]): Promise<void> {
  if (!csv.write(values)) await Promise.race([once(csv, 'drain'), done]);
}

/** Streams the site's submissions into the file; `{ rows, file }`. */
export async function exportSubmissionsFile(execute: Executor, options: ExportOptions): Promise<{ rows: number; file: string }> {
  const input = { site: options.siteId, ...(options.campaignId === undefined ? {} : { campaign: options.campaignId }) };
  const file = await outputPath(options.out);
  const fields = (await execute(EXPORT_COMMANDS.columns, input)).columns as string[];
  const csv = stringify({ escape_formulas: true, eof: true });
  const done = pipeline(csv, createWriteStream(file, { mode: 0o600 }));
  let rows = 0;
  try {
    await write(csv, done, [...FIXED_COLUMNS, ...fields]);
    let cursor: string | undefined;
    do {
      const page = await execute(EXPORT_COMMANDS.page, { ...input, ...(cursor === undefined ? {} : { cursor }) });
      for (const row of page.rows as ExportRow[]) {
        await write(csv, done, record(row, fields));
        rows += 1;
      }
      cursor = typeof page.next_cursor === 'string' ? page.next_cursor : undefined;
    } while (cursor !== undefined);
    csv.end();
    await done;
  } catch (err) {
    csv.destroy();
    await done.catch(() => undefined);
    await rm(file, { force: true });
    throw err;
  }
  return { rows, file };
}
