// The one home of schema validation: a TypeBox schema compiled once into a check that gives either
// the typed value or the contract's error details (JSON Pointers, prefixed with where the value is in
// the request). The HTTP schema boundary uses it for every route's declared parts; a batch's items and
// a record read from a report are checked with it one by one. Nothing else compiles a schema.
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ErrorDetail } from '../errors.js';
import { validationDetails, type SchemaError } from './details.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

export interface SchemaCheck<T extends TSchema> {
  /** Whether `value` matches (a type guard, for the boundary's own use). */
  matches(value: unknown): value is Static<T>;
  /** The validator's raw errors of a value that does not match (for Fastify, which maps them itself). */
  errors(value: unknown): SchemaError[];
  /** The typed value, or the details with `pointer` (the value's JSON Pointer in the request) before each path. */
  check(value: unknown, pointer?: string): Checked<Static<T>>;
}

const compiled = new WeakMap<TSchema, SchemaCheck<TSchema>>();

export function compileCheck<T extends TSchema>(schema: T): SchemaCheck<T> {
  const known = compiled.get(schema);
  if (known) return known as SchemaCheck<T>;
  const validator = Compile(schema);
  const errors = (value: unknown): SchemaError[] => [...validator.Errors(value)];
  const made: SchemaCheck<T> = {
    matches: (value): value is Static<T> => validator.Check(value),
    errors,
    check(value, pointer = '') {
      if (validator.Check(value)) return { ok: true, value };
      return { ok: false, details: validationDetails(errors(value)).map((d) => ({ ...d, path: `${pointer}${d.path}` })) };
    },
  };
  compiled.set(schema, made as SchemaCheck<TSchema>);
  return made;
}
