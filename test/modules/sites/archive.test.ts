// Archiving a site (owners): from then on the site is gone for every reader. Its reads and lists,
// its runtime-token exchanges and tokens, its API keys are refused; operators still see it, with
// the time it was archived. Archiving is final.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN, siteWithCredentials } from '../../helpers/app.js';

forEachEngine('archiving a site', (t) => {
  const archive = (siteId: string, headers: Record<string, string>) => t().inject({ method: 'DELETE', url: `/api/v1/sites/${siteId}`, headers });

  it('is for owners: a member gets 403, a stranger 403, and nothing changes', async () => {
    const { siteId, member } = await t().createSite();
    assert.equal((await archive(siteId, bearer(await t().idToken(member)))).statusCode, 403);
    assert.equal((await archive(siteId, bearer(await t().idToken('stranger')))).statusCode, 403);
    const read = await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}`, headers: bearer(await t().idToken(member)) });
    assert.equal(read.statusCode, 200);
  });

  it('makes the site 404 in reads and gone from lists; a second archive is 404', async () => {
    const { siteId, owner } = await t().createSite();
    const asOwner = bearer(await t().idToken(owner));
    const res = await archive(siteId, asOwner);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.site_id, siteId);
    assert.ok(!Number.isNaN(Date.parse(res.json().data.archived_at)));
    const read = await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}`, headers: asOwner });
    assert.equal(read.statusCode, 404);
    assert.equal(read.json().error.code, 'not_found');
    const list = await t().inject({ method: 'GET', url: '/api/v1/sites', headers: asOwner });
    assert.deepEqual(list.json().data, []);
    const members = await t().inject({ method: 'GET', url: `/api/v1/sites/${siteId}/members`, headers: asOwner });
    assert.equal(members.statusCode, 404);
    assert.equal((await archive(siteId, asOwner)).statusCode, 404);
  });

  it('refuses the site’s API keys and runtime tokens, and exchanges no new token', async () => {
    const s = await siteWithCredentials(t());
    assert.equal((await t().inject({ method: 'GET', url: '/api/v1/credentials/current', headers: s.server })).statusCode, 200);
    assert.equal((await archive(s.siteId, s.ownerH)).statusCode, 200);
    const key = await t().inject({ method: 'GET', url: '/api/v1/credentials/current', headers: s.server });
    assert.equal(key.statusCode, 401);
    assert.match(key.json().error.message, /site that no longer exists/);
    const track = await t().inject({
      method: 'POST',
      url: '/api/v1/events/track',
      headers: s.server,
      payload: { event_type: 'page_view', session_id: 's-1', context: { page_url: `${ORIGIN}/` } },
    });
    assert.equal(track.statusCode, 401);
    const runtime = await t().inject({ method: 'GET', url: '/api/v1/credentials/current', headers: s.browser });
    assert.equal(runtime.statusCode, 401);
    const exchange = await t().inject({ method: 'POST', url: '/api/v1/runtime/token', headers: { origin: ORIGIN }, payload: { site_id: s.siteId } });
    assert.equal(exchange.statusCode, 404);
  });

  it('shows operators every site with the time it was archived', async () => {
    const { siteId, owner } = await t().createSite();
    const live = await t().createSite();
    await archive(siteId, bearer(await t().idToken(owner)));
    const url = '/api/admin/sites?limit=200';
    const res = await t().inject({ method: 'GET', url, headers: { 'x-platform-signature': t().platformSignature({ method: 'GET', url }) } });
    assert.equal(res.statusCode, 200, res.body);
    const byId = new Map(res.json().data.map((s: { site_id: string; archived_at: string | null }) => [s.site_id, s.archived_at]));
    assert.ok(typeof byId.get(siteId) === 'string');
    assert.equal(byId.get(live.siteId), null);
  });
});
