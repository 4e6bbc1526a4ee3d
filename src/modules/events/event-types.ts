// The event types of CONTRACT §3 and the properties each one requires.

export { EVENT_TYPES } from '../../domain/event-type-names.js';
import { EVENT_TYPES } from '../../domain/event-type-names.js';

export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (v: unknown): v is EventType => typeof v === 'string' && (EVENT_TYPES as readonly string[]).includes(v);

/**
 * Each rule is a group of property names of which at least one must be present; a single-name
 * group is a plain requirement. `kind` says what a present value must be.
 */
export interface PropertyRule {
  anyOf: readonly string[];
  kind: 'string' | 'number';
}

const ids = (...names: string[]): PropertyRule[] => names.map((n) => ({ anyOf: [n], kind: 'string' }));
const OVERLAY = ids('overlay_id', 'campaign_id');
const QUIZ = ids('overlay_id', 'campaign_id', 'quiz_id');

export const REQUIRED_PROPERTIES: Readonly<Record<EventType, readonly PropertyRule[]>> = {
  page_view: [],
  product_view: ids('product_id'),
  add_to_cart: ids('product_id'),
  remove_from_cart: ids('product_id'),
  purchase: [
    { anyOf: ['transaction_id', 'order_id'], kind: 'string' },
    { anyOf: ['total_amount', 'total', 'revenue'], kind: 'number' },
  ],
  search: ids('query'),
  custom: ids('event_name'),
  chatbot_message: ids('message'),
  recommendation_impression: ids('recommendation_id', 'campaign_id'),
  recommendation_click: ids('recommendation_id', 'campaign_id', 'product_id'),
  overlay_impression: OVERLAY,
  overlay_click: OVERLAY,
  overlay_close: OVERLAY,
  overlay_submit: OVERLAY,
  quiz_start: QUIZ,
  quiz_answer: [...QUIZ, ...ids('question_id')],
  quiz_complete: QUIZ,
};

/** Business ids that enter the derived deduplication key, in this order (CONTRACT §3). */
export const DEDUP_BUSINESS_IDS = [
  'product_id',
  'order_id',
  'transaction_id',
  'query',
  'event_name',
  'recommendation_id',
  'overlay_id',
  'campaign_id',
  'quiz_id',
  'question_id',
] as const;

/** The longest id (session_id, user_id, device_id, client_event_id), in characters. */
export const ID_MAX = 256;
/** The longest page_url or referrer, in characters. */
export const URL_MAX = 8192;
/** The optional text fields of context (CONTRACT §3). */
export const CONTEXT_STRINGS = ['page_title', 'device_type', 'browser', 'os', 'language', 'timezone'] as const;

/** Client fields that claim a trust class; dropped wherever they appear (CONTRACT §1). */
export const TRUST_FIELDS = new Set(['trust', 'trust_class', 'trusted']);
