// One event as it will be stored (CONTRACT §3), pure: the same function serves track and every
// batch item. Its shape was checked against its event type's schema (event-input.ts, at the HTTP
// boundary or here); what remains are the rules beyond a schema: the size of the event as sent,
// occurred_at against the receipt time, click ids stripped from URLs, and trust fields dropped.
// It returns the event as it will be stored or the problems, each with a JSON Pointer.
import type { ErrorDetail } from '../../errors.js';
import { exceedsNesting } from '../../domain/strings.js';
import { MAX_FUTURE_MS, parseIsoTimestamp } from '../../domain/timestamps.js';
import { isHttpUrl, stripClickParams } from '../../domain/urls.js';
import type { Checked } from '../../validation/schema-check.js';
import { checkEventInput, type EventInput, type JsonObject } from './event-input.js';
import { TRUST_FIELDS, type EventType } from './event-types.js';

export const MAX_EVENT_BYTES = 32 * 1024;
const EARLIEST = Date.UTC(2000, 0, 1);

export interface ValidEvent {
  event_type: EventType;
  session_id: string;
  user_id: string | null;
  device_id: string | null;
  client_event_id: string | null;
  /** Epoch milliseconds; receipt time when the client sent none. */
  occurred_at: number;
  properties: JsonObject;
  context: JsonObject;
  /** properties and context as stored (serialised once). */
  propertiesJson: string;
  contextJson: string;
}

export type EventRefusal = { ok: false; code: 'validation_failed' | 'payload_too_large'; message: string; details: ErrorDetail[] };

export type EventValidation = { ok: true; event: ValidEvent } | EventRefusal;

export interface ValidateOptions {
  /** JSON Pointer of the event in the request body ('' for track, '/events/3' in a batch). */
  pointer: string;
  /** Receipt time, epoch ms. */
  now: number;
  /**
   * Size of the event as sent, in bytes, when the caller knows it (track: the body). Otherwise it is
   * measured: from the JSON that will be stored when the event has only known fields (no extra
   * serialisation), else by serialising it.
   */
  bytes?: number;
  /** The event's shape as the boundary checked it (checkEventInput); checked here when absent. */
  checked?: Checked<EventInput>;
}

const KNOWN_FIELDS = new Set(['event_type', 'session_id', 'properties', 'user_id', 'device_id', 'client_event_id', 'occurred_at', 'context']);
// The envelope fields besides properties and context: names, quotes, commas and a timestamp.
const ENVELOPE_BYTES = 200;

const tooLarge = (pointer: string, bytes: number): EventRefusal => ({
  ok: false,
  code: 'payload_too_large',
  message: `An event may be at most ${MAX_EVENT_BYTES} bytes; this one is ${bytes}`,
  details: [{ path: pointer, code: 'too_large', message: `at most ${MAX_EVENT_BYTES} bytes` }],
});

const invalid = (details: ErrorDetail[]): EventRefusal => ({ ok: false, code: 'validation_failed', message: 'The event is not valid', details });

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The event `sent` as it will be stored, or why not: a size over the limit first, then its shape's problems, then the rules'. */
export function validateEvent(sent: unknown, { pointer, now, bytes, checked = checkEventInput(sent, pointer) }: ValidateOptions): EventValidation {
  const measured = sizeAsSent(sent, bytes, checked.ok);
  if (measured !== undefined && measured > MAX_EVENT_BYTES) return tooLarge(pointer, measured);
  if (!checked.ok) return invalid(checked.details);
  return applyEventRules(checked.value, { pointer, now, measured: measured !== undefined });
}

/**
 * The size of the event as sent, when the caller knows it or it is worth serialising: an event
 * with unknown fields, or one that is refused anyway. An event too deep to serialise is refused
 * as such and not measured.
 */
function sizeAsSent(sent: unknown, bytes: number | undefined, valid: boolean): number | undefined {
  if (!valid && exceedsNesting(sent)) return undefined;
  if (bytes !== undefined) return bytes;
  if (!isObject(sent) || (valid && Object.keys(sent).every((k) => KNOWN_FIELDS.has(k)))) return undefined;
  return Buffer.byteLength(JSON.stringify(sent));
}

/**
 * The rules of a well-shaped event: occurred_at (receipt time when omitted) at most 5 minutes
 * ahead of `now`, page_url an absolute http(s) URL, click ids removed from page_url and referrer,
 * trust fields dropped at any depth, and (when the size as sent is not `measured`) what is stored
 * at most MAX_EVENT_BYTES.
 */
function applyEventRules(event: EventInput, { pointer, now, measured }: { pointer: string; now: number; measured: boolean }): EventValidation {
  const details: ErrorDetail[] = [];
  let occurredAt = now;
  if (event.occurred_at !== undefined && event.occurred_at !== null) {
    const parsed = parseIsoTimestamp(event.occurred_at);
    const path = `${pointer}/occurred_at`;
    if (parsed === null) details.push({ path, code: 'format', message: 'occurred_at must be an ISO 8601 timestamp with offset, e.g. 2026-11-21T22:28:01.123Z' });
    else if (parsed > now + MAX_FUTURE_MS) details.push({ path, code: 'future', message: 'occurred_at may be at most 5 minutes in the future' });
    else if (parsed < EARLIEST) details.push({ path, code: 'too_old', message: 'occurred_at must be after 2000-01-01' });
    else occurredAt = parsed;
  }
  const properties = event.properties ? withoutTrustFields(event.properties) : {};
  // A copy of its own: the URLs below are rewritten in it.
  const context = { ...withoutTrustFields(event.context) };
  if (!isHttpUrl(event.context.page_url)) details.push({ path: `${pointer}/context/page_url`, code: 'format', message: 'page_url must be an absolute http(s) URL' });
  else context.page_url = stripClickParams(event.context.page_url);
  if (typeof event.context.referrer === 'string') context.referrer = stripClickParams(event.context.referrer);

  const propertiesJson = JSON.stringify(properties);
  const contextJson = JSON.stringify(context);
  if (!measured) {
    const stored = Buffer.byteLength(propertiesJson) + Buffer.byteLength(contextJson) + ENVELOPE_BYTES;
    const ids = [event.session_id, event.user_id, event.device_id, event.client_event_id].reduce((n, id) => n + (id?.length ?? 0), 0);
    if (stored + 3 * ids > MAX_EVENT_BYTES) {
      const exact = Buffer.byteLength(JSON.stringify(event));
      if (exact > MAX_EVENT_BYTES) return tooLarge(pointer, exact);
    }
  }
  if (details.length > 0) return invalid(details);
  return {
    ok: true,
    event: {
      event_type: event.event_type,
      session_id: event.session_id,
      user_id: event.user_id ?? null,
      device_id: event.device_id ?? null,
      client_event_id: event.client_event_id ?? null,
      occurred_at: occurredAt,
      properties,
      context,
      propertiesJson,
      contextJson,
    },
  };
}

/**
 * The value without trust fields at any depth (the nesting was bounded by the event's check): the
 * value itself when it has none (the common case: nothing copied), else a copy without them.
 */
function withoutTrustFields(value: JsonObject): JsonObject {
  return holdsTrustField(value) ? copyWithout(value) : value;
}

function holdsTrustField(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(holdsTrustField);
  if (!isObject(v)) return false;
  for (const key in v) if (TRUST_FIELDS.has(key) || holdsTrustField(v[key])) return true;
  return false;
}

function copyWithout(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key in value) if (!TRUST_FIELDS.has(key)) out[key] = copyWithoutTrustFields(value[key]);
  return out;
}

function copyWithoutTrustFields(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((item: unknown) => copyWithoutTrustFields(item));
  return isObject(v) ? copyWithout(v) : v;
}
