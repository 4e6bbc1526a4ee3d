// Concurrency of the ledger (CONTRACT §4): identical purchases racing, one key with different
// payloads racing, and refunds racing past the revenue. On PostgreSQL the requests really run in
// parallel (pool of connections); on PGlite they serialise.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachEngine } from '../../helpers/app.js';
import { adjustment, conversionsClient, purchase } from '../../helpers/attribution.js';

forEachEngine('conversions under concurrency', (t) => {
  const { setup, send } = conversionsClient(t);

  it('50 identical purchases: one 201 and forty-nine 200s with the same ids', async () => {
    const { siteId, server } = await setup();
    const p = purchase(siteId);
    const all = await Promise.all(Array.from({ length: 50 }, () => send(server, { event_type: 'purchase', conversion: p })));
    const statuses = all.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 200).length, 49);
    assert.equal(new Set(all.map((r) => `${r.json().data.conversion_id}/${r.json().data.entry_id}`)).size, 1);
    const { rows } = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversion_entries WHERE site_id = $1', [siteId]);
    assert.equal(rows[0]!.n, 1);
  });

  it('50 purchases with one key and different payloads: one 201, the rest 409', async () => {
    const { siteId, server } = await setup();
    const key = 'shared-key';
    const bodies = Array.from({ length: 50 }, (_, i) =>
      purchase(siteId, { idempotency_key: key, order_id: i % 2 === 0 ? 'same-order' : `order-${i}`, shipping: (495 + i) / 100, revenue: (5243 + i) / 100 }),
    );
    const all = await Promise.all(bodies.map((p) => send(server, { event_type: 'purchase', conversion: p })));
    const statuses = all.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(all.filter((r) => r.statusCode !== 409 && r.statusCode !== 201).map((r) => r.body)));
    assert.equal(statuses.filter((s) => s === 409).length, 49);
    assert.ok(all.filter((r) => r.statusCode === 409).every((r) => ['idempotency_conflict', 'order_exists'].includes(r.json().error.code)));
    const { rows } = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversions WHERE site_id = $1', [siteId]);
    assert.equal(rows[0]!.n, 1, 'one order stored');
  });

  it('20 concurrent refunds that together exceed the revenue: the accepted ones never exceed it', async () => {
    const { siteId, server } = await setup();
    const p = purchase(siteId);
    assert.equal((await send(server, { event_type: 'purchase', conversion: p })).statusCode, 201);
    const refunds = Array.from({ length: 20 }, (_, i) =>
      adjustment(siteId, p.order_id as string, {
        revenue_delta: -5,
        commissionable_delta: -1,
        margin_delta: undefined,
        occurred_at: new Date(Date.parse('2026-11-21T00:00:00Z') + i * 1000).toISOString(),
      }),
    );
    const all = await Promise.all(refunds.map((a) => send(server, { event_type: 'adjustment', adjustment: JSON.parse(JSON.stringify(a)) })));
    const accepted = all.filter((r) => r.statusCode === 201).length;
    assert.ok(accepted >= 1 && accepted <= 10, `accepted ${accepted}`);
    assert.ok(all.every((r) => [201, 422].includes(r.statusCode)), JSON.stringify(all.map((r) => r.statusCode)));
    const { rows } = await t().database.db.query<{ net_revenue: number; sum: number; entries: number }>(
      `SELECT c.net_revenue::int AS net_revenue, (SELECT sum(revenue_delta)::int FROM conversion_entries e WHERE e.site_id = c.site_id AND e.order_id = c.order_id) AS sum, c.entries
         FROM conversions c WHERE c.site_id = $1`,
      [siteId],
    );
    const row = rows[0]!;
    assert.ok(row.net_revenue >= 0, `revenue ${row.net_revenue}`);
    assert.equal(row.net_revenue, row.sum, 'the state is the sum of the entries');
    assert.equal(row.net_revenue, 5243 - accepted * 500);
    assert.equal(row.entries, accepted + 1);
  });
});
