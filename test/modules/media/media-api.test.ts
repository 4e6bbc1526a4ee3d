// The media library over HTTP (CONTRACT §8), on both engines: uploads of each type streamed as
// multipart/form-data, dedupe per site (concurrent identical uploads give one item), the list, one
// item, deletion; credentials (a member, a key with catalog:write; not a key without it, a runtime
// token or another site); and every bad input of the issue, each a clear 4xx in the envelope that
// stores nothing (every media table counted).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { bearer, createTestApp, forEachEngine, ORIGIN, type TestApp } from '../../helpers/app.js';
import { avif, gif, HTML, jpeg, png, pngOfSize, SCRIPT, SVG, webp } from './images.js';
import { fileBody, multipart, stored, type Part } from './multipart.js';

const MiB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

forEachEngine('media library', (t) => {
  let siteId: string;
  let other: { siteId: string; owner: string };
  let owner: Record<string, string>;
  let member: Record<string, string>;
  let stranger: Record<string, string>;
  let writer: Record<string, string>;
  let reader: Record<string, string>;
  let otherKey: Record<string, string>;
  let runtime: Record<string, string>;
  before(async () => {
    const site = await t().createSite();
    siteId = site.siteId;
    other = await t().createSite();
    owner = bearer(await t().idToken(site.owner));
    member = bearer(await t().idToken(site.member));
    stranger = bearer(await t().idToken('stranger'));
    writer = { 'x-api-key': (await t().createKey(siteId, ['catalog:write'])).apiKey };
    reader = { 'x-api-key': (await t().createKey(siteId, ['events:write'])).apiKey };
    otherKey = { 'x-api-key': (await t().createKey(other.siteId, ['catalog:write'])).apiKey };
    runtime = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
  });

  const upload = (headers: Record<string, string>, body: { payload: Buffer; headers: Record<string, string> }, site = siteId) =>
    t().inject({ method: 'POST', url: `/api/v1/sites/${site}/media`, headers: { ...headers, ...body.headers }, payload: body.payload });

  describe('uploads', () => {
    it('stores a PNG from a member: 201 with its facts and an absolute public URL', async () => {
      const image = png(48, 32);
      const res = await upload(member, fileBody(image));
      assert.equal(res.statusCode, 201, res.body);
      const data = res.json().data;
      assert.match(data.media_id, /^med_[A-Za-z0-9]{20}$/);
      assert.deepEqual({ ...data, media_id: undefined, url: undefined, created_at: undefined }, {
        media_id: undefined,
        sha256: sha256(image),
        content_type: 'image/png',
        bytes: image.length,
        width: 48,
        height: 32,
        url: undefined,
        created_at: undefined,
      });
      assert.equal(data.url, `http://localhost:80/api/v1/public/media/${data.media_id}`);
      assert.match(data.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('takes each type, sniffed from the bytes whatever the file name and Content-Type say', async () => {
      const files: [Buffer, string, number, number][] = [
        [jpeg(1200, 800), 'image/jpeg', 1200, 800],
        [jpeg(1200, 800, { orientation: 6 }), 'image/jpeg', 800, 1200],
        [gif(5, 7), 'image/gif', 5, 7],
        [webp(33, 17), 'image/webp', 33, 17],
        [avif(640, 360), 'image/avif', 640, 360],
      ];
      for (const [image, type, width, height] of files) {
        const res = await upload(owner, fileBody(image, 'whatever.txt', 'text/plain'));
        assert.equal(res.statusCode, 201, `${type}: ${res.body}`);
        assert.deepEqual([res.json().data.content_type, res.json().data.width, res.json().data.height], [type, width, height]);
      }
    });

    it('answers the same bytes again with 200 and the same item; another site gets an item of its own', async () => {
      const image = png(9, 9);
      const first = await upload(owner, fileBody(image));
      assert.equal(first.statusCode, 201);
      const again = await upload(writer, fileBody(image, 'renamed.png'));
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(again.json().data, first.json().data);
      const elsewhere = await upload(otherKey, fileBody(image), other.siteId);
      assert.equal(elsewhere.statusCode, 201);
      assert.notEqual(elsewhere.json().data.media_id, first.json().data.media_id);
      assert.equal(elsewhere.json().data.sha256, first.json().data.sha256);
    });

    it('makes one item of concurrent identical uploads, and keeps no other bytes', async () => {
      const { siteId: fresh, owner: o } = await t().createSite();
      const h = bearer(await t().idToken(o));
      const image = png(64, 64, { filler: 300_000 });
      const answers = await Promise.all(Array.from({ length: 8 }, () => upload(h, fileBody(image), fresh)));
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 200, 200, 200, 200, 200, 200, 201]);
      assert.equal(new Set(answers.map((r) => r.json().data.media_id)).size, 1);
      assert.deepEqual(await stored(t(), fresh), { media: 1, blobs: 1, staging: 0, chunks: 2 });
    });

    it('ignores text fields beside the file', async () => {
      const body = multipart([
        { name: 'caption', data: 'A red shoe' },
        { name: 'file', filename: 'shoe.gif', contentType: 'image/gif', data: gif(3, 3) },
        { name: 'alt', data: 'shoe' },
      ]);
      const res = await upload(owner, body);
      assert.equal(res.statusCode, 201, res.body);
    });

    it('takes a file of exactly MEDIA_MAX_BYTES (10 MiB), in chunks of 256 KiB', async () => {
      const { siteId: fresh, owner: o } = await t().createSite();
      const image = pngOfSize(10 * MiB);
      const res = await upload(bearer(await t().idToken(o)), fileBody(image), fresh);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().data.bytes, 10 * MiB);
      assert.deepEqual(await stored(t(), fresh), { media: 1, blobs: 1, staging: 0, chunks: 40 });
    });
  });

  describe('credentials', () => {
    const image = () => fileBody(png(4, 4));
    it('a key with catalog:write uploads; without it 403 insufficient_scope; a runtime token 401; none 401', async () => {
      assert.equal((await upload(writer, fileBody(png(5, 4)))).statusCode, 201);
      const noScope = await upload(reader, image());
      assert.equal(noScope.statusCode, 403);
      assert.equal(noScope.json().error.code, 'insufficient_scope');
      assert.match(noScope.json().error.message, /catalog:write/);
      const browser = await upload(runtime, image());
      assert.equal(browser.statusCode, 401);
      assert.equal(browser.json().error.code, 'unauthorized');
      assert.equal((await upload({}, image())).statusCode, 401);
    });

    it('another site’s key or a user who is not a member: 403 on the upload and the list', async () => {
      for (const h of [otherKey, stranger]) {
        assert.equal((await upload(h, image())).statusCode, 403);
        assert.equal((await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/media`, headers: h })).statusCode, 403);
      }
    });

    it('an unknown site: 404 to a user (a key is refused for any site not its own: 403)', async () => {
      const res = await upload(writer, image(), 'site_doesnotexist000000');
      assert.equal(res.statusCode, 403, 'a key is refused for a site not its own');
      const asUser = await upload(owner, image(), 'site_doesnotexist000000');
      assert.equal(asUser.statusCode, 404);
    });
  });

  describe('bad input: a clear 4xx in the envelope, nothing stored', () => {
    let fresh: string;
    let h: Record<string, string>;
    before(async () => {
      const site = await t().createSite();
      fresh = site.siteId;
      h = bearer(await t().idToken(site.owner));
    });
    const file = (data: Uint8Array, filename = 'photo.png', contentType = 'image/png'): Part => ({ name: 'file', filename, contentType, data });
    const cases: [string, () => { payload: Buffer; headers: Record<string, string> }, number, string, string | undefined, RegExp][] = [
      ['an SVG', () => fileBody(SVG, 'logo.svg', 'image/svg+xml'), 415, 'unsupported_media_type', '/file', /application\/xml/],
      ['HTML named photo.png', () => fileBody(HTML), 415, 'unsupported_media_type', '/file', /not recognised/],
      ['a script renamed .png', () => fileBody(SCRIPT), 415, 'unsupported_media_type', '/file', /not recognised/],
      ['a truncated PNG (no IEND)', () => fileBody(png(32, 32, { iend: false })), 400, 'validation_failed', '/file', /cut short/],
      ['a JPEG without its EOI', () => fileBody(jpeg(32, 32, { eoi: false }), 'a.jpg', 'image/jpeg'), 400, 'validation_failed', '/file', /end-of-image/],
      ['an empty file part', () => fileBody(Buffer.alloc(0)), 400, 'validation_failed', '/file', /empty/],
      ['two files', () => multipart([file(png(2, 2)), { ...file(gif()), name: 'file2' }]), 400, 'validation_failed', '/file2', /exactly one file part/],
      ['two parts named file', () => multipart([file(png(2, 2)), file(gif())]), 400, 'validation_failed', '/file', /exactly one file part/],
      ['a file part not named file', () => multipart([{ ...file(png(2, 2)), name: 'image' }]), 400, 'validation_failed', '/image', /named "file"/],
      ['no file part', () => multipart([{ name: 'caption', data: 'x' }]), 400, 'validation_failed', '/file', /is required/],
      ['an empty form', () => multipart([]), 400, 'validation_failed', '/file', /is required/],
      ['file sent as a text field', () => multipart([{ name: 'file', data: 'not a file' }]), 400, 'validation_failed', '/file', /must be a file/],
      ['a 10 MiB + 1 byte file', () => fileBody(pngOfSize(10 * MiB + 1)), 413, 'payload_too_large', '/file', /larger than 10 MiB/],
      ['a Content-Length beyond any acceptable upload', () => fileBody(pngOfSize(13 * MiB)), 413, 'payload_too_large', '/file', /larger than 10 MiB/],
      ['a decompression bomb (20000 × 20000 PNG)', () => fileBody(png(20_000, 20_000)), 422, 'image_too_large', '/file', /20000 × 20000 pixels/],
      ['a wrong multipart boundary', () => ({ ...fileBody(png(2, 2)), headers: { 'content-type': 'multipart/form-data; boundary=not-the-one' } }), 400, 'validation_failed', undefined, /multipart body is malformed/],
      ['no multipart boundary', () => ({ ...fileBody(png(2, 2)), headers: { 'content-type': 'multipart/form-data' } }), 400, 'validation_failed', undefined, /Boundary not found/],
      ['a body cut short', () => { const b = fileBody(png(64, 64, { filler: 2000 })); return { ...b, payload: b.payload.subarray(0, 1500) }; }, 400, 'validation_failed', undefined, /malformed|ended before/],
      ['a JSON body', () => ({ payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } }), 415, 'unsupported_media_type', undefined, /multipart\/form-data/],
      ['raw image bytes (not multipart)', () => ({ payload: png(2, 2), headers: { 'content-type': 'image/png' } }), 415, 'unsupported_media_type', undefined, /multipart\/form-data/],
      ['no body at all', () => ({ payload: Buffer.alloc(0), headers: {} }), 415, 'unsupported_media_type', undefined, /multipart\/form-data/],
    ];
    for (const [name, body, status, code, path, message] of cases) {
      it(`${name}: ${status} ${code}`, async () => {
        const before = await stored(t(), fresh);
        const res = await upload(h, body(), fresh);
        assert.equal(res.statusCode, status, res.body);
        const error = res.json().error;
        assert.equal(error.code, code);
        assert.match(error.message, message);
        if (path !== undefined) assert.equal(error.details?.[0]?.path, path, JSON.stringify(error));
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
        assert.deepEqual(await stored(t(), fresh), before);
        assert.deepEqual(before, { media: 0, blobs: 0, staging: 0, chunks: 0 });
      });
    }

    it('multipart is parsed on the media routes only: elsewhere it is still 415', async () => {
      const body = fileBody(png(2, 2));
      const res = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${fresh}`, headers: { ...h, ...body.headers }, payload: body.payload });
      assert.equal(res.statusCode, 415, res.body);
      assert.equal(res.json().error.code, 'unsupported_media_type');
    });

    it('checks credentials before reading the upload: a key without the scope is 403 whatever the body', async () => {
      const res = await upload(reader, fileBody(SVG), fresh);
      assert.equal(res.statusCode, 403);
    });

    it('stores nothing when the client goes away in the middle of an upload', async () => {
      const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
      const { payload, headers } = fileBody(png(64, 64, { filler: 3 * MiB }));
      const { request } = await import('node:http');
      const req = request(`${address}/api/v1/sites/${fresh}/media`, { method: 'POST', headers: { ...h, ...headers, 'content-length': String(payload.length) } });
      req.on('error', () => undefined);
      req.write(payload.subarray(0, MiB + 100_000));
      const until = async (done: (s: Awaited<ReturnType<typeof stored>>) => boolean) => {
        for (let i = 0; i < 100 && !done(await stored(t(), fresh)); i += 1) await new Promise((r) => setTimeout(r, 50));
        return stored(t(), fresh);
      };
      const midway = await until((s) => s.staging === 1 && s.chunks >= 4);
      assert.equal(midway.staging, 1, 'the upload was being staged');
      assert.ok(midway.chunks >= 4, JSON.stringify(midway));
      req.destroy();
      assert.deepEqual(await until((s) => s.blobs === 0), { media: 0, blobs: 0, staging: 0, chunks: 0 });
    });
  });

  describe('reading and deleting', () => {
    let fresh: string;
    let h: Record<string, string>;
    const ids: string[] = [];
    before(async () => {
      const site = await t().createSite();
      fresh = site.siteId;
      h = bearer(await t().idToken(site.owner));
      for (let i = 1; i <= 5; i += 1) {
        const res = await upload(h, fileBody(png(i, i)), fresh);
        assert.equal(res.statusCode, 201);
        ids.push(res.json().data.media_id);
      }
    });
    const list = (query: string, headers = h) => t().inject({ method: 'GET', url: `/api/v1/sites/${fresh}/media${query}`, headers });

    it('lists newest first, a page at a time', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        assert.ok(body.data.length <= 2);
        seen.push(...body.data.map((m: { media_id: string }) => m.media_id));
        cursor = body.meta.next_cursor;
      } while (cursor);
      assert.deepEqual(seen, [...ids].reverse());
      const all = (await list('')).json();
      assert.equal(all.data.length, 5);
      assert.equal(all.meta.next_cursor, null);
      assert.equal(all.data[0].url, `http://localhost:80/api/v1/public/media/${ids[4]}`);
    });

    it('refuses a cursor of another list, and a limit out of range', async () => {
      const page = (await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/media?limit=1`, headers: owner })).json();
      assert.ok(page.meta.next_cursor);
      const res = await list(`?cursor=${encodeURIComponent(page.meta.next_cursor)}`);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error.details[0].path, '/cursor');
      assert.equal((await list('?limit=0')).statusCode, 400);
      assert.equal((await list('?limit=201')).statusCode, 400);
    });

    it('reads one item; another site’s item is 404 with the same body as an unknown one', async () => {
      const res = await t().inject({ method: 'GET', url: `/api/v1/sites/${fresh}/media/${ids[0]}`, headers: h });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.media_id, ids[0]);
      const foreign = await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/media/${ids[0]}`, headers: owner });
      const unknown = await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/media/med_unknownunknown000000`, headers: owner });
      assert.equal(foreign.statusCode, 404);
      assert.deepEqual(foreign.json().error, unknown.json().error);
      const malformed = await t().inject({ method: 'GET', url: `/api/v1/sites/${fresh}/media/not-an-id`, headers: h });
      assert.equal(malformed.statusCode, 400);
    });

    it('deletes an item and its bytes; another site’s is 404; deleting twice is 404', async () => {
      const target = ids[2]!;
      const foreign = await t().inject({ method: 'DELETE', url: `/api/v1/sites/${siteId}/media/${target}`, headers: owner });
      assert.equal(foreign.statusCode, 404);
      const before = await stored(t(), fresh);
      const res = await t().inject({ method: 'DELETE', url: `/api/v1/sites/${fresh}/media/${target}`, headers: h });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().data, { media_id: target, deleted: true });
      assert.deepEqual(await stored(t(), fresh), { media: before.media - 1, blobs: before.blobs - 1, staging: 0, chunks: before.chunks - 1 });
      assert.equal((await t().inject({ method: 'GET', url: `/api/v1/sites/${fresh}/media/${target}`, headers: h })).statusCode, 404);
      assert.equal((await t().inject({ method: 'GET', url: `/api/v1/public/media/${target}` })).statusCode, 404);
      assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${fresh}/media/${target}`, headers: h })).statusCode, 404);
      // The same bytes again make a new item.
      const again = await upload(h, fileBody(png(3, 3)), fresh);
      assert.equal(again.statusCode, 201);
      assert.notEqual(again.json().data.media_id, target);
    });

    it('a key with catalog:write reads and deletes; without it 403', async () => {
      const key = { 'x-api-key': (await t().createKey(fresh, ['catalog:write'])).apiKey };
      const weak = { 'x-api-key': (await t().createKey(fresh, ['events:write'])).apiKey };
      assert.equal((await list('', key)).statusCode, 200);
      assert.equal((await list('', weak)).statusCode, 403);
      assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${fresh}/media/${ids[1]}`, headers: weak })).statusCode, 403);
      assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${fresh}/media/${ids[1]}`, headers: key })).statusCode, 200);
      assert.equal((await list('', runtime)).statusCode, 401);
    });
  });
});

describe('media URLs on PUBLIC_BASE_URL', () => {
  it('are absolute on PUBLIC_BASE_URL when it is set', async () => {
    const t: TestApp = await createTestApp('pglite', { env: { PUBLIC_BASE_URL: 'https://cdn.shop.example/assets/' } });
    try {
      const site = await t.createSite();
      const body = fileBody(png(2, 3));
      const res = await t.inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/media`, headers: { ...bearer(await t.idToken(site.owner)), ...body.headers }, payload: body.payload });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().data.url, `https://cdn.shop.example/assets/api/v1/public/media/${res.json().data.media_id}`);
    } finally {
      await t.close();
    }
  });
});
