// `storefront media upload --site S FILE…`: reads the caller's files (relative to the caller's working
// directory) and sends each in pieces to wherever the database is, where the same inspection and
// storage as an HTTP upload's applies. One line a file: its media id and whether it was created or
// already there (unchanged), or why it was refused.
//
// Exit codes: a file that cannot be read (missing, a directory, no permission) is a UsageError (2)
// and nothing is uploaded; an unknown site refuses the whole run (1); any file refused ends in
// CommandFailed (1) after the others were uploaded, with every file's line.
import { createReadStream } from 'node:fs';
import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../../cli/command.js';
import { CommandFailed, UsageError } from '../../cli/usage.js';
import { AppError } from '../../errors.js';
import { UPLOAD_PIECE_BYTES } from './media.js';
import { UPLOAD_COMMANDS } from './upload-commands.js';

interface LocalFile {
  /** As given on the command line. */
  given: string;
  path: string;
  size: number;
}

type FileLine = { file: string; status: 'created' | 'unchanged'; media_id: string } | { file: string; status: 'error'; code: string; message: string };

/** The file, resolved against the caller's working directory; a description of why it cannot be read otherwise. */
async function openLocalFile(given: string): Promise<LocalFile | string> {
  const file = path.resolve(process.cwd(), given);
  try {
    const info = await stat(file);
    if (!info.isFile()) return `cannot read ${given}: not a file`;
    await access(file, constants.R_OK);
    return { given, path: file, size: info.size };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return `cannot read ${given}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (err as Error).message}`;
  }
}

/** Sends one file; its line (a refusal of this file included), or the error that refuses every file. */
async function uploadFile(execute: Executor, siteId: string, file: LocalFile): Promise<FileLine> {
  let uploadId: string | undefined;
  try {
    const begun = await execute(UPLOAD_COMMANDS.begin, { site: siteId, bytes: file.size });
    uploadId = String(begun.upload_id);
    let offset = 0;
    for await (const piece of createReadStream(file.path, { highWaterMark: UPLOAD_PIECE_BYTES }) as AsyncIterable<Buffer>) {
      await execute(UPLOAD_COMMANDS.piece, { upload_id: uploadId, offset, data: piece.toString('base64') });
      offset += piece.length;
    }
    const done = await execute(UPLOAD_COMMANDS.finish, { upload_id: uploadId });
    return { file: file.given, status: done.status === 'created' ? 'created' : 'unchanged', media_id: String(done.media_id) };
  } catch (err) {
    if (uploadId !== undefined) await execute(UPLOAD_COMMANDS.abort, { upload_id: uploadId }).catch(() => undefined);
    // Before anything was staged, an unknown site is every file's refusal: the run stops.
    if (err instanceof AppError && !(uploadId === undefined && err.code === 'not_found')) {
      return { file: file.given, status: 'error', code: err.code, message: err.message };
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('E')) return { file: file.given, status: 'error', code: 'unreadable', message: `cannot read ${file.given}: ${(err as Error).message}` };
    throw err;
  }
}

export async function uploadFiles(execute: Executor, siteId: string, given: string[]): Promise<Record<string, unknown>> {
  if (given.length === 0) throw new UsageError('give at least one FILE to upload: storefront media upload --site SITE photo.jpg …');
  const opened = await Promise.all(given.map(openLocalFile));
  const problems = opened.filter((f): f is string => typeof f === 'string');
  if (problems.length > 0) throw new UsageError(`${problems.join('; ')}; nothing was uploaded`, false);
  const files: FileLine[] = [];
  for (const file of opened as LocalFile[]) files.push(await uploadFile(execute, siteId, file));
  const count = (status: FileLine['status']) => files.filter((f) => f.status === status).length;
  const result = { files, site_id: siteId, created: count('created'), unchanged: count('unchanged'), failed: count('error') };
  if (result.failed > 0) throw new CommandFailed(`${result.failed} of ${files.length} files failed${result.failed < files.length ? '; the others were uploaded' : ''}`, result);
  return result;
}
