// The messages between the main thread and the embedded engine's worker thread
// (src/db/pglite-worker.js): each request carries an id, and its one answer the same id.
// Values cross by structured clone (src/db/pglite-params.ts prepares the parameters).

/** What the worker thread is started with (workerData). */
export interface WorkerStart {
  /** PGlite's data directory, or undefined for an in-memory database. */
  dataDir: string | undefined;
}

// `tx`: the transaction a statement belongs to (the worker opens it at its first statement).
// `segment`: answer with the name of the WAL segment that holds the latest record, asked of PGlite
// right behind the write (after its syncToFs()), so that the main thread can fsync it.
export type WorkerRequest =
  | { id: number; op: 'query'; text: string; params?: unknown[]; tx?: number; segment?: boolean }
  | { id: number; op: 'exec'; sql: string; tx?: number; segment?: boolean }
  | { id: number; op: 'commit'; tx: number; segment?: boolean }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'close' };

/** An error as it crosses: its name, message and stack, and PostgreSQL's fields (code, constraint, detail…). */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type WorkerReply =
  | { id: number; rows?: unknown[]; rowCount?: number; segment?: string }
  /** `fatal`: PGlite itself failed (a WebAssembly trap): the worker exits after this answer. */
  | { id: number; error: WireError; fatal?: boolean };

/** The id of the worker's first message: PGlite is open (or `error`: it could not be). */
export const READY_ID = 0;
