// The internal commands of `storefront media upload` (never typed on the command line): they run
// where the database is (this process, or the server holding the embedded database) and take what
// the caller's side sends: the site and the file's size, then its pieces (base64, ≤ 1 MiB each, so
// that a control request stays far below 4 MiB), then the end. The command line acts as the system.
import { UsageError } from '../../cli/usage.js';
import { SYSTEM } from '../../kernel/index.js';
import { UPLOAD_ID_PATTERN, UPLOAD_PIECE_BYTES } from './media.js';
import type { MediaService } from './media-service.js';
import { publicMediaUrl } from './media-view.js';

export const UPLOAD_COMMANDS = {
  begin: 'media upload-begin',
  piece: 'media upload-piece',
  finish: 'media upload-finish',
  abort: 'media upload-abort',
} as const;

const UPLOAD_ID = new RegExp(UPLOAD_ID_PATTERN);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const uploadIdOf = (input: Record<string, unknown>): string => {
  if (typeof input.upload_id !== 'string' || !UPLOAD_ID.test(input.upload_id)) throw new UsageError('upload_id must be the id upload-begin gave');
  return input.upload_id;
};

const countOf = (input: Record<string, unknown>, name: string): number => {
  const v = input[name];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new UsageError(`${name} must be a whole number of bytes`);
  return v;
};

function pieceOf(input: Record<string, unknown>): Uint8Array {
  const data = input.data;
  if (typeof data !== 'string' || data.length === 0 || data.length > Math.ceil(UPLOAD_PIECE_BYTES / 3) * 4 || !BASE64.test(data)) {
    throw new UsageError(`data must be base64 of 1 to ${UPLOAD_PIECE_BYTES} bytes`);
  }
  return Buffer.from(data, 'base64');
}

export const uploadCommands = {
  async [UPLOAD_COMMANDS.begin](media: MediaService, input: Record<string, unknown>) {
    if (typeof input.site !== 'string' || input.site === '') throw new UsageError('--site is required');
    const { uploadId, maxBytes } = await media.pieces.begin(SYSTEM, input.site, countOf(input, 'bytes'));
    return { upload_id: uploadId, max_bytes: maxBytes };
  },
  async [UPLOAD_COMMANDS.piece](media: MediaService, input: Record<string, unknown>) {
    return { bytes: await media.pieces.append(uploadIdOf(input), countOf(input, 'offset'), pieceOf(input)) };
  },
  async [UPLOAD_COMMANDS.finish](media: MediaService, input: Record<string, unknown>) {
    const { media: item, created } = await media.pieces.finish(uploadIdOf(input));
    return {
      media_id: item.mediaId,
      status: created ? 'created' : 'unchanged',
      sha256: item.sha256,
      content_type: item.contentType,
      bytes: item.bytes,
      width: item.width,
      height: item.height,
      ...(media.publicBaseUrl ? { url: publicMediaUrl(media.publicBaseUrl, item.mediaId) } : {}),
    };
  },
  async [UPLOAD_COMMANDS.abort](media: MediaService, input: Record<string, unknown>) {
    await media.pieces.abort(uploadIdOf(input));
    return { aborted: true };
  },
};
