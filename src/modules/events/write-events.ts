// Writes validated events through group commit: one statement inserts a batch of rows (the
// primary key deduplicates); profiles from new server events are updated in the same transaction;
// duplicates answer with the stored event's time. Every caller is answered after the commit.
import type { Database } from '../../db/types.js';
import { createGroupCommitter } from '../../db/group-commit.js';
import { retryOnConflict } from '../../db/retry.js';
import { isUnavailableError } from '../../db/unavailable.js';
import * as repo from './events-repository.js';
import type { NewEvent } from './event-record.js';
import { profileUpdates } from './profiles.js';

export interface WriteResult {
  eventId: string;
  deduplicated: boolean;
  occurredAt: number;
}

const keyOf = (r: { siteId: string; eventId: string }) => `${r.siteId}\n${r.eventId}`;

export function createEventWriter(db: Database, observe?: (events: number, waitedSeconds: number) => void) {
  async function flush(rows: NewEvent[]): Promise<WriteResult[]> {
    // First occurrence of each key in this batch, in key order (a fixed lock order).
    const firsts = new Map<string, NewEvent>();
    for (const r of rows) if (!firsts.has(keyOf(r))) firsts.set(keyOf(r), r);
    const distinct = [...firsts.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));

    // New events alone need one statement (atomic by itself); profile updates ride in the same
    // transaction as the events that cause them.
    const needsProfiles = distinct.some((r) => r.trustClass === 'server' && r.userId !== null);
    const write = (): Promise<Set<string>> =>
      needsProfiles
        ? db.transaction(async (tx) => {
            const inserted = await repo.insertEvents(tx, distinct);
            const updates = profileUpdates(distinct.filter((r) => inserted.has(r.eventId)));
            if (updates.length > 0) await repo.upsertProfiles(tx, updates);
            return inserted;
          })
        : repo.insertEvents(db, distinct);
    const inserted = await retryOnConflict(write, 2);

    // Duplicates answer with the stored event's time. A derived key contains occurred_at, so only
    // duplicates by client_event_id can differ from what was sent and need reading back (committed
    // rows; no transaction needed).
    const readBack = distinct.filter((r) => !inserted.has(r.eventId) && r.dedupKeySource === 'client_event_id');
    const stored = readBack.length > 0 ? await repo.findOccurredAt(db, readBack) : new Map<string, number>();

    const claimed = new Set<string>();
    return rows.map((r) => {
      const key = keyOf(r);
      if (inserted.has(r.eventId) && !claimed.has(key)) {
        claimed.add(key);
        return { eventId: r.eventId, deduplicated: false, occurredAt: r.occurredAt };
      }
      return { eventId: r.eventId, deduplicated: true, occurredAt: stored.get(r.eventId) ?? firsts.get(key)!.occurredAt };
    });
  }

  return createGroupCommitter<NewEvent, WriteResult>({
    maxBatch: 1000,
    maxConcurrent: db.engine === 'pglite' ? 1 : 4,
    flush,
    isFatal: isUnavailableError,
    observe,
  });
}

export type EventWriter = ReturnType<typeof createEventWriter>;
