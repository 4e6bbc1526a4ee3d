// Category paths, pure. A path is levels separated by ">" ("Shoes > Running > Trail"). Its normal
// form: each level with its whitespace runs (any Unicode space, tabs and line breaks) collapsed to
// one space and trimmed, the levels joined by " > ". So "Shoes>Running", " Shoes  >  Running " and
// "Shoes > Running" are one path; an empty level ("A >> B", "> A", "A >") is refused. Levels
// compare exactly (case included). A filter matches a path and every path below it: "A > B"
// matches "A > B" and "A > B > C", never "A > Bc"; the database finds them through every
// product's ancestor paths (ancestorPaths), which an index holds.

export const SEPARATOR = ' > ';

export type NormalizedPath = { ok: true; path: string } | { ok: false; message: string };

/** The normal form of a path, or why it has none. */
export function normalizeCategoryPath(text: string): NormalizedPath {
  const levels = text.split('>').map((level) => level.replace(/\s+/gu, ' ').trim());
  if (levels.some((level) => level === '')) {
    return { ok: false, message: 'a category path is levels separated by ">", none of them empty (e.g. "Shoes > Running")' };
  }
  return { ok: true, path: levels.join(SEPARATOR) };
}

/** The path and every path above it, top first: "A > B > C" → "A", "A > B", "A > B > C". */
export function ancestorPaths(path: string): string[] {
  const levels = path.split(SEPARATOR);
  return levels.map((_, i) => levels.slice(0, i + 1).join(SEPARATOR));
}

/** Every path a product's categories (normal forms) are in, each once: what a category filter looks up. */
export function categoryPathsOf(categories: readonly string[]): string[] {
  return [...new Set(categories.flatMap(ancestorPaths))];
}

/** Whether a category filter (a normal form) matches one of these categories: the path itself or a path below it. */
export function matchesCategory(categories: readonly string[], filter: string): boolean {
  return categories.some((c) => c === filter || c.startsWith(`${filter}${SEPARATOR}`));
}
