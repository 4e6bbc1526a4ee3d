// One product over HTTP (CONTRACT §8), on both engines: PUT creates (201) or replaces (200, fields
// left out are gone), an identical or older write changes nothing, a write without updated_at is
// the newest; GET; DELETE archives (404 afterwards, revived by a PUT: 201); the path's id
// percent-encoded; money back with the currency's decimals; media ids unknown to the site (422);
// credentials: members and keys with catalog:write, 403 without it, 401 for runtime tokens, 404
// for another site's product with the body of an unknown one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, createTestApp, forEachEngine, ORIGIN, type TestApp } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { catalogClient, catalogSite, item, product } from './catalog-client.js';

forEachEngine('catalog: one product', (t) => {
  it('PUT creates (201), replaces (200) with fields left out gone, and GET reads it back', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const full = product({
      group_id: 'trail-shoe',
      description: 'Light and grippy.',
      image_url: 'https://cdn.shop.example/trail.jpg',
      sale_price: { amount: 79.5, currency: 'EUR' },
      categories: ['Shoes>Running >  Trail', 'Sale'],
      brand: 'Acme',
      attributes: { color: 'red', size: '42' },
      updated_at: '2026-11-01T10:00:00+01:00',
    });
    const created = await c.put('sku-1', full);
    assert.equal(created.statusCode, 201, created.body);
    const p = created.json().data;
    assert.deepEqual(
      { ...p, created_at: undefined, stored_at: undefined },
      {
        product_id: 'sku-1',
        group_id: 'trail-shoe',
        title: 'Trail running shoe',
        description: 'Light and grippy.',
        url: 'https://shop.example/products/trail',
        image_media_id: null,
        image_url: 'https://cdn.shop.example/trail.jpg',
        price: { amount: 89.95, currency: 'EUR' },
        sale_price: { amount: 79.5, currency: 'EUR' },
        availability: 'in_stock',
        categories: ['Shoes > Running > Trail', 'Sale'],
        brand: 'Acme',
        attributes: { color: 'red', size: '42' },
        updated_at: '2026-11-01T09:00:00.000Z',
        created_at: undefined,
        stored_at: undefined,
      },
    );
    assert.match(p.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const read = await c.get('sku-1');
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json().data, p);

    const replaced = await c.put('sku-1', product({ title: 'Trail shoe v2', updated_at: '2026-11-02T00:00:00Z' }));
    assert.equal(replaced.statusCode, 200, replaced.body);
    const r = replaced.json().data;
    assert.equal(r.title, 'Trail shoe v2');
    for (const gone of ['group_id', 'description', 'image_url', 'sale_price', 'brand']) assert.equal(r[gone], null, gone);
    assert.deepEqual([r.categories, r.attributes], [[], {}]);
    assert.equal(r.created_at, p.created_at, 'a replaced product keeps its creation');
    assert.ok(r.stored_at >= p.stored_at);
  });

  it('an identical PUT, or one older than the stored version, answers 200 and changes nothing', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.key);
    const v2 = product({ title: 'v2', updated_at: '2026-11-02T00:00:00Z' });
    assert.equal((await c.put('p', v2)).statusCode, 201);
    const before = (await c.get('p')).json().data;
    const identical = await c.put('p', v2);
    assert.equal(identical.statusCode, 200);
    assert.deepEqual(identical.json().data, before, 'nothing changed, stored_at included');
    const older = await c.put('p', product({ title: 'v1', updated_at: '2026-11-01T00:00:00Z' }));
    assert.equal(older.statusCode, 200);
    assert.deepEqual(older.json().data, before, 'a late sync never overwrites newer data');
    assert.deepEqual((await c.get('p')).json().data, before);
    // The same version with other content replaces (it is neither identical nor older).
    const fixed = await c.put('p', product({ title: 'v2 fixed', updated_at: '2026-11-02T00:00:00Z' }));
    assert.equal(fixed.statusCode, 200);
    assert.equal(fixed.json().data.title, 'v2 fixed');
    // Without updated_at a write is the newest: it applies, at the time of receipt.
    const ui = await c.put('p', product({ title: 'edited by hand' }));
    assert.equal(ui.json().data.title, 'edited by hand');
    assert.ok(Date.parse(ui.json().data.updated_at) > Date.parse('2026-11-02T00:00:00Z'));
    const same = await c.put('p', product({ title: 'edited by hand' }));
    assert.deepEqual(same.json().data, ui.json().data, 'the same content without a version is identical');
    // A version more than 5 minutes ahead of the server's clock is refused: it would block every later write.
    const ahead = await c.put('p', product({ updated_at: new Date(Date.now() + 3_600_000).toISOString() }));
    assert.equal(ahead.statusCode, 400);
    assert.equal(ahead.json().error.details[0].path, '/updated_at');
  });

  it('DELETE archives (200 with the product and archived_at); reads answer 404; a PUT revives it (201)', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const first = (await c.put('gone', product({ updated_at: '2026-11-05T00:00:00Z' }))).json().data;
    const archived = await c.archive('gone');
    assert.equal(archived.statusCode, 200, archived.body);
    assert.equal(archived.json().data.product_id, 'gone');
    assert.match(archived.json().data.archived_at, /Z$/);
    const unknown = await c.get('never-was');
    assert.equal(unknown.statusCode, 404);
    const read = await c.get('gone');
    assert.equal(read.statusCode, 404);
    assert.deepEqual(read.json().error, unknown.json().error);
    assert.equal((await c.archive('gone')).statusCode, 404, 'archiving twice: nothing left to archive');
    assert.equal((await c.archive('never-was')).statusCode, 404);
    assert.deepEqual((await c.list()).json().data, []);
    // Even an older version revives it: an archived product is absent.
    const revived = await c.put('gone', product({ title: 'back', updated_at: '2026-11-01T00:00:00Z' }));
    assert.equal(revived.statusCode, 201, revived.body);
    assert.equal(revived.json().data.title, 'back');
    assert.ok(revived.json().data.created_at > first.created_at, 'revived: created again, at the top of the list');
    assert.equal((await c.get('gone')).statusCode, 200);
    assert.equal(await c.count(), 1, 'one row: archiving keeps it, reviving reuses it');
  });

  it('takes the product id percent-encoded in the path; a body product_id must equal it', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const id = 'shop:EU/sku-1.2_x';
    const res = await t().inject({ method: 'PUT', url: `/api/v1/sites/${s.siteId}/products/shop%3AEU%2Fsku-1.2_x`, headers: s.member, payload: product({ product_id: id }) });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().data.product_id, id);
    assert.equal((await c.get(id)).json().data.product_id, id);
    const other = await c.put('sku-2', product({ product_id: 'sku-3' }));
    assert.equal(other.statusCode, 400);
    assert.equal(other.json().error.details[0].path, '/product_id');
    for (const bad of ['a%20b', 'a%25b', 'a%2Fb%20', `${'x'.repeat(129)}`, 'caf%C3%A9']) {
      const refused = await t().inject({ method: 'PUT', url: `/api/v1/sites/${s.siteId}/products/${bad}`, headers: s.member, payload: product() });
      assert.equal(refused.statusCode, 400, bad);
      assert.equal(refused.json().error.code, 'validation_failed', bad);
      assert.equal(refused.json().error.details[0].path, '/productId', bad);
      assert.equal((await t().inject({ method: 'GET', url: `/api/v1/sites/${s.siteId}/products/${bad}`, headers: s.member })).statusCode, 400, bad);
    }
    assert.equal(await c.count(), 1);
  });

  it('keeps money in minor units and answers it with the currency’s decimals (JPY 0, EUR 2, KWD 3)', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    for (const [id, amount, currency] of [['jpy', 1500, 'JPY'], ['kwd', 1.234, 'KWD'], ['eur', 10.5, 'EUR'], ['big', 999_999_999.99, 'USD'], ['free', 0, 'EUR']] as const) {
      const res = await c.put(id, product({ price: { amount, currency } }));
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual(res.json().data.price, { amount, currency });
    }
    const row = await t().database.db.query<{ price_amount: number }>(`SELECT price_amount FROM products WHERE site_id = $1 AND product_id = 'kwd'`, [s.siteId]);
    assert.equal(row.rows[0]!.price_amount, 1234);
  });

  it('refuses a sale price above the price or in another currency (422 invalid_sale_price), storing nothing', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    for (const sale of [{ amount: 90, currency: 'EUR' }, { amount: 10, currency: 'USD' }]) {
      const res = await c.put('sale', product({ sale_price: sale }));
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().error.code, 'invalid_sale_price');
      assert.equal(res.json().error.details[0].path, '/sale_price');
    }
    assert.equal((await c.put('sale', product({ sale_price: { amount: 89.95, currency: 'EUR' } }))).statusCode, 201, 'equal to the price is fine');
    assert.equal(await c.count(), 1);
  });

  it('refuses an image_media_id the site does not have (422 unknown_media), storing nothing', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    const res = await c.put('img', product({ image_media_id: 'med_unknown1' }));
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().error.code, 'unknown_media');
    assert.equal(res.json().error.details[0].path, '/image_media_id');
    assert.equal(await c.count(), 0);
  });

  it('tells the media module whether a live product shows a media item', async () => {
    const s = await catalogSite(t());
    const c = catalogClient(t, s.siteId, s.member);
    await c.put('shown', product());
    const db = t().database.db;
    // The media library finds nothing until the media module keeps one: the reference is set directly.
    await db.query(`UPDATE products SET image_media_id = 'med_shown01' WHERE site_id = $1 AND product_id = 'shown'`, [s.siteId]);
    const users = t().app.services.moduleContext.mediaUsers;
    assert.equal(await users.usesMedia(db, s.siteId, 'med_shown01'), true);
    assert.equal(await users.usesMedia(db, s.siteId, 'med_other01'), false);
    const other = await t().createSite();
    assert.equal(await users.usesMedia(db, other.siteId, 'med_shown01'), false, 'another site’s item of the same id');
    await c.archive('shown');
    assert.equal(await users.usesMedia(db, s.siteId, 'med_shown01'), false, 'an archived product no longer uses it');
  });

  it('answers another site’s product with the body of an unknown one (404), to members and keys alike', async () => {
    const a = await catalogSite(t());
    const b = await catalogSite(t());
    assert.equal((await catalogClient(t, a.siteId, a.member).put('secret', product())).statusCode, 201);
    const unknownBody = (await catalogClient(t, a.siteId, a.member).get('nothing')).json().error;
    // B's member and B's key, on B's own path: A's product is not there.
    for (const headers of [b.member, b.key]) {
      const res = await catalogClient(t, b.siteId, headers).get('secret');
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json().error, unknownBody);
    }
    // B's member and B's key on A's path: the product does not exist for them (no 403 that confirms it).
    for (const headers of [b.member, b.key]) {
      const c = catalogClient(t, a.siteId, headers);
      for (const res of [await c.get('secret'), await c.get('nothing'), await c.archive('secret'), await c.put('secret', product({ title: 'hijack' }))]) {
        assert.equal(res.statusCode, 404, res.body);
        assert.deepEqual(res.json().error, unknownBody);
      }
    }
    assert.equal((await catalogClient(t, a.siteId, a.member).get('secret')).json().data.title, 'Trail running shoe');
  });

  it('takes a key with catalog:write (403 without it), never a runtime token (401) or no credential (401)', async () => {
    const s = await catalogSite(t());
    const without = await t().createKey(s.siteId, ['events:write', 'publisher_reports:write']);
    const noScope = catalogClient(t, s.siteId, { 'x-api-key': without.apiKey });
    for (const res of [await noScope.put('k', product()), await noScope.get('k'), await noScope.list(), await noScope.bulk([item('k')]), await noScope.archive('k')]) {
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(res.json().error.code, 'insufficient_scope');
    }
    const runtime = catalogClient(t, s.siteId, { ...bearer(await t().runtimeToken(s.siteId)), origin: ORIGIN });
    for (const res of [await runtime.put('k', product()), await runtime.get('k'), await runtime.list(), await runtime.bulk([item('k')])]) {
      assert.equal(res.statusCode, 401, res.body);
      assert.equal(res.json().error.code, 'unauthorized');
    }
    const none = catalogClient(t, s.siteId, {});
    assert.equal((await none.put('k', product())).statusCode, 401);
    assert.equal((await none.list()).statusCode, 401);
    assert.equal(await catalogClient(t, s.siteId, s.member).count(), 0);
    // A key of another site on this site's list: 403, as every site route answers it.
    const other = await catalogSite(t());
    assert.equal((await catalogClient(t, s.siteId, other.key).list()).statusCode, 403);
  });

  it('creates a catalog:write key through the API (owners) and uses it', async () => {
    const s = await catalogSite(t());
    const created = await t().inject({ method: 'POST', url: `/api/v1/sites/${s.siteId}/api-keys`, headers: s.owner, payload: { name: 'commerce sync', scopes: ['catalog:write'] } });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(created.json().data.scopes, ['catalog:write']);
    const c = catalogClient(t, s.siteId, { 'x-api-key': created.json().data.api_key });
    assert.equal((await c.put('via-api-key', product())).statusCode, 201);
    assert.equal((await c.bulk([item('via-api-key-2')])).statusCode, 201);
    assert.equal((await c.get('via-api-key')).statusCode, 200);
  });
});

// The command line creates keys with the scope too (against the CLI's own database, here the test's
// PostgreSQL database; the embedded engine is covered through a running server in
// import-products.test.ts), and the routes take them.
describe('catalog: a key from `storefront key create --scopes catalog:write` [postgres]', { skip: !process.env.TEST_DATABASE_URL }, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('postgres');
  });
  after(async () => t?.close());

  it('is created by the command line and taken by the routes', async () => {
    const env = { DATABASE_URL: t.database.url!, STOREFRONT_SECRET: t.config.storefrontSecret!.toString('base64') };
    const site = await t.createSite();
    const res = await runCli(['key', 'create', '--site', site.siteId, '--scopes', 'catalog:write', '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(res.json.scopes, ['catalog:write']);
    const c = catalogClient(() => t, site.siteId, { 'x-api-key': res.json.api_key });
    assert.equal((await c.put('via-cli-key', product())).statusCode, 201);
  });
});
