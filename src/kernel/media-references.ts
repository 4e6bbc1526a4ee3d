// An extension point of the kernel: media items that other modules reference (a product's image, a
// campaign's picture). The module that keeps the media library answers which ids exist, locking them
// against deletion for the rest of the caller's transaction; every module that references media says
// whether it uses an item, so that deleting one still in use is refused (409 media_in_use).
import type { Queryable } from '../db/types.js';

export interface MediaLibrary {
  /**
   * Of these media ids, those the site has; each found row stays locked against deletion (FOR SHARE)
   * until the caller's transaction ends, so a reference written in it never names a deleted item.
   */
  lockExisting(q: Queryable, siteId: string, mediaIds: readonly string[]): Promise<Set<string>>;
  /** Where the public route serves an item (`baseUrl`: PUBLIC_BASE_URL or the request's own origin). */
  publicUrl(baseUrl: string, mediaId: string): string;
}

export interface MediaUser {
  /** Whether this module uses the media item (called with the item's row locked for deletion). */
  usesMedia(q: Queryable, siteId: string, mediaId: string): Promise<boolean>;
}

/** A library without media (no module keeps one): no id exists. */
export const NO_MEDIA: MediaLibrary = { lockExisting: async () => new Set(), publicUrl: (baseUrl, mediaId) => `${baseUrl}/api/v1/public/media/${mediaId}` };

/** Every registered user as one: an item is in use if any module uses it. */
export function allMediaUsers(users: readonly MediaUser[]): MediaUser {
  return {
    async usesMedia(q, siteId, mediaId) {
      for (const u of users) if (await u.usesMedia(q, siteId, mediaId)) return true;
      return false;
    },
  };
}
