// Stores answers behind the response (write-behind): an answer is handed to a group committer and
// the request is answered at once; the answers of concurrent requests share one statement, one
// flush at a time (so batches grow with the load), each flush starting as soon as the previous
// one ended: an answer is committed within milliseconds. Impressions and clicks tie to answers when
// analytics read them (a join, no foreign key), so an impression that arrives before its answer
// committed still counts once it has.
//
// The trade: a crash (kill -9, the machine) loses the answers of the last few milliseconds, whose
// impressions and clicks then count as unattributed. A graceful shutdown loses nothing: the app's
// onClose waits for `drain()`. Memory is bounded: past MAX_UNWRITTEN answers not yet committed
// (the database is slow or stuck), a request waits for its own answer's commit (backpressure). A
// failed flush never fails a request (the answer was given): its answers are counted as lost and
// reported to `onLost` at most once a second (the server logs them).
import { createGroupCommitter } from '../../db/group-commit.js';
import type { Answer, Ask } from './recommendation.js';

/** Answers not yet committed past which a request waits for its own. */
export const MAX_UNWRITTEN = 5_000;
const MAX_BATCH = 500;
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
}

export function createAnswerWriter(options: AnswerWriterOptions): AnswerWriter {
  const maxUnwritten = options.maxUnwritten ?? MAX_UNWRITTEN;
  const committer = createGroupCommitter<StoredAnswer, null>({
    maxBatch: MAX_BATCH,
    maxConcurrent: 1,
    flush: async (items) => {
      await options.store(items);
      return items.map(() => null);
    },
    isFatal: options.isFatal,
  });
  let unwritten = 0;
  let lost = 0;
  let unreported = 0;
  let lastError: unknown;
  let reportTimer: NodeJS.Timeout | undefined;
  let idle: (() => void)[] = [];

  function report(): void {
    if (reportTimer) clearTimeout(reportTimer);
    reportTimer = undefined;
    if (unreported === 0) return;
    const count = unreported;
    unreported = 0;
    options.onLost?.(count, lastError);
  }
  function settled(err?: unknown): void {
    if (err !== undefined) {
      lost += 1;
      unreported += 1;
      lastError = err;
      reportTimer ??= setTimeout(report, LOST_REPORT_MS).unref();
    }
    unwritten -= 1;
    if (unwritten === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  return {
    write(ask, answer) {
      unwritten += 1;
      const done = committer.submit([{ ask, answer }]).then(
        () => settled(),
        (err: unknown) => settled(err ?? new Error('answer not stored')),
      );
      return unwritten > maxUnwritten ? done : Promise.resolve();
    },
    async drain() {
      if (unwritten > 0) await new Promise<void>((resolve) => idle.push(resolve));
      report();
    },
    stats: () => ({ unwritten, lost }),
  };
}
