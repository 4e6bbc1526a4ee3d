// POST /consent and the members' list over HTTP (CONTRACT §13, §1, §7), on both engines: the record
// as stored (identifiers sealed, the device as a keyed hash, the token's origin, the server's time, no
// client address), the beacon form, append-only history newest first, the device filter, pages,
// every bad input at its pointer with nothing stored, the credentials each route takes, and other
// sites' records out of reach.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, countRows, forEachEngine, ORIGIN, type TestApp } from '../../helpers/app.js';

const OTHER_ORIGIN = 'https://other-shop.example';

const decision = (extra: Record<string, unknown> = {}) => ({
  session_id: 'sess-1',
  device_id: 'dev-1',
  choices: { analytics: true, marketing: false },
  source: 'banner',
  policy_version: '2026-11',
  ...extra,
});

function api(t: () => TestApp) {
  const setup = async (origins = [ORIGIN]) => {
    const site = await t().createSite({ origins });
    const token = await t().runtimeToken(site.siteId, origins[0]);
    return { ...site, token, browser: { ...bearer(token), origin: origins[0]! }, memberH: bearer(await t().idToken(site.member)) };
  };
  const record = (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: '/api/v1/consent', headers, payload: payload as object });
  const beacon = (headers: Record<string, string>, payload: unknown) =>
    t().inject({ method: 'POST', url: '/api/v1/consent', headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify(payload) });
  const list = (siteId: string, headers: Record<string, string>, query = '') => t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/consents${query}`, headers });
  return { setup, record, beacon, list };
}

const created = (res: LightMyRequestResponse): string => {
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.consent_id as string;
};

forEachEngine('consent records API', (t) => {
  const { setup, record, beacon, list } = api(t);

  it('records a decision (201 { consent_id }, readable cross-origin); the row keeps no identifier in the clear and no address', async () => {
    const s = await setup();
    const before = Date.now();
    const res = await record(s.browser, decision({ session_id: 'sess-plain-4711', device_id: 'dev-plain-4711' }));
    const id = created(res);
    assert.match(id, /^cns_[A-Za-z0-9]{20}$/);
    assert.deepEqual(Object.keys(res.json().data), ['consent_id']);
    assert.equal(res.headers['access-control-allow-origin'], ORIGIN);
    const preflight = await t().inject({ method: 'OPTIONS', url: '/api/v1/consent', headers: { origin: 'https://any.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'https://any.example');

    const { rows } = await t().database.db.query<Record<string, unknown>>('SELECT * FROM consent_records WHERE site_id = $1', [s.siteId]);
    assert.equal(rows.length, 1);
    const row = rows[0]!;
    assert.deepEqual(Object.keys(row).sort(), ['analytics', 'consent_id', 'device_hash', 'identifiers_ciphertext', 'identifiers_key_id', 'marketing', 'origin', 'policy_version', 'recorded_at', 'site_id', 'source']);
    assert.equal(row.consent_id, id);
    assert.equal(row.analytics, true);
    assert.equal(row.marketing, false);
    assert.equal(row.source, 'banner');
    assert.equal(row.policy_version, '2026-11');
    assert.equal(row.origin, ORIGIN);
    assert.match(String(row.device_hash), /^[0-9a-f]{64}$/);
    const at = new Date(row.recorded_at as string).getTime();
    assert.ok(at >= before - 1 && at <= Date.now() + 1, 'recorded_at is the server’s time of receipt');
    const stored = JSON.stringify(rows);
    for (const secret of ['sess-plain-4711', 'dev-plain-4711', '127.0.0.1']) assert.ok(!stored.includes(secret), `${secret} is not stored in the clear`);

    const read = await list(s.siteId, s.memberH);
    assert.equal(read.statusCode, 200, read.body);
    const [item] = read.json().data;
    assert.deepEqual(
      { ...item, recorded_at: undefined },
      { consent_id: id, session_id: 'sess-plain-4711', device_id: 'dev-plain-4711', choices: { analytics: true, marketing: false }, source: 'banner', policy_version: '2026-11', origin: ORIGIN, recorded_at: undefined },
    );
    assert.match(item.recorded_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal(read.json().meta.next_cursor, null);
  });

  it('takes the optional fields as optional: no device, no policy version', async () => {
    const s = await setup();
    const id = created(await record(s.browser, { session_id: 'sess-2', choices: { analytics: false, marketing: false }, source: 'default' }));
    const [item] = (await list(s.siteId, s.memberH)).json().data;
    assert.deepEqual({ ...item, recorded_at: undefined }, { consent_id: id, session_id: 'sess-2', device_id: null, choices: { analytics: false, marketing: false }, source: 'default', policy_version: null, origin: ORIGIN, recorded_at: undefined });
    const { rows } = await t().database.db.query<{ device_hash: string | null }>('SELECT device_hash FROM consent_records WHERE consent_id = $1', [id]);
    assert.equal(rows[0]!.device_hash, null);
    for (const source of ['gpc', 'api']) created(await record(s.browser, decision({ source })));
    assert.equal(await countRows(t(), 'consent_records', s.siteId), 3);
  });

  it('takes the beacon form: text/plain JSON with the runtime token in the body and no credential header', async () => {
    const s = await setup();
    const key = await t().createKey(s.siteId);
    const id = created(await beacon({ origin: ORIGIN }, { ...decision({ device_id: 'dev-beacon' }), runtime_token: s.token }));
    const [item] = (await list(s.siteId, s.memberH, '?device_id=dev-beacon')).json().data;
    assert.equal(item.consent_id, id);
    assert.equal(item.origin, ORIGIN);
    const refusals: [string, Record<string, string>, unknown][] = [
      ['a secret key in the body', { origin: ORIGIN }, { ...decision(), runtime_token: key.apiKey }],
      ['the token in the body and a header', s.browser, { ...decision(), runtime_token: s.token }],
      ['the body token from another origin', { origin: OTHER_ORIGIN }, { ...decision(), runtime_token: s.token }],
      ['the body token without an origin', {}, { ...decision(), runtime_token: s.token }],
      ['the token as api_key', { origin: ORIGIN }, { ...decision(), api_key: s.token }],
    ];
    for (const [what, headers, payload] of refusals) {
      const res = await beacon(headers, payload);
      assert.equal(res.statusCode, 401, `${what}: ${res.body}`);
      assert.equal(res.json().error.code, 'unauthorized', what);
    }
    const notJson = await t().inject({ method: 'POST', url: '/api/v1/consent', headers: { origin: ORIGIN, 'content-type': 'text/plain' }, payload: '{"runtime_token":' });
    assert.equal(notJson.statusCode, 400);
    assert.equal(notJson.json().error.code, 'invalid_json');
    assert.equal(await countRows(t(), 'consent_records', s.siteId), 1);
    const doc = (await t().inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const content = doc.paths['/api/v1/consent'].post.requestBody.content;
    assert.equal(content['text/plain']?.schema?.contentMediaType, 'application/json', 'the reference shows the beacon form');
  });

  it('is append-only: each decision is a new record, newest first', async () => {
    const s = await setup();
    const first = created(await record(s.browser, decision({ choices: { analytics: true, marketing: true } })));
    const second = created(await record(s.browser, decision({ choices: { analytics: false, marketing: false } })));
    assert.notEqual(first, second);
    const items = (await list(s.siteId, s.memberH)).json().data;
    assert.deepEqual(items.map((i: { consent_id: string }) => i.consent_id), [second, first]);
    assert.deepEqual(items.map((i: { choices: unknown }) => i.choices), [{ analytics: false, marketing: false }, { analytics: true, marketing: true }]);
    assert.ok(items[0].recorded_at >= items[1].recorded_at);
  });

  it('filters by device_id; a device without records lists nothing', async () => {
    const s = await setup();
    const a1 = created(await record(s.browser, decision({ device_id: 'dev-a' })));
    created(await record(s.browser, decision({ device_id: 'dev-b' })));
    created(await record(s.browser, decision({ device_id: undefined })));
    const a2 = created(await record(s.browser, decision({ device_id: 'dev-a', source: 'gpc' })));
    const ofA = await list(s.siteId, s.memberH, '?device_id=dev-a');
    assert.equal(ofA.statusCode, 200, ofA.body);
    assert.deepEqual(ofA.json().data.map((i: { consent_id: string }) => i.consent_id), [a2, a1]);
    assert.ok(ofA.json().data.every((i: { device_id: string }) => i.device_id === 'dev-a'));
    assert.equal((await list(s.siteId, s.memberH, '?device_id=dev-b')).json().data.length, 1);
    assert.deepEqual((await list(s.siteId, s.memberH, '?device_id=dev-none')).json().data, []);
    assert.equal((await list(s.siteId, s.memberH)).json().data.length, 4);
    // The same device id on another site is another device.
    const other = await setup();
    created(await record(other.browser, decision({ device_id: 'dev-a' })));
    assert.equal((await list(s.siteId, s.memberH, '?device_id=dev-a')).json().data.length, 2);
  });

  it('lists in pages (limit, cursor); refuses bad limits and cursors and a cursor of another list', async () => {
    const s = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(created(await record(s.browser, decision({ device_id: i % 2 ? 'dev-odd' : 'dev-even' }))));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(s.siteId, s.memberH, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(res.statusCode, 200, res.body);
      seen.push(...res.json().data.map((i: { consent_id: string }) => i.consent_id));
      cursor = res.json().meta.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    assert.equal(pages, 3);
    assert.deepEqual(seen, [...ids].reverse());
    const firstOfEven = (await list(s.siteId, s.memberH, '?device_id=dev-even&limit=1')).json();
    assert.equal(firstOfEven.data.length, 1);
    const evenCursor = encodeURIComponent(firstOfEven.meta.next_cursor);
    const rest = await list(s.siteId, s.memberH, `?device_id=dev-even&limit=5&cursor=${evenCursor}`);
    assert.equal(rest.json().data.length, 2);
    for (const query of ['?limit=0', '?limit=201', '?limit=x', '?cursor=garbage', `?cursor=${evenCursor}`, `?device_id=dev-odd&cursor=${evenCursor}`, '?device_id=']) {
      const res = await list(s.siteId, s.memberH, query);
      assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
      assert.equal(res.json().error.code, 'validation_failed', query);
    }
    const foreign = await list(s.siteId, s.memberH, `?cursor=${evenCursor}`);
    assert.deepEqual(foreign.json().error.details.map((d: { path: string }) => d.path), ['/cursor']);
  });

  it('refuses each bad body with 400 at its pointer and stores nothing', async () => {
    const s = await setup();
    const cases: [string, unknown, string][] = [
      ['no choices', decision({ choices: undefined }), '/choices'],
      ['choices not an object', decision({ choices: 'all' }), '/choices'],
      ['analytics missing', decision({ choices: { marketing: true } }), '/choices/analytics'],
      ['marketing missing', decision({ choices: { analytics: true } }), '/choices/marketing'],
      ['analytics a string', decision({ choices: { analytics: 'true', marketing: false } }), '/choices/analytics'],
      ['marketing a number', decision({ choices: { analytics: true, marketing: 1 } }), '/choices/marketing'],
      ['marketing null', decision({ choices: { analytics: true, marketing: null } }), '/choices/marketing'],
      ['an unknown source', decision({ source: 'cmp' }), '/source'],
      ['no source', decision({ source: undefined }), '/source'],
      ['a source of another case', decision({ source: 'Banner' }), '/source'],
      ['a policy version of 65 characters', decision({ policy_version: 'v'.repeat(65) }), '/policy_version'],
      ['a policy version with a newline', decision({ policy_version: 'v1\nv2' }), '/policy_version'],
      ['a policy version with a tab', decision({ policy_version: 'v1\t' }), '/policy_version'],
      ['a policy version with DEL', decision({ policy_version: 'v1\u007f' }), '/policy_version'],
      ['a policy version with a C1 control', decision({ policy_version: 'v1\u0085' }), '/policy_version'],
      ['a policy version with U+0000', decision({ policy_version: 'v\u0000' }), '/policy_version'],
      ['an empty policy version', decision({ policy_version: '' }), '/policy_version'],
      ['a policy version not text', decision({ policy_version: 3 }), '/policy_version'],
      ['no session', decision({ session_id: undefined }), '/session_id'],
      ['an empty session', decision({ session_id: '' }), '/session_id'],
      ['a session over 256 characters', decision({ session_id: 's'.repeat(257) }), '/session_id'],
      ['an empty device', decision({ device_id: '' }), '/device_id'],
      ['a device not text', decision({ device_id: 7 }), '/device_id'],
      ['an unpaired surrogate in the device', decision({ device_id: 'd\ud800' }), '/device_id'],
    ];
    for (const [what, payload, pointer] of cases) {
      const res = await record(s.browser, payload);
      assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
      assert.equal(res.json().error.code, 'validation_failed', what);
      const paths = (res.json().error.details ?? []).map((d: { path: string }) => d.path);
      assert.ok(paths.includes(pointer), `${what}: ${pointer} in ${JSON.stringify(paths)}`);
    }
    // A policy version of exactly 64 characters (non-ASCII included) is fine.
    created(await record(s.browser, decision({ policy_version: `é${'v'.repeat(63)}` })));
    assert.equal(await countRows(t(), 'consent_records', s.siteId), 1);
  });

  it('takes a runtime token with its own Origin only: everything else is 401 and stores nothing', async () => {
    const a = await setup();
    const b = await setup([OTHER_ORIGIN]);
    const key = await t().createKey(a.siteId);
    const refusals: [string, Record<string, string>][] = [
      ['another origin', { ...bearer(a.token), origin: OTHER_ORIGIN }],
      ['no origin', bearer(a.token)],
      ['site B’s token from site A’s origin', { ...bearer(b.token), origin: ORIGIN }],
      ['a secret key', { 'x-api-key': key.apiKey, origin: ORIGIN }],
      ['a member’s ID token', { ...a.memberH, origin: ORIGIN }],
      ['no credential', { origin: ORIGIN }],
      ['a garbage token', { ...bearer('garbage'), origin: ORIGIN }],
    ];
    for (const [what, headers] of refusals) {
      const res = await record(headers, decision());
      assert.equal(res.statusCode, 401, `${what}: ${res.body}`);
      assert.equal(res.json().error.code, 'unauthorized', what);
    }
    // The credential comes before the schema: a bad body with a bad credential is 401.
    assert.equal((await record({ origin: ORIGIN }, { choices: 'x' })).statusCode, 401);
    assert.equal(await countRows(t(), 'consent_records', a.siteId), 0);
    assert.equal(await countRows(t(), 'consent_records', b.siteId), 0);
  });

  it('a site’s records are its members’ only: another site is 403, an unknown one 404, keys and runtime tokens 401', async () => {
    const a = await setup();
    const b = await setup();
    const onA = created(await record(a.browser, decision()));
    const onB = created(await record(b.browser, decision()));
    const ownerA = bearer(await t().idToken(a.owner));
    assert.deepEqual((await list(a.siteId, ownerA)).json().data.map((i: { consent_id: string }) => i.consent_id), [onA]);
    assert.deepEqual((await list(b.siteId, b.memberH)).json().data.map((i: { consent_id: string }) => i.consent_id), [onB]);
    const cross = await list(b.siteId, a.memberH);
    assert.equal(cross.statusCode, 403, cross.body);
    assert.equal(cross.json().error.code, 'forbidden');
    const stranger = await list(a.siteId, bearer(await t().idToken('stranger-consent')));
    assert.equal(stranger.statusCode, 403);
    const unknown = await list('site_doesnotexist0000', a.memberH);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error.code, 'not_found');
    const key = await t().createKey(a.siteId);
    const others: Record<string, string>[] = [{ 'x-api-key': key.apiKey }, a.browser, {}];
    for (const headers of others) {
      const res = await list(a.siteId, headers);
      assert.equal(res.statusCode, 401, res.body);
    }
    assert.equal((await list(a.siteId, a.memberH, '?device_id=dev-1')).json().data.length, 1, 'site B’s record of the same device is not site A’s');
  });
});
