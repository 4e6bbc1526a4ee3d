// Stores answers through group commit: the answers of concurrent requests share one statement (every
// storefront page with a slot asks), and each request is answered only after its answer committed,
// so an impression event that names it always finds it.
import { createGroupCommitter } from '../../db/group-commit.js';
import type { Database } from '../../db/types.js';
import { isUnavailableError } from '../../db/unavailable.js';
import { insertAnswers } from './answers-repository.js';
import type { Answer, Ask } from './recommendation.js';

export interface AnswerWriter {
  write(ask: Ask, answer: Answer): Promise<void>;
}

export function createAnswerWriter(db: Database): AnswerWriter {
  const committer = createGroupCommitter<{ ask: Ask; answer: Answer }, null>({
    maxBatch: 500,
    maxConcurrent: db.engine === 'pglite' ? 1 : 4,
    flush: async (items) => {
      await insertAnswers(db, items);
      return items.map(() => null);
    },
    isFatal: isUnavailableError,
  });
  return {
    async write(ask, answer) {
      await committer.submit([{ ask, answer }]);
    },
  };
}
