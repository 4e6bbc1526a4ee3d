// A media item as the API and the command line show it: snake_case, with its absolute public URL.
import { toIso } from '../../time.js';
import type { Media, MediaType } from './media.js';

/** Where the public route serves an item's bytes (under the API's prefix). */
export const PUBLIC_MEDIA_PATH = '/api/v1/public/media';

export interface MediaView {
  media_id: string;
  sha256: string;
  content_type: MediaType;
  bytes: number;
  width: number;
  height: number;
  url: string;
  created_at: string;
}

/** `baseUrl`: PUBLIC_BASE_URL, or the request's own origin (without a trailing slash). */
export const publicMediaUrl = (baseUrl: string, mediaId: string): string => `${baseUrl}${PUBLIC_MEDIA_PATH}/${mediaId}`;

export const toMediaView = (m: Media, baseUrl: string): MediaView => ({
  media_id: m.mediaId,
  sha256: m.sha256,
  content_type: m.contentType,
  bytes: m.bytes,
  width: m.width,
  height: m.height,
  url: publicMediaUrl(baseUrl, m.mediaId),
  created_at: toIso(m.createdAt),
});
