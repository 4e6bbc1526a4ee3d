// The demo storefront, as a new user meets it after `npm start`: the page loads without console
// errors, the demo site's campaigns show (a modal with a form, a quiz, the chatbot, a recommendation
// slot) and its live panel shows their events. A screenshot is kept under test-results/.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../../helpers/browser.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';

describe('demo storefront in Chromium', { skip: !chromiumAvailable() && 'Chromium is not installed (apt-get install chromium)' }, () => {
  let dir: string;
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-demo-'));
    server = await startServerProcess({ DATA_DIR: dir });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows each kind of campaign live, without console errors, and their events in its panel', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    // The bootstrap allows http://localhost:<port> and http://127.0.0.1:<port>.
    await page.goto(`${server.url}/demo`);
    await page.waitForFunction(() => document.querySelector('#overlay')?.dataset.variant !== undefined, undefined, { timeout: 15_000 });
    const sdk = page.locator('sf-campaign');

    // The welcome modal (after 1.5 s) with its form and consent.
    await sdk.getByRole('dialog', { name: '10% off your first order' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Email', { exact: true }).fill('demo-visitor@example.com');
    await page.getByLabel(/I agree to receive marketing emails/).check();
    await page.keyboard.press('Enter');
    await sdk.getByText('Thank you!').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');

    // Then the quiz (one overlay at a time; it waits for 30 % of the page scrolled).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await sdk.getByRole('dialog', { name: 'Find your fit' }).waitFor({ timeout: 15_000 });
    await sdk.getByRole('button', { name: 'Start the quiz' }).click();
    await sdk.getByRole('button', { name: 'Trail' }).click();
    await sdk.getByRole('button', { name: 'Up to 10 km' }).click();
    await page.keyboard.press('Escape');

    // The chatbot.
    await sdk.getByRole('button', { name: 'Chat with Sam' }).click();
    await page.getByLabel('Message to Sam').fill('How long does shipping take?');
    await page.keyboard.press('Enter');
    await sdk.getByText('Orders ship within 2 working days').waitFor();
    await page.keyboard.press('Escape');

    // The recommendation slot.
    await page.locator('[data-sf-slot="demo-home"] a').first().waitFor({ timeout: 15_000 });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('text=View >> nth=0');
    await page.click('text=Add to cart >> nth=0');
    for (const type of ['product_view', 'overlay_submit', 'quiz_complete', 'chatbot_message', 'recommendation_impression']) {
      await page.waitForFunction((t) => new RegExp(t).test(document.querySelector('#events')?.textContent ?? ''), type, { timeout: 15_000 });
    }
    const panel = await page.textContent('#events');
    assert.match(panel ?? '', /browser/);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: path.join('test-results', 'demo.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });

  it('is off with DEMO=0', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'storefront-nodemo-'));
    const off = await startServerProcess({ DATA_DIR: other, DEMO: '0' });
    try {
      assert.equal((await fetch(`${off.url}/demo`)).status, 404);
    } finally {
      await off.stop();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
