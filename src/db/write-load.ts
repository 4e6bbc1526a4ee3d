// How hard the service's writes are pressed, for background work that should let them go first:
// the time during which the group commit ran flushes side by side (more events waited behind the
// flush in progress than one flush takes: PARALLEL_AFTER in the events module). A service at
// moderate load runs one flush at a time; under a burst, most of the time two or more.

export interface WriteLoad {
  /** The group commit went from one flush in flight to several (true), or back to at most one (false). */
  crowded(crowded: boolean): void;
  /** Milliseconds so far during which flushes ran side by side. */
  crowdedMs(): number;
}

export function createWriteLoad(now: () => number = () => performance.now()): WriteLoad {
  let total = 0;
  let since: number | undefined;
  return {
    crowded(crowded) {
      if (crowded && since === undefined) since = now();
      else if (!crowded && since !== undefined) {
        total += now() - since;
        since = undefined;
      }
    },
    crowdedMs: () => total + (since === undefined ? 0 : now() - since),
  };
}
