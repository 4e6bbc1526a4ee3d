// Writes validated events through group commit: one statement inserts a batch of rows (the
// primary key deduplicates); profiles from new server events are updated in the same transaction;
// duplicates answer with the stored event's time. Every caller is answered after the commit.
import type { Database } from '../../db/types.js';
import { createGroupCommitter } from '../../db/group-commit.js';
import { isUnavailableError } from '../../db/unavailable.js';
import * as repo from './events-repository.js';
import { profileUpdates } from './profiles.js';

export interface WriteResult {
  eventId: string;
  deduplicated: boolean;
  occurredAt: number;
}

const keyOf = (r: { siteId: string; eventId: string }) => `${r.siteId}\n${r.eventId}`;
const DEADLOCK = new Set(['40P01', '40001']);

export function createEventWriter(db: Database, options: { maxBatch?: number; maxConcurrent?: number } = {}) {
  async function flush(rows: repo.NewEventRow[]): Promise<WriteResult[]> {
    // First occurrence of each key in this batch, in key order (a fixed lock order).
    const firsts = new Map<string, repo.NewEventRow>();
    for (const r of rows) if (!firsts.has(keyOf(r))) firsts.set(keyOf(r), r);
    const distinct = [...firsts.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));

    // New events alone need one statement (atomic by itself); profile updates ride in the same
    // transaction as the events that cause them.
    const fresh = (inserted: Set<string>) => distinct.filter((r) => inserted.has(r.eventId));
    const needsProfiles = distinct.some((r) => r.trustClass === 'server' && r.userId !== null);
    const write = async (): Promise<Set<string>> => {
      if (!needsProfiles) return repo.insertEvents(db, distinct);
      return db.transaction(async (tx) => {
        const inserted = await repo.insertEvents(tx, distinct);
        const updates = profileUpdates(fresh(inserted));
        if (updates.length > 0) await repo.upsertProfiles(tx, updates);
        return inserted;
      });
    };

    let inserted: Set<string>;
    try {
      inserted = await write();
    } catch (err) {
      if (!DEADLOCK.has((err as { code?: string }).code ?? '')) throw err;
      inserted = await write();
    }
    // Duplicates answer with the stored event's time (committed rows; no transaction needed).
    const existing = distinct.filter((r) => !inserted.has(r.eventId));
    const stored = existing.length > 0 ? await repo.findOccurredAt(db, existing) : new Map<string, number>();
    const outcome = { inserted, stored };

    const claimed = new Set<string>();
    return rows.map((r) => {
      const key = keyOf(r);
      if (outcome.inserted.has(r.eventId) && !claimed.has(key)) {
        claimed.add(key);
        return { eventId: r.eventId, deduplicated: false, occurredAt: r.occurredAt };
      }
      return { eventId: r.eventId, deduplicated: true, occurredAt: outcome.stored.get(r.eventId) ?? firsts.get(key)!.occurredAt };
    });
  }

  return createGroupCommitter<repo.NewEventRow, WriteResult>({
    maxBatch: options.maxBatch ?? 1000,
    maxConcurrent: options.maxConcurrent ?? (db.engine === 'pglite' ? 1 : 4),
    flush,
    isFatal: isUnavailableError,
  });
}

export type EventWriter = ReturnType<typeof createEventWriter>;
