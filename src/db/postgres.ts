// PostgreSQL through a pg Pool: the production engine. The pool reconnects on its own, so a
// database that goes away and comes back needs no restart; meanwhile queries fail fast with
// AppError('unavailable').
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types.js';
import { toUnavailable } from './unavailable.js';

// int8 as a JS number, as PGlite returns it (counts and minor units stay far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  poolSize: number;
  connectionTimeoutMillis?: number;
  onError?: (err: Error) => void;
}

async function run<R>(client: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
  try {
    const res = await client.query(text, params as unknown[] | undefined);
    return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
  } catch (err) {
    throw toUnavailable(err);
  }
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: (text, params) => run(client, text, params),
    exec: async (sql) => {
      try {
        await client.query(sql); // simple protocol: several statements, result ignored
      } catch (err) {
        throw toUnavailable(err);
      }
    },
  };
}

export function openPostgres(connectionString: string, options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 3000,
    idleTimeoutMillis: 30_000,
    types,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => options.onError?.(err));
  const base = wrap(pool);

  return {
    engine: 'postgres',
    ...base,
    async transaction(fn) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw toUnavailable(err);
      }
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackErr) {
          broken = rollbackErr as Error;
        }
        throw toUnavailable(err);
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
