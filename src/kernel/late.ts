// An extension point kept by one module and used by others is found once every module's services
// exist: until then (and when no module keeps it) it answers as `fallback` does.

/** `T` whose every method forwards to the resolved implementation (or the fallback). */
export function late<T extends object>(fallback: T): T & { resolve(found: T | undefined): void } {
  let current: T = fallback;
  const forward = new Proxy({} as T, {
    get: (_target, prop) => {
      const v = (current as Record<PropertyKey, unknown>)[prop];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(current) : v;
    },
  });
  return Object.assign(Object.create(forward) as T, {
    resolve(found: T | undefined) {
      current = found ?? fallback;
    },
  });
}
