// Workflow conditions (CONTRACT §11): `{ path, op, value? }` with `path` a JSON Pointer (RFC 6901)
// into the webhook's `data`. Every condition must hold. eq/neq compare JSON values exactly (numbers
// as numbers, objects by content); gt/gte/lt/lte compare two numbers, or two strings (by code
// unit, so ISO timestamps compare by time); `in` holds when the value at the path is one of the
// array's; `exists` when the path names something (null included). A path naming nothing fails
// every op but neq.

export type ConditionOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'exists';

export interface Condition {
  path: string;
  op: ConditionOp;
  value?: unknown;
}

/** The reference tokens of a JSON Pointer, or null when the text is not one ("" is the whole document). */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/') || /~(?![01])/.test(pointer)) return null;
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const MISSING = Symbol('missing');

export function resolvePointer(doc: unknown, tokens: readonly string[]): unknown {
  let at: unknown = doc;
  for (const t of tokens) {
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) >= at.length) return MISSING;
      at = at[Number(t)];
    } else if (typeof at === 'object' && at !== null && Object.prototype.hasOwnProperty.call(at, t)) {
      at = (at as Record<string, unknown>)[t];
    } else {
      return MISSING;
    }
  }
  return at;
}

/** Exact equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function ordered(op: 'gt' | 'gte' | 'lt' | 'lte', a: unknown, b: unknown): boolean {
  const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!comparable) return false;
  const x = a as number | string;
  const y = b as number | string;
  return op === 'gt' ? x > y : op === 'gte' ? x >= y : op === 'lt' ? x < y : x <= y;
}

export function holds(condition: Condition, data: unknown): boolean {
  const tokens = parsePointer(condition.path);
  if (tokens === null) return false;
  const found = resolvePointer(data, tokens);
  if (condition.op === 'neq') return found === MISSING || !jsonEqual(found, condition.value);
  if (found === MISSING) return false;
  switch (condition.op) {
    case 'exists':
      return true;
    case 'eq':
      return jsonEqual(found, condition.value);
    case 'in':
      return Array.isArray(condition.value) && condition.value.some((v) => jsonEqual(found, v));
    default:
      return ordered(condition.op, found, condition.value);
  }
}

export const allHold = (conditions: readonly Condition[], data: unknown): boolean => conditions.every((c) => holds(c, data));

/** What is wrong with a condition as written (path relative to the condition), or null. */
export function conditionProblem(c: Condition): { at: string; message: string } | null {
  if (parsePointer(c.path) === null) return { at: '/path', message: 'path must be a JSON Pointer such as /properties/total' };
  if (c.op === 'in' && !Array.isArray(c.value)) return { at: '/value', message: 'in needs an array value' };
  if (c.op === 'exists' && c.value !== undefined) return { at: '/value', message: 'exists takes no value' };
  if (c.op !== 'exists' && c.value === undefined) return { at: '/value', message: `${c.op} needs a value` };
  return null;
}
