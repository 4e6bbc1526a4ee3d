// The dashboard's API types (dashboard/src/api/schema.d.ts) from the OpenAPI document, by
// openapi-typescript: `npm run gen:api` writes them, and a test regenerates them in memory and
// fails when the committed file differs, so the dashboard's client cannot drift from the API.
import { register } from 'node:module';

register('./openapi-hook.mjs', import.meta.url);

export const SCHEMA_FILE = new URL('../dashboard/src/api/schema.d.ts', import.meta.url);

const HEADER = '// Generated from the OpenAPI document by `npm run gen:api` (openapi-typescript): do not edit.\n';

/** The TypeScript declarations of an OpenAPI document, as the committed file holds them. */
export async function schemaTypes(document) {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), { alphabetize: true });
  return HEADER + astToString(ast);
}
