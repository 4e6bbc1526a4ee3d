// Embedded PostgreSQL (PGlite, WebAssembly) under DATA_DIR: the zero-setup engine. Same SQL and
// migrations as the production engine. One connection; PGlite serialises queries itself.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './types.js';

function wrap(client: PGlite | Transaction): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[]) {
      const res = await client.query<R>(text, params as unknown[] | undefined);
      return { rows: res.rows, rowCount: res.affectedRows || res.rows.length };
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  };
}

/** `dataDir` is a directory, or undefined for an in-memory database. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const db = await PGlite.create(dataDir);
  return {
    engine: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (!db.closed) await db.close();
    },
  };
}
