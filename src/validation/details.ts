// Turns schema-validator errors (TypeBox's, as Fastify passes them on) into the contract's error
// details: one entry per offending location, `path` a JSON Pointer.
import { escapePointer, type ErrorDetail } from '../errors.js';

/** One error of the schema validator (the shape TypeBox and Fastify share). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: object;
}

interface ValidatorError extends SchemaError {
  params: Record<string, unknown>;
}

export function validationDetails(errors: readonly SchemaError[]): ErrorDetail[] {
  const byPath = new Map<string, ErrorDetail>();
  for (const raw of errors as ValidatorError[]) {
    const base = raw.instancePath ?? '';
    if (raw.keyword === 'required') {
      const missing = (raw.params.requiredProperties ?? [raw.params.missingProperty]) as string[];
      for (const name of missing) {
        const path = `${base}/${escapePointer(String(name))}`;
        byPath.set(path, { path, code: 'required', message: `${name} is required` });
      }
      continue;
    }
    // Inside a union the validator reports each branch and then the union; keep one message per path,
    // preferring the summary.
    const existing = byPath.get(base);
    if (existing && raw.keyword !== 'anyOf' && raw.keyword !== 'oneOf') continue;
    byPath.set(base, { path: base, code: raw.keyword, message: describe(raw) });
  }
  return [...byPath.values()];
}

function describe(e: ValidatorError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'anyOf':
    case 'oneOf':
      return 'does not match any allowed shape';
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[] | undefined)?.map((v) => JSON.stringify(v)).join(', ') ?? 'the allowed values'}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'additionalProperties':
      return `unknown property ${JSON.stringify(p.additionalProperty ?? '')}`;
    default:
      return e.message ?? 'is invalid';
  }
}
