// Fuzz of what an upload can be (the route fuzz of test/http sends no multipart bodies): images of
// each type with bytes flipped, cut or grown, random bytes behind magic numbers, and multipart bodies
// with odd boundaries, parts, names and headers, cut anywhere. The inspector only ever refuses with
// an error of the catalogue; the route never answers 5xx, always in the envelope, and keeps nothing
// of what it refused.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { AppError } from '../../../src/errors.js';
import { createImageInspector } from '../../../src/modules/media/image-inspector.js';
import { bearer, forEachEngine } from '../../helpers/app.js';
import { avif, gif, jpeg, png, webp } from './images.js';
import { multipart, stored } from './multipart.js';
import { applyEdits, edit } from './byte-edits.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const base = fc.constantFrom(png(5, 4), png(64, 64, { filler: 5000 }), jpeg(30, 20, { orientation: 6, filler: 300 }), gif(3, 3), webp(9, 9), avif(8, 8), png(20_000, 20_000));
const magic = fc.constantFrom(
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from('GIF89a'),
  Buffer.from('RIFF\xff\xff\xff\xffWEBPVP8L', 'latin1'),
  Buffer.from('\0\0\0\x1cftypavif', 'latin1'),
);

const fileBytes = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(base, fc.array(edit, { maxLength: 4 })).map(([f, edits]) => applyEdits(f, edits)) },
  { weight: 2, arbitrary: fc.tuple(magic, fc.uint8Array({ maxLength: 6000 })).map(([m, rest]) => Buffer.concat([m, rest])) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 5000 }).map((b) => Buffer.from(b)) },
);

describe('image inspector fuzz', () => {
  it('accepts or refuses with a catalogue error, whatever the bytes and however they arrive', async () => {
    await fc.assert(
      fc.asyncProperty(fileBytes, fc.integer({ min: 1, max: 7000 }), async (file, piece) => {
        const inspector = createImageInspector({ maxBytes: 20_000 });
        try {
          for (let at = 0; at < file.length; at += piece) await inspector.push(file.subarray(at, at + piece));
          const facts = await inspector.finish();
          assert.ok(facts.width >= 1 && facts.height >= 1 && facts.width * facts.height <= 50_000_000);
          assert.equal(facts.bytes, file.length);
        } catch (err) {
          assert.ok(err instanceof AppError, `not a catalogue error: ${String(err)}`);
          assert.ok(['validation_failed', 'unsupported_media_type', 'image_too_large', 'payload_too_large'].includes(err.code), err.code);
        }
      }),
      { numRuns: 1500, seed: SEED },
    );
  });
});

const partName = fc.oneof(fc.constantFrom('file', 'file', 'file', 'image', 'File', 'file[]', '', 'constructor', 'a"b'), fc.string({ maxLength: 8 }));
const part = fc.record({
  name: partName,
  filename: fc.option(fc.constantFrom('photo.png', 'x.svg', '', '../../etc/passwd', 'a\u00e9.jpg'), { nil: undefined }),
  contentType: fc.option(fc.constantFrom('image/png', 'text/html', 'application/octet-stream', 'multipart/mixed', ''), { nil: undefined }),
  data: fc.oneof(fileBytes, fc.string({ maxLength: 30 })),
});
const anyRequest = fc.record({
  parts: fc.array(part, { minLength: 0, maxLength: 4 }),
  boundary: fc.oneof(fc.constant(undefined), fc.constantFrom('x', '----a', 'b'.repeat(70), 'with space', '"quoted"')),
  headerBoundary: fc.constantFrom('same', 'other', 'missing', 'quoted'),
  cut: fc.option(fc.nat(), { nil: undefined }),
  contentType: fc.constantFrom('multipart/form-data', 'multipart/form-data', 'Multipart/Form-Data', 'multipart/mixed', 'application/json', 'text/plain'),
});
/** A well-formed upload of fuzzed bytes, with text fields around it now and then. */
const wellFormed = fc
  .record({ file: fileBytes, before: fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 }), after: fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 }) })
  .map(({ file, before, after }) => ({
    parts: [
      ...before.map((data, i) => ({ name: `note${i}`, data })),
      { name: 'file', filename: 'photo.png', contentType: 'image/png', data: file },
      ...after.map((data, i) => ({ name: `alt${i}`, data })),
    ],
    boundary: undefined,
    headerBoundary: 'same' as const,
    cut: undefined,
    contentType: 'multipart/form-data' as const,
  }));
const request = fc.oneof({ weight: 3, arbitrary: wellFormed }, { weight: 2, arbitrary: anyRequest });

forEachEngine('media upload route fuzz', (t) => {
  let siteId: string;
  let headers: Record<string, string>;
  before(async () => {
    const site = await t().createSite();
    siteId = site.siteId;
    headers = bearer(await t().idToken(site.owner));
  });

  it('never answers 5xx, always in the envelope, and keeps only what it accepted', async (ctx) => {
    const answers = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const body = multipart(r.parts.map((p) => ({ ...p, data: p.data })), r.boundary);
        const boundary = r.headerBoundary === 'same' ? body.boundary : r.headerBoundary === 'quoted' ? `"${body.boundary}"` : r.headerBoundary === 'other' ? 'zzz' : undefined;
        const payload = r.cut === undefined ? body.payload : body.payload.subarray(0, r.cut % (body.payload.length + 1));
        const before = await stored(t(), siteId);
        const res = await t().inject({
          method: 'POST',
          url: `/api/v1/sites/${siteId}/media`,
          headers: { ...headers, 'content-type': boundary === undefined ? r.contentType : `${r.contentType}; boundary=${boundary}` },
          payload,
        });
        assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`);
        const answer = res.json();
        const key = `${res.statusCode} ${answer.error?.code ?? ''}`.trim();
        answers.set(key, (answers.get(key) ?? 0) + 1);
        const after = await stored(t(), siteId);
        assert.equal(after.staging, 0, 'no staged upload is left behind');
        if (res.statusCode === 201) {
          assert.equal(after.media, before.media + 1);
        } else {
          assert.equal(after.media, before.media, res.body);
          if (res.statusCode !== 200) assert.equal(answer.success, false);
        }
      }),
      { numRuns: Number(process.env.MEDIA_FUZZ_RUNS ?? 300), seed: SEED },
    );
    ctx.diagnostic(`answers: ${[...answers].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  });
});
