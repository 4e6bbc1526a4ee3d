// CONTRACT §7 lists, on both engines: `limit` (1–200, default 50) and `cursor` on every list route, `data` the
// page, `meta.next_cursor` the way on (null on the last page), newest first by (created_at, id) even when items
// share a created_at; bad limits and forged or foreign cursors are 400 validation_failed naming the parameter.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { SYSTEM } from '../../src/kernel/index.js';
import { bearer, forEachEngine, type TestApp } from '../helpers/app.js';

const BASE = '/api/v1';
type Headers = Record<string, string> | ((url: string) => Record<string, string>);
interface Row {
  at: string;
  id: string;
}

/** Newest first: created_at descending, then id descending by code unit (ids are ASCII: the C collation). */
const newestFirst = (rows: Row[]): string[] =>
  [...rows].sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1)).map((r) => r.id);

const AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

forEachEngine('lists: pagination', (t) => {
  const get = (url: string, headers: Headers) => t().inject({ method: 'GET', url, headers: typeof headers === 'function' ? headers(url) : headers });
  const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

  /** Walks a list page by page; returns the ids of each page, checking the envelope on the way. */
  async function walk(url: string, headers: Headers, idOf: (item: Record<string, unknown>) => string, limit = 2): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: LightMyRequestResponse = await get(withQuery(url, `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`), headers);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.success, true);
      assert.ok(Array.isArray(body.data), `data is the array: ${res.body.slice(0, 200)}`);
      assert.ok(body.meta.request_id && body.meta.timestamp, 'meta keeps timestamp and request_id');
      assert.ok('next_cursor' in body.meta, 'meta.next_cursor is always present');
      assert.ok(body.data.length <= limit);
      pages.push(body.data.map(idOf));
      cursor = body.meta.next_cursor;
      if (cursor !== null) assert.equal(body.data.length, limit, 'only the last page is short');
      assert.ok(pages.length < 100, 'the walk ends');
    } while (cursor !== null);
    return pages;
  }

  const expectWalk = (pages: string[][], expected: string[], sizes: number[]) => {
    assert.deepEqual(pages.map((p) => p.length), sizes, 'page sizes');
    assert.deepEqual(pages.flat(), expected, 'every item exactly once, newest first');
    assert.equal(new Set(pages.flat()).size, expected.length, 'no item twice');
  };

  const rowsOf = async (sql: string, params: unknown[]) => (await t().database.db.query<Row>(sql, params)).rows;

  /** Asserts a 400 validation_failed whose details name `path`; nothing else about the list changes. */
  const refused = (res: LightMyRequestResponse, path: string, why: string) => {
    assert.equal(res.statusCode, 400, `${why}: ${res.body}`);
    const body = res.json();
    assert.equal(body.success, false, why);
    assert.equal(body.error.code, 'validation_failed', why);
    assert.ok(body.error.details.some((d: { path: string }) => d.path === path), `${why}: details name ${path}: ${res.body}`);
  };

  const ids = {
    site: (i: Record<string, unknown>) => String(i.site_id),
    member: (i: Record<string, unknown>) => String(i.user),
    key: (i: Record<string, unknown>) => String(i.key_id),
    experiment: (i: Record<string, unknown>) => String(i.experiment_id),
  };

  async function experimentsOf(siteId: string, headers: Record<string, string>, n: number): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await t().inject({
        method: 'POST',
        url: `${BASE}/partner-experiments`,
        headers,
        payload: { website_id: siteId, name: `Exp ${i}`, surfaces: [{ type: 'overlay', campaign_id: `c${i}` }] },
      });
      assert.equal(res.statusCode, 201, res.body);
      out.push(res.json().data.experiment_id);
    }
    return out;
  }

  it('walks a user’s sites newest first, two at a time, ties on created_at broken by id', async () => {
    const user = `walker-${Date.now()}`;
    const headers = bearer(await t().idToken(user));
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await t().app.services.sites.createSite({ name: `S${i}`, origins: [], owner: user })).site_id);
    // Three sites created in the same instant (same microsecond, so also the same millisecond).
    await t().database.db.query(`UPDATE sites SET created_at = (SELECT created_at FROM sites WHERE site_id = $1) WHERE site_id = ANY($2::text[])`, [made[1], made.slice(1, 4)]);
    const expected = newestFirst(await rowsOf(`SELECT site_id AS id, ${AT} AS at FROM sites WHERE site_id = ANY($1::text[])`, [made]));
    expectWalk(await walk(`${BASE}/sites`, headers, ids.site), expected, [2, 2, 1]);
    assert.equal(expected.length, 5);

    const whole = await get(`${BASE}/sites`, headers);
    assert.deepEqual(whole.json().data.map(ids.site), expected, 'default limit holds them all');
    assert.equal(whole.json().meta.next_cursor, null);
    const stranger = await get(`${BASE}/sites`, bearer(await t().idToken(`nobody-${Date.now()}`)));
    assert.deepEqual([stranger.json().data, stranger.json().meta.next_cursor], [[], null]);
  });

  it('walks members newest first, several added in one transaction, and a member added mid-walk is neither repeated nor skipped', async () => {
    const { siteId, owner } = await t().createSite();
    const headers = bearer(await t().idToken(owner));
    await t().database.db.transaction(async (tx) => {
      for (const user of ['m-b', 'm-c', 'm-a']) await tx.query(`INSERT INTO site_members (site_id, user_id, role) VALUES ($1, $2, 'member')`, [siteId, user]);
    });
    const rows = await rowsOf(`SELECT user_id AS id, ${AT} AS at FROM site_members WHERE site_id = $1`, [siteId]);
    assert.equal(rows.length, 5);
    assert.equal(new Set(rows.filter((r) => r.id.startsWith('m-')).map((r) => r.at)).size, 1, 'one transaction: one created_at');
    const expected = newestFirst(rows);
    assert.deepEqual(expected.slice(0, 3), ['m-c', 'm-b', 'm-a'], 'the tie is broken by id, descending');
    const url = `${BASE}/sites/${siteId}/members`;
    expectWalk(await walk(url, headers, ids.member), expected, [2, 2, 1]);

    // A keyset cursor is a position, not an offset: something added meanwhile does not shift the pages.
    const first = (await get(`${url}?limit=2`, headers)).json();
    await t().app.services.sites.addMember(SYSTEM, siteId, 'm-late', 'member');
    const rest = [];
    let cursor: string | null = first.meta.next_cursor;
    while (cursor) {
      const page = (await get(`${url}?limit=2&cursor=${encodeURIComponent(cursor)}`, headers)).json();
      rest.push(...page.data.map(ids.member));
      cursor = page.meta.next_cursor;
    }
    assert.deepEqual([...first.data.map(ids.member), ...rest], expected);
  });

  it('defaults to 50 a page and takes up to 200', async () => {
    const { siteId, owner } = await t().createSite();
    const headers = bearer(await t().idToken(owner));
    await t().database.db.query(
      `INSERT INTO site_members (site_id, user_id, role) SELECT $1, 'bulk-' || lpad(n::text, 3, '0'), 'member' FROM generate_series(1, 199) AS n`,
      [siteId],
    );
    const url = `${BASE}/sites/${siteId}/members`;
    const first = (await get(url, headers)).json();
    assert.equal(first.data.length, 50);
    assert.equal(typeof first.meta.next_cursor, 'string');
    const max = (await get(`${url}?limit=200`, headers)).json();
    assert.equal(max.data.length, 200);
    assert.notEqual(max.meta.next_cursor, null, '201 members: one more page');
    const last = (await get(`${url}?limit=200&cursor=${encodeURIComponent(max.meta.next_cursor)}`, headers)).json();
    assert.deepEqual([last.data.length, last.meta.next_cursor], [1, null]);
  });

  it('walks API keys created concurrently, newest first', async () => {
    const { siteId, owner, member } = await t().createSite();
    const url = `${BASE}/sites/${siteId}/api-keys`;
    // The token first; then the five creations really are concurrent.
    const ownerH = bearer(await t().idToken(owner));
    const made = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => t().inject({ method: 'POST', url, headers: ownerH, payload: { name: `k${i}`, scopes: ['events:write'] } })),
    );
    for (const res of made) assert.equal(res.statusCode, 201, res.body);
    const keyIds = made.map((r) => r.json().data.key_id as string);
    // Two of them in the very same instant, whatever the engine's clock did.
    await t().database.db.query(`UPDATE api_keys SET created_at = (SELECT created_at FROM api_keys WHERE key_id = $1) WHERE key_id = $2`, [keyIds[0], keyIds[3]]);
    const expected = newestFirst(await rowsOf(`SELECT key_id AS id, ${AT} AS at FROM api_keys WHERE site_id = $1`, [siteId]));
    assert.equal(expected.length, 5);
    expectWalk(await walk(url, bearer(await t().idToken(member)), ids.key), expected, [2, 2, 1]);
  });

  it('walks a site’s experiments newest first', async () => {
    const { siteId, member } = await t().createSite();
    const headers = bearer(await t().idToken(member));
    const made = await experimentsOf(siteId, headers, 5);
    await t().database.db.query(`UPDATE experiments SET created_at = (SELECT created_at FROM experiments WHERE experiment_id = $1) WHERE experiment_id = ANY($2::text[])`, [made[0], made.slice(0, 3)]);
    const expected = newestFirst(await rowsOf(`SELECT experiment_id AS id, ${AT} AS at FROM experiments WHERE site_id = $1`, [siteId]));
    expectWalk(await walk(`${BASE}/partner-experiments?website_id=${siteId}`, headers, ids.experiment), expected, [2, 2, 1]);
  });

  it('walks the platform’s sites newest first (admin)', async () => {
    for (let i = 0; i < 3; i += 1) await t().createSite();
    // A signature covers method, path and query, and is single-use (a fresh nonce each time).
    const signed = (url: string) => ({ 'x-platform-signature': t().platformSignature({ method: 'GET', url }) });
    const expected = newestFirst(await rowsOf(`SELECT site_id AS id, ${AT} AS at FROM sites`, []));
    assert.ok(expected.length >= 5);
    const pages = await walk('/api/admin/sites', signed, ids.site);
    expectWalk(pages, expected, [...Array(Math.floor(expected.length / 2)).fill(2), ...(expected.length % 2 ? [1] : [])]);
    const page = (await get('/api/admin/sites?limit=1', signed)).json();
    assert.deepEqual(Object.keys(page.data[0]).filter((k) => k === 'members' || k === 'active_keys').sort(), ['active_keys', 'members']);
    refused(await get('/api/admin/sites?limit=201', signed), '/limit', 'admin limit=201');
    refused(await get(`/api/admin/sites?cursor=${encodeURIComponent(page.meta.next_cursor.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')))}`, signed), '/cursor', 'admin tampered cursor');
  });

  it('refuses bad limits and forged, tampered, over-long and foreign cursors with 400 at /limit or /cursor', async () => {
    const a = await t().createSite();
    const b = await t().createSite();
    const ownerA = bearer(await t().idToken(a.owner));
    const ownerB = bearer(await t().idToken(b.owner));
    for (const s of [a, b]) await t().app.services.sites.addMember(SYSTEM, s.siteId, 'extra', 'member');
    await Promise.all([a, b].flatMap((s) => [t().createKey(s.siteId), t().createKey(s.siteId)]));
    await experimentsOf(a.siteId, ownerA, 2);
    await experimentsOf(b.siteId, ownerB, 2);

    const lists = {
      sitesA: [`${BASE}/sites`, ownerA],
      sitesB: [`${BASE}/sites`, ownerB],
      membersA: [`${BASE}/sites/${a.siteId}/members`, ownerA],
      membersB: [`${BASE}/sites/${b.siteId}/members`, ownerB],
      keysA: [`${BASE}/sites/${a.siteId}/api-keys`, ownerA],
      keysB: [`${BASE}/sites/${b.siteId}/api-keys`, ownerB],
      experimentsA: [`${BASE}/partner-experiments?website_id=${a.siteId}`, ownerA],
      experimentsB: [`${BASE}/partner-experiments?website_id=${b.siteId}`, ownerB],
    } as const;
    // Owner A's second site, so that their site list has a next page too.
    await t().app.services.sites.createSite({ name: 'A2', origins: [], owner: a.owner });
    await t().app.services.sites.createSite({ name: 'B2', origins: [], owner: b.owner });
    const cursors: Record<string, string> = {};
    for (const [name, [url, headers]] of Object.entries(lists)) {
      const res = await get(withQuery(url, 'limit=1'), headers);
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      assert.equal(typeof res.json().meta.next_cursor, 'string', `${name} has a second page`);
      cursors[name] = res.json().meta.next_cursor;
    }

    const foreign: [keyof typeof lists, string, string][] = [
      ['sitesA', cursors.sitesB!, 'another user’s site list'],
      ['membersA', cursors.membersB!, 'another site’s members'],
      ['keysA', cursors.keysB!, 'another site’s keys'],
      ['experimentsA', cursors.experimentsB!, 'another site’s experiments'],
      ['keysA', cursors.membersA!, 'the members list of the same site'],
      ['membersA', cursors.keysA!, 'the key list of the same site'],
      ['experimentsA', cursors.keysA!, 'another route'],
      ['sitesA', cursors.membersA!, 'another route'],
    ];
    for (const [list, cursor, why] of foreign) {
      const [url, headers] = lists[list];
      refused(await get(withQuery(url, `cursor=${encodeURIComponent(cursor)}`), headers), '/cursor', `${list} with a cursor of ${why}`);
    }

    const own = cursors.membersA!;
    const [payload, mac] = own.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify(['2999-01-01T00:00:00.000000Z', 'zzz'])).toString('base64url');
    const badCursors: [string, string][] = [
      ['garbage', 'not-a-cursor'],
      ['forged payload, copied MAC', `${forgedPayload}.${mac}`],
      ['tampered MAC', `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`],
      ['truncated', own.slice(0, -1)],
      ['empty', ''],
      ['over-long', `${'A'.repeat(5000)}.${mac}`],
      ['SQL', `' OR 1=1 --`],
    ];
    for (const [url, headers] of Object.values(lists)) {
      for (const [why, cursor] of badCursors) refused(await get(withQuery(url, `cursor=${encodeURIComponent(cursor)}`), headers), '/cursor', `${url}: ${why}`);
      for (const limit of ['0', '201', '-1', 'ten', '', '1&limit=2']) refused(await get(withQuery(url, `limit=${limit}`), headers), '/limit', `${url}: limit=${limit}`);
      const both = await get(withQuery(url, 'limit=0&cursor=x'), headers);
      assert.equal(both.statusCode, 400);
    }
    // Still the same lists afterwards (reads change nothing), and the own cursor still works.
    const next = await get(withQuery(lists.membersA[0], `limit=1&cursor=${encodeURIComponent(own)}`), ownerA);
    assert.equal(next.statusCode, 200, next.body);
    assert.equal(next.json().data.length, 1);
  });

  it('keeps 403 for non-members on site lists (site ids are public), before the query is looked at', async () => {
    const s = await t().createSite();
    const stranger = bearer(await t().idToken(`stranger-${Date.now()}`));
    const member = bearer(await t().idToken(s.member));
    for (const url of [`${BASE}/sites/${s.siteId}/members`, `${BASE}/sites/${s.siteId}/api-keys`, `${BASE}/partner-experiments?website_id=${s.siteId}`]) {
      for (const query of ['limit=1', 'limit=0', 'cursor=forged']) {
        const res = await get(withQuery(url, query), stranger);
        assert.equal(res.statusCode, 403, `${url}?${query}: ${res.body}`);
      }
    }
    assert.equal((await get(`${BASE}/sites/${s.siteId}/members?limit=0`, member)).statusCode, 403, 'members list: owners only');
  });

  it('documents limit, cursor and meta.next_cursor on every list route', async () => {
    const doc = (await t().inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of ['/api/v1/sites', '/api/v1/sites/{siteId}/members', '/api/v1/sites/{siteId}/api-keys', '/api/v1/partner-experiments', '/api/admin/sites']) {
      const op = doc.paths[path].get;
      const params = Object.fromEntries(op.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string; schema: unknown }) => [p.name, p.schema]));
      assert.deepEqual([params.limit?.minimum, params.limit?.maximum, params.limit?.default], [1, 200, 50], `${path} limit`);
      assert.ok(params.cursor?.maxLength, `${path} cursor`);
      // Shared schemas are references into components.schemas.
      const deref = (s: { $ref?: string }) => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
      const schema = deref(op.responses['200'].content['application/json'].schema);
      assert.equal(schema.properties.data.type, 'array', `${path} data is the array`);
      const meta = deref(schema.properties.meta);
      assert.ok(meta.properties.next_cursor, `${path} meta.next_cursor`);
      assert.ok(meta.required.includes('next_cursor'), `${path} meta.next_cursor is required`);
    }
  });
});
