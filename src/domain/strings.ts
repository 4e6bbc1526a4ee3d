// The one string rule (CONTRACT §7): U+0000 and unpaired surrogates are refused wherever a client's
// text could reach storage (PostgreSQL refuses both: error 22021), in values and in object keys,
// and nesting is bounded. Pure; the HTTP boundary and the per-item validators of batches share it.
import { escapePointer, type ErrorDetail } from '../errors.js';

/** Nesting deeper than this is refused anywhere in a request (JSON.stringify and friends recurse). */
export const MAX_NESTING = 64;
/** A request with more problems than this reports the first ones only. */
const MAX_DETAILS = 20;

/** Text PostgreSQL can store: well-formed UTF-16 (no lone surrogate) without NUL. */
export const isStorableString = (s: string): boolean => !s.includes('\u0000') && s.isWellFormed();

export interface StringRuleOptions {
  /** Nesting allowed below the value itself (default MAX_NESTING). */
  maxDepth?: number;
  /**
   * Arrays at these pointers hold batch items that are validated one by one (each fails alone):
   * the rule checks the array, not its items.
   */
  items?: readonly string[];
}

/**
 * Whether a value nests deeper than `maxDepth` below itself. Iterative, so any depth is safe to ask
 * about; whatever recurses over a client's value (JSON.stringify, a sanitiser) asks first.
 */
export function exceedsNesting(value: unknown, maxDepth = MAX_NESTING): boolean {
  const stack: [value: unknown, depth: number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The problems of a parsed JSON value (or a query or params object): one detail per offending
 * string, key or too-deep value, with its JSON Pointer under `pointer`. Iterative, so any depth of
 * input is safe to inspect.
 */
export function unstorableStrings(value: unknown, pointer = '', options: StringRuleOptions = {}): ErrorDetail[] {
  const maxDepth = options.maxDepth ?? MAX_NESTING;
  const items = options.items && options.items.length > 0 ? new Set(options.items) : undefined;
  const details: ErrorDetail[] = [];
  const stack: [value: unknown, path: string, depth: number][] = [[value, pointer, 0]];
  while (stack.length > 0 && details.length < MAX_DETAILS) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableString(v)) details.push({ path, code: 'encoding', message: 'must not contain U+0000 or an unpaired surrogate' });
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) {
      details.push({ path, code: 'too_deep', message: `nesting deeper than ${maxDepth} levels` });
      continue;
    }
    if (items?.has(path) && Array.isArray(v)) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push([v[i], `${path}/${i}`, depth + 1]);
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      const child = `${path}/${escapePointer(key)}`;
      if (!isStorableString(key)) {
        details.push({ path: child, code: 'encoding', message: 'property names must not contain U+0000 or an unpaired surrogate' });
        continue;
      }
      stack.push([(v as Record<string, unknown>)[key], child, depth + 1]);
    }
  }
  return details;
}
