// Storing an inspected upload: its staged blob becomes a new item of the site, or, when the site
// already has an item with the same bytes, the upload is discarded and that item is the answer. The
// unique (site_id, sha256) constraint decides between concurrent identical uploads: one item. A new
// item must fit the site's limits (LIMIT_MEDIA_ITEMS_PER_SITE, LIMIT_MEDIA_BYTES_PER_SITE, its own
// bytes included); a re-upload answered with the item the site has adds nothing and always fits.
import type { Database } from '../../db/types.js';
import { assertWithinLimit, type Limits } from '../../domain/limits.js';
import { AppError } from '../../errors.js';
import * as blobs from './blobs-repository.js';
import { uploadGone } from './blob-writer.js';
import * as media from './media-repository.js';
import { newMediaId, type ImageFacts, type StagedUpload, type UploadOutcome } from './media.js';

const ATTEMPTS = 3;

export type MediaLimits = Pick<Limits, 'mediaItemsPerSite' | 'mediaBytesPerSite'>;

export async function commitUpload(db: Database, limits: MediaLimits, upload: Pick<StagedUpload, 'blobId' | 'siteId'>, facts: ImageFacts): Promise<UploadOutcome> {
  return db.transaction(async (tx) => {
    if (!(await blobs.markBlobStored(tx, upload.blobId))) throw uploadGone();
    // The site's new items one at a time: the limits' counts are exact, and an upload of bytes the
    // site has finds that item first, so a re-upload is answered at the limit too (it adds nothing).
    await media.lockSiteMedia(tx, upload.siteId);
    // An item found by its bytes can still be deleted before the insert (deletions do not take the
    // lock; they only make room): then the insert collides with nothing, or is tried again.
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const existing = await media.findMediaBySha256ForShare(tx, upload.siteId, facts.sha256);
      if (existing) {
        await blobs.deleteBlob(tx, upload.blobId);
        return { media: existing, created: false };
      }
      const held = await media.siteMediaHeld(tx, upload.siteId);
      assertWithinLimit('mediaItemsPerSite', limits.mediaItemsPerSite, held.items);
      assertWithinLimit('mediaBytesPerSite', limits.mediaBytesPerSite, held.bytes, facts.bytes);
      const created = await media.insertMedia(tx, { mediaId: newMediaId(), siteId: upload.siteId, blobId: upload.blobId, ...facts });
      if (created) return { media: created, created: true };
    }
    throw new AppError('conflict', 'The same image was being uploaded and deleted at once; send it again');
  });
}
