// Reading a list one page at a time (CONTRACT §7), below HTTP: what a service is asked for (a
// limit and an opaque cursor) and gives back (the items and the next cursor). A cursor is the keyset
// of the last item shown (created_at at microsecond precision, id), signed with a key derived from the
// master secret and bound to the list it came from (its scope is inside the MAC), so a forged, altered
// or foreign cursor is refused as 400 at /cursor. The SQL of the keyset is db/keyset.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { validationFailed } from '../errors.js';
import type { Secrets } from '../secrets.js';

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
/**
 * Longer than any cursor we issue (the longest ids are user ids: OIDC subjects, at most 255 ASCII characters;
 * ID_MAX_LENGTH leaves room beyond that), far below URL limits.
 */
export const CURSOR_MAX_LENGTH = 2048;

/** What a service needs to read one page: plain values, no HTTP. */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface PageResult<T> {
  items: T[];
  nextCursor: string | null;
}

/** Where a page starts: after the item with this sort key (newest first by created_at, then id). */
export interface Keyset {
  /** created_at in UTC with microseconds, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (as the repositories read it from SQL). */
  at: string;
  id: string;
}

const KEYSET_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID_MAX_LENGTH = 512;
const MAC_LENGTH = 43; // base64url of 32 bytes
const CURSOR_FORM = new RegExp(`^[A-Za-z0-9_-]{1,${CURSOR_MAX_LENGTH}}\\.[A-Za-z0-9_-]{${MAC_LENGTH}}$`);
const MAC_CONTEXT = 'storefront/pagination-cursor/v1';

const invalidCursor = () =>
  validationFailed('/cursor', 'cursor is not a cursor of this list; start again without one', 'invalid_cursor');

export interface CursorCodec {
  /** The cursor that continues the list `scope` after `key`. */
  encode(scope: string, key: Keyset): string;
  /** The keyset inside a cursor issued for `scope`; throws validation_failed at /cursor otherwise. */
  decode(scope: string, cursor: string): Keyset;
}

export function createCursorCodec(secrets: Secrets): CursorCodec {
  const key = secrets.key('pagination-cursor');
  // The payload is base64url (no newline), so scope and payload are separated unambiguously.
  const mac = (scope: string, payload: string) => createHmac('sha256', key).update(`${MAC_CONTEXT}\n${scope}\n${payload}`).digest();

  return {
    encode(scope, keyset) {
      const payload = Buffer.from(JSON.stringify([keyset.at, keyset.id]), 'utf8').toString('base64url');
      return `${payload}.${mac(scope, payload).toString('base64url')}`;
    },

    decode(scope, cursor) {
      if (typeof cursor !== 'string' || cursor.length > CURSOR_MAX_LENGTH || !CURSOR_FORM.test(cursor)) throw invalidCursor();
      const [payload, sent] = cursor.split('.') as [string, string];
      const presented = Buffer.from(sent, 'base64url');
      // Only the canonical spelling: the last base64url character also carries two unused bits.
      if (presented.toString('base64url') !== sent) throw invalidCursor();
      const expected = mac(scope, payload);
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw invalidCursor();
      // Signed by us, so well-formed; checked anyway so that a bug elsewhere can never reach SQL as a bad cast.
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
      const [at, id] = parsed as unknown[];
      if (typeof at !== 'string' || !KEYSET_AT.test(at) || typeof id !== 'string' || id.length === 0 || id.length > ID_MAX_LENGTH) {
        throw invalidCursor();
      }
      return { at, id };
    },
  };
}

/** A limit a service was given, checked again (the command line calls services without the schema). */
export function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT_MAX) {
    throw validationFailed('/limit', `limit must be an integer from 1 to ${PAGE_LIMIT_MAX}`, 'range');
  }
  return limit;
}

export interface PageReader {
  /** Where the page starts (undefined: the newest item). */
  after: Keyset | undefined;
  /** How many rows to fetch: the limit plus one, to know whether a next page exists. */
  fetch: number;
  /** The page from the rows fetched (newest first): the extra row, if any, becomes the next page's cursor. */
  result<R extends { cursor_at: string }, T>(rows: readonly R[], keyOf: (row: R) => string, toItem: (row: R) => T): PageResult<T>;
}

/**
 * Starts reading one page of the list `scope`: checks the limit and decodes the cursor (400 at /limit or
 * /cursor). Call it after the access check, so that a refused caller learns nothing about cursors.
 */
export function openPage(codec: CursorCodec, scope: string, request: PageRequest): PageReader {
  const limit = checkedLimit(request.limit);
  return {
    after: request.cursor === undefined ? undefined : codec.decode(scope, request.cursor),
    fetch: limit + 1,
    result(rows, keyOf, toItem) {
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        items: shown.map(toItem),
        nextCursor: rows.length > limit && last ? codec.encode(scope, { at: last.cursor_at, id: keyOf(last) }) : null,
      };
    },
  };
}
