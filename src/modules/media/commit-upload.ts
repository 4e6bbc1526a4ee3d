// Storing an inspected upload: its staged blob becomes a new item of the site, or, when the site
// already has an item with the same bytes, the upload is discarded and that item is the answer. The
// unique (site_id, sha256) constraint decides between concurrent identical uploads: one item.
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import * as blobs from './blobs-repository.js';
import { uploadGone } from './blob-writer.js';
import * as media from './media-repository.js';
import { newMediaId, type ImageFacts, type StagedUpload, type UploadOutcome } from './media.js';

const ATTEMPTS = 3;

export async function commitUpload(db: Database, upload: Pick<StagedUpload, 'blobId' | 'siteId'>, facts: ImageFacts): Promise<UploadOutcome> {
  return db.transaction(async (tx) => {
    if (!(await blobs.markBlobStored(tx, upload.blobId))) throw uploadGone();
    // An existing item found by its bytes can be deleted between the insert that collided with it and
    // the read that looks for it: then the insert is tried again (the deletion has committed).
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const created = await media.insertMedia(tx, { mediaId: newMediaId(), siteId: upload.siteId, blobId: upload.blobId, ...facts });
      if (created) return { media: created, created: true };
      const existing = await media.findMediaBySha256ForShare(tx, upload.siteId, facts.sha256);
      if (existing) {
        await blobs.deleteBlob(tx, upload.blobId);
        return { media: existing, created: false };
      }
    }
    throw new AppError('conflict', 'The same image was being uploaded and deleted at once; send it again');
  });
}
