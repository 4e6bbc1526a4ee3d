// Transactions that may meet a deadlock or serialization failure under concurrency are retried
// a few times: PostgreSQL picked one of the parties to fail, and trying again is the cure.
const RETRYABLE = new Set(['40P01', '40001']);

export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * i));
    }
  }
}
