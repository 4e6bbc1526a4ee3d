// The embedded engine's worker thread (src/db/pglite-worker.js), seen from the main thread: each
// request posted with an id, its answer matched by that id. A worker that fails (an uncaught
// error, a WebAssembly trap, an exit) never takes the process down: what is pending and every
// later call reject with 503 unavailable, and onError hears of it once.
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { READY_ID, type WireError, type WorkerReply, type WorkerRequest, type WorkerStart } from './pglite-protocol.js';

const WORKER_URL = new URL('./pglite-worker.js', import.meta.url);

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface WorkerClient {
  call<T>(request: Request): Promise<T>;
  close(): Promise<void>;
}

/** An error of the worker, rebuilt with its fields (SQLSTATE `code`, `constraint`, `detail`…). */
export function rebuildError(wire: WireError): Error {
  const err = new Error(wire.message);
  Object.assign(err, wire.fields);
  if (!Object.hasOwn(wire.fields, 'name')) err.name = wire.name;
  if (wire.stack) err.stack = wire.stack;
  return err;
}

const unavailable = () => new AppError('unavailable', 'The embedded database is not running; restart the service');

interface Pending {
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Starts the worker and resolves once PGlite is open in it (or rejects with why it could not open). */
export function startWorker(dataDir: string | undefined, onError?: (err: Error) => void, script: URL = WORKER_URL): Promise<WorkerClient> {
  const start: WorkerStart = { dataDir };
  // Not the parent's execArgv: the worker is plain JavaScript and needs no loader (--import tsx);
  // --cpu-prof passes on, so that a profiled service writes the worker's profile too.
  const worker = new Worker(script, { workerData: start, execArgv: process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')) });
  const pending = new Map<number, Pending>();
  let seq = READY_ID;
  let gone: Error | undefined;
  let started = false;
  let closing = false;

  // Nothing pending: the worker does not keep the process alive (as PGlite in the main thread did not).
  const settled = (id: number) => {
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  };
  function die(err: Error): void {
    if (gone) return;
    gone = err;
    const answer = closing ? new AppError('unavailable', 'The embedded database is closed') : unavailable();
    for (const p of pending.values()) p.reject(answer);
    pending.clear();
    if (started && !closing) onError?.(err);
  }

  worker.on('message', (reply: WorkerReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    settled(reply.id);
    if ('error' in reply) p.reject(reply.fatal ? unavailable() : rebuildError(reply.error));
    else p.resolve(reply);
  });
  worker.on('error', (err) => die(err));
  worker.on('exit', (code) => die(new Error(`the embedded database's worker thread exited (code ${code})`)));

  function call<T>(request: Request): Promise<T> {
    if (gone) return Promise.reject(closing ? new AppError('unavailable', 'The embedded database is closed') : unavailable());
    const id = ++seq;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (err) {
        settled(id);
        reject(err); // a value that cannot be cloned (see pglite-params.ts)
      }
    });
  }

  const client: WorkerClient = {
    call,
    async close() {
      if (gone) return;
      await call({ op: 'close' }).catch(() => undefined);
      closing = true;
      await worker.terminate();
      die(new Error('closed'));
    },
  };
  return new Promise<WorkerClient>((resolve, reject) => {
    pending.set(READY_ID, {
      resolve: () => {
        started = true;
        resolve(client);
      },
      reject: (err) => {
        void worker.terminate();
        reject(err instanceof AppError ? new Error(`the embedded database could not start: ${gone?.message}`) : err);
      },
    });
  });
}
