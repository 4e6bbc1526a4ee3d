// An upload in pieces (the command line's: it reads the caller's file and sends it a piece at a time,
// to this process or through the server holding the embedded database): begun for a site, pieces
// appended in order into the staged blob, then finished: the staged bytes are read back through the
// same inspection as an HTTP upload's and stored the same way (same limits, same dedupe). A refused
// or abandoned upload deletes what was staged (an abandoned one is removed by age).
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import * as blobs from './blobs-repository.js';
import { createBlobWriter, uploadGone } from './blob-writer.js';
import { commitUpload } from './commit-upload.js';
import { createImageInspector, fileTooLarge } from './image-inspector.js';
import { newUploadId, UPLOAD_PIECE_BYTES, type StagedUpload, type UploadOutcome } from './media.js';
import { readBlob } from './read-media.js';
import type { UploadDeps } from './upload-media.js';

/** Begins an upload of a file of `declaredBytes` (refused at once when larger than the limit). */
export async function beginUpload(deps: UploadDeps, actor: Actor, siteId: string, declaredBytes: number): Promise<{ uploadId: string; maxBytes: number }> {
  await getSiteWithRoleOrThrow(deps.db, siteId, actor, 'member');
  if (declaredBytes > deps.maxBytes) throw fileTooLarge(deps.maxBytes);
  await deps.reaper.maybeReap();
  const uploadId = newUploadId();
  await blobs.insertStagedBlob(deps.db, uploadId, siteId);
  return { uploadId, maxBytes: deps.maxBytes };
}

async function stagedOrThrow(db: Database, uploadId: string): Promise<StagedUpload> {
  const staged = await blobs.findStagedBlob(db, uploadId);
  if (!staged) throw uploadGone();
  return staged;
}

/** Deletes a staged upload, then throws `err`. */
async function discardAndThrow(db: Database, uploadId: string, err: unknown): Promise<never> {
  await blobs.deleteStagedBlob(db, uploadId).catch(() => undefined);
  throw err;
}

/** Appends the piece that starts at byte `offset` of the file; the bytes staged so far. */
export async function appendUpload(deps: UploadDeps, uploadId: string, offset: number, piece: Uint8Array): Promise<number> {
  if (piece.length === 0 || piece.length > UPLOAD_PIECE_BYTES) {
    throw new AppError('validation_failed', `A piece of an upload holds 1 to ${UPLOAD_PIECE_BYTES} bytes`);
  }
  const staged = await stagedOrThrow(deps.db, uploadId);
  if (offset !== staged.bytes) throw new AppError('conflict', `The upload holds ${staged.bytes} bytes: the next piece starts there, not at ${offset}`);
  if (staged.bytes + piece.length > deps.maxBytes) return discardAndThrow(deps.db, uploadId, fileTooLarge(deps.maxBytes));
  const writer = createBlobWriter(deps.db, uploadId, staged.bytes, deps.maxBytes);
  try {
    await writer.write(piece);
    await writer.end();
  } catch (err) {
    return discardAndThrow(deps.db, uploadId, err);
  }
  return writer.bytes;
}

/** Inspects the staged bytes and stores them as an item (or finds the item the site has with them). */
export async function finishUpload(deps: UploadDeps, uploadId: string): Promise<UploadOutcome> {
  const staged = await stagedOrThrow(deps.db, uploadId);
  try {
    const inspector = createImageInspector({ maxBytes: deps.maxBytes });
    for await (const bytes of readBlob(deps.db, uploadId, staged.chunks)) await inspector.push(bytes);
    return await commitUpload(deps.db, deps.limits, staged, await inspector.finish());
  } catch (err) {
    return discardAndThrow(deps.db, uploadId, err);
  }
}

/** Discards a staged upload (the caller could not send all of it); nothing when it is gone already. */
export async function abortUpload(deps: UploadDeps, uploadId: string): Promise<void> {
  await blobs.deleteStagedBlob(deps.db, uploadId);
}
