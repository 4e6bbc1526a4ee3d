// Animated images built byte by byte for the tests of frame extents (image-frames.test.ts): GIFs of
// any frames (each at an offset, of any size), APNGs of any fcTL chunks, animated WebPs of any ANMF
// frames with a VP8L or VP8 bitstream inside. Pixels are not meant to decode; the containers walk.
import { PNG_SIGNATURE, IEND, pngChunk } from './images.js';

const le16 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff]);
const le24 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);
const le32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

export interface Frame {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/**
 * A GIF89a with a `width` × `height` logical screen (a 2-color global table) and these frames, each
 * an image descriptor and one sub-block of LZW data (`gce`: a graphic control extension before each).
 * One frame and no extension is the finding's 35-byte file. `lzwBytes`: each frame's data instead,
 * in sub-blocks of 255 bytes (a large file).
 */
export function gifOf(width: number, height: number, frames: Frame[], options: { gce?: boolean; trailer?: boolean; localTable?: boolean; lzwBytes?: number } = {}): Buffer {
  const parts = [Buffer.from('GIF89a', 'latin1'), le16(width), le16(height), Buffer.from([0x80, 0, 0]), Buffer.from([0, 0, 0, 255, 255, 255])];
  for (const f of frames) {
    if (options.gce) parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]));
    parts.push(Buffer.from([0x2c]), le16(f.x ?? 0), le16(f.y ?? 0), le16(f.width), le16(f.height));
    // A local color table of 4 colors (packed 0x81), or none.
    parts.push(options.localTable ? Buffer.concat([Buffer.from([0x81]), Buffer.alloc(12, 9)]) : Buffer.from([0]));
    if (options.lzwBytes === undefined) {
      parts.push(Buffer.from([2, 2, 0x44, 0x01, 0]));
    } else {
      parts.push(Buffer.from([8]));
      for (let left = options.lzwBytes; left > 0; left -= 255) parts.push(Buffer.from([Math.min(255, left)]), Buffer.alloc(Math.min(255, left), 0x3b));
      parts.push(Buffer.from([0]));
    }
  }
  if (options.trailer !== false) parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** An APNG of a `width` × `height` canvas (IHDR): acTL, then per frame an fcTL and its data (IDAT for the first, fdAT after). */
export function apngOf(width: number, height: number, frames: Frame[], options: { iend?: boolean; fctlLength?: number } = {}): Buffer {
  const ihdr = Buffer.concat([be32(width), be32(height), Buffer.from([8, 6, 0, 0, 0])]);
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('acTL', Buffer.concat([be32(frames.length), be32(0)]))];
  let sequence = 0;
  frames.forEach((f, i) => {
    const fctl = Buffer.concat([be32(sequence++), be32(f.width), be32(f.height), be32(f.x ?? 0), be32(f.y ?? 0), Buffer.from([0, 1, 0, 10, 0, 0])]);
    parts.push(pngChunk('fcTL', options.fctlLength === undefined ? fctl : fctl.subarray(0, options.fctlLength)));
    const data = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    parts.push(i === 0 ? pngChunk('IDAT', data) : pngChunk('fdAT', Buffer.concat([be32(sequence++), data])));
  });
  if (options.iend !== false) parts.push(IEND);
  return Buffer.concat(parts);
}

function riffChunk(fourcc: string, data: Uint8Array): Buffer {
  const pad = data.length % 2 === 1 ? Buffer.from([0]) : Buffer.alloc(0);
  return Buffer.concat([Buffer.from(fourcc, 'latin1'), le32(data.length), data, pad]);
}

/** A VP8L chunk of a `width` × `height` lossless bitstream (its header, then a few bytes). */
export function vp8l(width: number, height: number): Buffer {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return riffChunk('VP8L', Buffer.concat([Buffer.from([0x2f]), le32(bits), Buffer.alloc(6, 0x11)]));
}

/** A 'VP8 ' chunk of a `width` × `height` key frame (its frame tag, start code and size, then a few bytes). */
export function vp8(width: number, height: number): Buffer {
  return riffChunk('VP8 ', Buffer.concat([Buffer.from([0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a]), le16(width), le16(height), Buffer.alloc(8, 0x22)]));
}

export const riff = (...chunks: Buffer[]): Buffer => {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), le32(body.length), body]);
};

export const vp8x = (width: number, height: number, flags = 0x02) => riffChunk('VP8X', Buffer.concat([Buffer.from([flags, 0, 0, 0]), le24(width - 1), le24(height - 1)]));

/** An ANMF frame: its header (X / 2, Y / 2, width - 1, height - 1, duration, flags), then its chunks. */
export function anmf(frame: Frame, ...inside: Buffer[]): Buffer {
  const header = Buffer.concat([le24((frame.x ?? 0) / 2), le24((frame.y ?? 0) / 2), le24(frame.width - 1), le24(frame.height - 1), le24(100), Buffer.from([0])]);
  return riffChunk('ANMF', Buffer.concat([header, ...inside]));
}

/**
 * An animated WebP of a `width` × `height` canvas (VP8X with the animation flag, ANIM) and these
 * frames, each holding a VP8L bitstream of its size unless `bitstream` says otherwise.
 */
export function animatedWebpOf(width: number, height: number, frames: (Frame & { bitstream?: Buffer })[]): Buffer {
  const anim = riffChunk('ANIM', Buffer.concat([le32(0xffffffff), le16(0)]));
  return riff(vp8x(width, height), anim, ...frames.map((f) => anmf(f, f.bitstream ?? vp8l(f.width, f.height))));
}
