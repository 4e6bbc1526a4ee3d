// The schema boundary: every part of a request a route declares a schema for (body, querystring,
// params, headers) passes the one string rule (src/domain/strings.ts) and then its TypeBox schema.
// Routes whose documented body is not what the framework should enforce (batches, whose items are
// validated one by one so that each fails alone) declare what is enforced with enforceBody().
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { unstorableStrings } from '../domain/strings.js';
import { compileCheck } from '../validation/schema-check.js';
import type { SchemaError } from '../validation/details.js';

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
