// Every frame counts against the 50-megapixel limit (the finding "GIF frames past the 50-megapixel
// limit"): the canvas a GIF's frames need (src/modules/media/image-structure.ts), an APNG's fcTL and
// an animated WebP's ANMF frames and bitstreams inside their canvas, as the inspector applies it
// (image-inspector.ts) and as the upload route answers it. The attack files are built byte by byte.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { AppError } from '../../../src/errors.js';
import type { Dimensions } from '../../../src/modules/media/image-dimensions.js';
import { createImageInspector, HEAD_BYTES } from '../../../src/modules/media/image-inspector.js';
import { checkStructure, type StructureResult } from '../../../src/modules/media/image-structure.js';
import type { ImageFacts, MediaType } from '../../../src/modules/media/media.js';
import { bearer, forEachEngine } from '../../helpers/app.js';
import { animatedWebpOf, anmf, apngOf, gifOf, riff, vp8, vp8l, vp8x, type Frame } from './animated-images.js';
import { IEND, PNG_SIGNATURE, pngChunk } from './images.js';
import { fileBody, stored } from './multipart.js';
import { applyEdits, edit } from './byte-edits.js';

const MAX = 10 * 1024 * 1024;

/** The finding's file: a 10 × 10 logical screen, no extension, one frame of `size` × `size` (35 bytes). */
const bombGif = (size: number) => gifOf(10, 10, [{ width: size, height: size }]);

async function inspect(file: Uint8Array, piece = file.length): Promise<ImageFacts> {
  const inspector = createImageInspector({ maxBytes: MAX });
  for (let at = 0; at < file.length; at += piece) await inspector.push(file.subarray(at, at + piece));
  return inspector.finish();
}

async function refusal(file: Uint8Array): Promise<[string, string | undefined, string]> {
  try {
    await inspect(file);
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return [err.code, err.details?.[0]?.code, err.message];
  }
  assert.fail('the file was accepted');
}

const outcome = (r: StructureResult) => [r.ok ? 'ok' : r.problem, r.extent ?? null] as const;
const size = (width: number, height: number): Dimensions => ({ width, height });

describe('frame extents: a table of animated files', () => {
  const fctlFirst = Buffer.concat([PNG_SIGNATURE, pngChunk('fcTL', Buffer.alloc(26)), IEND]);
  const alph = Buffer.concat([Buffer.from('ALPH\x03\0\0\0', 'latin1'), Buffer.from([0, 1, 2, 0])]);
  const goodWebp = animatedWebpOf(100, 100, [{ width: 100, height: 100 }, { x: 10, y: 20, width: 50, height: 40 }]);
  const cases: [string, MediaType, Buffer, 'ok' | 'truncated' | 'malformed', Dimensions | null, RegExp?][] = [
    // GIF89a: the screen grown to hold every frame.
    ['the finding’s 35-byte GIF: a 10 × 10 screen, an 8000 × 8000 frame', 'image/gif', bombGif(8000), 'ok', size(8000, 8000)],
    ['a 10 × 10 screen, a 60000 × 60000 frame', 'image/gif', bombGif(60_000), 'ok', size(60_000, 60_000)],
    ['a small first frame, then a huge second', 'image/gif', gifOf(10, 10, [{ width: 10, height: 10 }, { width: 9000, height: 9000 }], { gce: true }), 'ok', size(9000, 9000)],
    ['a small frame at a far offset (the canvas grows to hold it)', 'image/gif', gifOf(10, 10, [{ x: 60_000, y: 60_000, width: 10, height: 10 }]), 'ok', size(60_010, 60_010)],
    ['a frame past the screen’s right edge only', 'image/gif', gifOf(10, 10, [{ x: 5, width: 10, height: 10 }]), 'ok', size(15, 10)],
    ['a zero-sized frame (drawn as large as the screen, at its offset)', 'image/gif', gifOf(10, 10, [{ x: 5, width: 0, height: 4 }]), 'ok', size(15, 10)],
    ['a normal animated GIF (local color tables, frames inside the screen)', 'image/gif', gifOf(100, 80, [{ width: 100, height: 80 }, { x: 10, y: 10, width: 50, height: 20 }, { x: 99, y: 79, width: 1, height: 1 }], { gce: true, localTable: true }), 'ok', size(100, 80)],
    ['a huge frame cut short in its data (the frame is known)', 'image/gif', bombGif(8000).subarray(0, 31), 'truncated', size(8000, 8000)],
    ['a GIF cut inside its image descriptor', 'image/gif', bombGif(8000).subarray(0, 25), 'truncated', size(10, 10)],
    ['a GIF without its trailer', 'image/gif', gifOf(10, 10, [{ width: 10, height: 10 }], { trailer: false }), 'truncated', size(10, 10)],
    // APNG: every fcTL inside the IHDR canvas.
    ['an APNG whose frames lie inside its canvas', 'image/png', apngOf(100, 100, [{ width: 100, height: 100 }, { x: 10, y: 10, width: 50, height: 50 }, { x: 90, y: 0, width: 10, height: 100 }]), 'ok', size(100, 100)],
    ['an APNG with a 60000 × 60000 fcTL on a 10 × 10 canvas', 'image/png', apngOf(10, 10, [{ width: 10, height: 10 }, { width: 60_000, height: 60_000 }]), 'malformed', size(10, 10), /a frame \(fcTL\) of 60000 × 60000 at \(0, 0\) does not fit inside its 10 × 10 canvas \(IHDR\)/],
    ['an APNG frame at an offset past the canvas', 'image/png', apngOf(10, 10, [{ x: 5, width: 10, height: 10 }]), 'malformed', size(10, 10), /10 × 10 at \(5, 0\)/],
    ['an APNG frame offset by 2^32 - 1 (no wrap-around)', 'image/png', apngOf(10, 10, [{ y: 0xffffffff, width: 1, height: 1 }]), 'malformed', size(10, 10)],
    ['an APNG frame of zero width', 'image/png', apngOf(10, 10, [{ width: 0, height: 10 }]), 'malformed', size(10, 10), /0 × 10 pixels/],
    ['an fcTL of 25 bytes', 'image/png', apngOf(10, 10, [{ width: 10, height: 10 }], { fctlLength: 25 }), 'malformed', size(10, 10), /fcTL\) has 25 bytes, not 26/],
    ['an fcTL before IHDR', 'image/png', fctlFirst, 'malformed', null, /before its IHDR/],
    ['an APNG cut inside an fcTL', 'image/png', apngOf(10, 10, [{ width: 10, height: 10 }]).subarray(0, 70), 'truncated', size(10, 10)],
    // Animated WebP: every ANMF frame, and the bitstream inside it, inside the VP8X canvas.
    ['an animated WebP whose frames lie inside its canvas', 'image/webp', goodWebp, 'ok', size(100, 100)],
    ['an animated WebP with a 16777216² ANMF frame on a 10 × 10 canvas', 'image/webp', animatedWebpOf(10, 10, [{ width: 2 ** 24, height: 2 ** 24, bitstream: vp8l(10, 10) }]), 'malformed', size(10, 10), /animation frame \(ANMF\) of 16777216 × 16777216 at \(0, 0\) does not fit inside its 10 × 10 canvas \(VP8X\)/],
    ['an ANMF frame at an offset past the canvas', 'image/webp', animatedWebpOf(100, 100, [{ width: 100, height: 100 }, { x: 60, y: 2, width: 50, height: 50 }]), 'malformed', size(100, 100), /50 × 50 at \(60, 2\)/],
    ['a small ANMF frame holding a 16384 × 16384 VP8L bitstream', 'image/webp', animatedWebpOf(100, 100, [{ width: 10, height: 10, bitstream: vp8l(16_384, 16_384) }]), 'malformed', size(100, 100), /VP8L bitstream of 16384 × 16384 at \(0, 0\)/],
    ['an ANMF frame’s VP8L bitstream placed at its offset', 'image/webp', animatedWebpOf(100, 100, [{ x: 90, y: 0, width: 10, height: 10, bitstream: vp8l(12, 10) }]), 'malformed', size(100, 100), /12 × 10 at \(90, 0\)/],
    ['a small ANMF frame holding a 16383 × 16383 lossy VP8 bitstream', 'image/webp', animatedWebpOf(100, 100, [{ width: 10, height: 10, bitstream: vp8(16_383, 16_383) }]), 'malformed', size(100, 100), /VP8 bitstream of 16383 × 16383/],
    ['an animated WebP with lossy frames inside its canvas', 'image/webp', animatedWebpOf(64, 64, [{ width: 64, height: 64, bitstream: vp8(64, 64) }, { x: 32, y: 32, width: 32, height: 32, bitstream: vp8(32, 32) }]), 'ok', size(64, 64)],
    ['a still VP8X WebP whose VP8L bitstream is larger than its canvas', 'image/webp', riff(vp8x(10, 10, 0), vp8l(16_384, 16_384)), 'malformed', size(10, 10)],
    ['a simple lossy WebP (VP8)', 'image/webp', riff(vp8(300, 200)), 'ok', size(300, 200)],
    ['a still VP8X WebP with alpha (VP8X, ALPH, VP8: what cwebp writes)', 'image/webp', riff(vp8x(30, 20, 0x10), alph, vp8(30, 20)), 'ok', size(30, 20)],
    ['an ANMF frame with alpha (ALPH, then VP8)', 'image/webp', animatedWebpOf(30, 20, [{ x: 2, width: 28, height: 20, bitstream: Buffer.concat([alph, vp8(28, 20)]) }]), 'ok', size(30, 20)],
    ['a simple WebP with a second, larger bitstream', 'image/webp', riff(vp8l(10, 10), vp8l(16_384, 16_384)), 'malformed', size(10, 10)],
    ['a lossy VP8 chunk that is not a key frame', 'image/webp', riff(Buffer.concat([Buffer.from('VP8 \x0a\0\0\0', 'latin1'), Buffer.from([1, 0, 0, 0x9d, 1, 0x2a, 8, 0, 8, 0])])), 'malformed', null, /key frame/],
    ['an ANMF frame without a VP8X canvas', 'image/webp', riff(anmf({ width: 1, height: 1 }, vp8l(1, 1))), 'malformed', null, /without a VP8X canvas/],
    ['a VP8X canvas of 60000 × 60000 (the header says so: 422 in the inspector)', 'image/webp', animatedWebpOf(60_000, 60_000, [{ width: 10, height: 10 }]), 'ok', size(60_000, 60_000)],
    ['an animated WebP cut inside a frame', 'image/webp', goodWebp.subarray(0, goodWebp.length - 10), 'truncated', size(100, 100)],
  ];
  for (const [name, type, bytes, problem, extent, message] of cases) {
    it(`${name}: ${problem}`, () => {
      const result = checkStructure(type, [bytes]);
      assert.deepEqual(outcome(result), [problem, extent], JSON.stringify(result));
      if (message) assert.match(result.ok ? '' : result.message, message);
    });
  }

  it('the finding’s file is the 35 bytes it says', () => assert.equal(bombGif(8000).length, 35));
});

describe('frame extents in the inspector', () => {
  const accepted: [string, Buffer, MediaType, number, number][] = [
    ['a normal animated GIF', gifOf(320, 240, [{ width: 320, height: 240 }, { x: 100, y: 50, width: 20, height: 30 }], { gce: true }), 'image/gif', 320, 240],
    ['a GIF whose first frame is larger than its screen (stored as the canvas a browser shows)', gifOf(10, 10, [{ width: 40, height: 30 }]), 'image/gif', 40, 30],
    ['a GIF whose frames need exactly 50 megapixels', gifOf(10, 10, [{ width: 10_000, height: 10 }, { y: 10, width: 10, height: 4990 }]), 'image/gif', 10_000, 5000],
    ['an APNG', apngOf(64, 48, [{ width: 64, height: 48 }, { x: 8, y: 8, width: 16, height: 16 }]), 'image/png', 64, 48],
    ['an animated WebP', animatedWebpOf(120, 90, [{ width: 120, height: 90 }, { x: 2, y: 4, width: 60, height: 45 }]), 'image/webp', 120, 90],
  ];
  for (const [name, file, type, width, height] of accepted) {
    it(`accepts ${name}: ${width} × ${height}`, async () => {
      const facts = await inspect(file);
      assert.deepEqual([facts.contentType, facts.width, facts.height], [type, width, height]);
      assert.deepEqual(await inspect(file, 7), facts, 'however the bytes arrive');
    });
  }

  const refused: [string, Buffer, string, string, RegExp][] = [
    ['the finding’s 35-byte GIF', bombGif(8000), 'image_too_large', 'image_too_large', /8000 × 8000 pixels \(64 megapixels\); at most 50 megapixels/],
    ['a 60000 × 60000 GIF frame', bombGif(60_000), 'image_too_large', 'image_too_large', /60000 × 60000 pixels \(3600 megapixels\)/],
    ['a huge second GIF frame', gifOf(10, 10, [{ width: 10, height: 10 }, { width: 9000, height: 9000 }]), 'image_too_large', 'image_too_large', /9000 × 9000/],
    ['a GIF frame at a far offset', gifOf(10, 10, [{ x: 60_000, y: 60_000, width: 1, height: 1 }]), 'image_too_large', 'image_too_large', /60001 × 60001/],
    ['GIF frames that need 50 megapixels and one row', gifOf(10, 10, [{ width: 10_000, height: 10 }, { y: 10, width: 10, height: 4991 }]), 'image_too_large', 'image_too_large', /10000 × 5001/],
    ['a huge GIF frame whose data is cut short (the frame is known)', bombGif(8000).subarray(0, 31), 'image_too_large', 'image_too_large', /8000 × 8000/],
    ['an APNG with a 60000 × 60000 fcTL', apngOf(10, 10, [{ width: 10, height: 10 }, { width: 60_000, height: 60_000 }]), 'validation_failed', 'malformed_image', /PNG file is malformed: a frame \(fcTL\) of 60000 × 60000/],
    ['an animated WebP with a huge ANMF frame', animatedWebpOf(10, 10, [{ width: 2 ** 24, height: 2 ** 24, bitstream: vp8l(10, 10) }]), 'validation_failed', 'malformed_image', /WebP file is malformed: an animation frame \(ANMF\)/],
    ['an animated WebP on a 60000 × 60000 canvas', animatedWebpOf(60_000, 60_000, [{ width: 10, height: 10 }]), 'image_too_large', 'image_too_large', /60000 × 60000/],
    ['a small GIF cut short', gifOf(10, 10, [{ width: 10, height: 10 }]).subarray(0, 30), 'validation_failed', 'truncated_image', /trailer/],
  ];
  for (const [name, file, code, detail, message] of refused) {
    it(`refuses ${name}: ${code} (${detail})`, async () => {
      const [got, gotDetail, text] = await refusal(file);
      assert.deepEqual([got, gotDetail], [code, detail], text);
      assert.match(text, message);
    });
  }

  it('refuses a huge frame after 3 MiB of a small one as soon as it is walked, past the head', async () => {
    const small = gifOf(10, 10, [{ width: 10, height: 10 }], { lzwBytes: 3 * 1024 * 1024, trailer: false });
    const file = Buffer.concat([small, gifOf(10, 10, [{ width: 9000, height: 9000 }]).subarray(19)]);
    const inspector = createImageInspector({ maxBytes: MAX });
    let pushed = 0;
    await assert.rejects(async () => {
      for (; pushed < file.length + 65536; pushed += 65536) await inspector.push(file.subarray(pushed, pushed + 65536));
    }, (err) => err instanceof AppError && err.code === 'image_too_large' && /9000 × 9000/.test(err.message));
    assert.ok(pushed > HEAD_BYTES && pushed >= small.length - 65536 && pushed < file.length, `refused after ${pushed} of ${file.length} bytes`);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const dim = fc.integer({ min: 1, max: 65_535 });
const offset = fc.integer({ min: 0, max: 65_535 });
const gifFrame: fc.Arbitrary<Frame> = fc.record({ x: offset, y: offset, width: dim, height: dim });
/** A GIF of any screen and frames (small ones often, so that some are accepted). */
const anyGif = fc.record({
  width: fc.oneof(fc.integer({ min: 1, max: 300 }), dim),
  height: fc.oneof(fc.integer({ min: 1, max: 300 }), dim),
  frames: fc.array(fc.oneof(fc.record({ x: fc.nat(100), y: fc.nat(100), width: fc.integer({ min: 1, max: 200 }), height: fc.integer({ min: 1, max: 200 }) }), gifFrame), { minLength: 1, maxLength: 5 }),
});

const validAnimated = fc.oneof(
  anyGif.map(({ width, height, frames }) => gifOf(width, height, frames, { gce: true })),
  fc.constant(apngOf(20, 20, [{ width: 20, height: 20 }, { x: 5, y: 5, width: 10, height: 10 }])),
  fc.constant(animatedWebpOf(40, 30, [{ width: 40, height: 30 }, { x: 10, y: 10, width: 20, height: 20, bitstream: vp8(20, 20) }])),
);
const anyBytes = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(validAnimated, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([f, edits]) => applyEdits(f, edits)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('GIF89a', 'GIF87a', '\x89PNG\r\n\x1a\n', 'RIFF\x40\0\0\0WEBPVP8X'), fc.uint8Array({ maxLength: 400 })).map(([m, rest]) => Buffer.concat([Buffer.from(m, 'latin1'), rest])) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)) },
);

describe('frame extents: properties', () => {
  it('a GIF is accepted exactly when its screen and every frame fit in 50 megapixels, and stored at that size', async () => {
    await fc.assert(
      fc.asyncProperty(anyGif, async ({ width, height, frames }) => {
        const w = Math.max(width, ...frames.map((f) => f.x! + f.width));
        const h = Math.max(height, ...frames.map((f) => f.y! + f.height));
        const file = gifOf(width, height, frames);
        if (w * h <= 50_000_000) {
          const facts = await inspect(file);
          assert.deepEqual([facts.width, facts.height], [w, h]);
        } else {
          const [code, , message] = await refusal(file);
          assert.equal(code, 'image_too_large');
          assert.match(message, new RegExp(`${w} × ${h} pixels`));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws but a catalogue error, on random bytes and on mutations of valid animated files', async () => {
    await fc.assert(
      fc.asyncProperty(anyBytes, fc.integer({ min: 1, max: 500 }), async (file, piece) => {
        try {
          const facts = await inspect(file, piece);
          assert.ok(facts.width >= 1 && facts.height >= 1 && facts.width * facts.height <= 50_000_000);
        } catch (err) {
          assert.ok(err instanceof AppError, `not a catalogue error: ${String(err)}`);
          assert.ok(['validation_failed', 'unsupported_media_type', 'image_too_large'].includes(err.code), err.code);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('the extent does not depend on how the bytes are split (damaged files included)', () => {
    const types: MediaType[] = ['image/gif', 'image/png', 'image/webp'];
    fc.assert(
      fc.property(anyBytes, fc.constantFrom(...types), fc.array(fc.nat(), { maxLength: 12 }), (file, type, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (file.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((from, i) => file.subarray(from, [...at, file.length][i]));
        assert.deepEqual(checkStructure(type, pieces), checkStructure(type, [file]));
      }),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Through the upload route

forEachEngine('media upload of frame bombs', (t) => {
  let siteId: string;
  let headers: Record<string, string>;
  before(async () => {
    const site = await t().createSite();
    siteId = site.siteId;
    headers = bearer(await t().idToken(site.owner));
  });
  const upload = (file: Buffer) => {
    const body = fileBody(file, 'cat.gif', 'image/gif');
    return t().inject({ method: 'POST', url: `/api/v1/sites/${siteId}/media`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('answers the 35-byte GIF with a 10 × 10 screen and an 8000 × 8000 frame 422 image_too_large, and stores nothing', async () => {
    const res = await upload(bombGif(8000));
    assert.equal(res.statusCode, 422, res.body);
    const error = res.json().error;
    assert.equal(error.code, 'image_too_large');
    assert.match(error.message, /8000 × 8000 pixels \(64 megapixels\)/);
    assert.deepEqual(error.details?.[0]?.path, '/file');
    assert.deepEqual(await stored(t(), siteId), { media: 0, blobs: 0, staging: 0, chunks: 0 });
  });

  it('answers an APNG frame outside its canvas 400 at /file, and stores nothing', async () => {
    const res = await upload(apngOf(10, 10, [{ width: 10, height: 10 }, { width: 60_000, height: 60_000 }]));
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual([res.json().error.code, res.json().error.details?.[0]?.code], ['validation_failed', 'malformed_image']);
    assert.deepEqual(await stored(t(), siteId), { media: 0, blobs: 0, staging: 0, chunks: 0 });
  });

  it('stores a GIF whose first frame is larger than its screen at the size its frames need', async () => {
    const res = await upload(gifOf(10, 10, [{ width: 40, height: 30 }, { x: 5, y: 5, width: 5, height: 5 }], { gce: true }));
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual([res.json().data.content_type, res.json().data.width, res.json().data.height], ['image/gif', 40, 30]);
  });
});
