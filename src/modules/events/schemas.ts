// Request and response shapes of the event routes (CONTRACT §3). The documented Event is what
// clients read; what the boundary enforces is its event type's schema (event-input.ts), item by item.
import { Type } from 'typebox';
import { Timestamp } from '../../http/common-schemas.js';
import { bodyAsItem, bodyItems } from '../../http/validation.js';
import { EVENT_ID_PATTERN } from './dedup-key.js';
import { checkEventInput } from './event-input.js';
import { EVENT_TYPES } from './event-types.js';
import { component } from '../../http/openapi-components.js';
import { siteSchemas } from '../../kernel/index.js';

const FreeObject = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

export const EventContext = Type.Object(
  {
    page_url: Type.String({ description: 'Absolute http(s) URL of the page; awc, cjevent, clickref and sid are removed before storage' }),
    user_agent: Type.String({ minLength: 1 }),
    referrer: Type.Optional(Type.String()),
    page_title: Type.Optional(Type.String()),
    device_type: Type.Optional(Type.String()),
    browser: Type.Optional(Type.String()),
    os: Type.Optional(Type.String()),
    language: Type.Optional(Type.String()),
    timezone: Type.Optional(Type.String()),
    screen_width: Type.Optional(Type.Integer({ minimum: 0 })),
    screen_height: Type.Optional(Type.Integer({ minimum: 0 })),
    consent: Type.Optional(siteSchemas.SentConsentSchema),
  },
  { additionalProperties: true },
);

export const Event = component('Event', Type.Object(
  {
    event_type: Type.Enum([...EVENT_TYPES]),
    session_id: Type.String({ minLength: 1, maxLength: 256 }),
    properties: Type.Optional(
      FreeObject(
        'Event-specific fields. Required: product_view/add_to_cart/remove_from_cart product_id; purchase transaction_id or order_id and one of total_amount, total, revenue; search query; custom event_name; chatbot_message message; recommendation_impression recommendation_id, campaign_id (+ product_id for recommendation_click); overlay_* overlay_id, campaign_id; quiz_start/quiz_complete overlay_id, campaign_id, quiz_id (+ question_id for quiz_answer). Fields named trust, trust_class or trusted are dropped.',
      ),
    ),
    user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    device_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    client_event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Stable id for retry deduplication' })),
    occurred_at: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601 with offset; at most 5 minutes ahead; receipt time when omitted' })),
    context: EventContext,
  },
  { description: 'An event; at most 32 KiB' },
));

export const TrackResult = Type.Object({
  event_id: Type.String({ pattern: EVENT_ID_PATTERN }),
  timestamp: Timestamp,
  deduplicated: Type.Boolean(),
});

const ItemError = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), code: Type.String(), message: Type.String() }))),
});

export const BatchResult = Type.Object({
  results: Type.Array(
    Type.Object({
      index: Type.Integer(),
      success: Type.Boolean(),
      event_id: Type.Optional(Type.String()),
      timestamp: Type.Optional(Timestamp),
      deduplicated: Type.Optional(Type.Boolean()),
      error: Type.Optional(ItemError),
    }),
  ),
  accepted: Type.Integer({ description: 'Items stored now' }),
  deduplicated: Type.Integer({ description: 'Items that were duplicates of stored events' }),
  failed: Type.Integer({ description: 'Items refused; see their error' }),
});

export const MAX_BATCH_ITEMS = 100;

/** What the framework enforces on a batch as a whole; each item is then checked alone. */
export const BatchEnvelope = Type.Object({
  events: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
  api_key: Type.Optional(Type.String()),
});

/** The track body, one event checked alone: its failure is answered after the quota is charged. */
export const TrackedEvent = bodyAsItem(checkEventInput);

/** A batch's events, each checked alone: one bad item fails alone. */
export const BatchEvents = bodyItems(BatchEnvelope, '/events', checkEventInput);

export const BatchBody = component('EventBatch', Type.Object({
  events: Type.Array(Event, { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
  api_key: Type.Optional(
    Type.String({ description: 'Beacon form only (text/plain body, no credential header): a runtime token. Secret keys are refused.' }),
  ),
}));

export const StoredEvent = component('StoredEvent', Type.Object({
  event_id: Type.String(),
  site_id: Type.String(),
  event_type: Type.String(),
  session_id: Type.String(),
  user_id: Type.Optional(Type.String()),
  device_id: Type.Optional(Type.String()),
  client_event_id: Type.Optional(Type.String()),
  properties: FreeObject('As sent, without trust fields'),
  context: FreeObject('As sent, with click ids removed from URLs'),
  occurred_at: Timestamp,
  received_at: Timestamp,
  trust_class: Type.Enum(['browser', 'server']),
  dedup_key_source: Type.Enum(['client_event_id', 'derived']),
}));

export const EventParams = Type.Object({ eventId: Type.String({ pattern: EVENT_ID_PATTERN }) });
