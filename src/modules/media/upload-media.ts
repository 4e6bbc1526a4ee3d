// An upload over HTTP, as its bytes stream in: staged in chunks (never held whole) while inspected,
// then stored as an item of the site (or answered with the item it already has with the same bytes).
// Any failure, the client going away included, deletes what was staged.
import type { Database } from '../../db/types.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import * as blobs from './blobs-repository.js';
import { createBlobWriter } from './blob-writer.js';
import { commitUpload, type MediaLimits } from './commit-upload.js';
import { createImageInspector } from './image-inspector.js';
import { newUploadId, type UploadOutcome } from './media.js';
import type { StagingReaper } from './staging-reaper.js';

/** An upload as a transport delivers it (the HTTP route: one multipart file part). */
export interface UploadSource {
  /** The file's bytes, in order. */
  bytes: AsyncIterable<Uint8Array>;
  /** Once the file is read: reads what remains of the request, throwing if it cannot be accepted (a second file). */
  finish(): Promise<void>;
}

export interface UploadDeps {
  db: Database;
  maxBytes: number;
  limits: MediaLimits;
  reaper: StagingReaper;
}

export async function uploadMedia(deps: UploadDeps, actor: Actor, siteId: string, source: UploadSource): Promise<UploadOutcome> {
  const { db, maxBytes } = deps;
  await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
  await deps.reaper.maybeReap();
  const blobId = newUploadId();
  await blobs.insertStagedBlob(db, blobId, siteId);
  try {
    const inspector = createImageInspector({ maxBytes });
    const writer = createBlobWriter(db, blobId, 0, maxBytes);
    for await (const bytes of source.bytes) {
      await inspector.push(bytes);
      await writer.write(bytes);
    }
    await writer.end();
    await source.finish();
    return await commitUpload(db, deps.limits, { blobId, siteId }, await inspector.finish());
  } catch (err) {
    // Best effort: if the database is what failed, the stale upload is removed later by age.
    await blobs.deleteStagedBlob(db, blobId).catch(() => undefined);
    throw err;
  }
}
