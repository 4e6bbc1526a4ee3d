// An image's dimensions, read from its header by a maintained library (image-size): never decoded,
// so a decompression bomb (a small file declaring a huge image) costs nothing to refuse. A JPEG's
// EXIF orientation is applied: a photo taken upright has the width and height it is shown with.
// image-size reads the header's first image only (a GIF's logical screen, an APNG's IHDR, a WebP's
// first chunk): the frames after it are measured on the structure walk (image-structure.ts).
import { imageSize } from 'image-size';
import { MAX_PIXELS } from './media.js';

export interface Dimensions {
  width: number;
  height: number;
}

/** EXIF orientations 5–8 turn the image a quarter: width and height swap. */
const turnsQuarter = (orientation: number | undefined) => orientation !== undefined && orientation >= 5 && orientation <= 8;

/** The dimensions declared by the file's first bytes; undefined when they cannot be read. */
export function readDimensions(head: Uint8Array): Dimensions | undefined {
  let size: ReturnType<typeof imageSize>;
  try {
    // A copy with a buffer of its own: image-size reads through a DataView over the whole underlying
    // buffer, so a view into a larger (pooled) buffer would let it read past the file's end.
    size = imageSize(new Uint8Array(head));
  } catch {
    return undefined;
  }
  const { width, height } = size;
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width < 1 || height < 1) return undefined;
  return turnsQuarter(size.orientation) ? { width: height, height: width } : { width, height };
}

/** Whether an image has more pixels than the library accepts (CONTRACT §8: over 50 megapixels). */
export const tooManyPixels = (d: Dimensions): boolean => d.width * d.height > MAX_PIXELS;
