// Reading events back: members of the event's site only. Another site's event is not found, with
// the same answer as an id that does not exist (CONTRACT §7: no 403 that confirms it exists).
import type { Database } from '../../db/types.js';
import { AppError, notFound } from '../../errors.js';
import { toIso } from '../../time.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { findEventById, type EventRow } from './events-repository.js';

export function toEventView(row: EventRow) {
  return {
    event_id: row.event_id,
    site_id: row.site_id,
    event_type: row.event_type,
    session_id: row.session_id,
    ...(row.user_id !== null ? { user_id: row.user_id } : {}),
    ...(row.device_id !== null ? { device_id: row.device_id } : {}),
    ...(row.client_event_id !== null ? { client_event_id: row.client_event_id } : {}),
    properties: row.properties,
    context: row.context,
    occurred_at: toIso(row.occurred_at),
    received_at: toIso(row.received_at),
    trust_class: row.trust_class,
    dedup_key_source: row.dedup_key_source,
  };
}

export function createEventsService(db: Database) {
  return {
    async getEvent(actor: Actor, eventId: string) {
      const row = await findEventById(db, eventId);
      if (!row) throw notFound('Event');
      try {
        await getSiteWithRoleOrThrow(db, row.site_id, actor, 'member');
      } catch (err) {
        if (err instanceof AppError && err.code === 'forbidden') throw notFound('Event');
        throw err;
      }
      return toEventView(row);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
