// Stores answers behind the response (write-behind): an answer is queued and the request answered
// at once. The answers of concurrent requests share one statement (group commit): a flush takes
// the queue (MAX_BATCH answers at most) LINGER_MS after the first answer queued, or as soon as the
// previous flush ended when answers queued meanwhile; one flush at a time, so batches grow with
// the load. An answer is committed within milliseconds. Impressions and clicks tie to answers when
// analytics read them (a join, no foreign key), so an impression that arrives before its answer
// committed still counts once it has.
//
// The trade: a crash (kill -9, the machine) loses the answers of the last few milliseconds, whose
// impressions and clicks then count as unattributed. A graceful shutdown loses nothing: the app's
// onClose waits for `drain()`. Memory is bounded: past MAX_UNWRITTEN answers not yet committed
// (the database is slow or stuck), a request waits for its own answer's commit (backpressure). A
// failed flush never fails a request (the answer was given): its answers are counted as lost and
// reported to `onLost` at most once a second (the server logs them).
import type { Answer, Ask } from './recommendation.js';

/** Answers not yet committed past which a request waits for its own. */
export const MAX_UNWRITTEN = 5_000;
const MAX_BATCH = 500;
/** How long the first answer queued waits for others to share its statement. */
export const LINGER_MS = 5;
const LOST_REPORT_MS = 1_000;

export type StoredAnswer = { ask: Ask; answer: Answer };

export interface AnswerWriter {
  /** Takes the answer to store; resolves at once (after its commit under backpressure), never rejects. */
  write(ask: Ask, answer: Answer): Promise<void>;
  /** Resolves once every answer taken so far is committed or counted lost (and lost ones reported). */
  drain(): Promise<void>;
  /** Answers taken and not yet settled; answers lost since the start. */
  stats(): { unwritten: number; lost: number };
}

export interface AnswerWriterOptions {
  /** Writes the answers in one statement. */
  store(answers: StoredAnswer[]): Promise<void>;
  /** Errors for which retrying the answers one by one cannot help (the database is down). */
  isFatal?(err: unknown): boolean;
  /** Answers lost since the last report, and the last error: at most once every LOST_REPORT_MS. */
  onLost?(count: number, err: unknown): void;
  maxUnwritten?: number;
  lingerMs?: number;
}

export function createAnswerWriter(options: AnswerWriterOptions): AnswerWriter {
  const maxUnwritten = options.maxUnwritten ?? MAX_UNWRITTEN;
  const queue: StoredAnswer[] = [];
  /** Writes waiting for their own answer's commit (backpressure). */
  const waiting = new Map<StoredAnswer, () => void>();
  let unwritten = 0;
  let lost = 0;
  let unreported = 0;
  let lastError: unknown;
  let reportTimer: NodeJS.Timeout | undefined;
  let lingerTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let idle: (() => void)[] = [];

  function report(): void {
    if (reportTimer) clearTimeout(reportTimer);
    reportTimer = undefined;
    if (unreported === 0) return;
    const count = unreported;
    unreported = 0;
    options.onLost?.(count, lastError);
  }

  function settle(items: readonly StoredAnswer[], err?: unknown): void {
    if (err !== undefined) {
      lost += items.length;
      unreported += items.length;
      lastError = err;
      reportTimer ??= setTimeout(report, LOST_REPORT_MS).unref();
    }
    unwritten -= items.length;
    for (const item of items) {
      waiting.get(item)?.();
      waiting.delete(item);
    }
    if (unwritten === 0) {
      const done = idle;
      idle = [];
      for (const resolve of done) resolve();
    }
  }

  /** Stores a batch; when it fails for one bad answer (not a database down), each answer alone. */
  async function store(items: StoredAnswer[]): Promise<void> {
    try {
      await options.store(items);
      settle(items);
    } catch (err) {
      if (items.length === 1 || options.isFatal?.(err)) return settle(items, err ?? new Error('answers not stored'));
      for (const item of items) await store([item]);
    }
  }

  async function flush(): Promise<void> {
    lingerTimer = undefined;
    while (queue.length > 0) await store(queue.splice(0, MAX_BATCH));
    flushing = undefined;
  }

  function schedule(now: boolean): void {
    if (flushing) return;
    if (now || (options.lingerMs ?? LINGER_MS) <= 0) {
      if (lingerTimer) clearTimeout(lingerTimer);
      flushing = flush();
    } else lingerTimer ??= setTimeout(() => (flushing ??= flush()), options.lingerMs ?? LINGER_MS);
  }

  return {
    write(ask, answer) {
      const item = { ask, answer };
      queue.push(item);
      unwritten += 1;
      schedule(false);
      if (unwritten <= maxUnwritten) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.set(item, resolve));
    },
    async drain() {
      if (unwritten > 0) {
        const done = new Promise<void>((resolve) => idle.push(resolve));
        schedule(true);
        await done;
      }
      report();
    },
    stats: () => ({ unwritten, lost }),
  };
}
