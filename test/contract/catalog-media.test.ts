// Products and media together (CONTRACT §8), across the two modules and the kernel's media-references
// extension point: a product names a media item of its site (422 unknown_media otherwise, alone in a
// bulk); an item a live product uses can't be deleted (409 media_in_use) until that product is
// archived or no longer names it; an archived site's public media are gone.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, type TestApp } from '../helpers/app.js';
import { png } from '../modules/media/images.js';
import { fileBody } from '../modules/media/multipart.js';
import { item, product } from '../modules/catalog/catalog-client.js';

async function shop(t: TestApp) {
  const site = await t.createSite();
  const key = await t.createKey(site.siteId, ['catalog:write']);
  return { ...site, key: { 'x-api-key': key.apiKey }, owner: bearer(await t.idToken(site.owner)) };
}

forEachEngine('catalog and media', (t) => {
  const upload = async (siteId: string, headers: Record<string, string>, width = 3) => {
    const body = fileBody(png(width, 2));
    const res = await t().inject({ method: 'POST', url: `/api/v1/sites/${siteId}/media`, headers: { ...headers, ...body.headers }, payload: body.payload });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data.media_id as string;
  };
  const put = (siteId: string, id: string, body: Record<string, unknown>, headers: Record<string, string>) =>
    t().inject({ method: 'PUT', url: `/api/v1/sites/${siteId}/products/${id}`, headers, payload: body });
  const deleteMedia = (siteId: string, mediaId: string, headers: Record<string, string>) =>
    t().inject({ method: 'DELETE', url: `/api/v1/sites/${siteId}/media/${mediaId}`, headers });

  it('a product names a media item; the item can’t be deleted while a live product uses it', async () => {
    const s = await shop(t());
    const mediaId = await upload(s.siteId, s.key);
    const created = await put(s.siteId, 'shoe-1', product({ image_media_id: mediaId }), s.key);
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().data.image_media_id, mediaId);

    const refused = await deleteMedia(s.siteId, mediaId, s.owner);
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().error.code, 'media_in_use');

    // Archived, the product no longer uses the item.
    assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}/products/shoe-1`, headers: s.key })).statusCode, 200);
    const deleted = await deleteMedia(s.siteId, mediaId, s.owner);
    assert.equal(deleted.statusCode, 200, deleted.body);
    // Gone: a product naming it now is 422, and the public URL is 404.
    const late = await put(s.siteId, 'shoe-2', product({ image_media_id: mediaId }), s.key);
    assert.equal(late.statusCode, 422);
    assert.equal(late.json().error.code, 'unknown_media');
    assert.equal((await t().inject({ method: 'GET', url: `/api/v1/public/media/${mediaId}` })).statusCode, 404);
  });

  it('a product replaced without the image frees the item', async () => {
    const s = await shop(t());
    const mediaId = await upload(s.siteId, s.key, 4);
    assert.equal((await put(s.siteId, 'cap-1', product({ image_media_id: mediaId }), s.key)).statusCode, 201);
    assert.equal((await deleteMedia(s.siteId, mediaId, s.key)).statusCode, 409);
    assert.equal((await put(s.siteId, 'cap-1', product({ image_url: 'https://cdn.example/cap.jpg' }), s.key)).statusCode, 200);
    assert.equal((await deleteMedia(s.siteId, mediaId, s.key)).statusCode, 200);
  });

  it('another site’s media item is unknown (422), alone inside a bulk (207)', async () => {
    const a = await shop(t());
    const b = await shop(t());
    const theirs = await upload(b.siteId, b.key, 5);
    const ours = await upload(a.siteId, a.key, 6);
    const single = await put(a.siteId, 'x-1', product({ image_media_id: theirs }), a.key);
    assert.equal(single.statusCode, 422);
    assert.equal(single.json().error.code, 'unknown_media');
    const bulk = await t().inject({
      method: 'POST',
      url: `/api/v1/sites/${a.siteId}/products/bulk`,
      headers: a.key,
      payload: { products: [item('ok-1', { image_media_id: ours }), item('bad-1', { image_media_id: theirs }), item('ok-2')] },
    });
    assert.equal(bulk.statusCode, 207, bulk.body);
    assert.deepEqual(
      bulk.json().data.results.map((r: { status: string; error?: { code: string } }) => [r.status, r.error?.code ?? null]),
      [
        ['created', null],
        ['error', 'unknown_media'],
        ['created', null],
      ],
    );
    assert.equal((await deleteMedia(a.siteId, ours, a.key)).statusCode, 409, 'the bulk’s product uses it');
  });

  it('an archived site’s public media answer 404', async () => {
    const s = await shop(t());
    const mediaId = await upload(s.siteId, s.key, 7);
    assert.equal((await t().inject({ method: 'GET', url: `/api/v1/public/media/${mediaId}` })).statusCode, 200);
    assert.equal((await t().inject({ method: 'DELETE', url: `/api/v1/sites/${s.siteId}`, headers: s.owner })).statusCode, 200);
    const gone = await t().inject({ method: 'GET', url: `/api/v1/public/media/${mediaId}` });
    assert.equal(gone.statusCode, 404);
    assert.equal(gone.json().error.code, 'not_found');
  });
});
