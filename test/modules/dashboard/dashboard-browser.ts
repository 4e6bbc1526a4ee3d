// What the dashboard's Chromium tests share: a page that records console errors, failed requests
// and every API request it makes; an axe-core pass; screenshots under test-artifacts/dashboard/;
// and a matcher of requests against the operations of the OpenAPI document.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const ARTIFACTS = path.join('test-artifacts', 'dashboard');

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught errors, failed requests and answers ≥ 400. */
  problems: string[];
  /** Every request to /api/ as `METHOD /path` (query left out). */
  apiRequests: string[];
  close(): Promise<void>;
}

export async function watchedPage(browser: Browser, options: { ignore?: (url: string, status: number) => boolean } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const apiRequests: string[] = [];
  const ignored = (url: string, status: number) => options.ignore?.(url, status) ?? false;
  page.on('console', (m) => {
    // A refused request is reported once as a failed request below; Chromium logs it again as a console error.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A request the page's own navigation cancelled (page.goto while a view loads) did not fail.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (!ignored(r.url(), 0)) problems.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${r.method()} ${url.pathname}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !ignored(r.url(), r.status())) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return { page, problems, apiRequests, close: () => context.close() };
}

/** Serious and critical axe-core violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the page's CSP (no inline scripts) does not apply.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The operations of an OpenAPI document as matchers of `METHOD /path`. */
export function operationMatcher(document: { paths: Record<string, Record<string, unknown>> }): (request: string) => boolean {
  const operations = Object.entries(document.paths).flatMap(([p, item]) =>
    Object.keys(item)
      .filter((m) => ['get', 'put', 'post', 'delete', 'patch'].includes(m))
      .map((m) => new RegExp(`^${m.toUpperCase()} ${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`)),
  );
  return (request) => operations.some((o) => o.test(request));
}

/** The main heading(s) of the page once the view has loaded (no "Loading…" left). */
export async function loadedHeadings(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.querySelector('main h1') !== null && document.querySelector('main .loading') === null, undefined, { timeout: 15_000 });
  return page.locator('h1').allTextContents();
}
