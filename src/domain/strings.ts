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
  // Two parallel stacks of objects and their depths (no tuple per node: this runs on every event).
  const values: object[] = [];
  const depths: number[] = [];
  if (typeof value === 'object' && value !== null) {
    values.push(value);
    depths.push(0);
  }
  while (values.length > 0) {
    const v = values.pop()!;
    const depth = depths.pop()!;
    if (depth >= maxDepth) return true;
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    for (let i = 0; i < children.length; i += 1) {
      const child = children[i];
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** Whether every string and key of the value is storable and it nests at most `maxDepth`: the common case, answered without building a pointer per node. */
export function allStorable(value: unknown, maxDepth = MAX_NESTING): boolean {
  if (typeof value === 'string') return isStorableString(value);
  if (typeof value !== 'object' || value === null) return true;
  const values: object[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const v = values.pop()!;
    const depth = depths.pop()!;
    if (depth >= maxDepth) return false;
    const isArray = Array.isArray(v);
    const keys = isArray ? undefined : Object.keys(v);
    const n = isArray ? (v as unknown[]).length : keys!.length;
    for (let i = 0; i < n; i += 1) {
      let child: unknown;
      if (isArray) child = (v as unknown[])[i];
      else {
        const key = keys![i]!;
        if (!isStorableString(key)) return false;
        child = (v as Record<string, unknown>)[key];
      }
      if (typeof child === 'string') {
        if (!isStorableString(child)) return false;
      } else if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return true;
}

/**
 * The problems of a parsed JSON value (or a query or params object): one detail per offending
 * string, key or too-deep value, with its JSON Pointer under `pointer`. Iterative, so any depth of
 * input is safe to inspect.
 */
export function unstorableStrings(value: unknown, pointer = '', options: StringRuleOptions = {}): ErrorDetail[] {
  const maxDepth = options.maxDepth ?? MAX_NESTING;
  // Batch items are left to their own check; without any, a clean value needs no pointers.
  if (!options.items?.length && allStorable(value, maxDepth)) return [];
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
