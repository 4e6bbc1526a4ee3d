// Campaign targeting by page path (CONTRACT §9): globs on `location.pathname`, shared by the server
// (which validates them) and the browser SDK (which evaluates them). `*` matches any run of
// characters, `/` included; `?` exactly one; everything else itself, case-sensitively; a glob
// matches the whole path. No regular expressions: the match is linear-time backtracking over one
// star at a time, so no glob can make a page hang.

export const MAX_GLOB_LENGTH = 200;
export const MAX_GLOBS = 20;

export function globMatches(glob: string, path: string): boolean {
  let g = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (p < path.length) {
    const c = glob[g];
    if (c !== undefined && c !== '*' && (c === '?' || c === path[p])) {
      g += 1;
      p += 1;
    } else if (c === '*') {
      star = g;
      resume = p;
      g += 1;
    } else if (star >= 0) {
      g = star + 1;
      resume += 1;
      p = resume;
    } else {
      return false;
    }
  }
  while (glob[g] === '*') g += 1;
  return g === glob.length;
}

/** Whether a path is targeted: one of `include` matches (an empty list matches every path) and none of `exclude`. */
export function pathTargeted(path: string, include: readonly string[], exclude: readonly string[]): boolean {
  if (include.length > 0 && !include.some((glob) => globMatches(glob, path))) return false;
  return !exclude.some((glob) => globMatches(glob, path));
}
