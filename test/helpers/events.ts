// Event payloads for tests.
import { randomUUID } from 'node:crypto';

export const REQUIRED: Record<string, Record<string, unknown>> = {
  page_view: {},
  product_view: { product_id: 'sku-1' },
  add_to_cart: { product_id: 'sku-1' },
  remove_from_cart: { product_id: 'sku-1' },
  purchase: { order_id: 'o-1', total: 10.5 },
  search: { query: 'shoes' },
  custom: { event_name: 'signup' },
  chatbot_message: { message: 'hello' },
  recommendation_impression: { recommendation_id: 'r-1', campaign_id: 'c-1' },
  recommendation_click: { recommendation_id: 'r-1', campaign_id: 'c-1', product_id: 'sku-1' },
  overlay_impression: { overlay_id: 'ov-1', campaign_id: 'c-1' },
  overlay_click: { overlay_id: 'ov-1', campaign_id: 'c-1' },
  overlay_close: { overlay_id: 'ov-1', campaign_id: 'c-1' },
  overlay_submit: { overlay_id: 'ov-1', campaign_id: 'c-1' },
  quiz_start: { overlay_id: 'ov-1', campaign_id: 'c-1', quiz_id: 'q-1' },
  quiz_answer: { overlay_id: 'ov-1', campaign_id: 'c-1', quiz_id: 'q-1', question_id: 'qq-1' },
  quiz_complete: { overlay_id: 'ov-1', campaign_id: 'c-1', quiz_id: 'q-1' },
};

export function event(type = 'page_view', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event_type: type,
    session_id: `sess-${randomUUID()}`,
    properties: { ...REQUIRED[type] },
    context: { page_url: 'https://shop.example/products/1', user_agent: 'Mozilla/5.0 (test)' },
    ...overrides,
  };
}
