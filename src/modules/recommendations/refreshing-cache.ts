// A per-process cache of what answers read by id (a site's products, its neighbour lists), served
// without waiting for the database once it holds an id:
// - an entry younger than `refreshAfterMs` is served as it is;
// - older (up to `maxAgeMs`), it is still served, and queued to be read again in the background;
// - older than `maxAgeMs`, or never read, the request waits for the read.
// So what a request is served was read at most `maxAgeMs` ago (the freshness the callers promise),
// and under steady traffic the entries in use are read again between `refreshAfterMs` and
// `maxAgeMs`, never by a request that waits. Reads are coalesced: the ids queued in the same turn of
// the event loop (a request's misses, every request's misses in a burst) are read in one query per
// site, one read at a time (so that batches grow under load), an id never twice at once; refreshes
// wait `lingerMs` to gather more ids (unless a request waits). Entries expire at different times
// (each from its own read), so no wave of misses follows a wave of reads.
// Bounded: past `max` entries, the least recently read go first (a Map keeps insertion order; a read
// moves an entry to the end).

export interface RefreshingCacheOptions<V> {
  refreshAfterMs: number;
  maxAgeMs: number;
  max: number;
  /** Reads these ids of the site; an id absent from the result has no value (cached as such). */
  load(siteId: string, ids: string[]): Promise<Map<string, V>>;
  /** How long queued refreshes wait for more ids (default 50 ms). */
  lingerMs?: number;
  /** Ids a query reads at most (default 1,000). */
  batch?: number;
  now?: () => number;
}

export interface RefreshingCache<V> {
  /** The values of these ids (ids without a value are absent). Rejects when a read it waits for fails. */
  get(siteId: string, ids: Iterable<string>): Promise<Map<string, V>>;
  /** Forgets every entry (reads under way are not kept). */
  clear(): void;
  /** Every read queued or under way has ended (tests). */
  settled(): Promise<void>;
}

interface Entry<V> {
  value: V | undefined;
  readAt: number;
}

/** A read of one id queued or under way: its value (undefined: none) once read. */
interface Pending<V> {
  promise: Promise<V | undefined>;
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

const keyOf = (siteId: string, id: string) => `${siteId}\n${id}`;

function pending<V>(): Pending<V> {
  let resolve!: (value: V | undefined) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<V | undefined>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A refresh nobody waits for must not become an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export function createRefreshingCache<V>(options: RefreshingCacheOptions<V>): RefreshingCache<V> {
  const now = options.now ?? Date.now;
  const linger = options.lingerMs ?? 50;
  const batch = options.batch ?? 1_000;
  const entries = new Map<string, Entry<V>>();
  /** Ids queued for the next read, by site; and every id queued or being read, by key. */
  let queued = new Map<string, Set<string>>();
  const reading = new Map<string, Pending<V>>();
  let generation = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let immediate = false;

  function store(key: string, value: V | undefined, at: number): void {
    entries.delete(key);
    entries.set(key, { value, readAt: at });
    if (entries.size > options.max) entries.delete(entries.keys().next().value!);
  }

  async function readSite(siteId: string, ids: string[]): Promise<void> {
    const at = now();
    const seen = generation;
    for (let k = 0; k < ids.length; k += batch) {
      const part = ids.slice(k, k + batch);
      try {
        const found = await options.load(siteId, part);
        for (const id of part) {
          const key = keyOf(siteId, id);
          const value = found.get(id);
          if (seen === generation) store(key, value, at);
          reading.get(key)?.resolve(value);
          reading.delete(key);
        }
      } catch (err) {
        for (const id of part) {
          const key = keyOf(siteId, id);
          reading.get(key)?.reject(err);
          reading.delete(key);
        }
      }
    }
  }

  /** Reads what is queued, one read at a time, until nothing is. */
  async function run(): Promise<void> {
    while (queued.size > 0) {
      const sites = queued;
      queued = new Map();
      await Promise.all([...sites].map(([siteId, ids]) => readSite(siteId, [...ids])));
    }
    running = undefined;
  }

  function start(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    immediate = false;
    running ??= run();
  }

  /** Starts a read after this turn of the event loop (a request waits), or after `linger`; none while one runs (run() takes what is queued next). */
  function schedule(wait: boolean): void {
    if (running || immediate) return;
    if (wait) {
      immediate = true;
      setImmediate(start);
    } else timer ??= setTimeout(start, linger);
  }

  function enqueue(siteId: string, id: string, key: string): Pending<V> {
    const p = pending<V>();
    reading.set(key, p);
    let ids = queued.get(siteId);
    if (!ids) queued.set(siteId, (ids = new Set()));
    ids.add(id);
    return p;
  }

  return {
    async get(siteId, ids) {
      const out = new Map<string, V>();
      let waits: { id: string; p: Pending<V> }[] | undefined;
      const t = now();
      for (const id of ids) {
        const key = keyOf(siteId, id);
        const e = entries.get(key);
        const age = e ? t - e.readAt : Infinity;
        if (age < options.maxAgeMs) {
          if (e!.value !== undefined) out.set(id, e!.value);
          if (age >= options.refreshAfterMs && !reading.has(key)) {
            enqueue(siteId, id, key);
            schedule(false);
          }
          continue;
        }
        (waits ??= []).push({ id, p: reading.get(key) ?? enqueue(siteId, id, key) });
      }
      if (!waits) return out;
      schedule(true);
      const values = await Promise.all(waits.map((w) => w.p.promise));
      waits.forEach((w, i) => {
        if (values[i] !== undefined) out.set(w.id, values[i]);
      });
      return out;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    async settled() {
      while (running || timer || immediate || queued.size > 0) {
        if (!running && !immediate) start();
        await (running ?? new Promise((r) => setImmediate(r)));
      }
    },
  };
}
