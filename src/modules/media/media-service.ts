// The media library as one service: uploads (over HTTP as they stream in, or in pieces from the
// command line), reads for members, deletion while no module uses an item, the public read of an
// item's bytes, and the library other modules reference items through (lockExisting).
import type { Database } from '../../db/types.js';
import { DEFAULT_LIMITS } from '../../domain/limits.js';
import type { MediaLimits } from './commit-upload.js';
import { createCursorCodec, type PageRequest } from '../../db/paging.js';
import type { Actor, MediaLibrary, MediaUser, SiteDirectory } from '../../kernel/index.js';
import type { Secrets } from '../../secrets.js';
import { abortUpload, appendUpload, beginUpload, finishUpload } from './chunked-upload.js';
import { deleteMedia } from './delete-media.js';
import * as media from './media-repository.js';
import type { Media } from './media.js';
import { findPublicMedia, getMedia, listMedia, readBlob } from './read-media.js';
import { createStagingReaper } from './staging-reaper.js';
import { uploadMedia, type UploadSource } from './upload-media.js';
import { publicMediaUrl } from './media-view.js';

export interface MediaServiceDeps {
  db: Database;
  secrets: Secrets;
  /** The largest upload (MEDIA_MAX_BYTES). */
  maxBytes: number;
  sites: SiteDirectory;
  /** Every module that references media, as one. */
  users: MediaUser;
  /** PUBLIC_BASE_URL (the command line shows public URLs only with it). */
  publicBaseUrl?: string;
  /** What a site's items may hold at most (the configuration's; its defaults when none are given). */
  limits?: MediaLimits;
}

export function createMediaService({ db, secrets, maxBytes, sites, users, publicBaseUrl, limits = DEFAULT_LIMITS }: MediaServiceDeps) {
  const cursors = createCursorCodec(secrets);
  const reaper = createStagingReaper(db);
  const deps = { db, maxBytes, reaper, limits };
  const library: MediaLibrary = {
    lockExisting: async (q, siteId, mediaIds) => new Set(await media.lockExistingMedia(q, siteId, mediaIds)),
    publicUrl: publicMediaUrl,
  };
  return {
    maxBytes,
    publicBaseUrl,
    upload: (actor: Actor, siteId: string, source: UploadSource) => uploadMedia(deps, actor, siteId, source),
    /** The site's items, newest first. */
    list: (actor: Actor, siteId: string, page: PageRequest) => listMedia(db, cursors, actor, siteId, page),
    get: (actor: Actor, siteId: string, mediaId: string) => getMedia(db, actor, siteId, mediaId),
    delete: (actor: Actor, siteId: string, mediaId: string) => deleteMedia(db, users, actor, siteId, mediaId),
    /** The item behind a public URL (not found when its site is gone or archived). */
    findPublic: (mediaId: string) => findPublicMedia(db, sites, mediaId),
    /** An item's bytes, streamed from its chunks. */
    bytesOf: (item: Media) => readBlob(db, item.blobId, item.chunks),
    /** Uploads in pieces (the command line). */
    pieces: {
      begin: (actor: Actor, siteId: string, declaredBytes: number) => beginUpload(deps, actor, siteId, declaredBytes),
      append: (uploadId: string, offset: number, piece: Uint8Array) => appendUpload(deps, uploadId, offset, piece),
      finish: (uploadId: string) => finishUpload(deps, uploadId),
      abort: (uploadId: string) => abortUpload(deps, uploadId),
    },
    /** Removes staged uploads left by a process that died (uploads do it at most once a minute); how many. */
    reapStaging: () => reaper.reap(),
    library,
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
