// The event types of the API (CONTRACT §3), as the funnel offers them: the record must name every
// type of the OpenAPI document's Event, no more, or the dashboard does not compile.
import type { components } from '../api/schema';

export type EventType = components['schemas']['Event']['event_type'];

export const EVENT_LABELS: Record<EventType, string> = {
  page_view: 'Page view',
  product_view: 'Product view',
  add_to_cart: 'Add to cart',
  remove_from_cart: 'Remove from cart',
  purchase: 'Purchase',
  search: 'Search',
  custom: 'Custom event',
  chatbot_message: 'Chatbot message',
  recommendation_impression: 'Recommendation impression',
  recommendation_click: 'Recommendation click',
  overlay_impression: 'Overlay impression',
  overlay_click: 'Overlay click',
  overlay_close: 'Overlay close',
  overlay_submit: 'Overlay submit',
  quiz_start: 'Quiz start',
  quiz_answer: 'Quiz answer',
  quiz_complete: 'Quiz complete',
};

export const EVENT_TYPES = Object.keys(EVENT_LABELS) as EventType[];

/** A step's name for people; an unknown one (from a link) as it is. */
export const eventLabel = (type: string): string => (EVENT_LABELS as Record<string, string>)[type] ?? type;
