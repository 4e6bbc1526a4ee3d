// The browser SDK in real headless Chromium against the real service (issue #7): pages on their
// own origins load /sdk/v1/storefront.js from the API's origin, as a storefront would.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { chromiumAvailable, launchChromium, startPageServer, until, type PageServer } from '../helpers/browser.js';

describe('browser SDK in Chromium', { skip: !chromiumAvailable() && 'Chromium is not installed (apt-get install chromium)' }, () => {
  let t: TestApp;
  let api: string;
  let browser: Browser;
  let shopA: PageServer;
  let shopB: PageServer;
  let siteId: string;
  let experimentId: string;
  const preflights: string[] = [];

  // A shop page on its own origin; `?flush=N` sets the SDK's flush interval (default 200 ms).
  const shopPage = (path: string, query: URLSearchParams) => `<!doctype html><html><head><title>Test shop ${path}</title></head><body>
    <a id="marked" data-sf-decorate data-sf-content="guide-1" data-sf-campaign="winter" href="https://www.awin1.com/cread.php?awinmid=1&awinaffid=2">marked awin</a>
    <a id="marked-off-list" data-sf-decorate href="https://www.example.com/cread.php?x=1">marked, not allowlisted</a>
    <a id="unmarked" href="https://www.awin1.com/cread.php?awinmid=3">unmarked awin</a>
    <a id="away" href="/away.html">away</a>
    <script src="${api}/sdk/v1/storefront.js"></script>
    <script>Storefront.init({ siteId: ${JSON.stringify(siteId)}, endpoint: ${JSON.stringify(api)}, flushInterval: ${Number(query.get('flush') ?? 200)} });</script>
  </body></html>`;

  before(async () => {
    t = await createTestApp('pglite', {
      extend(app) {
        app.addHook('onRequest', async (request) => {
          if (request.method === 'OPTIONS') preflights.push(request.url);
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    shopA = await startPageServer(shopPage);
    shopB = await startPageServer(shopPage);
    const site = await t.createSite({ origins: [shopA.origin], publisherMode: true });
    siteId = site.siteId;
    const owner = { kind: 'user' as const, userId: site.owner };
    const exp = await t.app.services.experiments.create(owner, siteId, { name: 'Overlay', surfaces: [{ type: 'overlay', campaign_id: 'o1' }] });
    await t.app.services.experiments.start(owner, exp.experiment_id);
    experimentId = exp.experiment_id;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await shopA?.close();
    await shopB?.close();
    await t?.close();
  });

  const events = async () =>
    (await t.database.db.query<{ event_type: string; trust_class: string; context: Record<string, unknown>; client_event_id: string; properties: Record<string, unknown> }>(
      'SELECT event_type, trust_class, context, client_event_id, properties FROM events WHERE site_id = $1 ORDER BY received_at',
      [siteId],
    )).rows;
  const countOf = async (marker: string) => (await events()).filter((e) => e.properties.marker === marker).length;
  const fresh = async () => {
    const context = await browser.newContext();
    return { context, page: await context.newPage() };
  };
  const ready = (p: Page) => p.waitForFunction(() => (window as unknown as { Storefront?: unknown }).Storefront !== undefined);

  it('sends page and product views with full context and browser trust', async () => {
    const { context, page: p } = await fresh();
    if (process.env.DEBUG_SDK) {
      p.on('console', (m) => console.log('console', m.text()));
      p.on('response', async (r) => console.log('response', r.status(), r.url(), (await r.text().catch(() => '')).slice(0, 300)));
      p.on('requestfailed', (r) => console.log('failed', r.url(), r.failure()?.errorText));
    }
    await p.goto(`${shopA.origin}/products/shoe?awc=1_2_ctx&utm=x`);
    await ready(p);
    await p.evaluate(() => {
      const s = (window as any).Storefront;
      s.page({ marker: 'ctx' });
      s.track('product_view', { product_id: 'SHOE-1', marker: 'ctx' });
      return s.flush();
    });
    const stored = await until(async () => {
      const rows = (await events()).filter((e) => e.properties.marker === 'ctx');
      return rows.length === 2 && rows;
    });
    assert.deepEqual(stored.map((e) => e.event_type).sort(), ['page_view', 'product_view']);
    for (const e of stored) {
      assert.equal(e.trust_class, 'browser');
      assert.ok(e.client_event_id, 'a client_event_id per event');
      assert.equal(e.context.page_url, `${shopA.origin}/products/shoe?utm=x`, 'awc never reported');
      assert.match(String(e.context.user_agent), /Chrome/);
      assert.equal(e.context.page_title, 'Test shop /products/shoe');
      for (const k of ['referrer', 'device_type', 'language', 'timezone', 'screen_width', 'screen_height']) assert.ok(k in e.context, k);
    }
    await context.close();
  });

  it('keeps events through a network outage and delivers each exactly once', async () => {
    const { context, page: p } = await fresh();
    await p.goto(`${shopA.origin}/outage.html`);
    await ready(p);
    await p.evaluate(() => (window as any).Storefront.flush());
    await p.route(`${api}/api/v1/events/**`, (route) => route.abort('internetdisconnected'));
    await p.evaluate(() => {
      for (let i = 0; i < 5; i += 1) (window as any).Storefront.track('custom', { event_name: `outage-${i}`, marker: 'outage' });
    });
    await p.waitForTimeout(1500);
    assert.equal(await countOf('outage'), 0, 'nothing got through while the network was down');
    await p.unroute(`${api}/api/v1/events/**`);
    // Delivered by the SDK's own retry (exponential backoff from 1 s), however slow the machine is.
    await until(async () => (await countOf('outage')) === 5, 60_000, 'the queued events');
    await p.waitForTimeout(1500);
    assert.equal(await countOf('outage'), 5, 'each exactly once');
    await context.close();
  });

  it('loses nothing and doubles nothing when the page reloads mid-queue', async () => {
    const { context, page: p } = await fresh();
    await p.goto(`${shopA.origin}/reload.html?flush=60000`);
    await ready(p);
    await p.evaluate(() => {
      for (let i = 0; i < 4; i += 1) (window as any).Storefront.track('custom', { event_name: `reload-${i}`, marker: 'reload' });
    });
    // One flush is cut off by the reload; the queue is in first-party storage.
    void p.evaluate(() => (window as any).Storefront.flush()).catch(() => undefined);
    await p.reload();
    await ready(p);
    await p.evaluate(() => (window as any).Storefront.flush());
    await until(async () => (await countOf('reload')) === 4, 15_000, 'the queued events after reload');
    await p.evaluate(() => (window as any).Storefront.flush());
    await p.waitForTimeout(1000);
    assert.equal(await countOf('reload'), 4);
    await context.close();
  });

  it('sends the queue by beacon when the visitor navigates away, without a preflight', async () => {
    const { context, page: p } = await fresh();
    await p.goto(`${shopA.origin}/beacon.html?flush=600000`);
    await ready(p);
    await p.waitForTimeout(500); // the runtime token
    preflights.length = 0;
    await p.evaluate(() => {
      for (let i = 0; i < 3; i += 1) (window as any).Storefront.track('custom', { event_name: `beacon-${i}`, marker: 'beacon' });
    });
    assert.equal(await countOf('beacon'), 0);
    await p.click('#away');
    await p.waitForURL(/away\.html/);
    await until(async () => (await countOf('beacon')) === 3, 10_000, 'the beacon');
    assert.ok(!preflights.some((u) => u.includes('/events/batch')), `no preflight: ${preflights}`);
    await context.close();
  });

  it('records one touch for an affiliate landing and never hands the raw click id back', async () => {
    const { context, page: p } = await fresh();
    const raw = `7777_1763760000_${Math.random().toString(36).slice(2, 10)}`;
    const bodies: string[] = [];
    p.on('response', async (res) => {
      if (res.url().startsWith(api)) bodies.push(await res.text().catch(() => ''));
    });
    await p.goto(`${shopA.origin}/landing?awc=${raw}`);
    await ready(p);
    const touches = async () => (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM touches WHERE site_id = $1', [siteId])).rows[0]!.n;
    await until(async () => (await p.evaluate(() => (window as any).Storefront.getTouchIds() as string[])).length === 1, 10_000, 'the touch cookie');
    // Counted once this landing's touch is stored (the cookie is set after the 201).
    const before = await touches();
    const ids = await p.evaluate(() => (window as any).Storefront.getTouchIds() as string[]);
    assert.match(ids[0]!, /^tch_[0-9a-f]{32}$/);
    await p.reload();
    await ready(p);
    await p.waitForTimeout(1000);
    assert.equal(await touches(), before, 'a reload of the landing makes no second touch');
    const row = (await t.database.db.query<{ landing_path: string; provenance: string }>('SELECT landing_path, provenance FROM touches WHERE site_id = $1 AND touch_id = $2', [siteId, ids[0]])).rows[0]!;
    assert.deepEqual(row, { landing_path: '/landing', provenance: 'browser_sdk' });
    assert.ok(await p.evaluate(() => document.cookie.includes('sf_touch_ids=')), 'first-party cookie for checkout');
    assert.ok(!bodies.some((b) => b.includes(raw)), 'the raw click id is in no response the page received');
    await context.close();
  });

  it('keeps a session’s assignment across reloads', async () => {
    const { context, page: p } = await fresh();
    await p.goto(`${shopA.origin}/experiment.html`);
    await ready(p);
    const first = await p.evaluate((id) => (window as any).Storefront.getAssignment(id), experimentId);
    assert.ok(['control', 'treatment'].includes(first.variant));
    assert.match(first.assignmentId, /^asg_/);
    for (let i = 0; i < 2; i += 1) {
      await p.reload();
      await ready(p);
      assert.deepEqual(await p.evaluate((id) => (window as any).Storefront.getAssignment(id), experimentId), first);
    }
    await context.close();
  });

  it('decorates only marked, allowlisted links at click time and records the click', async () => {
    const { context, page: p } = await fresh();
    await context.route('https://www.awin1.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'network' }));
    await context.route('https://www.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'elsewhere' }));
    const clicks = async () => (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM publisher_clicks WHERE site_id = $1', [siteId])).rows[0]!.n;
    const before = await clicks();
    const hrefAfterClick = async (selector: string) => {
      await p.goto(`${shopA.origin}/links.html`);
      await ready(p);
      await p.waitForTimeout(500); // the runtime token and site configuration
      assert.doesNotMatch(await p.getAttribute(selector, 'href') ?? '', /clickref/, 'not decorated before the click');
      const [request] = await Promise.all([p.waitForRequest((r) => r.isNavigationRequest() && !r.url().startsWith(shopA.origin)), p.click(selector)]);
      return request.url();
    };
    const decorated = await hrefAfterClick('#marked');
    assert.match(decorated, /^https:\/\/www\.awin1\.com\/cread\.php\?awinmid=1&awinaffid=2&clickref=[A-Za-z0-9]{16,64}$/);
    assert.equal(await hrefAfterClick('#unmarked'), 'https://www.awin1.com/cread.php?awinmid=3');
    assert.equal(await hrefAfterClick('#marked-off-list'), 'https://www.example.com/cread.php?x=1');
    await until(async () => (await clicks()) === before + 1, 10_000, 'the recorded click');
    const row = (await t.database.db.query<Record<string, unknown>>('SELECT content_id, campaign, destination FROM publisher_clicks WHERE site_id = $1', [siteId])).rows.at(-1)!;
    assert.deepEqual(row, { content_id: 'guide-1', campaign: 'winter', destination: 'www.awin1.com/cread.php' });
    await context.close();
  });

  it('refuses origin A’s runtime token on a page running on origin B', async () => {
    const { context, page: a } = await fresh();
    await a.goto(`${shopA.origin}/a.html`);
    const token = await a.evaluate(async ([endpoint, site]) => {
      const res = await fetch(`${endpoint}/api/v1/runtime/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site_id: site }) });
      return ((await res.json()) as { data: { token: string } }).data.token;
    }, [api, siteId] as const);
    const b = await context.newPage();
    await b.goto(`${shopB.origin}/b.html`);
    const statuses = await b.evaluate(async ([endpoint, site, tok]) => {
      const own = await fetch(`${endpoint}/api/v1/runtime/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site_id: site }) });
      const borrowed = await fetch(`${endpoint}/api/v1/events/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` },
        body: JSON.stringify({ event_type: 'page_view', session_id: 's', context: { page_url: location.href, user_agent: navigator.userAgent } }),
      });
      return [own.status, borrowed.status];
    }, [api, siteId, token] as const);
    assert.deepEqual(statuses, [403, 401]);
    await context.close();
  });
});
