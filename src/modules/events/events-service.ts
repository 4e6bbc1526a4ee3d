// Reading events back: members of the event's site only. Another site's event is not found, with
// the same answer as an id that does not exist (CONTRACT §7: no 403 that confirms it exists).
import type { Database } from '../../db/types.js';
import { AppError, notFound } from '../../errors.js';
import { toIso } from '../../time.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import type { EventRecord } from './event-record.js';
import { findEventById } from './events-repository.js';

export function toEventView(event: EventRecord) {
  return {
    event_id: event.eventId,
    site_id: event.siteId,
    event_type: event.eventType,
    session_id: event.sessionId,
    ...(event.userId !== null ? { user_id: event.userId } : {}),
    ...(event.deviceId !== null ? { device_id: event.deviceId } : {}),
    ...(event.clientEventId !== null ? { client_event_id: event.clientEventId } : {}),
    properties: event.properties,
    context: event.context,
    occurred_at: toIso(event.occurredAt),
    received_at: toIso(event.receivedAt),
    trust_class: event.trustClass,
    dedup_key_source: event.dedupKeySource,
  };
}

export function createEventsService(db: Database) {
  return {
    async getEvent(actor: Actor, eventId: string) {
      const event = await findEventById(db, eventId);
      if (!event) throw notFound('Event');
      try {
        await getSiteWithRoleOrThrow(db, event.siteId, actor, 'member');
      } catch (err) {
        if (err instanceof AppError && err.code === 'forbidden') throw notFound('Event');
        throw err;
      }
      return toEventView(event);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
