// The dashboard's sign-in with an identity provider in Chromium: OpenID Connect Authorization Code
// with PKCE (S256) against the local fake provider, back on /app/callback, then the user's sites;
// the verifier, state and nonce are gone from the tab once used.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { chromiumAvailable, launchChromium } from '../../helpers/browser.js';
import { startFakeIdp, IDP_AUDIENCE, type FakeIdp } from '../../helpers/fake-idp.js';
import { loadedHeadings, screenshot, watchedPage } from './dashboard-browser.js';

describe('dashboard sign-in with an identity provider, in Chromium', { skip: !chromiumAvailable() && 'Chromium is not installed (apt-get install chromium)' }, () => {
  let idp: FakeIdp;
  let t: TestApp;
  let url: string;
  let browser: Browser;
  let analytics: boolean;
  before(async () => {
    idp = await startFakeIdp({ oidc: true });
    t = await createTestApp('pglite', { env: { ...idp.env, LOCAL_IDP: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    analytics = '/api/v1/sites/{siteId}/analytics/summary' in (t.app.swagger() as { paths: object }).paths;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await idp?.close();
  });

  it('signs in by Authorization Code with PKCE and lands on the user’s site', async () => {
    const site = await t.createSite();
    idp.user = site.owner;
    const w = await watchedPage(browser, { ignore: (u) => !analytics && /\/analytics\/(summary|timeseries)/.test(u) });
    try {
      await w.page.goto(`${url}/app/sites/${site.siteId}/members`);
      await w.page.getByRole('heading', { level: 1, name: 'Sign in to Storefront' }).waitFor();
      assert.equal(await w.page.getByLabel('User name').count(), 0, 'no user name field: the provider signs in');
      await w.page.getByRole('button', { name: 'Sign in with the identity provider' }).click();
      // To the provider and back to where the user was going.
      await w.page.waitForURL(new RegExp(`/app/sites/${site.siteId}/members$`), { timeout: 15_000 });
      assert.deepEqual(await loadedHeadings(w.page), ['Members']);
      assert.match(await w.page.locator('header').innerText(), new RegExp(`Signed in as ${site.owner}`));
      assert.match(await w.page.locator('main').innerText(), new RegExp(`${site.member}\\s+member`));

      assert.equal(idp.authorizations.length, 1);
      const [seen] = idp.authorizations;
      assert.equal(seen!.client_id, IDP_AUDIENCE);
      assert.equal(seen!.redirect_uri, `${url}/app/callback`);
      assert.equal(seen!.code_challenge_method, 'S256');
      assert.ok(seen!.state && seen!.nonce, 'state and nonce');
      assert.ok(seen!.redeemed, 'the code was exchanged with its verifier');

      const storage = await w.page.evaluate(() => Object.keys({ ...sessionStorage }).sort());
      assert.deepEqual(storage, ['storefront.session'], 'the pending sign-in is gone; only the session (the ID token) stays in this tab');
      await screenshot(w.page, 'oidc-signed-in');
      assert.deepEqual(w.problems, []);
    } finally {
      await w.close();
    }
  });

  it('shows why when the callback is not one it started', async () => {
    const w = await watchedPage(browser, { ignore: () => true });
    try {
      await w.page.goto(`${url}/app/callback?code=forged&state=forged`);
      assert.deepEqual(await loadedHeadings(w.page), ['Signing in']);
      assert.match(await w.page.getByRole('alert').innerText(), /not started here/);
    } finally {
      await w.close();
    }
  });
});
