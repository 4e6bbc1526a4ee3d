// What an upload is found to be as its bytes stream past (src/modules/media/image-inspector.ts and
// the rules it applies: image-type.ts, image-dimensions.ts), and the ETag matching of the public route
// (etag.ts): tables of files and headers, and the law that the facts do not depend on how the bytes
// arrive.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AppError } from '../../../src/errors.js';
import { ifNoneMatchHits } from '../../../src/http/conditional.js';
import { entityTag } from '../../../src/modules/media/etag.js';
import { readDimensions, tooManyPixels } from '../../../src/modules/media/image-dimensions.js';
import { createImageInspector, HEAD_BYTES } from '../../../src/modules/media/image-inspector.js';
import { sniffImageType } from '../../../src/modules/media/image-type.js';
import type { ImageFacts } from '../../../src/modules/media/media.js';
import { avif, gif, HTML, jpeg, png, pngChunk, PNG_SIGNATURE, IEND, SCRIPT, SVG, webp } from './images.js';

const MAX = 10 * 1024 * 1024;

/** The JPEG with `n` APP2 segments of 64 KiB (an ICC profile's pieces) right after its SOI. */
function withAppSegments(file: Buffer, n: number): Buffer {
  const segment = Buffer.concat([Buffer.from([0xff, 0xe2, 0xff, 0xff]), Buffer.alloc(0xffff - 2, 7)]);
  return Buffer.concat([file.subarray(0, 2), ...Array.from({ length: n }, () => segment), file.subarray(2)]);
}
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function inspect(pieces: Uint8Array[], maxBytes = MAX): Promise<ImageFacts> {
  const inspector = createImageInspector({ maxBytes });
  for (const p of pieces) await inspector.push(p);
  return inspector.finish();
}

/** The refusal an inspection ends in: [code, detail code]. */
async function refusal(pieces: Uint8Array[], maxBytes = MAX): Promise<[string, string | undefined, string]> {
  try {
    await inspect(pieces, maxBytes);
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return [err.code, err.details?.[0]?.code, err.message];
  }
  assert.fail('the file was accepted');
}

describe('image inspector: accepted files', () => {
  const cases: [string, Buffer, ImageFacts['contentType'], number, number][] = [
    ['PNG', png(3, 5), 'image/png', 3, 5],
    ['JPEG', jpeg(640, 480), 'image/jpeg', 640, 480],
    ['JPEG turned a quarter by its EXIF orientation (6)', jpeg(640, 480, { orientation: 6 }), 'image/jpeg', 480, 640],
    ['JPEG with EXIF orientation 3 (upside down: same size)', jpeg(640, 480, { orientation: 3 }), 'image/jpeg', 640, 480],
    ['GIF', gif(7, 9), 'image/gif', 7, 9],
    ['WebP', webp(33, 17), 'image/webp', 33, 17],
    ['AVIF', avif(100, 50), 'image/avif', 100, 50],
    ['a PNG of exactly 50 megapixels', png(10_000, 5_000), 'image/png', 10_000, 5_000],
    ['a 3 MiB PNG', png(64, 64, { filler: 3 * 1024 * 1024 }), 'image/png', 64, 64],
  ];
  for (const [name, bytes, type, width, height] of cases) {
    it(name, async () => {
      assert.deepEqual(await inspect([bytes]), { sha256: sha256(bytes), contentType: type, bytes: bytes.length, width, height });
    });
  }

  it('reads a JPEG’s size after large metadata segments (ICC profiles), within the first MiB', async () => {
    const file = withAppSegments(jpeg(4000, 3000), 12); // 12 × 64 KiB of APP2 before the frame header
    assert.deepEqual((await inspect([file])).width, 4000);
    const pieces = Array.from({ length: Math.ceil(file.length / 10_000) }, (_, i) => file.subarray(i * 10_000, (i + 1) * 10_000));
    assert.deepEqual(await inspect(pieces), await inspect([file]));
    const [code, detail] = await refusal([withAppSegments(jpeg(4000, 3000), 17)]); // the frame header beyond the first MiB
    assert.deepEqual([code, detail], ['unsupported_media_type', 'unreadable_image']);
  });

  it('finds the same facts however the bytes arrive', async () => {
    const file = png(40, 30, { filler: HEAD_BYTES + 100_000 });
    const whole = await inspect([file]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 300_000 }), { minLength: 1, maxLength: 40 }), async (sizes) => {
        const pieces: Buffer[] = [];
        let at = 0;
        for (let i = 0; at < file.length; i += 1) {
          const n = sizes[i % sizes.length]!;
          pieces.push(file.subarray(at, at + n));
          at += n;
        }
        assert.deepEqual(await inspect(pieces), whole);
      }),
      { numRuns: 40 },
    );
  });
});

describe('image inspector: refusals', () => {
  const bomb = png(20_000, 20_000);
  const whole = jpeg(8, 8);
  const sof = whole.indexOf(Buffer.from([0xff, 0xc0]));
  const jpegWithoutFrame = Buffer.concat([whole.subarray(0, sof), whole.subarray(sof + 2 + whole.readUInt16BE(sof + 2))]);
  const cases: [string, Uint8Array[], string, string | undefined, RegExp][] = [
    ['an SVG (XML)', [SVG], 'unsupported_media_type', 'unsupported_type', /application\/xml \(\.xml\), not an image of a type the library keeps/],
    ['an SVG without an XML declaration', [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')], 'unsupported_media_type', 'unsupported_type', /type is not recognised.*SVG, HTML/],
    ['HTML', [HTML], 'unsupported_media_type', 'unsupported_type', /only JPEG, PNG, WebP, GIF and AVIF/],
    ['a shell script (whatever its name)', [SCRIPT], 'unsupported_media_type', 'unsupported_type', /not recognised/],
    ['a PDF (a type file-type knows, not an image)', [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1')], 'unsupported_media_type', 'unsupported_type', /application\/pdf \(\.pdf\)/],
    ['a BMP', [Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])], 'unsupported_media_type', 'unsupported_type', /image\/bmp/],
    ['an empty file', [], 'validation_failed', 'empty', /empty/],
    ['a file over the limit', [png(64, 64, { filler: 2000 })], 'payload_too_large', 'too_large', /larger than 1000 bytes/],
    ['a 20000 × 20000 PNG (a decompression bomb)', [bomb], 'image_too_large', 'image_too_large', /20000 × 20000 pixels \(400 megapixels\); at most 50 megapixels/],
    ['a bomb that is also cut short (the header is what counts)', [bomb.subarray(0, 40)], 'image_too_large', 'image_too_large', /400 megapixels/],
    ['a PNG of 50 megapixels and one row', [png(10_000, 5_001)], 'image_too_large', 'image_too_large', /10000 × 5001/],
    ['a truncated PNG', [png(3, 5, { iend: false })], 'validation_failed', 'truncated_image', /cut short.*IEND/],
    ['a JPEG without EOI', [jpeg(8, 8, { eoi: false })], 'validation_failed', 'truncated_image', /end-of-image marker/],
    ['a GIF without its trailer', [gif(2, 2, { trailer: false })], 'validation_failed', 'truncated_image', /trailer/],
    ['a WebP whose RIFF size is short (its chunk does not fit in it)', [webp(4, 4, { riffSize: 20 })], 'validation_failed', 'malformed_image', /VP8L" chunk declares 16 bytes/],
    ['a WebP with bytes after its RIFF end', [Buffer.concat([webp(4, 4), Buffer.alloc(2)])], 'validation_failed', 'trailing_data', /does not add up/],
    ['an AVIF cut short', [avif().subarray(0, avif().length - 3)], 'validation_failed', 'truncated_image', /AVIF/],
    ['a JPEG without a frame header (its size cannot be read)', [jpegWithoutFrame], 'unsupported_media_type', 'unreadable_image', /JPEG file’s dimensions cannot be read/],
    ['a PNG cut inside IHDR (cut short, not unreadable)', [png(3, 5).subarray(0, 20)], 'validation_failed', 'truncated_image', /cut short/],
  ];
  for (const [name, pieces, code, detail, message] of cases) {
    it(`${name}: ${code}`, async () => {
      const [got, gotDetail, text] = await refusal(pieces, name.includes('over the limit') ? 1000 : MAX);
      assert.equal(got, code, text);
      assert.equal(gotDetail, detail);
      assert.match(text, message);
    });
  }

  it('refuses what is not an image of ours once its first 4 KiB are in, before the rest is read', async () => {
    const inspector = createImageInspector({ maxBytes: MAX });
    await inspector.push(HTML);
    await assert.rejects(inspector.push(Buffer.alloc(5000, 0x20)), (err) => err instanceof AppError && err.code === 'unsupported_media_type');
  });

  it('refuses a bomb once its first MiB is in, before the rest is read', async () => {
    const file = Buffer.concat([png(20_000, 20_000, { iend: false }), pngChunk('IDAT', Buffer.alloc(3 * 1024 * 1024))]);
    const inspector = createImageInspector({ maxBytes: MAX });
    let pushed = 0;
    await assert.rejects(async () => {
      for (; pushed < file.length; pushed += 65536) await inspector.push(file.subarray(pushed, pushed + 65536));
    }, (err) => err instanceof AppError && err.code === 'image_too_large');
    assert.ok(pushed <= HEAD_BYTES, `refused after ${pushed} bytes`);
  });

  it('refuses a file over the limit as soon as the limit is passed', async () => {
    const inspector = createImageInspector({ maxBytes: 10_000 });
    await inspector.push(png(64, 64, { filler: 20_000 }).subarray(0, 10_000));
    await assert.rejects(inspector.push(Buffer.alloc(1)), (err) => err instanceof AppError && err.code === 'payload_too_large');
  });
});

describe('image rules', () => {
  it('sniffs the type from the bytes alone; an animated PNG is a PNG', async () => {
    assert.deepEqual(await sniffImageType(jpeg()), { ok: true, type: 'image/jpeg' });
    const apng = Buffer.concat([PNG_SIGNATURE, png(2, 2).subarray(8, 33), pngChunk('acTL', Buffer.alloc(8)), png(2, 2).subarray(33)]);
    assert.deepEqual(await sniffImageType(apng), { ok: true, type: 'image/png' });
    assert.deepEqual(await sniffImageType(SVG), { ok: false, found: { ext: 'xml', mime: 'application/xml' } });
    assert.deepEqual(await sniffImageType(HTML), { ok: false, found: undefined });
    assert.deepEqual(await sniffImageType(Buffer.alloc(0)), { ok: false, found: undefined });
  });

  it('reads dimensions from the header, or nothing', () => {
    assert.deepEqual(readDimensions(png(20_000, 20_000)), { width: 20_000, height: 20_000 });
    assert.deepEqual(readDimensions(jpeg(100, 50, { orientation: 8 })), { width: 50, height: 100 });
    assert.equal(readDimensions(Buffer.from('not an image')), undefined);
    assert.equal(readDimensions(png(0, 5)), undefined, 'a width of 0');
  });

  it('refuses more than 50 megapixels', () => {
    const table: [number, number, boolean][] = [
      [10_000, 5_000, false],
      [10_000, 5_001, true],
      [50_000_000, 1, false],
      [50_000_001, 1, true],
      [65_535, 65_535, true],
      [1, 1, false],
    ];
    for (const [width, height, refused] of table) assert.equal(tooManyPixels({ width, height }), refused, `${width} × ${height}`);
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (w, h) => tooManyPixels({ width: w, height: h }) === tooManyPixels({ width: h, height: w })));
  });

  it('matches If-None-Match: strong, weak, in a list, or *', () => {
    const etag = entityTag('ab'.repeat(32));
    const table: [string | string[] | undefined, boolean][] = [
      [undefined, false],
      ['', false],
      [etag, true],
      [`W/${etag}`, true],
      [`"other", ${etag}`, true],
      [`"other",W/${etag} , "x"`, true],
      ['*', true],
      [' * ', true],
      ['"other"', false],
      [etag.slice(1, -1), false],
      [`${etag}x`, false],
      [['"other"', etag], true],
    ];
    for (const [header, hit] of table) assert.equal(ifNoneMatchHits(header, etag), hit, JSON.stringify(header));
  });
});
