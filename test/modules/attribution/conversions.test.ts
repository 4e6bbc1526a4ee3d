// Trusted conversions and the ledger through inject(), on both engines (CONTRACT §4).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';
import { adjustment, cancellation, conversionsClient, CONVERSIONS_URL, purchase, touch } from '../../helpers/attribution.js';
import { event } from '../../helpers/events.js';

forEachEngine('conversions', (t) => {
  const { setup, send } = conversionsClient(t);
  const buy = (headers: Record<string, string>, p: Record<string, unknown>) => send(headers, { event_type: 'purchase', conversion: p });
  const adjust = (headers: Record<string, string>, a: Record<string, unknown>) => send(headers, { event_type: 'adjustment', adjustment: a });
  const cancel = (headers: Record<string, string>, c: Record<string, unknown>) => send(headers, { event_type: 'cancellation', cancellation: c });
  const ledger = async (siteId: string, orderId: string, user: string) =>
    t().inject({ method: 'GET', url: `${CONVERSIONS_URL}/${encodeURIComponent(orderId)}?website_id=${siteId}`, headers: bearer(await t().idToken(user)) });

  it('records a purchase, answers replays, and resolves touches that arrive later', async () => {
    const { siteId, server, member } = await setup();
    const browser = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
    const known = touch();
    await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/touches', headers: browser, payload: { touches: [known] } });
    const later = touch();
    const p = purchase(siteId, { touch_ids: [known.touch_id, later.touch_id], experiment_assignment_ids: ['asg-1'] });
    const res = await buy(server, p);
    assert.equal(res.statusCode, 201, res.body);
    const data = res.json().data;
    assert.equal(data.authoritative, true);
    assert.match(data.conversion_id, /^conv_/);
    assert.match(data.entry_id, /^ent_/);
    assert.deepEqual(data.unresolved_touch_ids, [later.touch_id]);
    assert.deepEqual(data.unresolved_assignment_ids, ['asg-1']);

    const replay = await buy(server, { ...p, lines: (p.lines as object[]).map((l) => ({ ...l })), revenue: 52.430 });
    assert.equal(replay.statusCode, 200);
    assert.deepEqual(replay.json().data, { deduplicated: true, conversion_id: data.conversion_id, entry_id: data.entry_id });

    const changed = await buy(server, { ...p, shipping: 5.95, revenue: 53.43 });
    assert.equal(changed.statusCode, 409);
    assert.equal(changed.json().error.code, 'idempotency_conflict');
    const otherKey = await buy(server, { ...p, idempotency_key: 'another-key' });
    assert.equal(otherKey.statusCode, 409);
    assert.equal(otherKey.json().error.code, 'order_exists');

    await t().inject({ method: 'POST', url: '/api/v1/partner-attribution/touches', headers: browser, payload: { touches: [later] } });
    const view = await ledger(siteId, p.order_id as string, member);
    assert.equal(view.statusCode, 200, view.body);
    assert.deepEqual(view.json().data.unresolved_touch_ids, []);
    assert.deepEqual(view.json().data.touch_ids.sort(), [known.touch_id, later.touch_id].sort());
  });

  it('appends adjustments and a terminal cancellation; the state is the sum of the entries', async () => {
    const { siteId, server, member } = await setup();
    const p = purchase(siteId);
    assert.equal((await buy(server, p)).statusCode, 201);
    const refund = adjustment(siteId, p.order_id as string);
    const adj = await adjust(server, refund);
    assert.equal(adj.statusCode, 201, adj.body);
    assert.deepEqual(
      { ...adj.json().data, conversion_id: undefined, entry_id: undefined },
      { conversion_id: undefined, entry_id: undefined, state: 'open', net_revenue: 47.43, net_commissionable: 38.98, net_margin: 22.98 },
    );
    const up = await adjust(server, adjustment(siteId, p.order_id as string, { reason: 'correction', revenue_delta: 0.07, commissionable_delta: 0, margin_delta: undefined, occurred_at: '2026-11-21T11:00:00Z' }));
    assert.equal(up.statusCode, 201, up.body);
    assert.equal(up.json().data.net_revenue, 47.5);

    const c = cancellation(siteId, p.order_id as string);
    const cancelled = await cancel(server, c);
    assert.equal(cancelled.statusCode, 201, cancelled.body);
    assert.deepEqual([cancelled.json().data.state, cancelled.json().data.net_revenue, cancelled.json().data.net_commissionable, cancelled.json().data.net_margin], ['cancelled', 0, 0, 0]);

    const after = await adjust(server, adjustment(siteId, p.order_id as string, { occurred_at: '2026-11-23T10:00:00Z' }));
    assert.equal(after.statusCode, 422);
    assert.equal(after.json().error.code, 'conversion_cancelled');
    const again = await cancel(server, cancellation(siteId, p.order_id as string, { occurred_at: '2026-11-23T10:00:00Z' }));
    assert.equal(again.json().error.code, 'conversion_cancelled');
    assert.equal((await adjust(server, refund)).statusCode, 200, 'a replay of an accepted adjustment is still 200 after the cancellation');
    assert.equal((await cancel(server, c)).statusCode, 200);
    assert.equal((await buy(server, p)).statusCode, 200);

    const view = (await ledger(siteId, p.order_id as string, member)).json().data;
    assert.equal(view.state, 'cancelled');
    assert.deepEqual(view.entries.map((e: { type: string }) => e.type), ['purchase', 'adjustment', 'adjustment', 'cancellation']);
    assert.deepEqual(view.entries.map((e: { revenue_delta: number }) => e.revenue_delta), [52.43, -5, 0.07, -47.5]);
    assert.deepEqual(view.entries.map((e: { margin_delta: number }) => e.margin_delta), [26.73, -3.75, 0, -22.98]);
    assert.deepEqual(view.entries.map((e: { reason?: string }) => e.reason), [undefined, 'refund', 'correction', 'customer_request']);
    assert.deepEqual([view.net_revenue, view.net_commissionable, view.net_margin, view.currency], [0, 0, 0, 'EUR']);
  });

  it('refuses adjustments that break the ledger rules with their codes', async () => {
    const { siteId, server } = await setup();
    const p = purchase(siteId);
    await buy(server, p);
    const o = p.order_id as string;
    const cases: [Record<string, unknown>, string][] = [
      [{ order_id: 'no-such-order' }, 'purchase_not_found'],
      [{ currency: 'USD' }, 'currency_mismatch'],
      [{ occurred_at: '2026-11-20T10:00:00.000Z' }, 'stale_source_timestamp'],
      [{ occurred_at: '2026-11-19T10:00:00.000Z' }, 'stale_source_timestamp'],
      [{ revenue_delta: -52.44 }, 'negative_revenue'],
      [{ commissionable_delta: -42.99 }, 'negative_revenue'],
      [{ lines: [{ line_id: 'l9', amount_delta: -1 }] }, 'reconciliation_failed'],
    ];
    for (const [override, code] of cases) {
      const res = await adjust(server, adjustment(siteId, o, override));
      assert.equal(res.statusCode, 422, `${JSON.stringify(override)}: ${res.body}`);
      assert.equal(res.json().error.code, code, JSON.stringify(override));
    }
    const exact = await adjust(server, adjustment(siteId, o, { revenue_delta: -52.43, commissionable_delta: -42.98, margin_delta: -26.73 }));
    assert.equal(exact.statusCode, 201, 'down to exactly zero is allowed');
    const cancelBefore = await cancel(server, cancellation(siteId, o, { occurred_at: '2026-11-20T09:00:00Z' }));
    assert.equal(cancelBefore.json().error.code, 'stale_source_timestamp');
    const cancelOther = await cancel(server, cancellation(siteId, o, { currency: 'GBP' }));
    assert.equal(cancelOther.json().error.code, 'currency_mismatch');
  });

  it('refuses bad envelopes, amounts and credentials', async () => {
    const { siteId, server } = await setup();
    const p = purchase(siteId);
    const cases: [unknown, number, string][] = [
      [{ event_type: 'purchase' }, 400, '/conversion'],
      [{ event_type: 'purchase', conversion: p, adjustment: adjustment(siteId, 'x') }, 400, '/adjustment'],
      [{ event_type: 'adjustment', conversion: p }, 400, '/conversion'],
      [{ event_type: 'refund', conversion: p }, 400, '/event_type'],
      [{ event_type: 'purchase', conversion: { ...p, schema_version: 2 } }, 400, '/conversion/schema_version'],
      [{ event_type: 'purchase', conversion: { ...p, tax: 3.505 } }, 400, '/conversion/tax'],
      [{ event_type: 'purchase', conversion: { ...p, currency: 'EURO' } }, 400, '/conversion/currency'],
      [{ event_type: 'purchase', conversion: { ...p, currency: 'XYZ' } }, 400, '/conversion/currency'],
      [{ event_type: 'purchase', conversion: { ...p, revenue: -1 } }, 400, '/conversion/revenue'],
      [{ event_type: 'purchase', conversion: { ...p, lines: [] } }, 400, '/conversion/lines'],
      [{ event_type: 'purchase', conversion: { ...p, lines: [{ ...(p.lines as object[])[0], quantity: 0 }] } }, 400, '/conversion/lines/0/quantity'],
      [{ event_type: 'purchase', conversion: { ...p, revenue: 52.44 } }, 422, '/conversion/revenue'],
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, 'x', { revenue_delta: 0 }) }, 400, '/adjustment/revenue_delta'],
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, 'x', { reason: 'whim' }) }, 400, '/adjustment/reason'],
      [{ event_type: 'cancellation', cancellation: cancellation(siteId, 'x', { reason: undefined }) }, 400, '/cancellation/reason'],
      // Found by test/http/fuzz.test.ts: site access reads event_type before the schema, and an object
      // whose toString is not a function cannot become a property key (it was a 500).
      [{ event_type: { toString: { prototype: { x: 1 } } }, cancellation: cancellation(siteId, 'x') }, 400, '/event_type'],
      [{ event_type: 'toString', conversion: p }, 400, '/event_type'],
      [{ event_type: 'constructor', conversion: p }, 400, '/event_type'],
    ];
    for (const [body, status, path] of cases) {
      const payload = JSON.parse(JSON.stringify(body));
      const res = await send(server, payload);
      assert.equal(res.statusCode, status, `${path}: ${res.body}`);
      assert.ok(res.json().error.details?.some((d: { path: string }) => d.path === path), `${path}: ${res.body}`);
    }
    const other = await t().createSite();
    const wrongSite = await buy(server, purchase(other.siteId));
    assert.equal(wrongSite.statusCode, 403);
    const noScope = await t().createKey(siteId, ['events:write']);
    const scoped = await buy({ 'x-api-key': noScope.apiKey }, purchase(siteId));
    assert.equal(scoped.statusCode, 403);
    assert.equal(scoped.json().error.code, 'insufficient_scope');
    const browser = await buy({ ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN }, purchase(siteId));
    assert.equal(browser.statusCode, 401, 'browsers cannot send trusted conversions');
    const { rows } = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversions WHERE site_id = $1', [siteId]);
    assert.equal(rows[0]!.n, 0, 'nothing stored');
  });

  it('never lets a browser purchase event create or change a conversion', async () => {
    const { siteId, server } = await setup();
    const p = purchase(siteId);
    await buy(server, p);
    const browser = { ...bearer(await t().runtimeToken(siteId)), origin: ORIGIN };
    const observed = await t().inject({
      method: 'POST',
      url: '/api/v1/events/track',
      headers: browser,
      payload: event('purchase', { properties: { order_id: p.order_id, total: 9999 } }),
    });
    assert.equal(observed.statusCode, 201);
    const other = await t().inject({ method: 'POST', url: '/api/v1/events/track', headers: browser, payload: event('purchase', { properties: { order_id: 'browser-only', revenue: 5 } }) });
    assert.equal(other.statusCode, 201);
    const { rows } = await t().database.db.query<{ order_id: string; net_revenue: number; entries: number }>(
      'SELECT order_id, net_revenue, entries FROM conversions WHERE site_id = $1',
      [siteId],
    );
    assert.deepEqual(rows.map((r) => [r.order_id, Number(r.net_revenue), r.entries]), [[p.order_id, 5243, 1]]);
  });

  it('shows the ledger to members of the site only', async () => {
    const { siteId, server, member } = await setup();
    const p = purchase(siteId);
    await buy(server, p);
    assert.equal((await ledger(siteId, p.order_id as string, member)).statusCode, 200);
    assert.equal((await ledger(siteId, p.order_id as string, 'stranger')).statusCode, 403);
    assert.equal((await ledger(siteId, 'no-such-order', member)).statusCode, 404);
    const noSite = await t().inject({ method: 'GET', url: `${CONVERSIONS_URL}/x`, headers: bearer(await t().idToken(member)) });
    assert.equal(noSite.statusCode, 400, 'website_id is required');
  });

  it('keeps exact amounts in JPY and KWD', async () => {
    const { siteId, server, member } = await setup();
    const jpy = purchase(siteId, {
      currency: 'JPY',
      revenue: 4356,
      commissionable_subtotal: 3000,
      tax: 396,
      shipping: 0,
      discount: 0,
      lines: [{ line_id: 'a', quantity: 2, unit_price: 1980, subtotal: 3960, commissionable_amount: 3000 }],
      margin: undefined,
    });
    const r = await buy(server, JSON.parse(JSON.stringify(jpy)));
    assert.equal(r.statusCode, 201, r.body);
    const yenDecimals = await adjust(server, adjustment(siteId, jpy.order_id as string, { currency: 'JPY', revenue_delta: -0.5, commissionable_delta: 0, margin_delta: undefined }));
    assert.equal(yenDecimals.statusCode, 400, 'JPY has no decimals');
    const kwd = purchase(siteId, {
      currency: 'KWD',
      revenue: 3.595,
      commissionable_subtotal: 3.3,
      tax: 0.25,
      shipping: 0,
      discount: 0,
      lines: [{ line_id: 'a', quantity: 3, unit_price: 1.115, subtotal: 3.345, commissionable_amount: 3.3 }],
      margin: undefined,
    });
    assert.equal((await buy(server, JSON.parse(JSON.stringify(kwd)))).statusCode, 201);
    const fils = await adjust(server, adjustment(siteId, kwd.order_id as string, { currency: 'KWD', revenue_delta: -0.001, commissionable_delta: -0.001, margin_delta: undefined }));
    assert.equal(fils.statusCode, 201, fils.body);
    assert.equal(fils.json().data.net_revenue, 3.594);
    const view = (await ledger(siteId, kwd.order_id as string, member)).json().data;
    assert.equal(view.net_margin, null);
    assert.deepEqual(view.entries.map((e: { revenue_delta: number }) => e.revenue_delta), [3.595, -0.001]);
  });
});
