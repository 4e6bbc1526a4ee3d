// Query parameters as they cross to the embedded engine's worker thread (structured clone), so
// that PGlite serialises them there as it did in the main thread:
// - strings, numbers, booleans, bigints, null, Dates and arrays of them cross unchanged;
// - a Buffer arrives as a plain Uint8Array (PGlite's bytea serialiser takes any Uint8Array); a view
//   on part of a larger memory (Node's small Buffers share an 8 KiB pool) is copied first, so that
//   only its own bytes are cloned;
// - any other object (a json/jsonb value) is sent as its JSON text, which is what PGlite made of it
//   for a JSON column (with bigints as strings) and what node-postgres sends for any column; it is
//   also cheaper to clone than the object. Inside an array, a plain object crosses as it is and an
//   instance of a class as its JSON value (a clone would drop its prototype: toJSON, toString);
// - a function or a symbol cannot cross: a TypeError names the parameter.

// Values that cross unchanged, checked first (the common case).
const scalar = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol') || v instanceof Date;

const jsonText = (value: object) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

function ownBytes(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes);
}

function crossing(value: unknown, where: string, top: boolean): unknown {
  if (typeof value !== 'object' || value === null) throw new TypeError(`query parameter ${where} is a ${typeof value}, which cannot be sent to the database`);
  if (value instanceof Uint8Array) return ownBytes(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const v: unknown = value[i];
      const c = scalar(v) ? v : crossing(v, `${where}[${i}]`, false);
      if (c !== v) (out ??= value.slice())[i] = c;
    }
    return out ?? value;
  }
  if (top) return jsonText(value);
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? value : (JSON.parse(jsonText(value)) as unknown);
}

export function crossingParams(params: readonly unknown[] | undefined): unknown[] | undefined {
  if (params === undefined) return undefined;
  let out: unknown[] | undefined;
  for (let i = 0; i < params.length; i += 1) {
    const v = params[i];
    const c = scalar(v) ? v : crossing(v, `$${i + 1}`, true);
    if (c !== v) (out ??= params.slice())[i] = c;
  }
  return out ?? (params as unknown[]);
}
