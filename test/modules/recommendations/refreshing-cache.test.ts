// The refreshing cache the answers read products and neighbour lists through (a clock of its own,
// no timing): misses of one turn read in one query, a stale entry served while it is read again and
// the new value after, never an entry past its maximum age, failures of a refresh invisible.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ShelfProduct } from '../../../src/kernel/index.js';
import { createRefreshingCache } from '../../../src/modules/recommendations/refreshing-cache.js';
import { sameProduct } from '../../../src/modules/recommendations/shelf-cache.js';

function setup(options: { max?: number } = {}) {
  let clock = 1_000_000;
  const version = new Map<string, number>();
  const loads: { siteId: string; ids: string[] }[] = [];
  let failing: Error | undefined;
  let gate: Promise<void> | undefined;
  const cache = createRefreshingCache<string>({
    refreshAfterMs: 1_000,
    maxAgeMs: 2_000,
    max: options.max ?? 100,
    now: () => clock,
    load: async (siteId, ids) => {
      loads.push({ siteId, ids: [...ids].sort() });
      await gate;
      if (failing) throw failing;
      // Ids starting with "x" have no value; the others a value naming their version.
      return new Map(ids.filter((id) => !id.startsWith('x')).map((id) => [id, `${siteId}/${id}@${version.get(id) ?? 0}`]));
    },
  });
  return {
    cache,
    loads,
    tick: (ms: number) => (clock += ms),
    bump: (id: string) => version.set(id, (version.get(id) ?? 0) + 1),
    fail: (err: Error | undefined) => (failing = err),
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((r) => {
        open = r;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

const values = (m: Map<string, string>) => Object.fromEntries(m);

describe('refreshing cache', () => {
  it('reads the misses of one turn in one query per site, and an id never twice at once', async () => {
    const s = setup();
    const [a, b, c] = await Promise.all([s.cache.get('s1', ['a', 'b']), s.cache.get('s1', ['b', 'c', 'x1']), s.cache.get('s2', ['a'])]);
    assert.deepEqual(values(a), { a: 's1/a@0', b: 's1/b@0' });
    assert.deepEqual(values(b), { b: 's1/b@0', c: 's1/c@0' }, 'an id without a value is absent');
    assert.deepEqual(values(c), { a: 's2/a@0' });
    assert.deepEqual(s.loads, [
      { siteId: 's1', ids: ['a', 'b', 'c', 'x1'] },
      { siteId: 's2', ids: ['a'] },
    ]);
    await s.cache.get('s1', ['a', 'x1']);
    assert.equal(s.loads.length, 2, 'fresh entries (an absent one too) are not read again');
  });

  it('serves a stale entry while it is read again, then the new value', async () => {
    const s = setup();
    await s.cache.get('s1', ['a']);
    s.bump('a');
    s.tick(1_500);
    assert.deepEqual(values(await s.cache.get('s1', ['a'])), { a: 's1/a@0' }, 'stale, served at once');
    assert.deepEqual(values(await s.cache.get('s1', ['a'])), { a: 's1/a@0' });
    await s.cache.settled();
    assert.equal(s.loads.length, 2, 'one refresh for both requests');
    assert.deepEqual(values(await s.cache.get('s1', ['a'])), { a: 's1/a@1' }, 'fresh once read again');
  });

  it('never serves an entry past its maximum age: the request waits for the read', async () => {
    const s = setup();
    await s.cache.get('s1', ['a']);
    s.bump('a');
    s.tick(2_000);
    assert.deepEqual(values(await s.cache.get('s1', ['a'])), { a: 's1/a@1' });
  });

  it('a failed refresh keeps serving the entry until its maximum age; a failed read that a request waits for rejects it', async () => {
    const s = setup();
    await s.cache.get('s1', ['a']);
    s.fail(new Error('database down'));
    s.tick(1_500);
    assert.deepEqual(values(await s.cache.get('s1', ['a'])), { a: 's1/a@0' });
    await s.cache.settled();
    assert.deepEqual(values(await s.cache.get('s1', ['a'])), { a: 's1/a@0' }, 'still served');
    await s.cache.settled();
    s.tick(1_000);
    await assert.rejects(s.cache.get('s1', ['a']), /database down/);
    s.fail(undefined);
    assert.deepEqual(values(await s.cache.get('s1', ['a'])), { a: 's1/a@0' });
  });

  it('a request for an entry being refreshed past its maximum age waits for that read', async () => {
    const s = setup();
    await s.cache.get('s1', ['a']);
    s.bump('a');
    s.tick(1_500);
    const open = s.hold();
    await s.cache.get('s1', ['a']);
    // The refresh is under way (held); the entry ages past its maximum.
    const settled = s.cache.settled();
    s.tick(600);
    const waiting = s.cache.get('s1', ['a']);
    open();
    assert.deepEqual(values(await waiting), { a: 's1/a@1' });
    await settled;
    assert.equal(s.loads.length, 2, 'the request shared the refresh');
  });

  it('clear() forgets every entry, and a read under way is given to its requests but not kept', async () => {
    const s = setup();
    await s.cache.get('s1', ['a']);
    s.cache.clear();
    const open = s.hold();
    const pending = s.cache.get('s1', ['a']);
    await new Promise((r) => setImmediate(r));
    s.cache.clear();
    open();
    assert.deepEqual(values(await pending), { a: 's1/a@0' });
    await s.cache.get('s1', ['a']);
    assert.equal(s.loads.length, 3, 'read again after each clear');
  });

  it('keeps at most `max` entries, the least recently read going first', async () => {
    const s = setup({ max: 2 });
    await s.cache.get('s1', ['a']);
    await s.cache.get('s1', ['b']);
    await s.cache.get('s1', ['c']);
    assert.equal(s.loads.length, 3);
    await s.cache.get('s1', ['b', 'c']);
    assert.equal(s.loads.length, 3, 'b and c kept');
    await s.cache.get('s1', ['a']);
    assert.equal(s.loads.length, 4, 'a was evicted');
  });

  it('a new site’s first entry takes the place of another site’s oldest when full', async () => {
    const s = setup({ max: 2 });
    await s.cache.get('s1', ['a']);
    await s.cache.get('s1', ['b']);
    await s.cache.get('s2', ['x']);
    assert.equal(s.loads.length, 3);
    await s.cache.get('s2', ['x']);
    await s.cache.get('s1', ['b']);
    assert.equal(s.loads.length, 3, 's2/x and s1/b kept');
    await s.cache.get('s1', ['a']);
    assert.equal(s.loads.length, 4, 's1/a was evicted');
  });

  it('entries read together are due again at different times (up to a quarter of the refresh age earlier)', async () => {
    const s = setup({ max: 1_000 });
    const ids = Array.from({ length: 200 }, (_, i) => `p${i}`);
    await s.cache.get('s1', ids);
    const readAgain = async () => {
      const before = s.loads.flatMap((l) => l.ids).length;
      await s.cache.get('s1', ids);
      await s.cache.settled();
      return s.loads.flatMap((l) => l.ids).length - before;
    };
    s.tick(749);
    assert.equal(await readAgain(), 0, 'none due before three quarters of the refresh age');
    s.tick(126);
    // At seven eighths, each entry is due with probability one half: all or none of 200 is 2^-199.
    const some = await readAgain();
    assert.ok(some > 0 && some < 200, String(some));
    s.tick(125);
    assert.equal(await readAgain(), 200 - some, 'every other one due at the refresh age');
  });

  it('keeps the object it holds when a value read again is the same (`same`), and takes the new one otherwise', async () => {
    let version = 0;
    const cache = createRefreshingCache<{ id: string; v: number }>({
      refreshAfterMs: 1_000,
      maxAgeMs: 2_000,
      max: 10,
      now: () => clock,
      load: async (_, ids) => new Map(ids.map((id) => [id, { id, v: version }])),
      same: (a, b) => a.v === b.v,
    });
    let clock = 0;
    const first = (await cache.get('s1', ['a'])).get('a')!;
    clock += 2_000;
    assert.equal((await cache.get('s1', ['a'])).get('a'), first, 'read again, the same: the object kept');
    version = 1;
    clock += 2_000;
    const second = (await cache.get('s1', ['a'])).get('a')!;
    assert.notEqual(second, first);
    assert.equal(second.v, 1);
  });
});

describe('refreshing cache with versions (revalidation)', () => {
  /** A source of versioned values: `changed` answers the ids whose version moved (or that came or went). */
  function versioned() {
    let clock = 0;
    const rows = new Map<string, number>([['a', 1], ['b', 1]]);
    const calls = { loads: [] as string[][], checks: [] as { id: string; version: string }[][] };
    let checkFails = false;
    const cache = createRefreshingCache<{ id: string; v: number }>({
      refreshAfterMs: 1_000,
      maxAgeMs: 2_000,
      max: 10,
      now: () => clock,
      load: async (_, ids) => {
        calls.loads.push([...ids].sort());
        return new Map(ids.flatMap((id) => (rows.has(id) ? [[id, { id, v: rows.get(id)! }] as const] : [])));
      },
      version: (x) => String(x.v),
      changed: async (_, kept) => {
        calls.checks.push([...kept].sort((x, y) => (x.id < y.id ? -1 : 1)));
        if (checkFails) throw new Error('check failed');
        return kept.filter((k) => String(rows.get(k.id) ?? '') !== k.version).map((k) => k.id);
      },
    });
    return { cache, rows, calls, tick: (ms: number) => (clock += ms), failChecks: () => (checkFails = true) };
  }

  it('confirms unchanged entries with one check and no read: the same objects, fresh again', async () => {
    const s = versioned();
    const first = await s.cache.get('s1', ['a', 'b', 'x']);
    assert.deepEqual(s.calls.loads, [['a', 'b', 'x']]);
    s.tick(1_500);
    await s.cache.get('s1', ['a', 'b', 'x']);
    await s.cache.settled();
    assert.deepEqual(s.calls.checks, [[{ id: 'a', version: '1' }, { id: 'b', version: '1' }, { id: 'x', version: '' }]], 'the absent x checked too');
    assert.equal(s.calls.loads.length, 1, 'nothing read again');
    s.tick(1_000);
    // 2.5 s after the first read, 1 s after the confirmation: within the maximum age, no wait.
    const again = await s.cache.get('s1', ['a', 'b']);
    assert.equal(again.get('a'), first.get('a'), 'the object kept');
    assert.equal(s.calls.loads.length, 1);
  });

  it('reads again only what moved, came or went', async () => {
    const s = versioned();
    await s.cache.get('s1', ['a', 'b', 'x']);
    s.rows.set('a', 2);
    s.rows.delete('b');
    s.rows.set('x', 1);
    s.tick(1_500);
    await s.cache.get('s1', ['a', 'b', 'x']);
    await s.cache.settled();
    assert.deepEqual(s.calls.loads, [['a', 'b', 'x'], ['a', 'b', 'x']]);
    const now = await s.cache.get('s1', ['a', 'b', 'x']);
    assert.deepEqual(Object.fromEntries([...now].map(([k, v]) => [k, v.v])), { a: 2, x: 1 });
    s.rows.set('a', 3);
    s.tick(1_500);
    await s.cache.get('s1', ['a', 'b', 'x']);
    await s.cache.settled();
    assert.deepEqual(s.calls.loads.at(-1), ['a'], 'b (gone, still gone) and x (unchanged) confirmed');
  });

  it('reads everything due in full when the check fails', async () => {
    const s = versioned();
    await s.cache.get('s1', ['a', 'b']);
    s.failChecks();
    s.tick(1_500);
    await s.cache.get('s1', ['a', 'b']);
    await s.cache.settled();
    assert.deepEqual(s.calls.loads, [['a', 'b'], ['a', 'b']]);
  });

  it('a refresh queued before clear() reads its ids in full: nothing is confirmed from what was forgotten', async () => {
    const s = versioned();
    await s.cache.get('s1', ['a']);
    s.tick(1_500);
    await s.cache.get('s1', ['a']);
    s.cache.clear();
    await s.cache.settled();
    await s.cache.get('s1', ['a']);
    assert.equal(s.calls.loads.length, 2, 'read again after the clear');
  });
});

describe('same product', () => {
  it('tells apart every field an answer shows or filters by', () => {
    const base: ShelfProduct = { productId: 'a', title: 'A', url: 'https://shop.example/a', image: { url: 'https://cdn/a.jpg' }, price: { amount: 100, currency: 'EUR' }, inStock: true, categories: ['X > Y'], createdAt: new Date(5) };
    // The row's version is not shown: a product stored again unchanged stays the same.
    const changes: Record<Exclude<keyof ShelfProduct, 'version'>, Partial<ShelfProduct>[]> = {
      productId: [{ productId: 'b' }],
      title: [{ title: 'B' }],
      url: [{ url: 'https://shop.example/b' }],
      image: [{ image: null }, { image: { url: 'https://cdn/b.jpg' } }, { image: { mediaId: 'https://cdn/a.jpg' } }],
      price: [{ price: { amount: 101, currency: 'EUR' } }, { price: { amount: 100, currency: 'USD' } }],
      inStock: [{ inStock: false }],
      categories: [{ categories: ['X'] }, { categories: ['X > Y', 'Z'] }],
      createdAt: [{ createdAt: new Date(6) }],
    };
    assert.deepEqual(Object.keys(changes).sort(), Object.keys(base).sort(), 'every field of a shelf product is compared');
    assert.ok(sameProduct(base, { ...base, price: { ...base.price }, categories: [...base.categories], createdAt: new Date(5), image: { url: 'https://cdn/a.jpg' } }));
    for (const [field, variants] of Object.entries(changes)) for (const v of variants) assert.ok(!sameProduct(base, { ...base, ...v }), `${field}: ${JSON.stringify(v)}`);
  });
});
