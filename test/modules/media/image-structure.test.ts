// Whether an image file is whole (src/modules/media/image-structure.ts): a table of whole, cut and
// damaged files of each format, and the laws: the result does not depend on how the bytes are split,
// every proper prefix of a file is refused, and bytes after the end are allowed where the format ends
// with a marker and refused where the container declares its size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkStructure, type StructureResult } from '../../../src/modules/media/image-structure.js';
import type { MediaType } from '../../../src/modules/media/media.js';
import { avif, box, gif, IEND, jpeg, png, PNG_SIGNATURE, pngChunk, webp } from './images.js';

const cut = (b: Buffer, n: number) => b.subarray(0, b.length - n);
const problem = (r: StructureResult) => (r.ok ? 'ok' : r.problem);

describe('image structure: a table of files', () => {
  const mp4 = box('ftyp', Buffer.from('mp42\0\0\0\0mp42isom', 'latin1'));
  const gifWithFakeTrailer = (() => {
    // Image data whose sub-block holds 0x3B (the trailer's byte) before the real end.
    const g = gif(4, 4, { trailer: false });
    return Buffer.concat([g.subarray(0, g.length - 1), Buffer.from([3, 0x3b, 0x3b, 0x3b, 0])]);
  })();
  // Up to the end of the APP1 segment, whose payload holds FF D8 FF D9 (as an EXIF thumbnail does).
  const withExif = jpeg(8, 8, { orientation: 1 });
  const exifOnly = withExif.subarray(0, withExif.indexOf(Buffer.from([0xff, 0xdb])));
  const cases: [string, MediaType, Buffer, 'ok' | 'truncated' | 'trailing_data' | 'malformed', RegExp?][] = [
    ['a PNG', 'image/png', png(3, 5), 'ok'],
    ['a PNG without its IEND chunk', 'image/png', png(3, 5, { iend: false }), 'truncated', /PNG file is cut short: it ends before its IEND chunk/],
    ['a PNG cut inside IEND', 'image/png', cut(png(3, 5), 3), 'truncated'],
    ['a PNG cut inside its IDAT data', 'image/png', png(64, 64, { filler: 70_000 }).subarray(0, 50_000), 'truncated'],
    ['a PNG cut inside IHDR', 'image/png', png(3, 5).subarray(0, 20), 'truncated'],
    ['the PNG signature alone', 'image/png', PNG_SIGNATURE, 'truncated'],
    ['a PNG with bytes after IEND', 'image/png', Buffer.concat([png(3, 5), Buffer.from('PK\x03\x04zip')]), 'ok'],
    ['a PNG with a wrong signature', 'image/png', Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\x0b', 'latin1'), IEND]), 'malformed', /PNG file is malformed/],
    ['a PNG chunk over 2^31 - 1 bytes', 'image/png', Buffer.concat([PNG_SIGNATURE, Buffer.from([0x80, 0, 0, 0]), Buffer.from('IDAT')]), 'malformed'],
    ['a PNG whose IEND comes early (more chunks after)', 'image/png', Buffer.concat([PNG_SIGNATURE, IEND, pngChunk('IDAT', Buffer.alloc(4))]), 'ok'],
    ['a JPEG', 'image/jpeg', jpeg(640, 480), 'ok'],
    ['a JPEG with an EXIF block', 'image/jpeg', jpeg(640, 480, { orientation: 6 }), 'ok'],
    ['a JPEG without its EOI', 'image/jpeg', jpeg(640, 480, { eoi: false }), 'truncated', /JPEG file is cut short: it ends before its end-of-image marker/],
    ['a JPEG cut after its EXIF block (whose payload holds FF D9)', 'image/jpeg', exifOnly, 'truncated'],
    ['a JPEG cut inside its scan', 'image/jpeg', jpeg(8, 8, { filler: 5000 }).subarray(0, 3000), 'truncated'],
    ['a JPEG cut between FF and D9', 'image/jpeg', cut(jpeg(8, 8), 1), 'truncated'],
    ['a JPEG with a video after its EOI (a motion photo)', 'image/jpeg', Buffer.concat([jpeg(8, 8), mp4]), 'ok'],
    ['a JPEG that does not start with SOI', 'image/jpeg', Buffer.from([0xff, 0xd9, 0xff, 0xd9]), 'malformed'],
    ['a JPEG segment declaring a length of 1', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xd9]), 'malformed'],
    ['a GIF', 'image/gif', gif(7, 9), 'ok'],
    ['a GIF without its trailer', 'image/gif', gif(7, 9, { trailer: false }), 'truncated', /GIF file is cut short: it ends before its trailer/],
    ['a GIF whose image data holds the trailer’s byte, cut before its end', 'image/gif', gifWithFakeTrailer, 'truncated'],
    ['a GIF with bytes after its trailer', 'image/gif', Buffer.concat([gif(), Buffer.from('junk')]), 'ok'],
    ['a GIF with an unknown block', 'image/gif', Buffer.concat([gif(1, 1, { trailer: false }), Buffer.from([0x99, 0x3b])]), 'malformed', /unknown block \(0x99\)/],
    ['a WebP', 'image/webp', webp(33, 17), 'ok'],
    ['a WebP cut short', 'image/webp', cut(webp(33, 17), 4), 'truncated', /RIFF header declares 36 bytes, the file has 32/],
    // Its chunks are walked within the RIFF size: the last one does not fit in it.
    ['a WebP whose RIFF size is smaller than the file', 'image/webp', webp(4, 4, { riffSize: 20 }), 'malformed', /"VP8L" chunk declares 16 bytes, more than the 8 left in its RIFF container/],
    ['a WebP with bytes after its RIFF end', 'image/webp', Buffer.concat([webp(), Buffer.from([0, 0])]), 'trailing_data'],
    ['a RIFF that is not WebP', 'image/webp', Buffer.from('RIFF\x04\0\0\0WAVE', 'latin1'), 'malformed'],
    ['an AVIF', 'image/avif', avif(100, 50), 'ok'],
    ['an AVIF cut inside mdat', 'image/avif', cut(avif(100, 50), 5), 'truncated', /AVIF file does not add up/],
    ['an AVIF without its mdat box', 'image/avif', avif(100, 50).subarray(0, avif().length - 40), 'truncated', /ends before its media data box/],
    ['an AVIF with bytes after its last box', 'image/avif', Buffer.concat([avif(), Buffer.from('xyz')]), 'truncated'],
    ['an AVIF whose last box runs to the end (size 0)', 'image/avif', Buffer.concat([avif().subarray(0, avif().length - 40), Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), Buffer.alloc(100)]), 'ok'],
    ['an AVIF with a 64-bit box size', 'image/avif', Buffer.concat([avif(), Buffer.from([0, 0, 0, 1]), Buffer.from('free'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 20]), Buffer.alloc(4)]), 'ok'],
    ['an AVIF not starting with ftyp', 'image/avif', box('mdat', Buffer.alloc(8)), 'malformed'],
    ['an AVIF box declaring 4 bytes', 'image/avif', Buffer.concat([avif(), Buffer.from([0, 0, 0, 4]), Buffer.from('free')]), 'malformed'],
  ];
  for (const [name, type, bytes, expected, message] of cases) {
    it(`${name}: ${expected}`, () => {
      const result = checkStructure(type, [bytes]);
      assert.equal(problem(result), expected, JSON.stringify(result));
      if (message) assert.match(result.ok ? '' : result.message, message);
    });
  }

  it('counts the bytes after a marker-ended file', () => {
    assert.deepEqual(checkStructure('image/jpeg', [jpeg(8, 8), Buffer.alloc(10)]), { ok: true, trailingBytes: 10 });
  });
});

// ---------------------------------------------------------------------------------------------
// Laws

const TYPES: MediaType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];
const dimension = fc.integer({ min: 1, max: 5000 });
const anyFile = fc.record({ type: fc.constantFrom(...TYPES), width: dimension, height: dimension, size: fc.integer({ min: 0, max: 3000 }) }).map(({ type, width, height, size }) => {
  switch (type) {
    case 'image/png':
      return { type, bytes: png(width, height, { filler: size, pixels: false }) };
    case 'image/jpeg':
      return { type, bytes: jpeg(width, height, { filler: size, orientation: size % 3 === 0 ? 6 : undefined }) };
    case 'image/gif':
      return { type, bytes: gif(width, height) };
    case 'image/webp':
      return { type, bytes: webp(Math.min(width, 16384), Math.min(height, 16384), { payload: size + 1 }) };
    default:
      return { type, bytes: avif(width, height, { mdat: size }) };
  }
});

/** The bytes cut at these points (sorted, within the buffer). */
function split(bytes: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const c of at) {
    pieces.push(bytes.subarray(from, c));
    from = c;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

describe('image structure: laws', () => {
  it('the result is the same however the bytes are split (damaged files included)', () => {
    fc.assert(
      fc.property(anyFile, fc.array(fc.nat(), { maxLength: 20 }), fc.nat(), fc.boolean(), ({ type, bytes }, cuts, chop, damage) => {
        const file = damage ? bytes.subarray(0, chop % (bytes.length + 1)) : bytes;
        assert.deepEqual(checkStructure(type, split(file, cuts)), checkStructure(type, [file]));
      }),
      { numRuns: 400 },
    );
  });

  it('a whole file is whole, and every proper prefix of it is refused', () => {
    fc.assert(
      fc.property(anyFile, fc.nat(), ({ type, bytes }, n) => {
        assert.equal(checkStructure(type, [bytes]).ok, true);
        const prefix = bytes.subarray(0, n % bytes.length);
        const result = checkStructure(type, [prefix]);
        assert.equal(result.ok, false, `${type}: a prefix of ${prefix.length} of ${bytes.length} bytes`);
      }),
      { numRuns: 400 },
    );
  });

  it('bytes after the end: allowed after a PNG, JPEG or GIF, refused after a WebP or an AVIF', () => {
    fc.assert(
      fc.property(anyFile, fc.uint8Array({ minLength: 1, maxLength: 64 }), ({ type, bytes }, extra) => {
        // After an AVIF, bytes that are not a whole box (one declaring more than there is).
        const tail = type === 'image/avif' ? Buffer.concat([Buffer.from([0x7f]), extra]) : extra;
        const result = checkStructure(type, [bytes, tail]);
        const marked = type === 'image/png' || type === 'image/jpeg' || type === 'image/gif';
        assert.equal(result.ok, marked, `${type} with ${extra.length} bytes after`);
      }),
      { numRuns: 300 },
    );
  });
});
