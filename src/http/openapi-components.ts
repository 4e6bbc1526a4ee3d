// Named schemas of the OpenAPI document. A schema given a name here is emitted once, under
// `components.schemas`, and every place of the document where the same schema appears refers to it
// with `$ref` (plugins/openapi-document.ts). The route schemas themselves stay plain TypeBox values:
// validation, serialization and the handlers' types never see a reference.
import type { TSchema } from 'typebox';

const named = new Map<string, TSchema>();

/** Names `schema` in the OpenAPI document (`#/components/schemas/<name>`) and returns it unchanged. */
export function component<T extends TSchema>(name: string, schema: T): T {
  const existing = named.get(name);
  if (existing !== undefined && existing !== schema) throw new Error(`two OpenAPI components are named ${name}`);
  named.set(name, schema);
  return schema;
}

/** Every named schema, by name. */
export const namedSchemas = (): Record<string, TSchema> => Object.fromEntries(named);
