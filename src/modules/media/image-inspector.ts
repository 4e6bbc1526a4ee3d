// What an upload is, found as its bytes stream past (never holding more than its first MiB, and that
// only until its dimensions are read): its sha256, its type sniffed from the first bytes, its
// dimensions read from its header and grown to the canvas every frame needs (a GIF's, an APNG's or an
// animated WebP's frames are walked to the file's end: the header names only the first image), and
// whether its container is whole. Each refusal is thrown as soon as it is known, so that a file that is not an
// image of ours, or is too large, or declares too many pixels, is not read (or stored) to its end:
//   larger than MEDIA_MAX_BYTES          413 payload_too_large
//   empty                                400 validation_failed at /file (empty)
//   not JPEG, PNG, WebP, GIF or AVIF     415 unsupported_media_type (unsupported_type)
//   over 50 megapixels                   422 image_too_large (even when also cut short: the header says so;
//                                        any frame of a GIF counts, as soon as it is walked)
//   cut short, or its sizes don't add up 400 validation_failed at /file (truncated_image, trailing_data, malformed_image)
//   dimensions unreadable                415 unsupported_media_type (unreadable_image)
import { createHash } from 'node:crypto';
import { AppError, validationFailed } from '../../errors.js';
import { readDimensions, tooManyPixels, type Dimensions } from './image-dimensions.js';
import { structureWalker, type StructureResult, type StructureWalker } from './image-structure.js';
import { SNIFF_BYTES, sniffImageType } from './image-type.js';
import { MAX_PIXELS, TYPE_NAMES, type ImageFacts, type MediaType } from './media.js';

/** At most this many first bytes are kept to sniff the type and read the dimensions (a JPEG's EXIF, ICC and XMP segments come before its size). */
export const HEAD_BYTES = 1024 * 1024;

const MIB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

export const fileTooLarge = (maxBytes: number): AppError =>
  new AppError('payload_too_large', `The file is larger than ${sizeText(maxBytes)}, the largest upload accepted (MEDIA_MAX_BYTES)`, [
    { path: '/file', code: 'too_large', message: `at most ${maxBytes} bytes` },
  ]);

const ACCEPTED_TEXT = 'only JPEG, PNG, WebP, GIF and AVIF images are accepted';

function unsupportedType(found: { ext: string; mime: string } | undefined): AppError {
  const message = found
    ? `The file is ${found.mime} (.${found.ext}), not an image of a type the library keeps: ${ACCEPTED_TEXT}`
    : `The file’s type is not recognised from its bytes (SVG, HTML, text and scripts never are, whatever their name): ${ACCEPTED_TEXT}`;
  return new AppError('unsupported_media_type', message, [{ path: '/file', code: 'unsupported_type', message }]);
}

function unreadable(type: MediaType): AppError {
  const message = `The ${TYPE_NAMES[type]} file’s dimensions cannot be read from its header: it is damaged, or an image of a kind that is not supported`;
  return new AppError('unsupported_media_type', message, [{ path: '/file', code: 'unreadable_image', message }]);
}

function imageTooLarge({ width, height }: Dimensions): AppError {
  const megapixels = Math.round((width * height) / 100_000) / 10;
  const message = `The image is ${width} × ${height} pixels (${megapixels} megapixels); at most ${MAX_PIXELS / 1_000_000} megapixels are accepted`;
  return new AppError('image_too_large', message, [{ path: '/file', code: 'image_too_large', message }]);
}

const STRUCTURE_CODES = { truncated: 'truncated_image', trailing_data: 'trailing_data', malformed: 'malformed_image' } as const;

const incomplete = (result: Extract<StructureResult, { ok: false }>): AppError => validationFailed('/file', result.message, STRUCTURE_CODES[result.problem]);

export interface ImageInspector {
  /** The next bytes of the file; throws as soon as the file can be refused. */
  push(bytes: Uint8Array): Promise<void>;
  /** The file ended: its facts, or its refusal. */
  finish(): Promise<ImageFacts>;
  /** Bytes taken so far. */
  readonly bytes: number;
}

/** Between two tries at reading the dimensions from a growing head. */
const MEASURE_STEP = 64 * 1024;

/** The first bytes of a file, kept (copied) until let go. */
interface Head {
  readonly length: number;
  /** False once let go: no more bytes are kept. */
  readonly keeping: boolean;
  /** Keeps what of `bytes` fits in HEAD_BYTES; how many it kept (from the start of `bytes`). */
  keep(bytes: Uint8Array): number;
  bytes(): Buffer;
  letGo(): void;
}

function keptHead(): Head {
  let parts: Buffer[] = [];
  let length = 0;
  let keeping = true;
  return {
    get length() {
      return length;
    },
    get keeping() {
      return keeping;
    },
    keep(bytes) {
      const kept = keeping ? Math.min(bytes.length, HEAD_BYTES - length) : 0;
      if (kept > 0) {
        parts.push(Buffer.from(bytes.subarray(0, kept))); // a copy: the caller may reuse its buffer
        length += kept;
      }
      return kept;
    },
    bytes() {
      if (parts.length > 1) parts = [Buffer.concat(parts, length)];
      return parts[0] ?? Buffer.alloc(0);
    },
    letGo() {
      keeping = false;
      parts = [];
    },
  };
}

/** The header's size, grown to what the frames need (the same, unless a GIF's frames lie outside its screen). */
const grown = (size: Dimensions, extent: Dimensions | undefined): Dimensions =>
  extent ? { width: Math.max(size.width, extent.width), height: Math.max(size.height, extent.height) } : size;

export function createImageInspector(options: { maxBytes: number }): ImageInspector {
  const hash = createHash('sha256');
  // Kept until the type is sniffed and the dimensions read (then let go: most images declare them
  // in their first kilobytes, a JPEG after its EXIF, ICC and XMP segments).
  const head = keptHead();
  let total = 0;
  let type: MediaType | undefined;
  let walker: StructureWalker | undefined;
  let dimensions: Dimensions | undefined;
  let nextMeasure = SNIFF_BYTES;

  /** A frame that makes the canvas too large is refused as soon as it is walked (it may be the last of many). */
  function pushToWalker(bytes: Uint8Array): void {
    walker!.push(bytes);
    const extent = walker!.extent();
    if (extent && tooManyPixels(extent)) throw imageTooLarge(extent);
  }

  async function sniff(): Promise<MediaType> {
    const sniffed = await sniffImageType(head.bytes());
    if (!sniffed.ok) throw unsupportedType(sniffed.found);
    walker = structureWalker(sniffed.type);
    pushToWalker(head.bytes()); // every byte so far is in the head (it is sniffed long before the head is full)
    return sniffed.type;
  }

  /**
   * Tries to read the dimensions from the head (as it grows, and a last time at the end or when the
   * head is full). Once read, a bomb is refused at once and the head let go; unreadable ones are
   * answered at the end.
   */
  function measure(last: boolean): void {
    if (!head.keeping || (!last && head.length < nextMeasure && head.length < HEAD_BYTES)) return;
    nextMeasure = head.length + MEASURE_STEP;
    dimensions = readDimensions(head.bytes());
    if (dimensions || last || head.length >= HEAD_BYTES) head.letGo();
    if (dimensions && tooManyPixels(dimensions)) throw imageTooLarge(dimensions);
  }

  return {
    get bytes() {
      return total;
    },

    async push(bytes) {
      if (bytes.length === 0) return;
      total += bytes.length;
      if (total > options.maxBytes) throw fileTooLarge(options.maxBytes);
      hash.update(bytes);
      const kept = head.keep(bytes);
      if (type === undefined) {
        if (head.length < SNIFF_BYTES) return;
        type = await sniff();
        pushToWalker(bytes.subarray(kept));
      } else {
        pushToWalker(bytes);
      }
      measure(false);
    },

    async finish() {
      if (total === 0) throw validationFailed('/file', 'The file is empty', 'empty');
      type ??= await sniff();
      measure(true);
      const structure = walker!.end();
      if (!structure.ok) throw incomplete(structure);
      if (!dimensions) throw unreadable(type);
      const size = grown(dimensions, structure.extent);
      if (tooManyPixels(size)) throw imageTooLarge(size);
      return { sha256: hash.digest('hex'), contentType: type, bytes: total, width: size.width, height: size.height };
    },
  };
}
