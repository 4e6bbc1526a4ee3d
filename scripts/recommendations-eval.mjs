#!/usr/bin/env node
// Checks recommendations on behaviour replayed into a fresh embedded database (a temporary
// directory, removed at the end) through the events API, learned with the refresh, and measured
// with `recommendations evaluate`, the split at 80 % of the events' time span (the last 20 % is the
// test, never seen by the model):
//
// - real behaviour (the default): the YOOCHOOSE sample, a week of a retailer's product clicks
//   (/work/shared/data/yoochoose-rsc15-sample/ or YOOCHOOSE_DIR), as product_view events; nothing
//   of it is kept;
// - `--synthetic`: the seeded synthetic shop of the tests (test/helpers/synthetic-sessions.ts), its
//   catalog (categories: popular fills the anchor's category first) and its views, carts and
//   purchases (server purchases with a secret key, the rest with a runtime token).
//
// Usage: node scripts/recommendations-eval.mjs [--synthetic [--seed 1] [--sessions 20000]] [--split-at 0.8] [--json]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, 'split-at': { type: 'string' }, synthetic: { type: 'boolean' }, seed: { type: 'string' }, sessions: { type: 'string' } },
});
const dir = process.env.YOOCHOOSE_DIR ?? '/work/shared/data/yoochoose-rsc15-sample';
const FILES = ['yoochoose-clicks-100k_train_full.txt.gz', 'yoochoose-clicks-100k_test.txt.gz'];
const ORIGIN = 'https://shop.example';
const log = (line) => process.stderr.write(`${line}\n`);

/** The sample's clicks as events of the generator's shape, in time order. */
function yoochooseEvents() {
  const events = [];
  for (const file of FILES) {
    const lines = gunzipSync(readFileSync(path.join(dir, file))).toString('utf8').trim().split('\n');
    for (const line of lines.slice(1)) {
      const [session, item, time] = line.split('\t');
      events.push({ sessionId: `yc-${session}`, eventType: 'product_view', productIds: [item], at: Math.round(Number(time) * 1000), trusted: true });
    }
  }
  return events.sort((a, b) => a.at - b.at);
}

register();
const { buildApp } = await import('../src/app.ts');
const { loadConfig } = await import('../src/config.ts');
const { createSecrets } = await import('../src/secrets.ts');
const { SYSTEM } = await import('../src/kernel/index.ts');

const { generateShop } = await import('../test/helpers/synthetic-sessions.ts');
const shop = values.synthetic
  ? generateShop({ seed: Number(values.seed ?? 1), sessions: Number(values.sessions ?? 20_000), start: Date.now() - 29 * 86_400_000 })
  : { products: [], events: yoochooseEvents() };
const events = shop.events;
const first = events[0].at;
const last = events[events.length - 1].at;
const split = new Date(first + Number(values['split-at'] ?? 0.8) * (last - first));
log(`${values.synthetic ? `synthetic shop (seed ${values.seed ?? 1})` : 'YOOCHOOSE sample'}: ${events.length} events, ${new Set(events.map((e) => e.sessionId)).size} sessions, ${new Set(events.flatMap((e) => e.productIds)).size} products, ${new Date(first).toISOString()} to ${new Date(last).toISOString()}; split at ${split.toISOString()}`);

/** The API's form of an event. */
const payloadOf = (e) => ({
  event_type: e.eventType,
  session_id: e.sessionId,
  occurred_at: new Date(e.at).toISOString(),
  properties: e.eventType === 'purchase' ? { order_id: e.orderId, total: 10, items: e.productIds.map((product_id) => ({ product_id })) } : { product_id: e.productIds[0] },
  context: { page_url: `${ORIGIN}/`, user_agent: 'replay' },
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-yoochoose-'));
const config = loadConfig({ DATA_DIR: dataDir, STOREFRONT_SECRET: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent', STOREFRONT_NO_BOOTSTRAP: '1' });
const app = await buildApp(config, { secrets: createSecrets(config.storefrontSecret), logger: false });
try {
  await app.ready();
  const { services } = app;
  const site = await services.sites.createSite({ name: 'Replay', origins: [ORIGIN], publisherMode: false, owner: 'replay' });
  const key = await services.apiKeys.createKey(SYSTEM, site.site_id, { scopes: ['events:write', 'catalog:write'], rateLimitPerHour: 100_000_000 });
  const server = { 'x-api-key': key.api_key };
  const browser = { authorization: `Bearer ${(await services.runtimeTokens.issue({ siteId: site.site_id, origin: ORIGIN })).token}`, origin: ORIGIN };
  await services.sites.updateSite(SYSTEM, site.site_id, { config: { runtime_events_per_hour: 1_000_000_000, runtime_rate_limit_per_ip_per_hour: 1_000_000_000 } });
  for (let k = 0; k < shop.products.length; k += 500) {
    const products = shop.products.slice(k, k + 500).map((p) => ({ product_id: p.productId, title: p.productId, url: `${ORIGIN}/p/${p.productId}`, price: { amount: 10, currency: 'EUR' }, availability: 'in_stock', categories: p.categories }));
    const res = await app.inject({ method: 'POST', url: `/api/v1/sites/${site.site_id}/products/bulk`, headers: server, payload: { products } });
    if (res.statusCode !== 201) throw new Error(`catalog refused: ${res.statusCode} ${res.body}`);
  }
  let t0 = performance.now();
  // In order, 100 a request, one credential a request (server events with the key, the others with the runtime token).
  for (let k = 0; k < events.length; ) {
    const trusted = events[k].trusted;
    let end = k;
    while (end < events.length && end - k < 100 && events[end].trusted === trusted) end += 1;
    const res = await app.inject({ method: 'POST', url: '/api/v1/events/batch', headers: trusted ? server : browser, payload: { events: events.slice(k, end).map(payloadOf) } });
    if (res.statusCode !== 201) throw new Error(`replay refused: ${res.statusCode} ${res.body}`);
    k = end;
  }
  log(`replayed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  const refreshed = await services.recommendations.refresh(site.site_id);
  log(`refresh: ${refreshed.events} events learned, ${refreshed.ranked} neighbour lists ranked in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  const result = await services.recommendations.evaluate(site.site_id, split);
  log(`evaluated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    process.stdout.write(`split ${result.split}: ${result.sessions} test sessions, ${result.questions} questions\n`);
    for (const [name, s] of Object.entries(result.strategies)) {
      process.stdout.write(`${name.padEnd(28)} HitRate@10 ${s.hit_rate_at_10.toFixed(4)}  NDCG@10 ${s.ndcg_at_10.toFixed(4)}\n`);
    }
    const ratio = result.strategies.similar.hit_rate_at_10 / result.strategies.popular.hit_rate_at_10;
    process.stdout.write(`similar / popular HitRate@10: ${ratio.toFixed(2)}×\n`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
