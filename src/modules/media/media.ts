// The media library's domain values: the image types it keeps, a stored item, what an upload is found
// to be (its facts), and the limits every way in (HTTP and the command line) applies alike.
import { randomBase62 } from '../../ids.js';

/** The image types the library accepts, by the type sniffed from the bytes (CONTRACT §8). */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** How messages name each type. */
export const TYPE_NAMES: Record<MediaType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
};

export const FILE_EXTENSIONS: Record<MediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** An image larger than this many pixels (width × height) is refused: 422 image_too_large. */
export const MAX_PIXELS = 50_000_000;

/** The stored bytes are cut into rows of at most this size (a bytea parameter is small; a read is bounded). */
export const CHUNK_BYTES = 256 * 1024;

/** The command line sends a file in pieces of at most this many bytes (base64 in a control request of ≤ 4 MiB). */
export const UPLOAD_PIECE_BYTES = 1024 * 1024;

/** A staged upload untouched for this long is left by a process that died: it is removed. */
export const STAGING_TTL_SECONDS = 3600;

export const MEDIA_ID_PATTERN = '^med_[A-Za-z0-9]{4,64}$';
export const UPLOAD_ID_PATTERN = '^upl_[A-Za-z0-9]{20}$';

export const newMediaId = (): string => `med_${randomBase62(20)}`;
export const newUploadId = (): string => `upl_${randomBase62(20)}`;

/** What an upload is, read from its bytes alone (never from the client's file name or Content-Type). */
export interface ImageFacts {
  /** Lowercase hex. */
  sha256: string;
  contentType: MediaType;
  bytes: number;
  width: number;
  height: number;
}

/** An item of a site's library. */
export interface Media extends ImageFacts {
  mediaId: string;
  siteId: string;
  /** Where its bytes are (the blob of chunks it was uploaded as). */
  blobId: string;
  /** How many chunks hold the bytes. */
  chunks: number;
  createdAt: Date;
}

/** An upload being received: its bytes are staged in chunks until it is stored as an item or discarded. */
export interface StagedUpload {
  blobId: string;
  siteId: string;
  bytes: number;
  chunks: number;
}

/** What storing an upload came to: a new item, or the item the site already had with the same bytes. */
export interface UploadOutcome {
  media: Media;
  created: boolean;
}
