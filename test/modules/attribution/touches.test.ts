// Touches through inject(), on both engines (CONTRACT §1 beacon routes, §4).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';
import { touch } from '../../helpers/attribution.js';

const URL_ = '/api/v1/partner-attribution/touches';

forEachEngine('touches', (t) => {
  const setup = async () => {
    const site = await t().createSite();
    return { ...site, browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN } };
  };
  const post = (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: URL_, headers, payload: payload as object });
  const count = async (siteId: string) => (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM touches WHERE site_id = $1', [siteId])).rows[0]!.n;

  it('records touches (201), answers an identical replay with 200, and seals the click id', async () => {
    const { siteId, browser } = await setup();
    const a = touch();
    const b = touch({ provider: 'cj', provider_click_id: 'cj-Event_123', landing_path: undefined, partner_id: undefined });
    const first = await post(browser, { touches: [a, b] });
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual(first.json().data.results, [
      { touch_id: a.touch_id, status: 'created' },
      { touch_id: b.touch_id, status: 'created' },
    ]);
    assert.ok(!first.body.includes(a.provider_click_id as string), 'the click id is never echoed');
    const replay = await post(browser, { touches: [a, b] });
    assert.equal(replay.statusCode, 200);
    assert.deepEqual(replay.json().data.results.map((r: { status: string }) => r.status), ['unchanged', 'unchanged']);
    const mixed = await post(browser, { touches: [a, touch()] });
    assert.equal(mixed.statusCode, 201);
    assert.deepEqual(mixed.json().data.results.map((r: { status: string }) => r.status), ['unchanged', 'created']);

    const { rows } = await t().database.db.query<{ click_id_ciphertext: string; click_id_key_id: string; click_id_hash: string }>(
      'SELECT click_id_ciphertext, click_id_key_id, click_id_hash FROM touches WHERE site_id = $1 AND touch_id = $2',
      [siteId, a.touch_id],
    );
    const row = rows[0]!;
    assert.equal(row.click_id_key_id, 'k0');
    assert.notEqual(row.click_id_ciphertext, a.provider_click_id);
    const keyring = t().app.services.keyring;
    assert.equal(keyring.open({ keyId: row.click_id_key_id, ciphertext: row.click_id_ciphertext }, `${siteId}\n${a.touch_id}`), a.provider_click_id);
    assert.throws(() => keyring.open({ keyId: row.click_id_key_id, ciphertext: row.click_id_ciphertext }, `${siteId}\nanother-touch`), 'bound to its row');
  });

  it('refuses a reused touch_id with other content: 409 naming it, nothing stored from that request', async () => {
    const { siteId, browser } = await setup();
    const a = touch();
    assert.equal((await post(browser, { touches: [a] })).statusCode, 201);
    const fresh = touch();
    for (const changed of [{ provider_click_id: '999_1_other' }, { landing_path: '/elsewhere' }, { occurred_at: new Date(Date.now() - 1000).toISOString() }]) {
      const res = await post(browser, { touches: [fresh, { ...a, ...changed }] });
      assert.equal(res.statusCode, 409, JSON.stringify(changed));
      assert.equal(res.json().error.code, 'touch_conflict');
      assert.deepEqual(res.json().error.details.map((d: { path: string }) => d.path), ['/touches/1/touch_id']);
      assert.match(res.json().error.details[0].message, new RegExp(a.touch_id as string));
    }
    const inRequest = await post(browser, { touches: [fresh, { ...fresh, partner_id: 'other' }] });
    assert.equal(inRequest.statusCode, 409);
    assert.equal(await count(siteId), 1, 'the fresh touch of the refused requests was not stored');
  });

  it('enforces 1–20 touches and the site limit', async () => {
    const { siteId, owner, browser } = await setup();
    for (const n of [0, 21]) {
      const res = await post(browser, { touches: Array.from({ length: n }, () => touch()) });
      assert.equal(res.statusCode, 400, String(n));
      assert.equal(res.json().error.details[0].path, '/touches');
    }
    await t().inject({ method: 'PATCH', url: `/api/v1/sites/${siteId}`, headers: bearer(await t().idToken(owner)), payload: { config: { max_touches_per_request: 3 } } });
    assert.equal((await post(browser, { touches: Array.from({ length: 3 }, () => touch()) })).statusCode, 201);
    const over = await post(browser, { touches: Array.from({ length: 4 }, () => touch()) });
    assert.equal(over.statusCode, 400);
    assert.equal(over.json().error.details[0].code, 'too_many');
    assert.equal(await count(siteId), 3);
  });

  it('refuses bad fields with JSON-Pointer details, never quoting a click id', async () => {
    const { siteId, browser } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ provider_click_id: 'not-an-awc' }, '/touches/0/provider_click_id'],
      [{ provider: 'cj', provider_click_id: 'has spaces' }, '/touches/0/provider_click_id'],
      [{ provider: 'cj', provider_click_id: 'x'.repeat(129) }, '/touches/0/provider_click_id'],
      [{ provider: 'rakuten' }, '/touches/0/provider'],
      [{ schema_version: 2 }, '/touches/0/schema_version'],
      [{ direction: 'outbound' }, '/touches/0/direction'],
      [{ provenance: 'server' }, '/touches/0/provenance'],
      [{ landing_path: '/p?awc=1' }, '/touches/0/landing_path'],
      [{ landing_path: 'https://shop.example/p' }, '/touches/0/landing_path'],
      [{ occurred_at: 'yesterday' }, '/touches/0/occurred_at'],
      [{ occurred_at: new Date(Date.now() + 3_600_000).toISOString() }, '/touches/0/occurred_at'],
      [{ touch_id: '' }, '/touches/0/touch_id'],
      [{ touch_id: undefined }, '/touches/0/touch_id'],
      [{ provider_click_id: undefined }, '/touches/0/provider_click_id'],
    ];
    for (const [override, path] of cases) {
      const body = touch(override);
      for (const k of Object.keys(override)) if (override[k] === undefined) delete body[k];
      const res = await post(browser, { touches: [body] });
      assert.equal(res.statusCode, 400, `${JSON.stringify(override)}: ${res.body}`);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), `${JSON.stringify(override)}: ${res.body}`);
      if (typeof body.provider_click_id === 'string') assert.ok(!res.body.includes(body.provider_click_id), 'the click id is not quoted');
    }
    assert.equal(await count(siteId), 0);
  });

  it('takes runtime tokens only, bound to their origin', async () => {
    const { siteId } = await setup();
    const other = await t().createSite({ origins: ['https://other.example'] });
    const otherToken = await t().runtimeToken(other.siteId, 'https://other.example');
    assert.equal((await post({ ...bearer(otherToken), origin: ORIGIN }, { touches: [touch()] })).statusCode, 401, 'another site’s token from this origin');
    const key = await t().createKey(siteId);
    assert.equal((await post({ 'x-api-key': key.apiKey }, { touches: [touch()] })).statusCode, 401, 'a secret key');
    const token = await t().runtimeToken(siteId);
    assert.equal((await post({ ...bearer(token), origin: 'https://evil.example' }, { touches: [touch()] })).statusCode, 401);
    assert.equal((await post({ ...bearer(token) }, { touches: [touch()] })).statusCode, 401);
    assert.equal(await count(siteId), 0);
  });

  it('accepts the beacon form with runtime_token in a text/plain body', async () => {
    const { siteId } = await setup();
    const token = await t().runtimeToken(siteId);
    const ok = await t().inject({ method: 'POST', url: URL_, headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN }, payload: JSON.stringify({ runtime_token: token, touches: [touch()] }) });
    assert.equal(ok.statusCode, 201, ok.body);
    const secret = (await t().createKey(siteId)).apiKey;
    const withSecret = await t().inject({ method: 'POST', url: URL_, headers: { 'content-type': 'text/plain', origin: ORIGIN }, payload: JSON.stringify({ runtime_token: secret, touches: [touch()] }) });
    assert.equal(withSecret.statusCode, 401);
    const both = await t().inject({ method: 'POST', url: URL_, headers: { 'content-type': 'text/plain', origin: ORIGIN, ...bearer(token) }, payload: JSON.stringify({ runtime_token: token, touches: [touch()] }) });
    assert.equal(both.statusCode, 401);
    const apiKeyField = await t().inject({ method: 'POST', url: URL_, headers: { 'content-type': 'text/plain', origin: ORIGIN }, payload: JSON.stringify({ api_key: token, touches: [touch()] }) });
    assert.equal(apiKeyField.statusCode, 401, 'this route takes runtime_token, not api_key');
    assert.equal(await count(siteId), 1);
  });

  it('purges sealed click ids past retention and keeps the rest of the touch', async () => {
    const { siteId, browser } = await setup();
    const old = touch({ occurred_at: new Date(Date.now() - 500 * 86_400_000).toISOString() });
    const recent = touch();
    assert.equal((await post(browser, { touches: [old, recent] })).statusCode, 201);
    const result = await t().app.services.clickIds.purge(400);
    assert.ok(result.purged >= 1);
    const { rows } = await t().database.db.query<{ touch_id: string; sealed: boolean; click_id_hash: string }>(
      'SELECT touch_id, click_id_ciphertext IS NOT NULL AS sealed, click_id_hash FROM touches WHERE site_id = $1 ORDER BY occurred_at',
      [siteId],
    );
    assert.deepEqual(rows.map((r) => [r.touch_id, r.sealed]), [[old.touch_id, false], [recent.touch_id, true]]);
    assert.ok(rows.every((r) => r.click_id_hash.length === 64), 'the keyed hash stays for lookups');
    const replay = await post(browser, { touches: [old] });
    assert.equal(replay.statusCode, 200, 'an identical replay is still recognised after the purge');
  });
});
