// The demo storefront, as a new user meets it after `npm start`: the page loads without console
// errors and its live panel shows a stored event. A screenshot is kept under test-results/.
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

  it('loads without console errors and shows stored events in its panel', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    // The bootstrap allows http://localhost:<port> and http://127.0.0.1:<port>.
    await page.goto(`${server.url}/demo`);
    await page.waitForFunction(() => document.querySelector('#overlay')?.dataset.variant !== undefined, undefined, { timeout: 15_000 });
    await page.click('text=View >> nth=0');
    await page.click('text=Add to cart >> nth=0');
    await page.waitForFunction(() => /product_view/.test(document.querySelector('#events')?.textContent ?? ''), undefined, { timeout: 15_000 });
    const panel = await page.textContent('#events');
    assert.match(panel ?? '', /page_view/);
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
