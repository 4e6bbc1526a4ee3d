// What the answers' caches ask the database on a refresh, on both engines: which of the products and
// neighbour lists they keep changed since they read them (each row's version, its xmin). A product
// updated, archived, revived or created is reported; one left alone, or written again by a refresh
// of the model with the same list, is not.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { changedShelfRows, findShelfRows } from '../../../src/modules/catalog/products-repository.js';
import { changedNeighbours, neighboursOf, saveNeighbours } from '../../../src/modules/recommendations/model-repository.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../helpers/database.js';

for (const engine of ENGINES) {
  describe(`change detection of the recommendation caches [${engine}]`, () => {
    let database: TestDatabase;
    const siteId = `site_${randomBytes(8).toString('hex')}`;
    before(async () => {
      database = await createTestDatabase(engine);
      await database.db.query(`INSERT INTO sites (site_id, name) VALUES ($1, 'Shop')`, [siteId]);
      await database.db.query(
        `INSERT INTO products (site_id, product_id, title, url, price_amount, price_currency, availability, categories, title_search, updated_at)
         SELECT $1, id, 'Product ' || id, 'https://shop.example/' || id, 1000, 'EUR', 'in_stock', '{A}', 'product ' || id, now() FROM unnest($2::text[]) AS id`,
        [siteId, ['a', 'b', 'c', 'd']],
      );
    });
    after(async () => database.drop());

    const kept = async (ids: string[]) => {
      const rows = new Map((await findShelfRows(database.db, siteId, ids)).map((r) => [r.productId, r.version]));
      return ids.map((id) => ({ id, version: rows.get(id) ?? '' }));
    };

    it('reports the products updated, archived and created since they were read, and nothing else', async () => {
      const read = await kept(['a', 'b', 'c', 'd', 'new']);
      assert.ok(read.slice(0, 4).every((k) => /^\d+$/.test(k.version)), 'live products have a version');
      assert.deepEqual(await changedShelfRows(database.db, siteId, read), [], 'nothing changed');
      await database.db.query(`UPDATE products SET price_amount = 1200 WHERE site_id = $1 AND product_id = 'a'`, [siteId]);
      await database.db.query(`UPDATE products SET archived_at = now() WHERE site_id = $1 AND product_id = 'b'`, [siteId]);
      await database.db.query(
        `INSERT INTO products (site_id, product_id, title, url, price_amount, price_currency, availability, title_search, updated_at) VALUES ($1, 'new', 'New', 'https://shop.example/new', 1, 'EUR', 'in_stock', 'new', now())`,
        [siteId],
      );
      assert.deepEqual((await changedShelfRows(database.db, siteId, read)).sort(), ['a', 'b', 'new']);
      const again = await kept(['a', 'b', 'c', 'd', 'new']);
      assert.equal(again.find((k) => k.id === 'b')!.version, '', 'an archived product is read as absent');
      assert.deepEqual(await changedShelfRows(database.db, siteId, again), []);
      await database.db.query(`UPDATE products SET archived_at = NULL WHERE site_id = $1 AND product_id = 'b'`, [siteId]);
      assert.deepEqual(await changedShelfRows(database.db, siteId, again), ['b'], 'revived');
      assert.deepEqual(await changedShelfRows(database.db, `${siteId}-other`, again.filter((k) => k.version === '')), [], 'another site has none of them');
    });

    it('reports the neighbour lists stored again with a change, or removed; a list stored again unchanged keeps its version', async () => {
      const lists = (m: Record<string, [string, number][]>) => new Map(Object.entries(m).map(([k, v]) => [k, v.map(([productId, score]) => ({ productId, score }))]));
      await database.db.transaction((tx) => saveNeighbours(tx, siteId, 'similar', lists({ a: [['b', 0.5], ['c', 0.25]], b: [['a', 0.5]], c: [['a', 0.25]] })));
      const read = async (ids: string[]) => {
        const found = await neighboursOf(database.db, siteId, 'similar', ids);
        return ids.map((id) => ({ id, version: found.get(id)?.version ?? '' }));
      };
      const before = await read(['a', 'b', 'c', 'd']);
      assert.deepEqual(await changedNeighbours(database.db, siteId, 'similar', before), []);
      await database.db.transaction((tx) => saveNeighbours(tx, siteId, 'similar', lists({ a: [['b', 0.5], ['c', 0.25]], b: [['a', 0.75]], c: [], d: [['a', 0.1]] })));
      assert.deepEqual((await changedNeighbours(database.db, siteId, 'similar', before)).sort(), ['b', 'c', 'd'], 'a unchanged; b changed; c removed; d new');
      assert.deepEqual(await changedNeighbours(database.db, siteId, 'bought', before.filter((k) => k.version === '')), [], 'the other kind has none');
    });
  });
}
