// Conditional GETs (RFC 9110 §13.1.2): an If-None-Match naming the current entity tag (strongly or
// weakly, alone or in a list, or `*`) is answered 304 with no body. Routes that serve cacheable
// documents (media bytes, the SDK, the public configuration) share this.

/** Whether an If-None-Match header value matches the entity tag (If-None-Match compares weakly). */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const values = Array.isArray(header) ? header : [header];
  return values.some((value) =>
    value.split(',').some((token) => {
      const tag = token.trim();
      return tag === '*' || tag === etag || tag === `W/${etag}` || `W/${tag}` === etag;
    }),
  );
}

/** A 304's response entry: no body, hence no schema. */
export const NotModified = { type: 'null', description: 'Not modified: If-None-Match names the current ETag (no body)' };
