// The first start of an empty database, as the server makes it: the demo site behind /demo (a shop
// whose grid is its catalog and whose experiment gates its own welcome campaign) and "My shop", the
// site of the printed key; and the demo's public feed, which shows only what the demo page sent.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bootstrapIfEmpty, bootstrapMessage, type BootstrapResult } from '../../../src/bootstrap.js';
import { bearer, forEachEngine } from '../../helpers/app.js';
import { event } from '../../helpers/events.js';

const PORT = 3999;
const ORIGIN = `http://localhost:${PORT}`;

interface Feed {
  site_id: string;
  events: { event_type: string; trust_class: string; page_url: string | null; properties: Record<string, unknown> }[];
}

forEachEngine('first start with the demo', (t) => {
  let result: BootstrapResult;
  let demoSite: string;
  let mySite: string;
  let owner: Record<string, string>;

  it('makes the demo site and My shop, both owned by demo, and the key of My shop only', async () => {
    const made = await bootstrapIfEmpty(t().app.services.db, t().app.services, { port: PORT, demo: true, withKey: true });
    assert.ok(made?.demoSiteId && made.keySite);
    result = made;
    demoSite = made.demoSiteId;
    mySite = made.keySite.siteId;
    assert.notEqual(demoSite, mySite);
    assert.equal(await bootstrapIfEmpty(t().app.services.db, t().app.services, { port: PORT, demo: true, withKey: true }), undefined, 'once');

    owner = bearer(await t().idToken('demo'));
    const sites = (await t().inject({ method: 'GET', url: '/api/v1/sites', headers: owner })).json().data as { site_id: string; name: string; origins: string[] }[];
    assert.deepEqual(sites.map((s) => s.name).sort(), ['Demo storefront', 'My shop']);
    for (const s of sites) assert.deepEqual(s.origins.sort(), [`http://127.0.0.1:${PORT}`, ORIGIN]);
    const { rows } = await t().database.db.query<{ site_id: string }>('SELECT site_id FROM api_keys');
    assert.deepEqual(rows.map((r) => r.site_id), [mySite], 'one key, of My shop');
    const me = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': made.keySite.apiKey }, payload: event('page_view', { client_event_id: 'readme-1' }) });
    assert.equal(me.statusCode, 201, 'the printed key writes to My shop');
    const stored = await t().database.db.query<{ site_id: string }>(`SELECT site_id FROM events WHERE client_event_id = 'readme-1'`);
    assert.deepEqual(stored.rows.map((r) => r.site_id), [mySite]);
  });

  it('prints My shop first (for the examples), then the demo site, and every command with npm exec --no', () => {
    const text = bootstrapMessage(result, `http://127.0.0.1:${PORT}`, ORIGIN);
    const mine = text.indexOf(mySite);
    assert.ok(mine > 0 && mine < text.indexOf(demoSite), text);
    assert.match(text, new RegExp(`my shop\\s+${mySite}.*examples`));
    assert.match(text, new RegExp(`demo site\\s+${demoSite}.*/demo`));
    assert.doesNotMatch(text, /npx/);
    assert.match(text, /npm exec --no -- storefront token --user demo/);
    // Every example addresses My shop: its key, and its id in the runtime-token and owner curls.
    for (const line of text.split('\n').filter((l) => l.trim().startsWith('curl '))) assert.doesNotMatch(line, new RegExp(demoSite), line);
  });

  it('gates the welcome campaign by the demo experiment, whose surface is that campaign: treatment sees it, control does not', async () => {
    const experiment = (await t().inject({ method: 'GET', url: `/api/v1/partner-experiments/${result.experimentId}`, headers: owner })).json().data;
    assert.equal(experiment.state, 'running');
    const campaigns = (await t().inject({ method: 'GET', url: `/api/v1/sites/${demoSite}/campaigns`, headers: owner })).json().data as { campaign_id: string; name: string; status: string; experiment_id: string | null }[];
    const welcome = campaigns.find((c) => c.name === 'Welcome offer')!;
    assert.equal(welcome.status, 'active');
    assert.equal(welcome.experiment_id, result.experimentId);
    assert.deepEqual(experiment.surfaces, [{ type: 'overlay', campaign_id: welcome.campaign_id }]);
    assert.ok(campaigns.filter((c) => c !== welcome).every((c) => c.experiment_id === null && c.status === 'active'));
    // The public configuration says so to the SDK, which shows a gated campaign to treatment only.
    const browser = { ...bearer(await t().runtimeToken(demoSite, ORIGIN)), origin: ORIGIN };
    const config = (await t().inject({ method: 'GET', url: '/api/v1/runtime/config', headers: browser })).json();
    const live = (config.data ?? config).campaigns as { campaign_id: string; experiment_id: string | null }[];
    assert.equal(live.length, 4, JSON.stringify(config));
    assert.equal(live.find((c) => c.campaign_id === welcome.campaign_id)?.experiment_id, result.experimentId);
  });

  it('draws the /demo grid from the demo catalog, with images the library serves', async () => {
    const page = await t().inject({ method: 'GET', url: '/demo' });
    assert.equal(page.statusCode, 200);
    const json = /<script type="application\/json" id="catalog">(.*?)<\/script>/s.exec(page.body)![1]!;
    const grid = JSON.parse(json) as { product_id: string; title: string; image: string | null; price: number }[];
    const catalog = (await t().inject({ method: 'GET', url: `/api/v1/sites/${demoSite}/products?limit=100`, headers: owner })).json().data as { product_id: string; title: string }[];
    assert.equal(grid.length, 8);
    assert.deepEqual(grid.map((p) => p.product_id).sort(), catalog.map((p) => p.product_id).sort());
    for (const p of grid) {
      assert.equal(p.title, catalog.find((c) => c.product_id === p.product_id)?.title);
      assert.match(p.image ?? '', /^\/api\/v1\/public\/media\/\S+$/);
      const image = await t().inject({ method: 'GET', url: p.image! });
      assert.equal(image.statusCode, 200, p.image!);
      assert.equal(image.headers['content-type'], 'image/png');
      assert.ok(image.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])));
    }
    assert.ok(grid.some((p) => p.product_id === 'trail-runner' && p.price === 129));
  });

  it('shows in the feed only browser events, each with only the properties the demo page sends', async () => {
    const demoKey = await t().createKey(demoSite);
    const browser = { ...bearer(await t().runtimeToken(demoSite, ORIGIN)), origin: ORIGIN };
    const traits = { email: 'jane.doe@example.com', phone: '+33 6 12 34 56 78' };
    const server = [
      event('page_view', { user_id: 'user-jane', properties: { traits } }),
      event('product_view', { user_id: 'user-jane', properties: { product_id: 'trail-runner', traits }, context: { page_url: `${ORIGIN}/demo`, user_agent: 'curl' } }),
    ];
    for (const e of server) assert.equal((await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': demoKey.apiKey }, payload: e })).statusCode, 201);
    const sent = [
      event('product_view', {
        user_id: 'user-jane',
        properties: { product_id: 'trail-runner', product_name: 'Trail runner', product_price: 129, currency: 'EUR', traits, email: traits.email, phone: traits.phone },
        context: { page_url: `${ORIGIN}/demo?email=jane.doe%40example.com#phone`, user_agent: 'Mozilla/5.0 (test)', referrer: 'https://mail.example/?to=jane' },
      }),
      event('page_view', { properties: { section: 'demo', traits, customer_email: traits.email }, context: { page_url: `${ORIGIN}/account/jane.doe@example.com`, user_agent: 'Mozilla/5.0 (test)' } }),
      event('overlay_impression', { properties: { overlay_id: 'ov-1', campaign_id: 'c-1', note: traits.phone, nested: { traits } }, context: { page_url: `http://jane:secret@localhost:${PORT}/demo`, user_agent: 'x' } }),
      event('identify', { properties: { traits } }),
      event('custom', { properties: { event_name: 'signup', traits } }),
    ];
    for (const e of sent) {
      const res = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: browser, payload: e });
      assert.ok([201, 400].includes(res.statusCode), res.body); // identify may not be an event type: then it is not stored
    }

    const res = await t().inject({ method: 'GET', url: '/demo/api/events' });
    assert.equal(res.statusCode, 200);
    const feed = res.json() as Feed;
    assert.equal(feed.site_id, demoSite);
    const text = res.body;
    for (const secret of ['jane', 'user-jane', '+33', '12 34', 'traits', 'email', 'phone', 'note', 'nested', 'referrer', 'signup', 'secret', 'account']) {
      assert.ok(!text.toLowerCase().includes(secret), `the feed holds ${secret}: ${text}`);
    }
    assert.ok(feed.events.every((e) => e.trust_class === 'browser'));
    assert.deepEqual(
      feed.events.map((e) => [e.event_type, e.page_url, e.properties]).sort(),
      [
        ['overlay_impression', null, { overlay_id: 'ov-1', campaign_id: 'c-1' }],
        ['page_view', null, { section: 'demo' }],
        ['product_view', `${ORIGIN}/demo`, { product_id: 'trail-runner', product_name: 'Trail runner', product_price: 129, currency: 'EUR' }],
      ].sort(),
    );
  });
}, { env: { DEMO: '1' } });

forEachEngine('first start without the key (PostgreSQL, production) or without the demo', (t) => {
  it('with the demo only: the demo site, no key, no ID token, and how to make a site and a key', async () => {
    const made = await bootstrapIfEmpty(t().app.services.db, t().app.services, { port: PORT, demo: true, withKey: false });
    assert.ok(made?.demoSiteId);
    assert.equal(made.keySite, undefined);
    assert.equal(made.idToken, undefined);
    assert.equal((await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys')).rows[0]!.n, 0);
    assert.equal((await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites')).rows[0]!.n, 1);
    const text = bootstrapMessage(made, `http://127.0.0.1:${PORT}`, ORIGIN);
    assert.doesNotMatch(text, /sk_|eyJ|api key|npx/);
    assert.match(text, /npm exec --no -- storefront site create/);
    assert.match(text, /npm exec --no -- storefront key create/);
  });
}, { env: { DEMO: '1' } });
