// Real headless Chromium (Debian's, driven by playwright-core) and small page servers on their
// own origins.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { createTestApp, type TestApp } from './app.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = () => existsSync(CHROMIUM);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves `html(path, query)` for every GET on a port of 127.0.0.1 (its own origin). */
export async function startPageServer(html: (path: string, query: URLSearchParams) => string): Promise<PageServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html(url.pathname, url.searchParams));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What an SDK test in the browser drives: the service on a loopback port (`api`), a shop on an origin of its own, and Chromium. */
export interface ShopInBrowser {
  t: TestApp;
  api: string;
  shop: PageServer;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the service (PGlite), the shop serving `shopPage` and Chromium; `close` stops all three. */
export async function startShopInBrowser(shopPage: (path: string, query: URLSearchParams) => string): Promise<ShopInBrowser> {
  const t = await createTestApp('pglite');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const shop = await startPageServer(shopPage);
  const browser = await launchChromium();
  return {
    t,
    api,
    shop,
    browser,
    async close() {
      await browser.close();
      await shop.close();
      await t.close();
    },
  };
}
