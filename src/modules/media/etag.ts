// Conditional requests on the public media route: an item's bytes never change, so its entity tag
// is its sha256, and an If-None-Match naming it (strongly or weakly, alone or in a list, or `*`)
// is answered 304 (RFC 9110 §13.1.2: If-None-Match compares weakly).

/** The entity tag of an item: its sha256, quoted. */
export const entityTag = (sha256: string): string => `"${sha256}"`;

/** Whether an If-None-Match header value matches the entity tag. */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const values = Array.isArray(header) ? header : [header];
  return values.some((value) =>
    value.split(',').some((token) => {
      const tag = token.trim();
      return tag === '*' || tag === etag || tag === `W/${etag}`;
    }),
  );
}
