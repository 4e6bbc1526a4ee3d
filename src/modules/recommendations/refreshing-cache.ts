// A per-process cache of what answers read by id (a site's products, its neighbour lists), served
// without waiting for the database once it holds an id:
// - an entry younger than `refreshAfterMs` (less a random part of it, up to `jitter`: entries read
//   together are read again at different times, so no wave of reads follows a wave of reads) is
//   served as it is;
// - older (up to `maxAgeMs`), it is still served, and queued to be read again in the background;
// - older than `maxAgeMs`, or never read, the request waits for the read.
// So what a request is served was read at most `maxAgeMs` ago (the freshness the callers promise),
// and under steady traffic the entries in use are read again between (1 − jitter) × `refreshAfterMs`
// and `maxAgeMs`, never by a request that waits. Reads are coalesced: the ids queued in the same turn of
// the event loop (a request's misses, every request's misses in a burst) are read in one query per
// site, one read at a time (so that batches grow under load), an id never twice at once; refreshes
// wait `lingerMs` to gather more ids (unless a request waits). Entries expire at different times
// (each from its own read), so no wave of misses follows a wave of reads.
// Bounded: past `max` entries, the least recently read of a site go first (a Map keeps insertion
// order; a read moves an entry to the end).
// Revalidated, when the source can tell what changed (`version` and `changed`): an entry due for a
// refresh is read again only when its version (a row's xmin) moved; the others are confirmed by one
// small query per batch that answers only the ids that changed, so a refresh of an unchanged
// catalog makes no new objects and parses no rows (what a refresh wave cost the event loop and the
// garbage collector was the tail of the recommendation route).

export interface RefreshingCacheOptions<V> {
  refreshAfterMs: number;
  /** The share of `refreshAfterMs` by which each entry's refresh comes earlier, at random (default 0.25). */
  jitter?: number;
  maxAgeMs: number;
  max: number;
  /** Reads these ids of the site; an id absent from the result has no value (cached as such). */
  load(siteId: string, ids: string[]): Promise<Map<string, V>>;
  /**
   * Whether a value read again is the same as the one kept: then the one kept stays (the same
   * object: what was composed from it, and views of it, stay valid; nothing new outlives a read).
   */
  same?(kept: V, read: V): boolean;
  /** A value's version (e.g. its row's xmin): with `changed`, refreshes read again only what moved. */
  version?(value: V): string | undefined;
  /**
   * Of these ids and the versions kept (`''`: the id had no value), those whose value changed, came
   * or went since: only they are read again; the others are confirmed as they are.
   */
  changed?(siteId: string, kept: readonly { id: string; version: string }[]): Promise<Iterable<string>>;
  /** How long queued refreshes wait for more ids (default 200 ms). */
  lingerMs?: number;
  /** Ids a query reads at most (default 500: what one query's rows cost the event loop stays small). */
  batch?: number;
  now?: () => number;
}

/** Until when every value served stays within the maximum age (read less than `maxAgeMs` before): lowered by each value served. */
export interface Freshness {
  until: number;
}

export interface RefreshingCache<V> {
  /**
   * The values of these ids (ids without a value are absent). Rejects when a read it waits for
   * fails. `fresh.until` is lowered to when the oldest value served reaches the maximum age.
   */
  get(siteId: string, ids: Iterable<string>, fresh?: Freshness): Promise<Map<string, V>>;
  /** Forgets every entry (reads under way are not kept). */
  clear(): void;
  /** Every read queued or under way has ended (tests). */
  settled(): Promise<void>;
}

interface Entry<V> {
  value: V | undefined;
  /** The value's version when the source has versions (`''`: no value). */
  version: string | undefined;
  readAt: number;
  /** When it is due to be read again (from `refreshAfterMs` less the jitter after `readAt`). */
  refreshAt: number;
}

/** A read of one id queued or under way: its value (undefined: none) once read. */
interface Pending<V> {
  promise: Promise<V | undefined>;
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

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
  return new Refreshing(options);
}

class Refreshing<V> implements RefreshingCache<V> {
  private readonly now: () => number;
  private readonly jitter: number;
  /** Entries by site, then id (no key built per lookup: ids are the same strings each time, their hashes kept). */
  private readonly entries = new Map<string, Map<string, Entry<V>>>();
  private size = 0;
  /** Ids queued for the next read, by site; and every id queued or being read, by site. */
  private queued = new Map<string, Set<string>>();
  private readonly reading = new Map<string, Map<string, Pending<V>>>();
  private generation = 0;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private immediate = false;

  constructor(private readonly options: RefreshingCacheOptions<V>) {
    this.now = options.now ?? Date.now;
    this.jitter = options.jitter ?? 0.25;
  }

  async get(siteId: string, ids: Iterable<string>, fresh?: Freshness): Promise<Map<string, V>> {
    const out = new Map<string, V>();
    let waits: { id: string; p: Pending<V> }[] | undefined;
    const t = this.now();
    const site = this.entries.get(siteId);
    let oldest = t;
    for (const id of ids) {
      const e = site?.get(id);
      const age = e ? t - e.readAt : Infinity;
      if (age < this.options.maxAgeMs) {
        if (e!.value !== undefined) out.set(id, e!.value);
        if (e!.readAt < oldest) oldest = e!.readAt;
        if (t >= e!.refreshAt && !this.reading.get(siteId)?.has(id)) {
          this.enqueue(siteId, id);
          this.schedule(false);
        }
        continue;
      }
      (waits ??= []).push({ id, p: this.reading.get(siteId)?.get(id) ?? this.enqueue(siteId, id) });
    }
    // A value waited for is read after `t`: `oldest` (at most `t`) holds for it too.
    if (fresh && oldest + this.options.maxAgeMs < fresh.until) fresh.until = oldest + this.options.maxAgeMs;
    if (!waits) return out;
    this.schedule(true);
    const values = await Promise.all(waits.map((w) => w.p.promise));
    waits.forEach((w, i) => {
      if (values[i] !== undefined) out.set(w.id, values[i]);
    });
    return out;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.size = 0;
  }

  async settled(): Promise<void> {
    while (this.running || this.timer || this.immediate || this.queued.size > 0) {
      if (!this.running && !this.immediate) this.start();
      await (this.running ?? new Promise((r) => setImmediate(r)));
    }
  }

  private enqueue(siteId: string, id: string): Pending<V> {
    const p = pending<V>();
    let reading = this.reading.get(siteId);
    if (!reading) this.reading.set(siteId, (reading = new Map()));
    reading.set(id, p);
    let ids = this.queued.get(siteId);
    if (!ids) this.queued.set(siteId, (ids = new Set()));
    ids.add(id);
    return p;
  }

  /** Starts a read after this turn of the event loop (a request waits), or after the linger; none while one runs (it takes what is queued next). */
  private schedule(wait: boolean): void {
    if (this.running || this.immediate) return;
    if (wait) {
      this.immediate = true;
      setImmediate(() => this.start());
    } else this.timer ??= setTimeout(() => this.start(), this.options.lingerMs ?? 200);
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.immediate = false;
    this.running ??= this.run();
  }

  /** Reads what is queued, one read at a time, until nothing is. */
  private async run(): Promise<void> {
    while (this.queued.size > 0) {
      const sites = this.queued;
      this.queued = new Map();
      await Promise.all([...sites].map(([siteId, ids]) => this.readSite(siteId, [...ids])));
    }
    this.running = undefined;
  }

  private async readSite(siteId: string, ids: string[]): Promise<void> {
    const at = this.now();
    const seen = this.generation;
    const batch = this.options.batch ?? 500;
    for (let k = 0; k < ids.length; k += batch) {
      let part = ids.slice(k, k + batch);
      try {
        part = await this.confirmUnchanged(siteId, part, at, seen);
      } catch {
        // The check failed: the ids are read in full below (which fails alike when the database does).
      }
      if (part.length === 0) continue;
      let found: Map<string, V>;
      try {
        found = await this.options.load(siteId, part);
      } catch (err) {
        for (const id of part) this.settle(siteId, id, (p) => p.reject(err));
        continue;
      }
      for (const id of part) {
        const read = found.get(id);
        const value = seen === this.generation ? this.store(siteId, id, read, at) : read;
        this.settle(siteId, id, (p) => p.resolve(value));
      }
    }
  }

  /**
   * Of these ids, those kept with a version are asked whether they changed: the unchanged ones are
   * confirmed as read at `at` (their value kept as it is) and settled; the rest are returned to be read.
   */
  private async confirmUnchanged(siteId: string, ids: string[], at: number, seen: number): Promise<string[]> {
    const changed = this.options.changed;
    const site = this.entries.get(siteId);
    if (!changed || !site) return ids;
    const kept: { id: string; version: string }[] = [];
    const rest: string[] = [];
    for (const id of ids) {
      const version = site.get(id)?.version;
      if (version === undefined) rest.push(id);
      else kept.push({ id, version });
    }
    if (kept.length === 0) return ids;
    const moved = new Set(await changed(siteId, kept));
    for (const { id } of kept) {
      if (moved.has(id)) {
        rest.push(id);
        continue;
      }
      const e = seen === this.generation ? this.entries.get(siteId)?.get(id) : undefined;
      if (e) this.touch(siteId, id, e, at);
      this.settle(siteId, id, (p) => p.resolve(e?.value));
    }
    return rest;
  }

  private settle(siteId: string, id: string, f: (p: Pending<V>) => void): void {
    const reading = this.reading.get(siteId);
    const p = reading?.get(id);
    reading?.delete(id);
    if (reading?.size === 0) this.reading.delete(siteId);
    if (p) f(p);
  }

  /** Keeps a value read (at the end of its site's entries): the value kept, the one it had when the same. */
  private store(siteId: string, id: string, read: V | undefined, at: number): V | undefined {
    let site = this.entries.get(siteId);
    if (!site) this.entries.set(siteId, (site = new Map()));
    const version = this.options.version ? (read === undefined ? '' : this.options.version(read)) : undefined;
    const kept = site.get(id);
    if (!kept) {
      site.set(id, { value: read, version, readAt: at, refreshAt: this.dueAt(at) });
      this.size += 1;
      if (this.size > this.options.max) this.evict(siteId, site);
      return read;
    }
    if (kept.value === undefined || read === undefined || !this.options.same?.(kept.value, read)) kept.value = read;
    kept.version = version;
    this.touch(siteId, id, kept, at);
    return kept.value;
  }

  /** An entry confirmed as read at `at` (and moved to the end of its site's entries). */
  private touch(siteId: string, id: string, e: Entry<V>, at: number): void {
    e.readAt = at;
    e.refreshAt = this.dueAt(at);
    const site = this.entries.get(siteId)!;
    site.delete(id);
    site.set(id, e);
  }

  private dueAt(at: number): number {
    return at + this.options.refreshAfterMs * (1 - this.jitter * Math.random());
  }

  /** Past `max` entries, drops the oldest read of the site (or of another site when this one has no other). */
  private evict(siteId: string, site: Map<string, Entry<V>>): void {
    let [victimSite, victim] = [siteId, site];
    if (site.size === 1) {
      for (const [other, entries] of this.entries) if (other !== siteId) [victimSite, victim] = [other, entries];
    }
    victim.delete(victim.keys().next().value!);
    if (victim.size === 0) this.entries.delete(victimSite);
    this.size -= 1;
  }
}
