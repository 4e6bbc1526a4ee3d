// The SDK renders campaigns (issue #15), in real headless Chromium against the real service: pages
// on their own origin load the SDK from the API's origin; the SDK reads the public configuration,
// targets, caps, gates and triggers in the core and imports the renderer only when something shows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bearer, type TestApp } from '../helpers/app.js';
import { chromiumAvailable, startShopInBrowser, until, type PageServer, type ShopInBrowser } from '../helpers/browser.js';

type Json = Record<string, unknown>;

const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('SDK campaigns in Chromium', { skip: !chromiumAvailable() && 'Chromium is not installed (apt-get install chromium)' }, () => {
  let t: TestApp;
  let api: string;
  let browser: Browser;
  let shop: PageServer;

  // A shop page on its own origin: `?site=` the site, `?slot=` a recommendation slot, `?pid=` its product,
  // `?tall=1` a page three windows high.
  // Its own styles would restyle any button or .b/.p/.x element they reached.
  const shopPage = (path: string, q: URLSearchParams) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop ${path}</title>
    <style>button { color: rgb(255, 0, 0) !important; font-size: 31px; } .b, .p, .x, h2 { color: rgb(0, 128, 0); letter-spacing: 3px; }</style></head><body>
    <h1>Shop</h1>${q.get('tall') ? '<div style="height: 3000px">tall</div>' : ''}<button id="pagebtn" type="button">page button</button><p id="pagep" class="p">page text</p><a id="pagea" class="b" href="/x">page link</a>
    ${q.get('slot') ? `<div id="slot" data-sf-slot="${q.get('slot')}"${q.get('pid') ? ` data-sf-product-id="${q.get('pid')}"` : ''}>fallback</div>` : ''}
    <script src="${api}/sdk/v1/storefront.js"></script>
    <script>Storefront.init({ siteId: ${JSON.stringify(q.get('site') ?? '')}, endpoint: ${JSON.stringify(api)}, flushInterval: 200 });</script>
  </body></html>`;

  let started: ShopInBrowser | undefined;
  before(async () => {
    // The shop's page reads `api` when it is asked for, after this.
    started = await startShopInBrowser(shopPage);
    ({ t, api, shop, browser } = started);
  });

  after(async () => started?.close());

  // ---- the backend: sites, campaigns, experiments, submissions ----
  interface Site {
    siteId: string;
    owner: string;
  }
  const newSite = async (): Promise<Site> => {
    const s = await t.createSite({ origins: [shop.origin] });
    return { siteId: s.siteId, owner: s.owner };
  };
  const createCampaign = async (site: Site, body: Json): Promise<{ campaign_id: string; version: number }> => {
    const res = await t.inject({ method: 'POST', url: `/api/v1/sites/${site.siteId}/campaigns`, headers: bearer(await t.idToken(site.owner)), payload: { name: 'Test', ...body } });
    assert.equal(res.statusCode, 201, res.body);
    const data = res.json().data as { campaign_id: string; version: number };
    return { campaign_id: data.campaign_id, version: data.version };
  };
  interface Submission {
    submission_id: string;
    form_id: string;
    fields: Json;
    consent: { granted: boolean } | null;
  }
  const submissionsOf = async (site: Site, campaignId: string): Promise<Submission[]> => {
    const res = await t.inject({ method: 'GET', url: `/api/v1/sites/${site.siteId}/submissions?campaign_id=${campaignId}`, headers: bearer(await t.idToken(site.owner)) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as Submission[];
  };
  const putProduct = async (site: Site, product: Json) => {
    const res = await t.inject({ method: 'PUT', url: `/api/v1/sites/${site.siteId}/products/${product.product_id}`, headers: bearer(await t.idToken(site.owner)), payload: { availability: 'in_stock', ...product } });
    assert.ok(res.statusCode < 300, res.body);
  };
  const runningExperiment = async (site: Site, weights: { control: number; treatment: number }) => {
    const headers = bearer(await t.idToken(site.owner));
    const created = await t.inject({ method: 'POST', url: '/api/v1/partner-experiments', headers, payload: { website_id: site.siteId, name: 'Gate', surfaces: [{ type: 'overlay', campaign_id: 'c' }], weights } });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().data.experiment_id as string;
    assert.equal((await t.inject({ method: 'POST', url: `/api/v1/partner-experiments/${id}/start`, headers })).statusCode, 200);
    return id;
  };
  const events = async (site: Site) =>
    (await t.database.db.query<{ event_type: string; properties: Json }>('SELECT event_type, properties FROM events WHERE site_id = $1 ORDER BY occurred_at, received_at', [site.siteId])).rows;
  const eventsOf = async (site: Site, type: string) => (await events(site)).filter((e) => e.event_type === type).map((e) => e.properties);
  const waitEvents = (site: Site, type: string, n: number) =>
    until(async () => {
      const found = await eventsOf(site, type);
      return found.length >= n && found;
    }, 15_000, `${n} ${type} event(s)`);

  // ---- pages ----
  interface Visit {
    context: BrowserContext;
    page: Page;
    errors: string[];
    requests: string[];
  }
  const visit = async (options: { userAgent?: string } = {}): Promise<Visit> => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
    if (process.env.DEBUG_SDK) page.on('response', async (r) => r.status() >= 400 && console.log('response', r.status(), r.url(), r.request().postData(), await r.text().catch(() => '')));
    return { context, page, errors, requests };
  };
  const go = async (v: Visit, site: Site, path = '/', extra = '') => {
    await v.page.goto(`${shop.origin}${path}?site=${site.siteId}${extra}`);
    await v.page.waitForFunction(() => (window as unknown as { Storefront?: unknown }).Storefront !== undefined);
  };
  const done = async (v: Visit) => {
    assert.deepEqual(v.errors, [], 'no console errors');
    await v.context.close();
  };
  const flush = (p: Page) => p.evaluate(() => (window as unknown as { Storefront: { flush(): Promise<void> } }).Storefront.flush());
  /** Lets the SDK read its configuration and settle, for assertions that something did NOT show. */
  const settle = (p: Page) => p.waitForTimeout(1200);
  const renderLoaded = (v: Visit) => v.requests.some((r) => r.includes('/sdk/v1/render.mjs'));
  /** The element focused inside the SDK's shadow roots, described. */
  const focused = (p: Page) =>
    p.evaluate(() => {
      const host = document.activeElement;
      const inner = host?.shadowRoot?.activeElement;
      return { host: host?.tagName.toLowerCase() ?? '', id: host?.id ?? '', inner: inner ? `${inner.tagName.toLowerCase()}${inner.name ? `[name=${inner.name}]` : ''}` : '' };
    });

  const modalForm = {
    template: 'modal',
    title: 'Join us',
    body: '10% off your first order',
    form: {
      form_id: 'f1',
      fields: [
        { name: 'email', type: 'email', label: 'Email', required: true },
        { name: 'name', type: 'text', label: 'First name', required: false },
      ],
      consent_text: 'I agree to receive emails',
    },
  };

  it('renders a modal with a form that works by keyboard alone: fields, errors, Enter submits, focus trapped, Escape closes and focus returns', async () => {
    const site = await newSite();
    const c = await createCampaign(site, { kind: 'overlay', status: 'active', content: modalForm, trigger: { on: 'delay', delay_ms: 1200 } });
    const v = await visit();
    const p = v.page;
    await go(v, site, '/products/shoe');
    await p.focus('#pagebtn');
    const dialog = p.locator('sf-campaign [role=dialog]');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    const labelledBy = await dialog.getAttribute('aria-labelledby');
    assert.equal(await p.locator(`sf-campaign [id="${labelledBy}"]`).textContent(), 'Join us');
    // Every field has a label; the first field has the focus.
    assert.equal(await p.getByLabel('Email', { exact: true }).count(), 1);
    assert.equal(await p.getByLabel('First name').count(), 1);
    assert.equal(await p.getByLabel('I agree to receive emails').count(), 1);
    assert.deepEqual(await focused(p), { host: 'sf-campaign', id: '', inner: 'input[name=email]' });

    // A bad email: an error tied to the field, the field keeps the focus, nothing is sent.
    await p.keyboard.type('ann');
    await p.keyboard.press('Enter');
    const email = p.getByLabel('Email', { exact: true });
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    const errorId = await email.getAttribute('aria-describedby');
    assert.match(await p.locator(`sf-campaign [id="${errorId}"]`).textContent() ?? '', /valid email/);
    assert.deepEqual(await submissionsOf(site, c.campaign_id), []);

    // Focus is trapped: Tab and Shift+Tab never leave the dialog.
    for (let i = 0; i < 8; i += 1) {
      await p.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      assert.equal((await focused(p)).host, 'sf-campaign', `focus inside the dialog after ${i + 1} presses`);
    }
    await email.focus();
    await p.keyboard.press('ControlOrMeta+a');
    await p.keyboard.type('ann@example.com');
    await p.keyboard.press('Tab');
    assert.equal((await focused(p)).inner, 'input[name=name]');
    await p.keyboard.type('Ann');
    await p.keyboard.press('Tab');
    assert.equal((await focused(p)).inner, 'input[name=consent]');
    await p.keyboard.press('Space');
    await p.keyboard.press('Shift+Tab');
    await p.keyboard.press('Enter');
    await p.locator('sf-campaign').getByText('Thank you!').waitFor();
    const rows = await until(async () => {
      const s = await submissionsOf(site, c.campaign_id);
      return s.length === 1 && s;
    }, 10_000, 'the submission');
    assert.deepEqual(rows[0]!.fields, { email: 'ann@example.com', name: 'Ann' });
    assert.equal(rows[0]!.consent?.granted, true);
    assert.equal(rows[0]!.form_id, 'f1');

    await p.keyboard.press('Escape');
    await p.locator('sf-campaign').waitFor({ state: 'detached' });
    assert.equal((await focused(p)).id, 'pagebtn', 'focus returns where it was');
    await flush(p);
    const ids = { overlay_id: `${c.campaign_id}:v${c.version}`, campaign_id: c.campaign_id };
    for (const type of ['overlay_impression', 'overlay_submit', 'overlay_close']) {
      const [e] = await waitEvents(site, type, 1);
      assert.deepEqual(e, ids, type);
    }
    await done(v);
  });

  it('submits a form once when its button is clicked twice, and a retry after a lost answer keeps the same submission', async () => {
    const site = await newSite();
    const c = await createCampaign(site, { kind: 'overlay', status: 'active', content: modalForm });
    const v = await visit();
    const p = v.page;
    const sent: string[] = [];
    let lose = true;
    // The first request reaches the service, but its answer is lost on the way back.
    await p.route(`${api}/api/v1/submissions`, async (route) => {
      sent.push(route.request().postDataJSON().client_submission_id);
      if (route.request().method() === 'POST' && lose) {
        lose = false;
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await go(v, site, '/');
    await p.getByLabel('Email', { exact: true }).fill('bob@example.com');
    const button = p.locator('sf-campaign button[type=submit]');
    await button.evaluate((b: { click(): void }) => {
      b.click();
      b.click();
    });
    await p.locator('sf-campaign').getByText('Something went wrong').waitFor();
    assert.equal(sent.length, 1, 'the second click sent nothing (the button was disabled)');
    await button.click();
    await p.locator('sf-campaign').getByText('Thank you!').waitFor();
    assert.equal(sent.length, 2);
    assert.equal(sent[0], sent[1], 'the retry sends the same client_submission_id');
    assert.equal((await submissionsOf(site, c.campaign_id)).length, 1, 'one submission');
    await flush(p);
    assert.equal((await waitEvents(site, 'overlay_submit', 1)).length, 1);
    v.errors.splice(0, v.errors.length, ...v.errors.filter((e) => !/ERR_CONNECTION_RESET/.test(e)));
    await done(v);
  });

  it('runs a quiz: start, an answer per question, complete, each event with its stable ids', async () => {
    const site = await newSite();
    const quiz = {
      quiz_id: 'qz1',
      questions: [
        { question_id: 'q1', text: 'Where do you run?', answers: [{ answer_id: 'road', text: 'Road' }, { answer_id: 'trail', text: 'Trail' }] },
        { question_id: 'q2', text: 'How far?', answers: [{ answer_id: 'short', text: 'Up to 10 km' }, { answer_id: 'long', text: 'Further' }] },
      ],
    };
    const c = await createCampaign(site, { kind: 'overlay', status: 'active', content: { template: 'quiz', title: 'Find your shoe', quiz } });
    const v = await visit();
    const p = v.page;
    await go(v, site, '/');
    const dialog = p.locator('sf-campaign [role=dialog]');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    await p.keyboard.press('Enter'); // the focused start button
    await p.locator('sf-campaign').getByText('Where do you run?').waitFor();
    await p.keyboard.press('Tab');
    await p.keyboard.press('Tab');
    await p.keyboard.press('Enter'); // Trail
    await p.locator('sf-campaign').getByText('How far?').waitFor();
    await p.locator('sf-campaign').getByRole('button', { name: 'Up to 10 km' }).click();
    await p.locator('sf-campaign').getByText('Thanks for taking the quiz!').waitFor();
    await flush(p);
    const base = { overlay_id: `${c.campaign_id}:v${c.version}`, campaign_id: c.campaign_id, quiz_id: 'qz1' };
    assert.deepEqual((await waitEvents(site, 'quiz_start', 1))[0], base);
    const answers = await waitEvents(site, 'quiz_answer', 2);
    assert.deepEqual(answers, [{ ...base, question_id: 'q1', answer_id: 'trail' }, { ...base, question_id: 'q2', answer_id: 'short' }]);
    assert.deepEqual((await waitEvents(site, 'quiz_complete', 1))[0], base);
    await done(v);
  });

  it('runs the rule-based chatbot by keyboard, one chatbot_message per visitor message with its intent', async () => {
    const site = await newSite();
    const c = await createCampaign(site, {
      kind: 'chatbot',
      status: 'active',
      content: {
        greeting: 'Hi! Ask me about shipping or returns.',
        persona_name: 'Robin',
        intents: [
          { intent_id: 'shipping', patterns: ['shipping', 'delivery'], reply: 'We ship in 2 days.' },
          { intent_id: 'free', patterns: ['free shipping'], reply: 'Free shipping from €50.' },
        ],
        fallback_reply: 'Sorry, I did not get that.',
      },
    });
    const v = await visit();
    const p = v.page;
    await go(v, site, '/');
    const launcher = p.locator('sf-campaign').getByRole('button', { name: 'Chat with Robin' });
    await launcher.waitFor();
    assert.equal(await launcher.getAttribute('aria-expanded'), 'false');
    await launcher.focus();
    await p.keyboard.press('Enter');
    assert.equal(await launcher.getAttribute('aria-expanded'), 'true');
    await p.locator('sf-campaign').getByText('Hi! Ask me about shipping').waitFor();
    assert.equal((await focused(p)).inner, 'input[name=message]', 'the labelled input has the focus');
    assert.equal(await p.getByLabel('Message to Robin').count(), 1);
    await p.keyboard.type('  Is there FREE shipping?  ');
    await p.keyboard.press('Enter');
    await p.locator('sf-campaign').getByText('Free shipping from €50.').waitFor();
    await p.keyboard.type('What about gift cards?');
    await p.keyboard.press('Enter');
    await p.locator('sf-campaign').getByText('Sorry, I did not get that.').waitFor();
    await p.keyboard.press('Escape');
    assert.equal(await launcher.getAttribute('aria-expanded'), 'false');
    assert.equal((await focused(p)).inner, 'button', 'focus back on the launcher');
    await flush(p);
    const messages = await waitEvents(site, 'chatbot_message', 2);
    assert.deepEqual(messages, [
      { message: 'Is there FREE shipping?', campaign_id: c.campaign_id, intent_id: 'free' },
      { message: 'What about gift cards?', campaign_id: c.campaign_id, intent_id: 'fallback' },
    ]);
    await done(v);
  });

  it('fills a recommendation slot with priced items; impression and click events carry their ids, through to the campaign analytics', async () => {
    const site = await newSite();
    await putProduct(site, { product_id: 'SOCK-2', title: 'Wool socks', url: `${shop.origin}/products/sock?site=${site.siteId}`, price: { amount: 12.5, currency: 'EUR' } });
    await putProduct(site, { product_id: 'CAP-3', title: 'Running cap', url: `${shop.origin}/products/cap?site=${site.siteId}`, price: { amount: 19, currency: 'USD' } });
    await putProduct(site, { product_id: 'GONE-4', title: 'Sold out', url: `${shop.origin}/products/gone`, price: { amount: 5, currency: 'EUR' }, availability: 'out_of_stock' });
    const c = await createCampaign(site, { kind: 'recommendation', status: 'active', content: { placement: 'home-row', strategy: 'popular', limit: 4, title: 'You may also like' } });
    const v = await visit();
    const p = v.page;
    const asked: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/api/v1/recommendations')) asked.push(r.url());
    });
    await go(v, site, '/products/shoe', '&slot=home-row&pid=SHOE-1');
    const links = p.locator('#slot a');
    await until(async () => (await links.count()) === 2, 10_000, 'the slot items');
    assert.equal(await p.locator('#slot h2').textContent(), 'You may also like');
    const texts = (await links.allTextContents()).sort();
    assert.deepEqual(texts, ['Running cap$19.00', 'Wool socks€12.50'], 'titles and prices (Intl.NumberFormat); never the out-of-stock product');
    const q = new URL(asked[0]!).searchParams;
    assert.equal(q.get('campaign_id'), c.campaign_id);
    assert.equal(q.get('product_id'), 'SHOE-1');
    assert.equal(q.get('limit'), '4');
    assert.ok(q.get('session_id'));
    await links.filter({ hasText: 'Running cap' }).click();
    await p.waitForURL(/\/products\/cap/);
    await p.waitForFunction(() => (window as unknown as { Storefront?: unknown }).Storefront !== undefined);
    await flush(p);
    const [impression] = await waitEvents(site, 'recommendation_impression', 1);
    assert.equal(impression!.campaign_id, c.campaign_id);
    assert.match(String(impression!.recommendation_id), /\S/);
    const [click] = await waitEvents(site, 'recommendation_click', 1);
    assert.deepEqual(click, { recommendation_id: impression!.recommendation_id, campaign_id: c.campaign_id, product_id: 'CAP-3' });

    // Followed through to the analytics (CONTRACT §12 campaigns): the session carts the product it
    // clicked, and the shop's backend reports the order with its secret key in the same session.
    await p.evaluate(() => (window as unknown as { Storefront: { track(t: string, p: object): void } }).Storefront.track('add_to_cart', { product_id: 'CAP-3' }));
    await flush(p);
    await waitEvents(site, 'add_to_cart', 1);
    const key = await t.createKey(site.siteId);
    const order = { event_type: 'purchase', session_id: q.get('session_id'), properties: { order_id: 'o-cap-3', total: 19, currency: 'USD' }, context: { page_url: `${shop.origin}/checkout`, user_agent: 'backend' } };
    const sent = await t.inject({ method: 'POST', url: '/api/v1/events/track', headers: { 'x-api-key': key.apiKey }, payload: order });
    assert.equal(sent.statusCode, 201, sent.body);
    await t.app.services.recommendations.drainAnswers(); // answers are stored behind their response
    const report = await t.inject({ method: 'GET', url: `/api/v1/sites/${site.siteId}/analytics/campaigns`, headers: bearer(await t.idToken(site.owner)) });
    assert.equal(report.statusCode, 200, report.body);
    const figures = (report.json().data.campaigns as Json[]).find((f) => f.campaign_id === c.campaign_id);
    assert.deepEqual(
      { impressions: figures?.impressions, clicks: figures?.clicks, ctr: figures?.ctr, add_to_carts: figures?.add_to_carts, orders: figures?.orders, revenue: figures?.revenue },
      { impressions: 1, clicks: 1, ctr: 1, add_to_carts: 1, orders: 1, revenue: { USD: 19 } },
    );
    assert.deepEqual(report.json().data.unattributed, { impressions: 0, clicks: 0 });
    await done(v);
  });

  it('targets by path (include, exclude) and device, across page loads; nothing targeted loads no renderer', async () => {
    const site = await newSite();
    await createCampaign(site, { kind: 'overlay', status: 'active', content: { template: 'banner', title: 'Shoe week' }, targeting: { url_include: ['/products/*'], url_exclude: ['/products/secret*'] } });
    const v = await visit();
    const p = v.page;
    const banner = p.locator('sf-campaign [role=region]');
    await go(v, site, '/about');
    await settle(p);
    assert.equal(await banner.count(), 0, 'not on /about');
    await go(v, site, '/products/secret-sale');
    await settle(p);
    assert.equal(await banner.count(), 0, 'excluded');
    assert.ok(!renderLoaded(v), 'no renderer fetched while nothing shows');
    await go(v, site, '/products/shoe');
    await banner.waitFor();
    assert.ok(renderLoaded(v));
    await done(v);

    const mobileOnly = await newSite();
    await createCampaign(mobileOnly, { kind: 'overlay', status: 'active', content: { template: 'slide_in', title: 'Get the app' }, targeting: { devices: ['mobile'] } });
    const desktop = await visit();
    await go(desktop, mobileOnly, '/');
    await settle(desktop.page);
    assert.equal(await desktop.page.locator('sf-campaign').count(), 0, 'not on a desktop');
    await done(desktop);
    const phone = await visit({ userAgent: MOBILE_UA });
    await go(phone, mobileOnly, '/');
    await phone.page.locator('sf-campaign [role=dialog]').getByText('Get the app').waitFor();
    await done(phone);
  });

  it('fires triggers: a delay, a scroll depth, an exit through the top of the window', async () => {
    const banner = (title: string) => ({ kind: 'overlay', status: 'active', content: { template: 'banner', title } });
    const delayed = await newSite();
    await createCampaign(delayed, { ...banner('Delayed'), trigger: { on: 'delay', delay_ms: 1500 } });
    const d = await visit();
    await go(d, delayed, '/');
    const started = Date.now();
    await d.page.locator('sf-campaign [role=region]').waitFor();
    assert.ok(Date.now() - started >= 1000, 'not before its delay');
    await done(d);

    const scrolled = await newSite();
    await createCampaign(scrolled, { ...banner('Half way'), trigger: { on: 'scroll', scroll_percent: 50 } });
    const s = await visit();
    await go(s, scrolled, '/', '&tall=1');
    await settle(s.page);
    assert.equal(await s.page.locator('sf-campaign').count(), 0, 'not before the scroll');
    await s.page.evaluate(() => window.scrollTo(0, 600));
    await settle(s.page);
    assert.equal(await s.page.locator('sf-campaign').count(), 0, 'not at a quarter');
    await s.page.evaluate(() => window.scrollTo(0, 2000));
    await s.page.locator('sf-campaign [role=region]').waitFor();
    await done(s);

    const leaving = await newSite();
    await createCampaign(leaving, { ...banner('Before you go'), trigger: { on: 'exit_intent' } });
    const e = await visit();
    await go(e, leaving, '/');
    await e.page.mouse.move(400, 300);
    await e.page.mouse.move(400, 450);
    await settle(e.page);
    assert.equal(await e.page.locator('sf-campaign').count(), 0, 'not while the pointer stays');
    // The pointer leaves the window through its top edge.
    await e.page.evaluate(() => document.documentElement.dispatchEvent(new (window as { MouseEvent: new (type: string, init: object) => unknown }).MouseEvent('mouseout', { bubbles: true, clientX: 400, clientY: -2, relatedTarget: null })));
    await e.page.locator('sf-campaign [role=region]').waitFor();
    await done(e);
  });

  it('holds frequency caps per session and per day across page loads', async () => {
    const site = await newSite();
    await createCampaign(site, { kind: 'overlay', status: 'active', content: { template: 'banner', title: 'Once a session' }, frequency: { max_per_session: 1 } });
    const v = await visit();
    const p = v.page;
    const banner = p.locator('sf-campaign [role=region]');
    const newSession = () => p.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('sf:s')!);
      localStorage.setItem('sf:s', JSON.stringify({ ...s, at: Date.now() - 31 * 60_000 }));
    });
    await go(v, site, '/');
    await banner.waitFor();
    await go(v, site, '/');
    await settle(p);
    assert.equal(await banner.count(), 0, 'not twice in a session');
    await newSession();
    await go(v, site, '/');
    await banner.waitFor();
    await done(v);

    const daily = await newSite();
    await createCampaign(daily, { kind: 'overlay', status: 'active', content: { template: 'banner', title: 'Twice a day' }, frequency: { max_per_day: 2 } });
    const w = await visit();
    const wb = w.page.locator('sf-campaign [role=region]');
    const newSessionW = () => w.page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('sf:s')!);
      localStorage.setItem('sf:s', JSON.stringify({ ...s, at: Date.now() - 31 * 60_000 }));
    });
    await go(w, daily, '/');
    await wb.waitFor();
    await newSessionW();
    await go(w, daily, '/');
    await wb.waitFor();
    await newSessionW();
    await go(w, daily, '/');
    await settle(w.page);
    assert.equal(await wb.count(), 0, 'not a third time today, even in a new session');
    // The same counts, dated yesterday: today starts again.
    await w.page.evaluate(() => {
      const f = JSON.parse(localStorage.getItem('sf:f')!) as Record<string, { d: string }>;
      for (const k of Object.keys(f)) f[k]!.d = '2000-01-01';
      localStorage.setItem('sf:f', JSON.stringify(f));
    });
    await go(w, daily, '/');
    await wb.waitFor();
    await done(w);
  });

  it('gates a campaign on its experiment: control sees nothing (no renderer fetched), treatment sees it, assigned first', async () => {
    for (const [arm, weights] of [['control', { control: 1, treatment: 0 }], ['treatment', { control: 0, treatment: 1 }]] as const) {
      const site = await newSite();
      const experimentId = await runningExperiment(site, weights);
      await createCampaign(site, { kind: 'overlay', status: 'active', content: { template: 'slide_in', title: `Only for ${arm}` }, experiment_id: experimentId });
      const v = await visit();
      await go(v, site, '/');
      const assigned = () => v.requests.findIndex((r) => r.startsWith('POST') && r.includes('/partner-experiments/assignments'));
      if (arm === 'control') {
        await until(async () => assigned() >= 0, 10_000, 'the assignment');
        await settle(v.page);
        assert.equal(await v.page.locator('sf-campaign').count(), 0, 'control is the holdout');
        assert.ok(!renderLoaded(v), 'no renderer fetched for control');
      } else {
        await v.page.locator('sf-campaign').getByText('Only for treatment').waitFor();
        const rendered = v.requests.findIndex((r) => r.includes('/sdk/v1/render.mjs'));
        assert.ok(assigned() >= 0 && assigned() < rendered, 'the assignment came before the renderer');
      }
      await done(v);
    }
  });

  it('keeps styles apart: the page’s rules don’t reach the shadow content and the SDK’s CSS doesn’t restyle the page', async () => {
    const site = await newSite();
    await createCampaign(site, { kind: 'overlay', status: 'active', content: { template: 'slide_in', title: 'Styled', cta: { label: 'Shop now', url: 'https://shop.example/sale' } } });
    const v = await visit();
    const p = v.page;
    const style = (selector: string) => p.locator(selector).first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, fontSize: s.fontSize, letterSpacing: s.letterSpacing, background: s.backgroundColor };
    });
    await go(v, site, '/', '');
    const before = { button: await style('#pagebtn'), p: await style('#pagep'), a: await style('#pagea') };
    await p.locator('sf-campaign [role=dialog]').waitFor();
    const close = await style('sf-campaign button.x');
    assert.notEqual(close.color, 'rgb(255, 0, 0)', 'the page’s button rule does not reach the SDK’s button');
    assert.notEqual(close.fontSize, '31px');
    const ctaStyle = await style('sf-campaign a.b');
    assert.equal(ctaStyle.color, 'rgb(255, 255, 255)', 'the SDK’s own .b style');
    assert.equal(ctaStyle.letterSpacing, 'normal', 'the page’s .b rule does not reach it');
    assert.deepEqual({ button: await style('#pagebtn'), p: await style('#pagep'), a: await style('#pagea') }, before, 'the page looks the same');
    await done(v);
  });

  it('reads the configuration once per max-age and revalidates it with its ETag (304 keeps the copy)', async () => {
    const site = await newSite();
    await createCampaign(site, { kind: 'overlay', status: 'active', content: { template: 'banner', title: 'Cached' } });
    const v = await visit();
    const p = v.page;
    const configAsks: { inm: string | undefined; status: number }[] = [];
    p.on('response', (r) => {
      if (r.url().endsWith('/api/v1/runtime/config') && r.request().method() === 'GET') configAsks.push({ inm: r.request().headers()['if-none-match'], status: r.status() });
    });
    const banner = p.locator('sf-campaign [role=region]');
    await go(v, site, '/');
    await banner.waitFor();
    await go(v, site, '/');
    await banner.waitFor();
    assert.equal(configAsks.length, 1, 'fresh for max-age: not asked again');
    await p.evaluate((id) => {
      const key = `sf:cfg:${id}`;
      sessionStorage.setItem(key, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key)!), fresh: 0 }));
    }, site.siteId);
    await go(v, site, '/');
    await banner.waitFor();
    assert.equal(configAsks.length, 2);
    assert.equal(configAsks[0]!.inm, undefined);
    assert.match(configAsks[1]!.inm ?? '', /^(W\/)?"/);
    assert.equal(configAsks[1]!.status, 304);
    await done(v);
  });
});
