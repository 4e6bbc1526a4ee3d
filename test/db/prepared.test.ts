// Prepared statements (QueryOptions.prepare) on both engines: the same answers as an unprepared
// statement, on the pool and in a transaction; on PostgreSQL the connection keeps the statement
// under one name derived from its text, and a failing run leaves it usable.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/database.js';

const SQL = 'SELECT $1::int + $2::int AS sum';

for (const engine of ENGINES) {
  describe(`prepared statements [${engine}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabase(engine, { migrated: false });
    });
    after(async () => database.drop());

    it('answers as the unprepared statement does, on the pool and in a transaction, again and again', async () => {
      for (let i = 0; i < 5; i += 1) {
        const { rows } = await database.db.query<{ sum: number }>(SQL, [i, 40], { prepare: true });
        assert.equal(rows[0]!.sum, i + 40);
      }
      const inTx = await database.db.transaction(async (tx) => {
        const a = await tx.query<{ sum: number }>(SQL, [1, 2], { prepare: true });
        const b = await tx.query<{ sum: number }>(SQL, [3, 4], { prepare: true });
        const names = engine === 'postgres' ? (await tx.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows.map((r) => r.name) : [];
        return { sums: [a.rows[0]!.sum, b.rows[0]!.sum], names };
      });
      assert.deepEqual(inTx.sums, [3, 7]);
      if (engine === 'postgres') {
        assert.equal(inTx.names.length, 1, 'one statement, prepared once on this connection');
        assert.match(inTx.names[0]!, /^sf_[0-9a-f]{24}$/);
      }
    });

    it('a run that fails leaves the statement usable', async () => {
      await assert.rejects(database.db.query(SQL, ['not a number', 1], { prepare: true }));
      const { rows } = await database.db.query<{ sum: number }>(SQL, [2, 2], { prepare: true });
      assert.equal(rows[0]!.sum, 4);
    });
  });
}
