// The schema boundary: every part of a request a route declares a schema for (body, querystring,
// params, headers) passes the one string rule (src/domain/strings.ts) and then its TypeBox schema.
// A body that one schema cannot answer for declares a body rule: the schema of its envelope, then a
// check compiled once whose typed result the handler reads back (an object discriminated by a field
// and checked with its own schema; a batch's items checked one by one, so that each fails alone).
// Routes whose documented body is not what the framework should enforce declare what is enforced
// with enforceBody().
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { unstorableStrings } from '../domain/strings.js';
import { AppError } from '../errors.js';
import { compileCheck, type Checked } from '../validation/schema-check.js';
import { validationDetails, type SchemaError } from '../validation/details.js';

/** Schema-validator errors as Fastify reports them, for the string rule's problems. */
function stringRuleErrors(value: unknown, items?: readonly string[]): FastifySchemaValidationError[] | undefined {
  const details = unstorableStrings(value, '', { items });
  if (details.length === 0) return undefined;
  return details.map((d) => ({ keyword: d.code, instancePath: d.path, schemaPath: '', params: {}, message: d.message }));
}

/** A validator error as Fastify carries it to the error handler (which turns it into details). */
const toFastifyError = (e: SchemaError): FastifySchemaValidationError => ({ keyword: e.keyword, instancePath: e.instancePath, schemaPath: '', params: { ...e.params }, message: e.message });

const INTEGER = /^-?(0|[1-9]\d{0,15})$/;
const NUMBER = /^-?(0|[1-9]\d{0,15})(\.\d{1,15})?$/;

/**
 * Query and path values arrive as text. A property whose schema is an integer, a number or a
 * boolean takes exactly its plain decimal (or true/false) spelling; anything else ("1.5" for an
 * integer, "1e2", "0x10", " 5") stays text and fails the schema, rather than being coerced.
 */
function convertText(schema: TSchema, value: unknown): unknown {
  const props = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  if (!props || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, text] of Object.entries(out)) {
    const type = props[name]?.type;
    if (typeof text !== 'string') continue;
    if (type === 'integer' && INTEGER.test(text)) out[name] = Number(text);
    else if (type === 'number' && NUMBER.test(text)) out[name] = Number(text);
    else if (type === 'boolean' && (text === 'true' || text === 'false')) out[name] = text === 'true';
  }
  return out;
}

/** The app's validator compiler: the string rule, then the route's TypeBox schema. */
export const schemaBoundary: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = compileCheck(schema);
  const convert = httpPart === 'body' ? (v: unknown) => v : (v: unknown) => convertText(schema, v);
  return (value: unknown) => {
    const error = stringRuleErrors(value);
    if (error) return { error };
    const converted = convert(value);
    if (check.matches(converted)) return { value: converted };
    return { error: check.errors(converted).map(toFastifyError) };
  };
};

export interface EnforceOptions {
  /** JSON Pointers of arrays whose items the handler validates alone ('' when the whole body is one item). */
  items?: readonly string[];
}

/**
 * Validates the body with `enforced` (null: not at all) instead of the documented schema, after the
 * string rule (which leaves the declared item arrays to the per-item validation). It answers for
 * every part the route declares, so use it only on routes whose one part is the body.
 */
export function enforceBody(enforced: TSchema | null, options: EnforceOptions = {}): FastifySchemaCompiler<TSchema> {
  const check = enforced ? compileCheck(enforced) : null;
  const wholeBodyIsItem = options.items?.includes('') ?? false;
  return () => (value: unknown) => {
    const error = wholeBodyIsItem ? undefined : stringRuleErrors(value, options.items);
    if (error) return { error };
    if (!check || check.matches(value)) return { value };
    return { error: check.errors(value).map(toFastifyError) };
  };
}

/**
 * What a route's boundary makes of its body beyond one schema. Its validator answers for the body
 * alone, so use it only on routes whose one part is the body.
 */
export interface BodyRule<T> {
  /** The route's validator: the string rule (item arrays excepted), the envelope's schema, then the rule. */
  readonly validatorCompiler: FastifySchemaCompiler<TSchema>;
  /** The handler's typed input: what the rule made of the body the boundary let through. */
  of(body: unknown): T;
}

export interface BodyRuleOptions {
  /** The message of the 400 when the rule refuses the body (its details say where and why). */
  message?: string;
  /** JSON Pointers of arrays whose items the rule checks alone, the string rule included ('' for the whole body). */
  items?: readonly string[];
}

/**
 * A body rule: `envelope` is validated as any schema is, then `rule` (typed by it) gives the
 * handler's input or the details of a 400 validation_failed. The result is kept for the handler.
 */
export function bodyRule<S extends TSchema, T>(envelope: S, rule: (body: Static<S>) => Checked<T>, options: BodyRuleOptions = {}): BodyRule<T> {
  const check = compileCheck(envelope);
  const items = options.items ?? [];
  const wholeBodyIsItem = items.includes('');
  // The result rides on the body itself, under a key of this rule's own that is neither
  // enumerable nor serialised: a WeakMap keyed by every request's body cost the collector an
  // ephemeron barrier per request and a pass over old ephemerons per scavenge (~2 % of track's CPU
  // in a perf profile, with the set itself).
  const kept = Symbol('body rule result');
  type Holder = { [kept]?: { value: T } };
  const apply = (value: unknown): { ok: true; value: T } | { ok: false; error: AppError | FastifySchemaValidationError[] } => {
    const error = wholeBodyIsItem ? undefined : stringRuleErrors(value, items);
    if (error) return { ok: false, error };
    if (!check.matches(value)) return { ok: false, error: check.errors(value).map(toFastifyError) };
    const ruled = rule(value);
    return ruled.ok ? ruled : { ok: false, error: new AppError('validation_failed', options.message, ruled.details) };
  };
  return {
    validatorCompiler: () => (value: unknown) => {
      const applied = apply(value);
      if (!applied.ok) return { error: applied.error };
      // A body that takes no property (frozen) is checked again by `of`, which is cheap and pure.
      if (typeof value === 'object' && value !== null && Object.isExtensible(value)) Object.defineProperty(value, kept, { value: { value: applied.value }, configurable: true, writable: true });
      return { value };
    },
    of(body) {
      const known = typeof body === 'object' && body !== null ? (body as Holder)[kept] : undefined;
      if (known) return known.value;
      // Not kept: a body that is no object (a JSON primitive, or none) or a frozen one is checked again, which is cheap and pure.
      const applied = apply(body);
      if (applied.ok) return applied.value;
      throw applied.error instanceof AppError ? applied.error : new AppError('validation_failed', undefined, validationDetails(applied.error));
    },
  };
}

/** A route's validator compiler: the body by its rule, every other part (path, query) by the schema boundary. */
export const bodyBy =
  (rule: BodyRule<unknown>): FastifySchemaCompiler<TSchema> =>
  (route) =>
    route.httpPart === 'body' ? rule.validatorCompiler(route) : schemaBoundary(route);

/** Checks one item of a body alone (the string rule included): the typed item, or its details with `pointer` before each path. */
export type ItemCheck<T> = (item: unknown, pointer: string) => Checked<T>;

/** One item as the boundary checked it: where it is, what was sent, and what its check found. */
export interface CheckedItem<T> {
  pointer: string;
  sent: unknown;
  checked: Checked<T>;
}

/**
 * The whole body is one item, checked alone: the boundary never refuses it, and the handler answers
 * its failure once what must come first (a quota) is done.
 */
export function bodyAsItem<T>(check: ItemCheck<T>): BodyRule<CheckedItem<T>> {
  return bodyRule(Type.Unknown(), (sent) => ({ ok: true, value: { pointer: '', sent, checked: check(sent, '') } }), { items: [''] });
}

/**
 * The array at `at` (which `envelope` makes an array) holds items checked one by one: one bad item
 * fails alone, and the handler answers each.
 */
export function bodyItems<S extends TSchema, T>(envelope: S, at: string, check: ItemCheck<T>): BodyRule<CheckedItem<T>[]> {
  return bodyRule(
    envelope,
    (body) => {
      const found = valueAt(body, at);
      const list: readonly unknown[] = Array.isArray(found) ? found : [];
      return { ok: true, value: list.map((sent, i) => ({ pointer: `${at}/${i}`, sent, checked: check(sent, `${at}/${i}`) })) };
    },
    { items: [at] },
  );
}

/** The value at a JSON Pointer, or undefined. */
function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const token of pointer.split('/').slice(1)) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = Object.getOwnPropertyDescriptor(at, token.replace(/~1/g, '/').replace(/~0/g, '~'))?.value;
  }
  return at;
}
