// Validation of one event (CONTRACT §3), pure: the same function serves track and every batch
// item. It returns the event as it will be stored (trust fields dropped, click ids stripped from
// URLs, occurred_at resolved) or the problems, each with a JSON Pointer.
import { escapePointer, type ErrorDetail } from '../../errors.js';
import { exceedsNesting, MAX_NESTING, unstorableStrings } from '../../domain/strings.js';
import { MAX_FUTURE_MS, parseIsoTimestamp } from '../../domain/timestamps.js';
import { isHttpUrl, stripClickParams } from '../../domain/urls.js';
import { EVENT_TYPES, REQUIRED_PROPERTIES, TRUST_FIELDS, isEventType, type EventType } from './event-types.js';

export const MAX_EVENT_BYTES = 32 * 1024;
const EARLIEST = Date.UTC(2000, 0, 1);
const MAX_DEPTH = 16;
const ID_MAX = 256;
const URL_MAX = 8192;

type Json = Record<string, unknown>;

export interface ValidEvent {
  event_type: EventType;
  session_id: string;
  user_id: string | null;
  device_id: string | null;
  client_event_id: string | null;
  /** Epoch milliseconds; receipt time when the client sent none. */
  occurred_at: number;
  properties: Json;
  context: Json;
  /** properties and context as stored (serialised once). */
  propertiesJson: string;
  contextJson: string;
}

export type EventValidation =
  | { ok: true; event: ValidEvent }
  | { ok: false; code: 'validation_failed' | 'payload_too_large'; message: string; details: ErrorDetail[] };

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
}

const KNOWN_FIELDS = new Set(['event_type', 'session_id', 'properties', 'user_id', 'device_id', 'client_event_id', 'occurred_at', 'context']);
// The envelope fields besides properties and context: names, quotes, commas and a timestamp.
const ENVELOPE_BYTES = 200;

const tooLarge = (pointer: string, bytes: number): EventValidation => ({
  ok: false,
  code: 'payload_too_large',
  message: `An event may be at most ${MAX_EVENT_BYTES} bytes; this one is ${bytes}`,
  details: [{ path: pointer, code: 'too_large', message: `at most ${MAX_EVENT_BYTES} bytes` }],
});

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonBlank = (v: unknown): v is string => typeof v === 'string' && /\S/.test(v);

export function validateEvent(raw: unknown, { pointer, now, bytes }: ValidateOptions): EventValidation {
  // Nesting beyond the string rule's bound is refused before anything below serialises the event
  // (JSON.stringify recurses: a batch item thousands of levels deep would overflow the stack).
  if (exceedsNesting(raw)) {
    const details = unstorableStrings(raw, pointer);
    if (!details.some((d) => d.code === 'too_deep')) details.push({ path: pointer, code: 'too_deep', message: `nesting deeper than ${MAX_NESTING} levels` });
    return { ok: false, code: 'validation_failed', message: 'The event is not valid', details };
  }
  let measured = bytes;
  if (measured === undefined && isObject(raw) && Object.keys(raw).some((k) => !KNOWN_FIELDS.has(k))) {
    measured = Buffer.byteLength(JSON.stringify(raw));
  }
  if (measured !== undefined && measured > MAX_EVENT_BYTES) return tooLarge(pointer, measured);
  // The string rule over the whole event (any field, any depth, keys included), then the event's own rules.
  const details: ErrorDetail[] = unstorableStrings(raw, pointer);
  if (!isObject(raw)) {
    details.push({ path: pointer, code: 'type', message: 'an event must be a JSON object' });
    return { ok: false, code: 'validation_failed', message: 'The event is not valid', details };
  }

  const eventType = raw.event_type;
  if (eventType === undefined || eventType === null) details.push({ path: `${pointer}/event_type`, code: 'required', message: 'event_type is required' });
  else if (!isEventType(eventType)) details.push({ path: `${pointer}/event_type`, code: 'enum', message: `event_type must be one of ${EVENT_TYPES.join(', ')}` });

  const sessionId = idField(raw, 'session_id', true, pointer, details);
  const userId = idField(raw, 'user_id', false, pointer, details);
  const deviceId = idField(raw, 'device_id', false, pointer, details);
  const clientEventId = idField(raw, 'client_event_id', false, pointer, details);

  let occurredAt = now;
  if (raw.occurred_at !== undefined && raw.occurred_at !== null) {
    const parsed = typeof raw.occurred_at === 'string' ? parseIsoTimestamp(raw.occurred_at) : null;
    const path = `${pointer}/occurred_at`;
    if (parsed === null) details.push({ path, code: 'format', message: 'occurred_at must be an ISO 8601 timestamp with offset, e.g. 2026-11-21T22:28:01.123Z' });
    else if (parsed > now + MAX_FUTURE_MS) details.push({ path, code: 'future', message: 'occurred_at may be at most 5 minutes in the future' });
    else if (parsed < EARLIEST) details.push({ path, code: 'too_old', message: 'occurred_at must be after 2000-01-01' });
    else occurredAt = parsed;
  }

  let properties: Json = {};
  if (raw.properties !== undefined && raw.properties !== null) {
    if (!isObject(raw.properties)) details.push({ path: `${pointer}/properties`, code: 'type', message: 'properties must be an object' });
    else properties = sanitizeObject(raw.properties, `${pointer}/properties`, 1, details);
  }
  if (isEventType(eventType)) checkRequiredProperties(eventType, properties, `${pointer}/properties`, details);

  let context: Json = {};
  if (raw.context === undefined || raw.context === null) details.push({ path: `${pointer}/context`, code: 'required', message: 'context is required' });
  else if (!isObject(raw.context)) details.push({ path: `${pointer}/context`, code: 'type', message: 'context must be an object' });
  else context = checkContext(sanitizeObject(raw.context, `${pointer}/context`, 1, details), `${pointer}/context`, details);

  const propertiesJson = JSON.stringify(properties);
  const contextJson = JSON.stringify(context);
  if (measured === undefined) {
    const stored = Buffer.byteLength(propertiesJson) + Buffer.byteLength(contextJson) + ENVELOPE_BYTES;
    const ids = (sessionId?.length ?? 0) + (userId?.length ?? 0) + (deviceId?.length ?? 0) + (clientEventId?.length ?? 0);
    if (stored + 3 * ids > MAX_EVENT_BYTES) {
      const exact = Buffer.byteLength(JSON.stringify(raw));
      if (exact > MAX_EVENT_BYTES) return tooLarge(pointer, exact);
    }
  }
  if (details.length > 0) return { ok: false, code: 'validation_failed', message: 'The event is not valid', details };
  return {
    ok: true,
    event: {
      event_type: eventType as EventType,
      session_id: sessionId!,
      user_id: userId,
      device_id: deviceId,
      client_event_id: clientEventId,
      occurred_at: occurredAt,
      properties,
      context,
      propertiesJson,
      contextJson,
    },
  };
}

/** A string id field: absent (null), or a non-blank string of at most ID_MAX characters. */
function idField(raw: Json, name: string, required: boolean, pointer: string, details: ErrorDetail[]): string | null {
  const v = raw[name];
  const path = `${pointer}/${name}`;
  if (v === undefined || (v === null && !required)) {
    if (required) details.push({ path, code: 'required', message: `${name} is required` });
    return null;
  }
  if (typeof v !== 'string') details.push({ path, code: 'type', message: `${name} must be a string` });
  else if (!nonBlank(v)) details.push({ path, code: 'empty', message: `${name} must not be empty` });
  else if (v.length > ID_MAX) details.push({ path, code: 'too_long', message: `${name} must be at most ${ID_MAX} characters` });
  else return v;
  return null;
}

function checkRequiredProperties(type: EventType, properties: Json, base: string, details: ErrorDetail[]): void {
  for (const rule of REQUIRED_PROPERTIES[type]) {
    const present = rule.anyOf.filter((name) => properties[name] !== undefined && properties[name] !== null);
    if (present.length === 0) {
      const path = `${base}/${rule.anyOf[0]}`;
      const message = rule.anyOf.length === 1 ? `${rule.anyOf[0]} is required for ${type}` : `one of ${rule.anyOf.join(', ')} is required for ${type}`;
      details.push({ path, code: 'required', message });
      continue;
    }
    for (const name of present) {
      const v = properties[name];
      const path = `${base}/${name}`;
      if (rule.kind === 'string') {
        if (typeof v !== 'string') details.push({ path, code: 'type', message: `${name} must be a string` });
        else if (!nonBlank(v)) details.push({ path, code: 'empty', message: `${name} must not be empty` });
      } else if (typeof v !== 'number' || !Number.isFinite(v)) {
        details.push({ path, code: 'type', message: `${name} must be a number` });
      }
    }
  }
}

const CONTEXT_STRINGS = ['page_title', 'device_type', 'browser', 'os', 'language', 'timezone'] as const;

function checkContext(context: Json, base: string, details: ErrorDetail[]): Json {
  const pageUrl = context.page_url;
  if (pageUrl === undefined || pageUrl === null) details.push({ path: `${base}/page_url`, code: 'required', message: 'page_url is required' });
  else if (typeof pageUrl !== 'string' || pageUrl.length > URL_MAX || !isHttpUrl(pageUrl)) {
    details.push({ path: `${base}/page_url`, code: 'format', message: 'page_url must be an absolute http(s) URL' });
  } else context.page_url = stripClickParams(pageUrl);

  const ua = context.user_agent;
  if (ua === undefined || ua === null) details.push({ path: `${base}/user_agent`, code: 'required', message: 'user_agent is required' });
  else if (typeof ua !== 'string') details.push({ path: `${base}/user_agent`, code: 'type', message: 'user_agent must be a string' });
  else if (!nonBlank(ua)) details.push({ path: `${base}/user_agent`, code: 'empty', message: 'user_agent must not be empty' });

  const referrer = context.referrer;
  if (referrer !== undefined && referrer !== null) {
    if (typeof referrer !== 'string' || referrer.length > URL_MAX) details.push({ path: `${base}/referrer`, code: 'type', message: 'referrer must be a string URL' });
    else context.referrer = stripClickParams(referrer);
  }
  for (const name of CONTEXT_STRINGS) {
    const v = context[name];
    if (v !== undefined && v !== null && typeof v !== 'string') details.push({ path: `${base}/${name}`, code: 'type', message: `${name} must be a string` });
  }
  for (const name of ['screen_width', 'screen_height'] as const) {
    const v = context[name];
    if (v !== undefined && v !== null && !(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100_000)) {
      details.push({ path: `${base}/${name}`, code: 'type', message: `${name} must be a non-negative integer` });
    }
  }
  return context;
}

/** A copy without trust fields at any depth, with nesting bounded (strings were checked before). */
function sanitizeObject(value: Json, pointer: string, depth: number, details: ErrorDetail[]): Json {
  const out: Json = {};
  for (const key in value) {
    if (TRUST_FIELDS.has(key)) continue;
    out[key] = sanitizeValue(value[key], pointer, key, depth, details);
  }
  return out;
}

// The path of a value is built only when it has a problem (this runs for every field of every event).
function sanitizeValue(v: unknown, parent: string, key: string | number, depth: number, details: ErrorDetail[]): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const path = `${parent}/${escapePointer(String(key))}`;
  if (depth >= MAX_DEPTH) {
    details.push({ path, code: 'too_deep', message: `nesting deeper than ${MAX_DEPTH} levels` });
    return null;
  }
  if (Array.isArray(v)) return v.map((item, i) => sanitizeValue(item, path, i, depth + 1, details));
  return sanitizeObject(v as Json, path, depth + 1, details);
}
