// Image files built in the tests (no binary fixtures): each is syntactically a file of its format,
// with the dimensions asked for, so that file-type recognises it, image-size reads its size and its
// container walks to its end. Pixels are not meant to decode (only the small PNG's do).
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16be = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

export function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const IEND = pngChunk('IEND', Buffer.alloc(0));

/**
 * A PNG of width × height (RGB, 8 bits). Small ones hold real (black) pixels; `filler` bytes of random
 * data are added as IDAT chunks of 64 KiB (a large file, not decodable), `iend: false` leaves the end off.
 */
export function png(width = 2, height = 2, options: { filler?: number; iend?: boolean; pixels?: boolean } = {}): Buffer {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', ihdr)];
  const pixels = options.pixels ?? width * height <= 1_000_000;
  // A black image: each row a filter byte and 3 bytes a pixel; a bomb gets a tiny stream instead.
  parts.push(pngChunk('IDAT', deflateSync(pixels ? Buffer.alloc(height * (1 + 3 * width)) : Buffer.alloc(16))));
  for (let left = options.filler ?? 0; left > 0; left -= 65536) parts.push(pngChunk('IDAT', randomBytes(Math.min(65536, left))));
  if (options.iend !== false) parts.push(IEND);
  return Buffer.concat(parts);
}

/** A PNG of exactly `size` bytes (its last IDAT padded to fit). */
export function pngOfSize(size: number, width = 64, height = 64): Buffer {
  const base = png(width, height);
  const room = size - base.length - 12; // one more chunk's header and CRC
  if (room < 0) throw new Error(`a PNG cannot be as small as ${size} bytes`);
  const head = base.subarray(0, base.length - IEND.length);
  return Buffer.concat([head, pngChunk('IDAT', randomBytes(room)), IEND]);
}

/** A GIF89a of width × height: one frame of one color. */
export function gif(width = 1, height = 1, options: { trailer?: boolean } = {}): Buffer {
  const le16 = (n: number) => Buffer.from([n & 0xff, n >> 8]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    le16(width),
    le16(height),
    Buffer.from([0x80, 0, 0]), // a global color table of 2 colors
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0]), // graphic control extension
    Buffer.from([0x2c]),
    le16(0),
    le16(0),
    le16(width),
    le16(height),
    Buffer.from([0]),
    Buffer.from([2, 2, 0x44, 0x01, 0]), // LZW code size 2, one sub-block of 2 bytes, end
    ...(options.trailer === false ? [] : [Buffer.from([0x3b])]),
  ]);
}

/**
 * A baseline JPEG of width × height: JFIF, an optional EXIF orientation (its thumbnail-like payload
 * holds an FF D9 that is not the end), tables, the frame, a scan whose data has stuffed bytes and a
 * restart marker, and (unless `eoi: false`) the end-of-image marker. `filler` adds scan data.
 */
export function jpeg(width = 8, height = 8, options: { orientation?: number; eoi?: boolean; filler?: number } = {}): Buffer {
  const segment = (marker: number, data: Uint8Array) => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8]), segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'))];
  if (options.orientation !== undefined) {
    // Exif\0\0, a big-endian TIFF header, one IFD entry: Orientation (274), SHORT, 1, value; then bytes holding FF D9.
    const tiff = Buffer.concat([Buffer.from('MM\0\x2a', 'latin1'), u32be(8), u16be(1), u16be(274), u16be(3), u32be(1), u16be(options.orientation), u16be(0), u32be(0)]);
    parts.push(segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, Buffer.from([0xff, 0xd8, 0xff, 0xd9])])));
  }
  parts.push(segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])));
  parts.push(segment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])])));
  parts.push(segment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.alloc(16, 0), Buffer.alloc(0)])));
  parts.push(segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])));
  const scan = Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0xff, 0xff, 0x00, 0x9a]);
  parts.push(scan);
  if (options.filler) {
    // Random scan data with every 0xFF stuffed, as an encoder writes it.
    const raw = randomBytes(options.filler);
    const out: number[] = [];
    for (const b of raw) {
      out.push(b);
      if (b === 0xff) out.push(0);
    }
    parts.push(Buffer.from(out));
  }
  if (options.eoi !== false) parts.push(Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A lossless WebP (VP8L) of width × height; `riffSize` overrides the size its RIFF header declares. */
export function webp(width = 4, height = 4, options: { riffSize?: number; payload?: number } = {}): Buffer {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const header = Buffer.alloc(5);
  header[0] = 0x2f;
  header.writeUInt32LE(bits >>> 0, 1);
  let data = Buffer.concat([header, randomBytes(options.payload ?? 11)]);
  const chunkSize = data.length;
  if (data.length % 2 === 1) data = Buffer.concat([data, Buffer.from([0])]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.alloc(4), data]);
  chunk.writeUInt32LE(chunkSize, 4);
  const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1'), chunk]);
  riff.writeUInt32LE(options.riffSize ?? riff.length - 8, 4);
  return riff;
}

export function box(type: string, ...content: Uint8Array[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([u32be(body.length + 8), Buffer.from(type, 'latin1'), body]);
}

const fullBox = (type: string, ...content: Uint8Array[]) => box(type, Buffer.alloc(4), ...content);

/** An AVIF of width × height: ftyp, meta (hdlr, iprp/ipco/ispe), then mdat (`mdat` bytes). */
export function avif(width = 16, height = 16, options: { mdat?: number } = {}): Buffer {
  const ftyp = box('ftyp', Buffer.from('avif', 'latin1'), u32be(0), Buffer.from('avifmif1miaf', 'latin1'));
  const hdlr = fullBox('hdlr', u32be(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from([0]));
  const ispe = fullBox('ispe', u32be(width), u32be(height));
  const meta = fullBox('meta', hdlr, box('iprp', box('ipco', ispe)));
  return Buffer.concat([ftyp, meta, box('mdat', randomBytes(options.mdat ?? 32))]);
}

export const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>\n');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n');
export const SCRIPT = Buffer.from('#!/bin/sh\necho pwned\n');
