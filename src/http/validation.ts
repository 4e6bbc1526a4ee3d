// Route-level validators for routes whose documented body schema is not what the framework should
// enforce: the full schema documents the shape in OpenAPI, while validation is split between an
// envelope schema here and the domain's own per-item rules (so a batch can answer per item).
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * Validates the body with `enforced` (null: not at all) instead of the documented schema. It
 * answers for every part the route declares, so use it only on routes whose one part is the body.
 */
export function enforceBody(enforced: TSchema | null): FastifySchemaCompiler<TSchema> {
  const check = enforced ? Compile(enforced) : null;
  return () => (value: unknown) => {
    if (!check || check.Check(value)) return { value };
    return { error: check.Errors(value) as never };
  };
}
