// The public media route's entity tags: an item's bytes never change, so its tag is its sha256;
// If-None-Match is matched by http/conditional.ts (in the route).

/** The entity tag of an item: its sha256, quoted. */
export const entityTag = (sha256: string): string => `"${sha256}"`;
