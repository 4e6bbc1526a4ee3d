// Stores answers behind the response (write-behind): an answer is queued and the request answered
// at once. The answers of concurrent requests share one statement (group commit): a flush takes
// the queue (MAX_BATCH answers at most) LINGER_MS after the first answer queued, or as soon as the
// previous flush ended when answers queued meanwhile; one flush at a time, so batches grow with
// the load. An answer is committed within milliseconds. Impressions and clicks tie to answers when
// analytics read them (a join, no foreign key), so an impression that arrives before its answer
// committed still counts once it has.
//
// The trade: a crash (kill -9, the machine) loses the answers not yet committed, whose impressions
// and clicks then count as unattributed: those of the last few milliseconds (up to MAX_UNWRITTEN
// when the database is slow). A graceful shutdown loses nothing: the app's
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
  return new WriteBehind(options);
}

class WriteBehind implements AnswerWriter {
  private readonly queue: StoredAnswer[] = [];
  /** Writes waiting for their own answer's commit (backpressure). */
  private readonly waiting = new Map<StoredAnswer, () => void>();
  private unwritten = 0;
  private lost = 0;
  private unreported = 0;
  private lastError: unknown;
  private reportTimer: NodeJS.Timeout | undefined;
  private lingerTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private idle: (() => void)[] = [];

  constructor(private readonly options: AnswerWriterOptions) {}

  write(ask: Ask, answer: Answer): Promise<void> {
    const item = { ask, answer };
    this.queue.push(item);
    this.unwritten += 1;
    this.schedule(false);
    if (this.unwritten <= (this.options.maxUnwritten ?? MAX_UNWRITTEN)) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiting.set(item, resolve));
  }

  async drain(): Promise<void> {
    if (this.unwritten > 0) {
      const done = new Promise<void>((resolve) => this.idle.push(resolve));
      this.schedule(true);
      await done;
    }
    this.report();
  }

  stats(): { unwritten: number; lost: number } {
    return { unwritten: this.unwritten, lost: this.lost };
  }

  private schedule(now: boolean): void {
    if (this.flushing) return;
    const linger = this.options.lingerMs ?? LINGER_MS;
    if (now || linger <= 0) {
      if (this.lingerTimer) clearTimeout(this.lingerTimer);
      this.flushing = this.flush();
    } else this.lingerTimer ??= setTimeout(() => (this.flushing ??= this.flush()), linger);
  }

  private async flush(): Promise<void> {
    this.lingerTimer = undefined;
    while (this.queue.length > 0) await this.store(this.queue.splice(0, MAX_BATCH));
    this.flushing = undefined;
  }

  /** Stores a batch; when it fails for one bad answer (not a database down), each answer alone. */
  private async store(items: StoredAnswer[]): Promise<void> {
    try {
      await this.options.store(items);
      this.settle(items);
    } catch (err) {
      if (items.length === 1 || this.options.isFatal?.(err)) return this.settle(items, err ?? new Error('answers not stored'));
      for (const item of items) await this.store([item]);
    }
  }

  private settle(items: readonly StoredAnswer[], err?: unknown): void {
    if (err !== undefined) {
      this.lost += items.length;
      this.unreported += items.length;
      this.lastError = err;
      this.reportTimer ??= setTimeout(() => this.report(), LOST_REPORT_MS).unref();
    }
    this.unwritten -= items.length;
    for (const item of items) {
      this.waiting.get(item)?.();
      this.waiting.delete(item);
    }
    if (this.unwritten === 0) {
      const done = this.idle;
      this.idle = [];
      for (const resolve of done) resolve();
    }
  }

  private report(): void {
    if (this.reportTimer) clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
    if (this.unreported === 0) return;
    const count = this.unreported;
    this.unreported = 0;
    this.options.onLost?.(count, this.lastError);
  }
}
