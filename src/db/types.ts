// The storage interface both engines implement. Repositories take a Queryable, so the same
// function runs on the pool or inside a caller's transaction.

export interface QueryResult<R> {
  rows: R[];
  /** Rows affected by INSERT/UPDATE/DELETE, or rows returned by SELECT. */
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A statement run on every request or flush of a hot path: PostgreSQL parses and plans it once
   * per connection (a named prepared statement) instead of every time. Only for statements whose
   * text is fixed (never one built from the number of its parameters); the embedded engine ignores it.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /** No statement timeout (migrations and maintenance that may run for minutes). */
  unbounded?: boolean;
}

export interface Database extends Queryable {
  readonly engine: 'postgres' | 'pglite';
  /** Runs fn in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}
