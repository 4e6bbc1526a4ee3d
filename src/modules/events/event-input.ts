// What an event must be to be typed (CONTRACT §3): one schema per event type, compiled once, with
// the properties that type requires, and the nesting bound of properties and context. The check
// serves track and every batch item alone; its problems carry the contract's words and JSON
// Pointers (event-input-details.ts). What depends on more than the event's shape (its size, time,
// URLs and trust fields) is validate-event.ts's.
import { Type, type Static, type TSchema } from 'typebox';
import { escapePointer, type ErrorDetail } from '../../errors.js';
import { exceedsNesting, MAX_NESTING, unstorableStrings } from '../../domain/strings.js';
import type { SchemaError } from '../../validation/details.js';
import { compileCheck, type Checked, type SchemaCheck } from '../../validation/schema-check.js';
import { EVENT_TYPES, ID_MAX, REQUIRED_PROPERTIES, TRUST_FIELDS, URL_MAX, isEventType, type EventType, type PropertyRule } from './event-types.js';
import { eventInputDetails, NOT_AN_OBJECT } from './event-input-details.js';
import { siteSchemas } from '../../kernel/index.js';

/** Nesting allowed inside properties and context (their own fields are level 1). */
export const MAX_DEPTH = 16;
const NON_BLANK = '\\S';

export type JsonObject = Record<string, unknown>;

/** A schema that also takes null (null counts as absent). */
const nullable = <T>(schema: { type: string } & Record<string, unknown>) => Type.Unsafe<T | null>({ ...schema, type: [schema.type, 'null'] });

const Id = Type.String({ pattern: NON_BLANK, maxLength: ID_MAX });
const OptionalId = Type.Optional(nullable<string>({ type: 'string', pattern: NON_BLANK, maxLength: ID_MAX }));
const OptionalText = (options: Record<string, unknown> = {}) => Type.Optional(nullable<string>({ type: 'string', ...options }));
const ScreenSize = Type.Optional(nullable<number>({ type: 'integer', minimum: 0, maximum: 100_000 }));

const EventContext = Type.Object({
  page_url: Type.String({ maxLength: URL_MAX }),
  user_agent: Type.String({ pattern: NON_BLANK }),
  referrer: OptionalText({ maxLength: URL_MAX }),
  page_title: OptionalText(),
  device_type: OptionalText(),
  browser: OptionalText(),
  os: OptionalText(),
  language: OptionalText(),
  timezone: OptionalText(),
  screen_width: ScreenSize,
  screen_height: ScreenSize,
  consent: Type.Optional(siteSchemas.SentConsentSchema),
});

/** properties of a type without required properties: any object, or none. */
const FreeProperties = Type.Optional(nullable<JsonObject>({ type: 'object' }));

/**
 * properties of a type that requires some: a single name must be present and valid; of a group of
 * names at least one must be present (null counts as absent), and each present one valid.
 */
function requiredProperties(rules: readonly PropertyRule[]) {
  const properties: Record<string, object> = {};
  for (const rule of rules) {
    const schema = rule.kind === 'string' ? { type: 'string', pattern: NON_BLANK } : { type: 'number' };
    for (const name of rule.anyOf) properties[name] = rule.anyOf.length === 1 ? schema : { ...schema, type: [schema.type, 'null'] };
  }
  const groups = rules.filter((r) => r.anyOf.length > 1);
  return Type.Unsafe<JsonObject>({
    type: 'object',
    required: rules.filter((r) => r.anyOf.length === 1).map((r) => r.anyOf[0]),
    properties,
    ...(groups.length > 0
      ? { allOf: groups.map((g) => ({ anyOf: g.anyOf.map((name) => ({ required: [name], properties: { [name]: { not: { type: 'null' } } } })) })) }
      : {}),
  });
}

function eventSchema<T extends TSchema, P extends TSchema, C extends TSchema>(eventType: T, properties: P, context: C) {
  return Type.Object({
    event_type: eventType,
    session_id: Id,
    user_id: OptionalId,
    device_id: OptionalId,
    client_event_id: OptionalId,
    occurred_at: OptionalText(),
    properties,
    context,
  });
}

/** An event of any type, its type's properties aside. */
const AnyEvent = eventSchema(Type.Enum([...EVENT_TYPES]), FreeProperties, EventContext);

export type EventInput = Static<typeof AnyEvent>;

const shapeOf = (type: EventType) => {
  const rules = REQUIRED_PROPERTIES[type];
  return eventSchema(Type.Literal(type), rules.length === 0 ? FreeProperties : requiredProperties(rules), EventContext);
};

/** The shape of each event type: what types an event. */
const SHAPES = new Map(EVENT_TYPES.map((type) => [type, compileCheck(shapeOf(type))]));
const ANY_SHAPE = compileCheck(AnyEvent);

// A schema reports at most a few errors, so an event's problems are gathered part by part: its own
// fields (properties and context as objects), the properties its type requires, and its context.
const OWN_FIELDS = compileCheck(eventSchema(Type.Enum([...EVENT_TYPES]), FreeProperties, Type.Record(Type.String(), Type.Unknown())));
const PROPERTIES = new Map(EVENT_TYPES.filter((t) => REQUIRED_PROPERTIES[t].length > 0).map((t) => [t, compileCheck(requiredProperties(REQUIRED_PROPERTIES[t]))]));
const CONTEXT = compileCheck(EventContext);

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The event typed, or its problems with `pointer` before each path: the string rule's first (any
 * field, any depth, keys included), then those of its event type's schema and of the nesting bound,
 * in the order of the event's fields.
 */
export function checkEventInput(item: unknown, pointer: string): Checked<EventInput> {
  // Nesting beyond the string rule's bound is refused before anything else walks the event
  // (JSON.stringify recurses: a batch item thousands of levels deep would overflow the stack).
  if (exceedsNesting(item)) {
    const details = unstorableStrings(item, pointer);
    if (!details.some((d) => d.code === 'too_deep')) details.push({ path: pointer, code: 'too_deep', message: `nesting deeper than ${MAX_NESTING} levels` });
    return { ok: false, details };
  }
  const strings = unstorableStrings(item, pointer);
  if (!isObject(item)) return { ok: false, details: [...strings, { path: pointer, ...NOT_AN_OBJECT }] };
  const type = isEventType(item.event_type) ? item.event_type : null;
  const shape = (type && SHAPES.get(type)) || ANY_SHAPE;
  const depth = { properties: tooDeep(item.properties, `${pointer}/properties`), context: tooDeep(item.context, `${pointer}/context`) };
  if (shape.matches(item)) {
    if (strings.length === 0 && depth.properties.length === 0 && depth.context.length === 0) return { ok: true, value: item };
    return { ok: false, details: [...strings, ...eventInputDetails(item, type, [], depth, pointer)] };
  }
  const described = eventInputDetails(item, type, shapeErrors(item, type), depth, pointer);
  // The words are the contract's; should they miss a problem the schema found, the schema's own details say it.
  const own = described.length === depth.properties.length + depth.context.length ? shape.check(item, pointer) : undefined;
  return { ok: false, details: [...strings, ...described, ...(own && !own.ok ? own.details : [])] };
}

/** The errors of an event's shape, part by part, paths from the event. */
function shapeErrors(event: JsonObject, type: EventType | null): SchemaError[] {
  const within = (check: SchemaCheck<TSchema>, value: unknown, at: string) => check.errors(value).map((e) => ({ ...e, instancePath: `${at}${e.instancePath}` }));
  const properties = type ? PROPERTIES.get(type) : undefined;
  return [
    ...OWN_FIELDS.errors(event),
    ...(properties && isObject(event.properties) ? within(properties, event.properties, '/properties') : []),
    ...(isObject(event.context) ? within(CONTEXT, event.context, '/context') : []),
  ];
}

/**
 * Values nested deeper than MAX_DEPTH inside properties or context, each at its path, in the order
 * of its fields (fields named as trust claims are dropped before storage, so their values are not looked at).
 */
function tooDeep(value: unknown, pointer: string): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  if (!isObject(value) || !exceedsNesting(value, MAX_DEPTH)) return found;
  const visit = (v: unknown, path: string, depth: number): void => {
    if (typeof v !== 'object' || v === null) return;
    if (depth >= MAX_DEPTH) {
      found.push({ path, code: 'too_deep', message: `nesting deeper than ${MAX_DEPTH} levels` });
      return;
    }
    if (Array.isArray(v)) v.forEach((item: unknown, i) => visit(item, `${path}/${i}`, depth + 1));
    else visitFields(v, path, depth + 1);
  };
  const visitFields = (object: object, path: string, depth: number): void => {
    for (const [key, v] of Object.entries(object)) if (!TRUST_FIELDS.has(key)) visit(v, `${path}/${escapePointer(key)}`, depth);
  };
  visitFields(value, pointer, 1);
  return found;
}
