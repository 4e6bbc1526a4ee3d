// First-party storage of the SDK (localStorage under `sf:`): survives reloads; when storage is
// full or blocked the SDK keeps going in memory.
const STORE = 'sf:';

export const read = <T>(key: string, fallback: T): T => {
  try {
    const v = localStorage.getItem(STORE + key);
    return v === null ? fallback : (JSON.parse(v) as T);
  } catch {
    return fallback;
  }
};

export const write = (key: string, value: unknown) => {
  try {
    localStorage.setItem(STORE + key, JSON.stringify(value));
  } catch {
    // storage full or blocked: keep going in memory
  }
};
