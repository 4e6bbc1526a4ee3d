// The embedded database belongs to one process at a time (PGlite is not multi-process). A lock
// file holding the owner's pid guards DATA_DIR; a stale one (dead pid) is taken over.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export class DatabaseInUseError extends Error {
  constructor(readonly pid: number) {
    super(`the embedded database is in use by process ${pid}`);
    this.name = 'DatabaseInUseError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock or throws DatabaseInUseError; returns the release function. */
export function acquireDataDirLock(file: string): () => void {
  const mine = String(process.pid);
  try {
    writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) throw new DatabaseInUseError(holder);
    writeFileSync(file, mine, { mode: 0o600 });
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}
