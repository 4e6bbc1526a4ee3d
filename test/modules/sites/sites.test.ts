import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine } from '../../helpers/app.js';

forEachEngine('sites, members and keys', (t) => {
  it('creates a site whose creator is owner, lists it, and normalises origins', async () => {
    const token = await t().idToken('alice');
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: bearer(token),
      payload: { name: 'Alice Shop', origins: ['HTTPS://Shop.Alice.example:443/', 'http://localhost:3000'] },
    });
    assert.equal(res.statusCode, 201, res.body);
    const site = res.json().data;
    assert.match(site.site_id, /^site_[A-Za-z0-9]+$/);
    assert.deepEqual(site.origins, ['https://shop.alice.example', 'http://localhost:3000']);
    assert.equal(site.role, 'owner');
    assert.equal(site.publisher_mode, false);
    assert.equal(site.config.max_touches_per_request, 20);
    assert.deepEqual(site.config.publisher_hosts.awin, ['www.awin1.com']);

    const list = await t().inject({ method: 'GET', url: '/api/v1/sites', headers: bearer(token) });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().data.map((s: { site_id: string }) => s.site_id), [site.site_id]);
    assert.equal(list.json().meta.next_cursor, null);

    const other = await t().inject({ method: 'GET', url: '/api/v1/sites', headers: bearer(await t().idToken('bob')) });
    assert.deepEqual(other.json().data, []);
  });

  it('refuses origins that are not http(s) origins, naming the item', async () => {
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/sites',
      headers: bearer(await t().idToken('alice')),
      payload: { name: 'x', origins: ['https://ok.example', 'https://bad.example/path', 'ftp://x.example'] },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, 'validation_failed');
    assert.equal(res.json().error.details[0].path, '/origins/1');
  });

  it('lets members read and only owners change', async () => {
    const { siteId, owner, member } = await t().createSite();
    const asMember = bearer(await t().idToken(member));
    const asOwner = bearer(await t().idToken(owner));
    const asStranger = bearer(await t().idToken('stranger'));

    assert.equal((await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}`, headers: asMember })).statusCode, 200);
    const strangerRead = await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}`, headers: asStranger });
    assert.equal(strangerRead.statusCode, 403);
    assert.equal(strangerRead.json().error.code, 'forbidden');

    const patch = { publisher_mode: true, config: { max_touches_per_request: 5, publisher_hosts: { awin: ['WWW.AWIN1.COM', 'track.awin.example'] } } };
    const byMember = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${siteId}`, headers: asMember, payload: patch });
    assert.equal(byMember.statusCode, 403);
    const byOwner = await t().inject({ method: 'PATCH', url: `/api/v1/sites/${siteId}`, headers: asOwner, payload: patch });
    assert.equal(byOwner.statusCode, 200, byOwner.body);
    const site = byOwner.json().data;
    assert.equal(site.publisher_mode, true);
    assert.equal(site.config.max_touches_per_request, 5);
    assert.deepEqual(site.config.publisher_hosts.awin, ['www.awin1.com', 'track.awin.example']);
    assert.equal(site.config.publisher_hosts.cj.length, 5, 'untouched provider keeps its defaults');

    const tooMany = await t().inject({
      method: 'PATCH',
      url: `/api/v1/sites/${siteId}`,
      headers: asOwner,
      payload: { config: { max_touches_per_request: 21 } },
    });
    assert.equal(tooMany.statusCode, 400);
    assert.equal(tooMany.json().error.details[0].path, '/config/max_touches_per_request');

    const badHost = await t().inject({
      method: 'PATCH',
      url: `/api/v1/sites/${siteId}`,
      headers: asOwner,
      payload: { config: { publisher_hosts: { cj: ['https://www.kqzyfj.com/x'] } } },
    });
    assert.equal(badHost.statusCode, 400);
    assert.equal(badHost.json().error.details[0].path, '/config/publisher_hosts/cj/0');
  });

  it('answers 404 for an unknown site and 400 for a malformed id', async () => {
    const headers = bearer(await t().idToken('alice'));
    const missing = await t().inject({ method: 'GET', url: '/api/v1/sites/site_doesnotexist000', headers });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().error.code, 'not_found');
    const malformed = await t().inject({ method: 'GET', url: '/api/v1/sites/not-a-site', headers });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().error.code, 'validation_failed');
    assert.equal(malformed.json().error.details[0].path, '/siteId');
  });

  it('manages members: owners only, 201 on add, 200 on role change, never losing the last owner', async () => {
    const { siteId, owner, member } = await t().createSite();
    const asOwner = bearer(await t().idToken(owner));
    const asMember = bearer(await t().idToken(member));
    const url = `/api/v1/sites/${siteId}/members`;

    assert.equal((await t().inject({ method: 'GET', url, headers: asMember })).statusCode, 403);
    assert.equal((await t().inject({ method: 'POST', url, headers: asMember, payload: { user: 'carol' } })).statusCode, 403);

    const added = await t().inject({ method: 'POST', url, headers: asOwner, payload: { user: 'carol' } });
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual({ user: added.json().data.user, role: added.json().data.role }, { user: 'carol', role: 'member' });
    const promoted = await t().inject({ method: 'POST', url, headers: asOwner, payload: { user: 'carol', role: 'owner' } });
    assert.equal(promoted.statusCode, 200);
    assert.equal(promoted.json().data.role, 'owner');

    const list = await t().inject({ method: 'GET', url, headers: asOwner });
    assert.deepEqual(
      list.json().data.map((m: { user: string; role: string }) => `${m.user}:${m.role}`).sort(),
      [`${owner}:owner`, `${member}:member`, 'carol:owner'].sort(),
    );

    // Two owners: one may step down; the last may not.
    assert.equal((await t().inject({ method: 'POST', url, headers: asOwner, payload: { user: 'carol', role: 'member' } })).statusCode, 200);
    const last = await t().inject({ method: 'POST', url, headers: asOwner, payload: { user: owner, role: 'member' } });
    assert.equal(last.statusCode, 422);
    assert.equal(last.json().error.code, 'last_owner');

    const badRole = await t().inject({ method: 'POST', url, headers: asOwner, payload: { user: 'dave', role: 'admin' } });
    assert.equal(badRole.statusCode, 400);
    assert.equal(badRole.json().error.details[0].path, '/role');
    const emptyUser = await t().inject({ method: 'POST', url, headers: asOwner, payload: { user: '' } });
    assert.equal(emptyUser.statusCode, 400);
  });

  it('shows a key secret once, lists keys to members without it, and revokes idempotently', async () => {
    const { siteId, owner, member } = await t().createSite();
    const asOwner = bearer(await t().idToken(owner));
    const asMember = bearer(await t().idToken(member));
    const url = `/api/v1/sites/${siteId}/api-keys`;

    const byMember = await t().inject({ method: 'POST', url, headers: asMember, payload: { scopes: ['events:write'] } });
    assert.equal(byMember.statusCode, 403);
    const created = await t().inject({
      method: 'POST',
      url,
      headers: asOwner,
      payload: { name: 'backend', scopes: ['events:write', 'partner_attribution:convert'], rate_limit_per_hour: 500 },
    });
    assert.equal(created.statusCode, 201, created.body);
    const key = created.json().data;
    assert.match(key.api_key, /^sk_[A-Za-z0-9]{40}$/);
    assert.equal(key.rate_limit_per_hour, 500);
    assert.equal(created.headers['cache-control'], 'no-store');

    const listed = await t().inject({ method: 'GET', url, headers: asMember });
    assert.equal(listed.statusCode, 200);
    assert.equal(listed.json().data.length, 1);
    assert.ok(!listed.body.includes(key.api_key), 'the secret never appears again');
    assert.equal(listed.json().data[0].prefix, key.api_key.slice(0, 7));

    const { rows } = await t().database.db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE key_id = $1', [key.key_id]);
    assert.notEqual(rows[0]!.key_hash, key.api_key);
    assert.ok(!JSON.stringify(rows).includes(key.api_key.slice(3)), 'only a hash is stored');

    const badScope = await t().inject({ method: 'POST', url, headers: asOwner, payload: { scopes: ['admin'] } });
    assert.equal(badScope.statusCode, 400);
    const noScope = await t().inject({ method: 'POST', url, headers: asOwner, payload: { scopes: [] } });
    assert.equal(noScope.statusCode, 400);
    const past = await t().inject({ method: 'POST', url, headers: asOwner, payload: { scopes: ['events:write'], expires_at: '2001-01-01T00:00:00Z' } });
    assert.equal(past.statusCode, 400);

    const revokeByMember = await t().inject({ method: 'DELETE', url: `${url}/${key.key_id}`, headers: asMember });
    assert.equal(revokeByMember.statusCode, 403);
    const revoked = await t().inject({ method: 'DELETE', url: `${url}/${key.key_id}`, headers: asOwner });
    assert.equal(revoked.statusCode, 200);
    assert.ok(revoked.json().data.revoked_at);
    const again = await t().inject({ method: 'DELETE', url: `${url}/${key.key_id}`, headers: asOwner });
    assert.equal(again.json().data.revoked_at, revoked.json().data.revoked_at);
    const unknown = await t().inject({ method: 'DELETE', url: `${url}/key_doesnotexist00`, headers: asOwner });
    assert.equal(unknown.statusCode, 404);
  });
});
