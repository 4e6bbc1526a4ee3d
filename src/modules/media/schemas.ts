// The media routes' schemas (CONTRACT §8).
import { Type } from 'typebox';
import { SiteId, Timestamp } from '../../http/common-schemas.js';
import { MEDIA_ID_PATTERN, MEDIA_TYPES } from './media.js';
import { component } from '../../http/openapi-components.js';

export const MediaId = Type.String({ pattern: MEDIA_ID_PATTERN, description: 'Media id (`med_…`)', examples: ['med_8Yb2Qc4TnW1xRk7LpZ3m'] });

export const MediaParams = Type.Object({ siteId: SiteId, mediaId: MediaId });
export const PublicMediaParams = Type.Object({ mediaId: MediaId });

export const MediaItem = component('MediaItem', Type.Object(
  {
    media_id: MediaId,
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bytes, lowercase hex: the same bytes on the same site are one item' }),
    content_type: Type.Enum([...MEDIA_TYPES], { description: 'Sniffed from the bytes (never the client’s file name or Content-Type)' }),
    bytes: Type.Integer({ minimum: 1 }),
    width: Type.Integer({ minimum: 1, description: 'Pixels, as shown (a JPEG’s EXIF orientation applied)' }),
    height: Type.Integer({ minimum: 1 }),
    url: Type.String({ format: 'uri', description: 'The public URL of the bytes: on PUBLIC_BASE_URL, or the request’s own origin' }),
    created_at: Timestamp,
  },
  { description: 'A media item' },
));

export const DeletedMedia = Type.Object({ media_id: MediaId, deleted: Type.Literal(true) });

/** The upload as the OpenAPI document shows it (the route reads the multipart stream itself). */
export const UploadBody = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description: 'The image: JPEG, PNG, WebP, GIF or AVIF, at most MEDIA_MAX_BYTES (10 MiB by default) and 50 megapixels. Its type is sniffed from the bytes.',
    }),
  },
  { description: 'Exactly one file part named `file`; other text fields are ignored.' },
);

const Binary = Type.String({ format: 'binary' });

/** The public route's 200: the bytes, with the sniffed type. */
export const ImageBytes = {
  description: 'The exact bytes uploaded, with the sniffed Content-Type, ETag "<sha256>" and immutable caching',
  content: Object.fromEntries(MEDIA_TYPES.map((type) => [type, { schema: Binary }])),
};

export const NotModified = { type: 'null', description: 'Not modified: the If-None-Match header names this item’s ETag' };
