// Pagination of every list over HTTP (CONTRACT §7): the `limit`/`cursor` query and the page envelope
// with `meta.next_cursor`. Reading a page and the cursors themselves are db/paging.ts.
import { Type, type TSchema } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { CURSOR_MAX_LENGTH, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, type PageRequest, type PageResult } from '../db/paging.js';
import { Meta, meta } from './envelope.js';
import { component } from './openapi-components.js';

export type { PageRequest, PageResult } from '../db/paging.js';


/** Query properties of a list route; spread them into its querystring schema. */
export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT, description: `Items per page (1–${PAGE_LIMIT_MAX})` }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURSOR_MAX_LENGTH,
      description: 'Opaque: `meta.next_cursor` of the previous page of the same list',
    }),
  ),
};

export const PageMeta = component('PageMeta', Type.Object({
  ...Meta.properties,
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null on the last page' }),
}));

/** The success envelope of a list: `data` is the page's items, `meta.next_cursor` the way on. */
export function Page<T extends TSchema>(item: T, description = 'A page of the list, newest first') {
  return Type.Object({ success: Type.Literal(true), data: Type.Array(item), meta: PageMeta }, { description });
}

/** A list query as validated by the schema (`limit` has no default applied there). */
export const pageRequestOf = (query: { limit?: number; cursor?: string }): PageRequest => ({
  limit: query.limit ?? PAGE_LIMIT_DEFAULT,
  cursor: query.cursor,
});

export const page = <T>(request: FastifyRequest, result: PageResult<T>) => ({
  success: true as const,
  data: result.items,
  meta: { ...meta(request), next_cursor: result.nextCursor },
});
