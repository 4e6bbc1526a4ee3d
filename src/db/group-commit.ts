// Group commit: concurrent callers share database round trips. Submissions queue while up to
// `maxConcurrent` flushes run; each flush takes the queue (up to `maxBatch` items) in one
// transaction. When none runs, a submission flushes at once (no added latency); while one runs,
// another starts only once `parallelAfter` items wait, so under moderate load the queue gathers
// behind the flush in progress instead of each item paying a transaction of its own, and under
// heavy load batches grow by themselves. A caller's promise settles only after its flush has
// committed, and after the next flush (if anything waits) has started: the database works on the
// next batch while this thread writes the answers.
import { AppError } from '../errors.js';

export interface GroupCommitOptions<T, R> {
  maxBatch: number;
  maxConcurrent: number;
  /**
   * While a flush runs, another starts only when at least this many items wait (default 1: as soon
   * as anything waits). Each flush is a transaction and a round trip: items that wait a moment for
   * the flush in progress share the next one.
   */
  parallelAfter?: number;
  /** Writes the items in one transaction; returns one result per item, in order. */
  flush(items: T[]): Promise<R[]>;
  /** Errors for which retrying the entries one by one cannot help (e.g. the database is down). */
  isFatal?(err: unknown): boolean;
  /** Each flush: how many items, and how long (seconds) its oldest entry waited in the queue. */
  observe?(items: number, waitedSeconds: number): void;
  /** Hears when flushes start running side by side (true) and when at most one runs again (false). */
  crowded?(crowded: boolean): void;
}

interface Entry<T, R> {
  items: T[];
  /** performance.now() at submission. */
  at: number;
  resolve(results: R[]): void;
  reject(err: unknown): void;
}

export interface GroupCommitter<T, R> {
  submit(items: T[]): Promise<R[]>;
}

/** Items in the queue (counted only while a flush runs: the queue is a few entries per connection). */
const itemsIn = (queue: readonly { items: readonly unknown[] }[]): number => queue.reduce((n, e) => n + e.items.length, 0);

/** After the microtasks queued so far (and those they queue): a turn of the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createGroupCommitter<T, R>(options: GroupCommitOptions<T, R>): GroupCommitter<T, R> {
  const queue: Entry<T, R>[] = [];
  let inFlight = 0;
  const parallelAfter = options.parallelAfter ?? 1;
  let scheduled = false;

  /**
   * One flush of `entries`; `settled` frees its place (and starts what waits) once the flush has
   * committed, before its callers are answered.
   */
  async function run(entries: Entry<T, R>[], settled?: () => boolean): Promise<void> {
    try {
      const results = await options.flush(entries.flatMap((e) => e.items));
      // The next flush starts before these callers are answered, and its statement goes out
      // before their answers are written: the database works on it meanwhile. (Answered first,
      // their continuations ran ahead of the next flush's own awaits, and the database sat idle
      // for the length of a batch's answers, about a millisecond at 32 events, every flush.)
      if (settled?.()) await nextTurn();
      let at = 0;
      for (const e of entries) {
        e.resolve(results.slice(at, at + e.items.length));
        at += e.items.length;
      }
    } catch (err) {
      if (options.isFatal?.(err)) {
        // The database is unreachable: what waits in the queue would only wait for the same
        // timeout again, so it is answered now (the callers answer 503 and retry later).
        for (const e of [...entries, ...queue.splice(0)]) e.reject(err);
        return;
      }
      if (entries.length === 1 || err instanceof AppError) {
        for (const e of entries) e.reject(err);
        return;
      }
      // One entry may be at fault: retry each alone so the others still commit.
      await Promise.all(entries.map((e) => run([e])));
    }
  }

  /** Starts the flushes the queue allows; whether it started any. */
  function pump(): boolean {
    scheduled = false;
    let started = false;
    while (queue.length > 0 && (inFlight === 0 || (inFlight < options.maxConcurrent && itemsIn(queue) >= parallelAfter))) {
      const batch: Entry<T, R>[] = [];
      let size = 0;
      while (queue.length > 0 && (batch.length === 0 || size + queue[0]!.items.length <= options.maxBatch)) {
        const e = queue.shift()!;
        batch.push(e);
        size += e.items.length;
      }
      inFlight += 1;
      if (inFlight === 2) options.crowded?.(true);
      options.observe?.(size, (performance.now() - batch[0]!.at) / 1000);
      let done = false;
      const settled = (): boolean => {
        if (done) return false;
        done = true;
        inFlight -= 1;
        if (inFlight === 1) options.crowded?.(false);
        return pump();
      };
      started = true;
      void run(batch, settled).finally(settled);
    }
    return started;
  }

  return {
    submit(items) {
      return new Promise<R[]>((resolve, reject) => {
        queue.push({ items, at: performance.now(), resolve, reject });
        // Coalesce everything submitted in this turn of the event loop.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
