// PostgreSQL through a pg Pool: the production engine (CONTRACT §7, storage faults).
//
// - Nothing a connection does can crash the process: the pool's idle clients and every checked-out
//   client have an `error` listener; a broken client is destroyed, never returned to the pool.
// - Nothing waits without end: connecting or waiting for a pooled connection is bounded
//   (connectTimeoutMs), every statement is bounded on the server (statement_timeout) and on the
//   client (query_timeout, for a server that stops answering at all), a transaction left idle is
//   ended by the server, and TCP keepalive notices a peer that vanished.
// - The pool reconnects on its own, so a database that goes away and comes back needs no restart;
//   meanwhile queries fail fast with AppError('unavailable').
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable, QueryOptions, QueryResult, TransactionOptions } from './types.js';
import { isUnavailableError, toUnavailable } from './unavailable.js';

// int8 as a JS number, as PGlite returns it (counts and minor units stay far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

// How much longer the client waits than the server's statement_timeout before it gives the
// connection up as unreachable (the server cancels first when it can answer at all).
const CLIENT_GRACE_MS = 1_000;
// Long enough for a migration or a bulk maintenance statement.
const UNBOUNDED_MS = 24 * 3_600_000;

export interface PostgresOptions {
  poolSize: number;
  /** Connecting, or waiting for a free pooled connection. */
  connectionTimeoutMillis?: number;
  /** Per statement; 0 for none (command-line maintenance). */
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** A connection error outside any query (an idle client lost, a checked-out client broken). */
  onError?: (err: Error) => void;
  /** Pool events for metrics. */
  onPoolEvent?: (event: 'connect' | 'acquire' | 'release' | 'remove') => void;
}

export interface PostgresDatabase extends Database {
  readonly engine: 'postgres';
  /** Connections in the pool: in use, idle, and callers waiting for one. */
  poolState(): { total: number; idle: number; waiting: number };
}

/** Prepared statements' names, one per statement text (pg keeps each connection's prepared ones). */
const STATEMENT_NAMES = new Map<string, string>();
const statementName = (text: string): string => {
  let name = STATEMENT_NAMES.get(text);
  if (name === undefined) STATEMENT_NAMES.set(text, (name = `sf_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
};

async function send(client: pg.Pool | pg.PoolClient, text: string, params: readonly unknown[] | undefined, queryTimeout?: number, options?: QueryOptions): Promise<pg.QueryResult> {
  try {
    if (options?.prepare) {
      return await client.query({ name: statementName(text), text, values: params as unknown[] | undefined, ...(queryTimeout ? { query_timeout: queryTimeout } : {}) } as pg.QueryConfig);
    }
    return queryTimeout
      ? await client.query({ text, values: params as unknown[] | undefined, query_timeout: queryTimeout } as pg.QueryConfig)
      : await client.query(text, params as unknown[] | undefined);
  } catch (err) {
    throw toUnavailable(err);
  }
}

function wrap(client: pg.Pool | pg.PoolClient, queryTimeout?: number): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
      const res = await send(client, text, params, queryTimeout, options);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql) {
      await send(client, sql, undefined, queryTimeout); // simple protocol: several statements, results ignored
    },
  };
}

export function openPostgres(connectionString: string, options: PostgresOptions): PostgresDatabase {
  const statementTimeout = options.statementTimeoutMs ?? 0;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 3000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(statementTimeout > 0
      ? {
          statement_timeout: statementTimeout,
          query_timeout: statementTimeout + CLIENT_GRACE_MS,
        }
      : {}),
    ...(options.idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs } : {}),
    types,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => options.onError?.(err));
  if (options.onPoolEvent) {
    const emit = options.onPoolEvent;
    pool.on('connect', () => emit('connect'));
    pool.on('acquire', () => emit('acquire'));
    pool.on('release', () => emit('release'));
    pool.on('remove', () => emit('remove'));
  }
  const base = wrap(pool);

  return {
    engine: 'postgres',
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions: TransactionOptions = {}): Promise<T> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw toUnavailable(err);
      }
      // While checked out, the pool's idle listener is detached: without one of ours, a connection
      // reset between two statements would be an unhandled 'error' event, which ends the process.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
        options.onError?.(err);
      };
      client.on('error', onError);
      const long = txOptions.unbounded && statementTimeout > 0;
      const q = wrap(client, long ? UNBOUNDED_MS : undefined);
      try {
        await q.query('BEGIN');
        if (long) await q.query('SET LOCAL statement_timeout = 0');
        const result = await fn(q);
        await q.query('COMMIT');
        return result;
      } catch (err) {
        // A connection that failed or timed out cannot roll back (a ROLLBACK would only wait behind
        // the hung statement): destroying it ends the transaction on the server.
        if (!broken && isUnavailableError(err)) broken = err as Error;
        if (!broken) {
          try {
            await q.query('ROLLBACK');
          } catch (rollbackErr) {
            broken = rollbackErr as Error;
          }
        }
        throw toUnavailable(err);
      } finally {
        client.removeListener('error', onError);
        // A broken client is destroyed rather than returned to the pool.
        client.release(broken ?? false);
      }
    },
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}
