// The commands and the server's refresh job (CONTRACT §10): `storefront recommendations refresh`
// learns a site's new events now (flat out, or `--paced` as the server's job) and
// `recommendations evaluate --json` prints
// { split, sessions, questions, strategies: { <name>: { hit_rate_at_10, ndcg_at_10 } } } (on
// PostgreSQL, the CLI opening the test app's database); bad options are usage errors, an unknown
// site is refused. On the embedded engine, a running server refreshes by itself: new events change
// its answers without any command (within the contract's 60 s), and the commands reach its database
// through its control socket.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { forEachEngine } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { embeddedDataDir } from '../../helpers/pglite-template.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';
import { generateShop } from '../../helpers/synthetic-sessions.js';
import { payloadOf, send, shop } from './shop-client.js';

const STRATEGIES = ['similar', 'frequently_bought_together', 'personalized', 'popular'];

function assertEvaluation(json: Record<string, unknown>, split: string) {
  assert.equal(json.split, split);
  assert.ok(typeof json.sessions === 'number' && json.sessions > 0);
  assert.ok(typeof json.questions === 'number' && json.questions >= (json.sessions as number));
  const strategies = json.strategies as Record<string, { hit_rate_at_10: number; ndcg_at_10: number }>;
  assert.deepEqual(Object.keys(strategies).sort(), [...STRATEGIES].sort());
  for (const s of STRATEGIES) {
    assert.ok(strategies[s]!.hit_rate_at_10 >= 0 && strategies[s]!.hit_rate_at_10 <= 1);
    assert.ok(strategies[s]!.ndcg_at_10 <= strategies[s]!.hit_rate_at_10 + 1e-12);
  }
}

forEachEngine('recommendations commands', (t) => {
  it('[postgres] refresh learns now; evaluate prints every strategy’s HitRate@10 and NDCG@10; bad options are refused', async (ctx) => {
    if (t().engine !== 'postgres') return ctx.skip('the CLI opens the database itself on PostgreSQL only (the embedded engine is below)');
    const s = await shop(t());
    const start = Date.now() - 2 * 86_400_000;
    const { events } = generateShop({ seed: 5, sessions: 400, categories: 3, productsPerCategory: 12, days: 1.5, start });
    await send(t(), s, events);
    const env = { DATABASE_URL: t().database.url!, STOREFRONT_SECRET: t().config.storefrontSecret!.toString('base64') };

    const refreshed = await runCli(['recommendations', 'refresh', '--site', s.siteId, '--json'], env);
    assert.equal(refreshed.code, 0, refreshed.stderr);
    assert.equal(refreshed.json.site_id, s.siteId);
    assert.equal(refreshed.json.events, events.length);
    assert.equal(refreshed.json.busy, false);

    // --paced learns as the server's job does (pieces of 1,000 events, a quarter of the time): the
    // same events on another site give the same neighbours as flat out (the scores summed in
    // another order, so equal to rounding).
    const s2 = await shop(t());
    await send(t(), s2, events);
    const paced = await runCli(['recommendations', 'refresh', '--site', s2.siteId, '--paced', '--json'], env);
    assert.equal(paced.code, 0, paced.stderr);
    assert.deepEqual({ ...paced.json, site_id: s.siteId }, refreshed.json);
    const neighbours = async (siteId: string) =>
      (await t().database.db.query<{ kind: string; product_id: string; neighbours: [string, number][] }>('SELECT kind, product_id, neighbours FROM recommendation_neighbours WHERE site_id = $1 ORDER BY kind, product_id', [siteId])).rows;
    const rounded = (rows: Awaited<ReturnType<typeof neighbours>>) => rows.map((r) => ({ ...r, neighbours: r.neighbours.map(([id, score]) => [id, score.toFixed(9)]) }));
    const flat = rounded(await neighbours(s.siteId));
    assert.ok(flat.length > 10);
    assert.deepEqual(rounded(await neighbours(s2.siteId)), flat);

    const split = new Date(start + 86_400_000).toISOString();
    const evaluated = await runCli(['recommendations', 'evaluate', '--site', s.siteId, '--split', split, '--json'], env);
    assert.equal(evaluated.code, 0, evaluated.stderr);
    assertEvaluation(evaluated.json, split);
    const readable = await runCli(['recommendations', 'evaluate', '--site', s.siteId, '--split', split], env);
    assert.match(readable.stdout, /similar\s+HitRate@10 \d\.\d{4}  NDCG@10 \d\.\d{4}/);

    for (const [args, code] of [
      [['recommendations', 'evaluate', '--site', s.siteId, '--split', 'yesterday'], 2],
      [['recommendations', 'evaluate', '--split', split], 2],
      [['recommendations', 'refresh'], 2],
      [['recommendations', 'refresh', '--site', s.siteId, '--paced=yes'], 2],
      [['recommendations', 'refresh', '--site', 'site_unknown0000000000000'], 1],
      [['recommendations', 'evaluate', '--site', 'site_unknown0000000000000', '--split', split], 1],
    ] as const) {
      const r = await runCli([...args, '--json'], env);
      assert.equal(r.code, code, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    }
  });
});

describe('recommendations in a running server [embedded engine]', () => {
  const { root, data } = embeddedDataDir('storefront-recommendations-');
  const env = { DATA_DIR: data, STOREFRONT_NO_BOOTSTRAP: '1', RECOMMENDATIONS_REFRESH_SECONDS: '1' };
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('new events change the answers by themselves; the commands reach the server’s database', async () => {
    const cli = async (args: string[]) => {
      const r = await runCli([...args, '--json'], env);
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      return r.json as Record<string, string>;
    };
    const site = await cli(['site', 'create', '--name', 'Shop', '--origin', 'https://shop.example', '--owner', 'merchant']);
    const key = await cli(['key', 'create', '--site', site.site_id!, '--scopes', 'events:write']);
    const owner = { authorization: `Bearer ${(await cli(['token', '--user', 'merchant'])).id_token}`, 'content-type': 'application/json' };
    const api = (method: string, url: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const products = ['a', 'b', 'c'].map((id) => ({ product_id: id, title: id, url: `https://shop.example/${id}`, price: { amount: 5, currency: 'EUR' }, availability: 'in_stock' }));
    assert.equal((await api('POST', `/api/v1/sites/${site.site_id}/products/bulk`, owner, { products })).status, 201);
    const created = await api('POST', `/api/v1/sites/${site.site_id}/campaigns`, owner, { name: 'Slot', kind: 'recommendation', status: 'active', content: { placement: 'product', strategy: 'similar', limit: 2 } });
    const campaignId = ((await created.json()) as { data: { campaign_id: string } }).data.campaign_id;
    const ask = async () => {
      const res = await api('GET', `/api/v1/recommendations?campaign_id=${campaignId}&product_id=a`, { 'x-api-key': key.api_key! });
      return ((await res.json()) as { data: { strategy: string; items: { product_id: string }[] } }).data;
    };
    assert.equal((await ask()).strategy, 'popular');

    const now = Date.now();
    const views = ['s1', 's2'].flatMap((s, k) => ['a', 'c'].map((p, j) => payloadOf({ sessionId: s, eventType: 'product_view', productIds: [p], at: now - 60_000 + k * 1000 + j * 100, trusted: true })));
    assert.equal((await api('POST', '/api/v1/events/batch', { 'x-api-key': key.api_key!, 'content-type': 'application/json' }, { events: views })).status, 201);
    // The server's job learns them (every second here); answers are kept 5 s at most.
    let answer = await ask();
    for (const deadline = Date.now() + 60_000; answer.strategy !== 'similar' && Date.now() < deadline; answer = await ask()) await new Promise((r) => setTimeout(r, 250));
    assert.equal(answer.strategy, 'similar');
    assert.equal(answer.items[0]!.product_id, 'c');

    const refreshed = await cli(['recommendations', 'refresh', '--site', site.site_id!]);
    assert.equal(refreshed.site_id, site.site_id);
    const paced = await cli(['recommendations', 'refresh', '--site', site.site_id!, '--paced']);
    assert.equal(paced.site_id, site.site_id);
    const evaluated = await cli(['recommendations', 'evaluate', '--site', site.site_id!, '--split', new Date(now - 60_500).toISOString()]);
    assertEvaluation(evaluated, new Date(now - 60_500).toISOString());
  });
});
