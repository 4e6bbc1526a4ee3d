// The schema boundary: every part of a request a route declares a schema for (body, querystring,
// params, headers) passes the one string rule (src/domain/strings.ts) and then its TypeBox schema.
// Routes whose documented body is not what the framework should enforce (batches, whose items are
// validated one by one so that each fails alone) declare what is enforced with enforceBody().
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { unstorableStrings } from '../domain/strings.js';

type Validator = (value: unknown) => { value?: unknown; error?: FastifySchemaValidationError[] };

/** Schema-validator errors as Fastify reports them, for the string rule's problems. */
function stringRuleErrors(value: unknown, items?: readonly string[]): FastifySchemaValidationError[] | undefined {
  const details = unstorableStrings(value, '', { items });
  if (details.length === 0) return undefined;
  return details.map((d) => ({ keyword: d.code, instancePath: d.path, schemaPath: '', params: {}, message: d.message }));
}

/** The app's validator compiler: the string rule, then the route's TypeBox schema. */
export const schemaBoundary: FastifySchemaCompiler<TSchema> = (route) => {
  const typebox = TypeBoxValidatorCompiler(route) as Validator;
  return (value: unknown) => {
    const error = stringRuleErrors(value);
    return error ? { error } : typebox(value);
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
  const check = enforced ? Compile(enforced) : null;
  const wholeBodyIsItem = options.items?.includes('') ?? false;
  return () => (value: unknown) => {
    const error = wholeBodyIsItem ? undefined : stringRuleErrors(value, options.items);
    if (error) return { error };
    if (!check || check.Check(value)) return { value };
    return { error: check.Errors(value) as unknown as FastifySchemaValidationError[] };
  };
}
