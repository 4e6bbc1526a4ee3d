// Deleting an item and its bytes, refused (409 media_in_use) while any module uses it. The item's row
// is locked FOR UPDATE first, so a module writing a reference to it (which locks it FOR SHARE through
// the media library) either finished before, and is seen here, or waits and then finds it gone.
import type { Database } from '../../db/types.js';
import { AppError, notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor, type MediaUser } from '../../kernel/index.js';
import * as blobs from './blobs-repository.js';
import * as media from './media-repository.js';
import type { Media } from './media.js';

export async function deleteMedia(db: Database, users: MediaUser, actor: Actor, siteId: string, mediaId: string): Promise<Media> {
  return db.transaction(async (tx) => {
    await getSiteWithRoleOrThrow(tx, siteId, actor, 'member');
    const found = await media.findMedia(tx, siteId, mediaId, { forUpdate: true });
    if (!found) throw notFound('Media');
    if (await users.usesMedia(tx, siteId, mediaId)) {
      throw new AppError('media_in_use', `Media ${mediaId} is used by a product or a campaign: remove it from them, then delete it`);
    }
    await media.deleteMediaRow(tx, siteId, mediaId);
    await blobs.deleteBlob(tx, found.blobId);
    return found;
  });
}
