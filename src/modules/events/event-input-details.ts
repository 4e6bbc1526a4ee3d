// The contract's words for what an event's schema refused (CONTRACT §3): each problem of the schema
// becomes one detail named after its field, in the order of the event's fields, with the codes and
// messages clients have always had (required, type, empty, too_long, format, enum). Pure.
import type { ErrorDetail } from '../../errors.js';
import type { SchemaError } from '../../validation/details.js';
import { CONSENT_SOURCES, MAX_POLICY_VERSION_LENGTH } from '../../kernel/index.js';
import { CONTEXT_STRINGS, EVENT_TYPES, ID_MAX, REQUIRED_PROPERTIES, type EventType, type PropertyRule } from './event-types.js';

type Json = Record<string, unknown>;
type Words = { code: string; message: string };

export const NOT_AN_OBJECT: Words = { code: 'type', message: 'an event must be a JSON object' };
const ID_FIELDS = ['session_id', 'user_id', 'device_id', 'client_event_id'] as const;

const required = (name: string): Words => ({ code: 'required', message: `${name} is required` });
const mustBeString = (name: string): Words => ({ code: 'type', message: `${name} must be a string` });
const empty = (name: string): Words => ({ code: 'empty', message: `${name} must not be empty` });
const absent = (v: unknown) => v === undefined || v === null;

/** The schema's problems by location: the keywords that failed at each path, the names missing under each. */
class Problems {
  private readonly keywords = new Map<string, Set<string>>();
  private readonly missingNames = new Map<string, Set<string>>();

  constructor(errors: readonly SchemaError[]) {
    for (const e of errors) {
      const at = e.instancePath;
      if (e.keyword === 'required' && 'requiredProperties' in e.params && Array.isArray(e.params.requiredProperties)) {
        for (const name of e.params.requiredProperties) this.add(this.missingNames, at, String(name));
      } else this.add(this.keywords, at, e.keyword);
    }
  }

  private add(map: Map<string, Set<string>>, at: string, value: string): void {
    const set = map.get(at);
    if (set) set.add(value);
    else map.set(at, new Set([value]));
  }

  /** Whether the schema found the field `name` of the object at `parent` missing. */
  missing(parent: string, name: string): boolean {
    return this.missingNames.get(parent)?.has(name) ?? false;
  }

  /** Whether `keyword` failed at `path` (any keyword when none is named). */
  failed(path: string, keyword?: string): boolean {
    const set = this.keywords.get(path);
    return set !== undefined && (keyword === undefined || set.has(keyword));
  }
}

/**
 * The details of an event object the schema of its type (`type`, or of any event when its
 * event_type is not one) refused with `errors`, merged with the nesting problems found in its
 * properties and context, paths under `pointer`.
 */
export function eventInputDetails(
  event: Json,
  type: EventType | null,
  errors: readonly SchemaError[],
  depth: { properties: ErrorDetail[]; context: ErrorDetail[] },
  pointer: string,
): ErrorDetail[] {
  const p = new Problems(errors);
  const out: ErrorDetail[] = [];
  const add = (path: string, words: Words) => out.push({ path: `${pointer}${path}`, ...words });

  if (p.missing('', 'event_type') || p.failed('/event_type')) {
    add('/event_type', absent(event.event_type) ? required('event_type') : { code: 'enum', message: `event_type must be one of ${EVENT_TYPES.join(', ')}` });
  }
  for (const name of ID_FIELDS) {
    const words = p.missing('', name) ? required(name) : idWords(p, `/${name}`, name);
    if (words) add(`/${name}`, words);
  }
  if (p.failed('/occurred_at')) {
    add('/occurred_at', { code: 'format', message: 'occurred_at must be an ISO 8601 timestamp with offset, e.g. 2026-11-21T22:28:01.123Z' });
  }
  propertiesDetails(p, event.properties, type, depth.properties, add, out);
  contextDetails(p, event.context, depth.context, add, out);
  return out;
}

/** An id field: a non-blank string of at most ID_MAX characters. */
function idWords(p: Problems, path: string, name: string): Words | undefined {
  if (p.failed(path, 'type')) return mustBeString(name);
  if (p.failed(path, 'pattern')) return empty(name);
  if (p.failed(path, 'maxLength')) return { code: 'too_long', message: `${name} must be at most ${ID_MAX} characters` };
  return undefined;
}

type Add = (path: string, words: Words) => void;

/**
 * properties: an object (when it is none, every property the type requires is missing); of each
 * group of names at least one present, reported at its first name; each present one of its kind.
 */
function propertiesDetails(p: Problems, properties: unknown, type: EventType | null, depth: ErrorDetail[], add: Add, out: ErrorDetail[]): void {
  const rules = type ? REQUIRED_PROPERTIES[type] : [];
  const noObject = absent(properties) || p.failed('/properties', 'type');
  if (noObject && !absent(properties)) add('/properties', { code: 'type', message: 'properties must be an object' });
  out.push(...depth);
  if (!type) return;
  const values: Json = !noObject && typeof properties === 'object' && properties !== null ? { ...properties } : {};
  for (const rule of rules) {
    if (noObject || groupMissing(p, rule, values)) {
      const message = rule.anyOf.length === 1 ? `${rule.anyOf[0]} is required for ${type}` : `one of ${rule.anyOf.join(', ')} is required for ${type}`;
      add(`/properties/${rule.anyOf[0]}`, { code: 'required', message });
      continue;
    }
    for (const name of rule.anyOf) {
      const path = `/properties/${name}`;
      if (p.failed(path, 'type')) add(path, rule.kind === 'string' ? mustBeString(name) : { code: 'type', message: `${name} must be a number` });
      else if (p.failed(path, 'pattern')) add(path, empty(name));
    }
  }
}

/** Whether the schema found none of the group's names present (null counts as absent). */
function groupMissing(p: Problems, rule: PropertyRule, values: Json): boolean {
  if (rule.anyOf.length === 1) {
    const name = rule.anyOf[0]!;
    return p.missing('/properties', name) || (p.failed(`/properties/${name}`, 'type') && values[name] === null);
  }
  // A group's alternatives are reported (missing, or null) only when none of them is present.
  return rule.anyOf.some((name) => p.missing('/properties', name) || p.failed(`/properties/${name}`, 'not'));
}

/** context: an object with page_url (an absolute http(s) URL) and user_agent; the optional fields of their kind. */
function contextDetails(p: Problems, context: unknown, depth: ErrorDetail[], add: Add, out: ErrorDetail[]): void {
  if (p.missing('', 'context') || (p.failed('/context', 'type') && context === null)) return add('/context', required('context'));
  if (p.failed('/context', 'type')) return add('/context', { code: 'type', message: 'context must be an object' });
  out.push(...depth);
  const values: Json = typeof context === 'object' && context !== null ? { ...context } : {};
  const field = (name: string) => ({ path: `/context/${name}`, missing: p.missing('/context', name) || (p.failed(`/context/${name}`, 'type') && values[name] === null) });

  const pageUrl = field('page_url');
  if (pageUrl.missing) add(pageUrl.path, required('page_url'));
  else if (p.failed(pageUrl.path)) add(pageUrl.path, { code: 'format', message: 'page_url must be an absolute http(s) URL' });
  const ua = field('user_agent');
  if (ua.missing) add(ua.path, required('user_agent'));
  else if (p.failed(ua.path, 'type')) add(ua.path, mustBeString('user_agent'));
  else if (p.failed(ua.path, 'pattern')) add(ua.path, empty('user_agent'));
  if (p.failed('/context/referrer')) add('/context/referrer', { code: 'type', message: 'referrer must be a string URL' });
  for (const name of CONTEXT_STRINGS) if (p.failed(`/context/${name}`)) add(`/context/${name}`, mustBeString(name));
  for (const name of ['screen_width', 'screen_height']) {
    if (p.failed(`/context/${name}`)) add(`/context/${name}`, { code: 'type', message: `${name} must be a non-negative integer` });
  }
  consentDetails(p, add);
}

/** context.consent: an object of two booleans, a source, and an optional policy version. */
function consentDetails(p: Problems, add: Add): void {
  const at = '/context/consent';
  if (p.failed(at, 'type')) return add(at, { code: 'type', message: 'consent must be an object' });
  for (const name of ['analytics', 'marketing']) {
    if (p.missing(at, name)) add(`${at}/${name}`, required(name));
    else if (p.failed(`${at}/${name}`)) add(`${at}/${name}`, { code: 'type', message: `${name} must be a boolean` });
  }
  if (p.missing(at, 'source')) add(`${at}/source`, required('source'));
  else if (p.failed(`${at}/source`)) add(`${at}/source`, { code: 'enum', message: `source must be one of ${CONSENT_SOURCES.join(', ')}` });
  if (p.failed(`${at}/policy_version`)) {
    add(`${at}/policy_version`, { code: 'format', message: `policy_version must be 1–${MAX_POLICY_VERSION_LENGTH} characters without control characters` });
  }
}
