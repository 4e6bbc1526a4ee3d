// Writes validated events through group commit: one statement inserts a batch of rows (the
// primary key deduplicates: a flush inserts without probing it first, and is redone skipping the
// stored keys when it meets one, see insertionMode); profiles from new server events are updated
// in the same transaction; duplicates answer with the stored event's time. New server events that
// an active workflow takes record their deliveries in the same transaction (the kernel's workflow
// triggers: an outbox). Every caller is answered after the commit.
import type { Database } from '../../db/types.js';
import type { Happening, WorkflowTriggers } from '../../kernel/index.js';
import { toIso } from '../../time.js';
import { createGroupCommitter } from '../../db/group-commit.js';
import type { WriteLoad } from '../../db/write-load.js';
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

/** The event as GET /events/{id} returns it. */
const viewOf = (r: NewEvent): Record<string, unknown> => ({
  event_id: r.eventId,
  site_id: r.siteId,
  event_type: r.eventType,
  session_id: r.sessionId,
  ...(r.userId !== null ? { user_id: r.userId } : {}),
  ...(r.deviceId !== null ? { device_id: r.deviceId } : {}),
  ...(r.clientEventId !== null ? { client_event_id: r.clientEventId } : {}),
  properties: r.properties,
  context: JSON.parse(r.contextJson) as Record<string, unknown>,
  occurred_at: toIso(r.occurredAt),
  received_at: toIso(r.receivedAt),
  trust_class: r.trustClass,
  dedup_key_source: r.dedupKeySource,
});

/** A new server event as workflows see it: `event.<type>`, the event as GET /events/{id} returns it (made only if a workflow looks). */
export function happeningOf(r: NewEvent): Happening {
  let data: Record<string, unknown> | undefined;
  return {
    siteId: r.siteId,
    on: 'event',
    subtype: r.eventType,
    type: `event.${r.eventType}`,
    get data() {
      return (data ??= viewOf(r));
    },
  };
}

/**
 * The new server events some active workflow takes (browser events never trigger). A site without
 * an active event workflow (the common case) is asked once, and its events build no happening.
 */
async function triggeringOf(triggers: WorkflowTriggers, rows: readonly NewEvent[]): Promise<NewEvent[]> {
  const listening = new Map<string, boolean>();
  for (const r of rows) {
    if (r.trustClass === 'server' && !listening.has(r.siteId)) listening.set(r.siteId, await triggers.anyOn(r.siteId, 'event'));
  }
  const candidates = rows.filter((r) => r.trustClass === 'server' && listening.get(r.siteId) === true);
  if (candidates.length === 0) return [];
  const taken = await Promise.all(candidates.map((r) => triggers.matches(happeningOf(r))));
  return candidates.filter((_, i) => taken[i]);
}

/**
 * Which insert a flush tries first. Most flushes carry no stored key, and an insert that fails on
 * one (nothing inserted) costs PostgreSQL about a fifth less per event than ON CONFLICT DO NOTHING,
 * which probes the primary key before every row (BENCHMARKS.md). A flush that meets a stored key is
 * redone skipping them; the next `window` flushes then skip from the start, so a client replaying
 * its events makes at most one flush in `window` + 1 run twice.
 */
export function insertionMode(window: number) {
  let skipping = 0;
  return {
    /** The mode of the next flush. */
    next(): repo.OnDuplicate {
      if (skipping === 0) return 'fail';
      skipping -= 1;
      return 'skip';
    },
    /** A flush in mode `fail` met a stored key. */
    metDuplicate(): void {
      skipping = window;
    },
  };
}

/** Flushes that insert with ON CONFLICT DO NOTHING after one met a stored key. */
export const DUPLICATE_WINDOW = 16;

/**
 * Events waiting before a second flush starts beside the one in progress (PostgreSQL). When any
 * waiting event started one, track at half load ran two to four small transactions at once (2.6
 * events a flush). Gathered behind the flush in progress they run one at a time (2.2 events a
 * flush): in scratch runs on the 2-core host, PostgreSQL's CPU fell from 36-40 % to 30-31 % of a
 * core at 1,443 events/s, track's paced p99 from 32-81 ms to 18-52 ms, and track at full load rose
 * from 2,949-3,172 to 3,419-3,609 req/s; batch (100 events a request, over the threshold at once)
 * is unchanged (BENCHMARKS.md). 8 to 128 measured alike.
 */
export const PARALLEL_AFTER = 32;

export interface EventWriterHooks {
  /** Each flush: its events, and how long the oldest waited (metrics). */
  observe?: (events: number, waitedSeconds: number) => void;
  /** Where the writer says when its flushes run side by side (background work yields to them). */
  load?: WriteLoad;
}

export function createEventWriter(db: Database, triggers: WorkflowTriggers, hooks: EventWriterHooks = {}) {
  const mode = insertionMode(DUPLICATE_WINDOW);

  async function flush(rows: NewEvent[]): Promise<WriteResult[]> {
    // First occurrence of each key in this batch, in key order (a fixed lock order). Each key is
    // built once per row, not once per comparison.
    const keys = rows.map(keyOf);
    const firsts = new Map<string, NewEvent>();
    for (let i = 0; i < rows.length; i += 1) if (!firsts.has(keys[i]!)) firsts.set(keys[i]!, rows[i]!);
    const distinct = [...firsts.keys()].sort().map((key) => firsts.get(key)!);

    // New events alone need one statement (atomic by itself); profile updates ride in the same
    // transaction as the events that cause them.
    const needsProfiles = distinct.some((r) => r.trustClass === 'server' && r.userId !== null);
    const triggering = await triggeringOf(triggers, distinct);
    const write = (onDuplicate: repo.OnDuplicate): Promise<repo.Inserted> =>
      needsProfiles || triggering.length > 0
        ? db.transaction(async (tx) => {
            const inserted = await repo.insertEvents(tx, distinct, onDuplicate);
            const updates = profileUpdates(distinct.filter((r) => inserted.has(r.eventId)));
            if (updates.length > 0) await repo.upsertProfiles(tx, updates);
            const fresh = triggering.filter((r) => inserted.has(r.eventId));
            if (fresh.length > 0) await triggers.record(tx, fresh.map(happeningOf));
            return inserted;
          })
        : repo.insertEvents(db, distinct, onDuplicate);
    const first = mode.next();
    let inserted: repo.Inserted;
    try {
      inserted = await retryOnConflict(() => write(first), 2);
    } catch (err) {
      if (first !== 'fail' || !repo.isDuplicateEvent(err)) throw err;
      // A stored key (a duplicate, or a concurrent flush's that committed first): nothing of this
      // flush was written; again, skipping the stored keys.
      mode.metDuplicate();
      inserted = await retryOnConflict(() => write('skip'), 2);
    }

    // Duplicates answer with the stored event's time. A derived key contains occurred_at, so only
    // duplicates by client_event_id can differ from what was sent and need reading back (committed
    // rows; no transaction needed).
    const readBack = distinct.filter((r) => !inserted.has(r.eventId) && r.dedupKeySource === 'client_event_id');
    const stored = readBack.length > 0 ? await repo.findOccurredAt(db, readBack) : new Map<string, number>();

    const claimed = new Set<string>();
    return rows.map((r, i) => {
      const key = keys[i]!;
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
    parallelAfter: PARALLEL_AFTER,
    flush,
    isFatal: isUnavailableError,
    observe: hooks.observe,
    crowded: hooks.load?.crowded,
  });
}

export type EventWriter = ReturnType<typeof createEventWriter>;
