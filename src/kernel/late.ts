// An extension point kept by one module and used by others is found once every module's services
// exist: until then (and when no module keeps it) it answers as `fallback` does.
//
// The point is a plain object whose members are those of the implementation in force, methods bound
// to it once when it is resolved. (It was a Proxy that bound the method on every call: a function
// made per call, on paths called per request and per item, such as an answer's image URLs.)

/** Every property name of `o` and its prototypes, Object.prototype's aside. */
function memberNames(o: object): Set<PropertyKey> {
  const names = new Set<PropertyKey>();
  for (let p: object | null = o; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    for (const name of Reflect.ownKeys(p)) if (name !== 'constructor') names.add(name);
  }
  return names;
}

/** `T` whose every member is the resolved implementation's (or the fallback's). */
export function late<T extends object>(fallback: T): T & { resolve(found: T | undefined): void } {
  const point = {} as Record<PropertyKey, unknown>;
  let shown = new Set<PropertyKey>();
  const use = (impl: T) => {
    const names = memberNames(impl);
    for (const name of shown) if (!names.has(name)) delete point[name];
    for (const name of names) {
      const v = (impl as Record<PropertyKey, unknown>)[name];
      point[name] = typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(impl) : v;
    }
    shown = names;
  };
  use(fallback);
  return Object.assign(point as T, {
    resolve(found: T | undefined) {
      use(found ?? fallback);
    },
  });
}
