// GET /api/v1/public/media/{mediaId} (CONTRACT §8), on both engines: no credential, the exact bytes
// uploaded (compared by sha256) streamed from their chunks, the sniffed Content-Type, Content-Length,
// ETag "<sha256>", immutable caching, nosniff, Content-Disposition inline, embeddable from other
// origins (Cross-Origin-Resource-Policy: cross-origin), 304 on a matching If-None-Match, HEAD; an
// unknown item, or one whose site is gone, 404.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, it } from 'node:test';
import { bearer, forEachEngine } from '../../helpers/app.js';
import { gif, jpeg, png } from './images.js';
import { fileBody } from './multipart.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

forEachEngine('public media', (t) => {
  let siteId: string;
  let headers: Record<string, string>;
  let big: Buffer;
  let bigId: string;
  const uploadOne = async (image: Buffer, filename = 'photo.png') => {
    const body = fileBody(image, filename);
    const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${siteId}/media`, headers: { ...headers, ...body.headers }, payload: body.payload });
    assert.ok(res.statusCode === 201 || res.statusCode === 200, res.body);
    return res.json().data as { media_id: string; url: string; sha256: string };
  };
  const get = (mediaId: string, extra: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t().inject({ method, url: `/api/v1/public/media/${mediaId}`, headers: extra });

  before(async () => {
    const site = await t().createSite();
    siteId = site.siteId;
    headers = bearer(await t().idToken(site.owner));
    // Over four chunks of 256 KiB, not a multiple of one: the stream crosses reads and ends short.
    big = png(64, 64, { filler: 1_300_000 });
    bigId = (await uploadOne(big)).media_id;
  });

  it('serves the exact bytes uploaded, with no credential, and the headers of an immutable image', async () => {
    const res = await get(bigId);
    assert.equal(res.statusCode, 200);
    assert.equal(res.rawPayload.length, big.length);
    assert.equal(sha256(res.rawPayload), sha256(big));
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.headers['content-length'], String(big.length));
    assert.equal(res.headers.etag, `"${sha256(big)}"`);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['content-disposition'], `inline; filename="${bigId}.png"`);
    assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin', 'storefront pages on other origins embed it');
    assert.equal(res.headers['access-control-allow-origin'], '*', 'and may read it');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  });

  it('serves each type with its sniffed Content-Type, not the name it was uploaded with', async () => {
    for (const [image, type, ext] of [[jpeg(10, 10), 'image/jpeg', 'jpg'], [gif(3, 3), 'image/gif', 'gif']] as const) {
      const item = await uploadOne(image, 'misleading.png');
      const res = await get(item.media_id);
      assert.equal(res.headers['content-type'], type);
      assert.equal(res.headers['content-disposition'], `inline; filename="${item.media_id}.${ext}"`);
      assert.deepEqual(res.rawPayload, image);
    }
  });

  it('answers 304 to a matching If-None-Match (strong, weak, in a list, or *), with the ETag and no body', async () => {
    const etag = `"${sha256(big)}"`;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await get(bigId, { 'if-none-match': header });
      assert.equal(res.statusCode, 304, header);
      assert.equal(res.rawPayload.length, 0);
      assert.equal(res.headers.etag, etag);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
    const stale = await get(bigId, { 'if-none-match': '"0000"' });
    assert.equal(stale.statusCode, 200);
    assert.equal(stale.rawPayload.length, big.length);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await get(bigId, {}, 'HEAD');
    assert.equal(res.statusCode, 200);
    assert.equal(res.rawPayload.length, 0);
    assert.equal(res.headers['content-length'], String(big.length));
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.headers.etag, `"${sha256(big)}"`);
  });

  it('is 404 in the envelope for an unknown item, 400 for a malformed id', async () => {
    const res = await get('med_nosuchmedianosuchmed');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, 'not_found');
    assert.equal(res.headers['cache-control'], undefined, 'a 404 is not cached for a year');
    const bad = await get('..%2F..%2Fetc%2Fpasswd');
    assert.equal(bad.statusCode, 400);
  });

  it('is 404 once the site is gone', async () => {
    const site = await t().createSite();
    const h = bearer(await t().idToken(site.owner));
    const body = fileBody(png(7, 7));
    const up = await t().inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/media`, headers: { ...h, ...body.headers }, payload: body.payload });
    const mediaId = up.json().data.media_id as string;
    assert.equal((await get(mediaId)).statusCode, 200);
    await t().database.db.query('DELETE FROM sites WHERE site_id = $1', [site.siteId]);
    t().app.services.kernel.siteDirectory.invalidate(site.siteId);
    assert.equal((await get(mediaId)).statusCode, 404);
  });
});
