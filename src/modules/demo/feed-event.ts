// What the demo's public feed shows of an event, pure: the feed has no credential, so it shows only
// what the demo page itself sent. Browser events of the types the page and its campaigns send
// (the repository reads no other), each with only the properties that page sends for its type, as
// scalars, and its page URL only when it is the demo page of the demo site (without query or
// fragment). Never user_id, traits, the rest of the context, or any other property.

/** The properties the demo page (demo/index.html) and the SDK's campaign renderers send, by event type. */
export const DEMO_PAGE_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  page_view: ['section'],
  product_view: ['product_id', 'product_name', 'product_price', 'currency'],
  add_to_cart: ['product_id', 'product_name', 'product_price', 'currency', 'quantity'],
  overlay_impression: ['overlay_id', 'campaign_id'],
  overlay_close: ['overlay_id', 'campaign_id'],
  overlay_click: ['overlay_id', 'campaign_id'],
  overlay_submit: ['overlay_id', 'campaign_id'],
  quiz_start: ['overlay_id', 'campaign_id', 'quiz_id'],
  quiz_answer: ['overlay_id', 'campaign_id', 'quiz_id', 'question_id', 'answer_id'],
  quiz_complete: ['overlay_id', 'campaign_id', 'quiz_id'],
  chatbot_message: ['campaign_id', 'intent_id', 'message'],
  recommendation_impression: ['recommendation_id', 'campaign_id'],
  recommendation_click: ['recommendation_id', 'campaign_id', 'product_id'],
};

export const DEMO_PAGE_EVENT_TYPES: readonly string[] = Object.keys(DEMO_PAGE_PROPERTIES);

/** The demo page's path: the only page URL the feed shows. */
export const DEMO_PAGE_PATH = '/demo';

/** A string shown at most this long (a chat message is what a visitor typed). */
const MAX_TEXT = 200;

/** The properties of `eventType` the demo page sends, scalars only (strings cut to 200 characters). */
export function demoPageProperties(eventType: string, properties: Record<string, unknown>): Record<string, string | number | boolean> {
  const shown: Record<string, string | number | boolean> = {};
  for (const key of DEMO_PAGE_PROPERTIES[eventType] ?? []) {
    const value = properties[key];
    if (typeof value === 'string') shown[key] = value.slice(0, MAX_TEXT);
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') shown[key] = value;
  }
  return shown;
}

/** The page URL when it is the demo page on one of the demo site's origins, as origin and path only; else null. */
export function demoPageUrl(pageUrl: string | null, origins: readonly string[]): string | null {
  if (pageUrl === null || !URL.canParse(pageUrl)) return null;
  const url = new URL(pageUrl);
  if (url.username !== '' || url.password !== '' || !origins.includes(url.origin)) return null;
  return url.pathname === DEMO_PAGE_PATH ? `${url.origin}${url.pathname}` : null;
}
