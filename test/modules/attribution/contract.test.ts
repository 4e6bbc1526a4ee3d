// CONTRACT §4 points not checked elsewhere: each reconciliation rule over HTTP (422
// reconciliation_failed naming the rule) in EUR, JPY and KWD, too many decimals per currency (400),
// every non-negative amount as a schema rule, idempotency and order_exists scoped by site, changed
// replays of adjustments and cancellations, keys reused across request types, a cancellation with no
// purchase, schema_version on every object, touch required fields, several conflicts named at once,
// a touch of another site left unresolved, and the shape of the ledger view.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bearer, forEachEngine, ORIGIN } from '../../helpers/app.js';
import { adjustment, cancellation, purchase, touch } from '../../helpers/attribution.js';

const URL_ = '/api/v1/partner-attribution/conversions';
const TOUCHES = '/api/v1/partner-attribution/touches';
type Obj = Record<string, any>;

const DIGITS: Record<string, number> = { EUR: 2, JPY: 0, KWD: 3 };
/** Adds `units` minor units to a major amount without float drift. */
const plus = (amount: number, units: number, currency: string) => {
  const scale = 10 ** DIGITS[currency]!;
  return (Math.round(amount * scale) + units) / scale;
};

/** A purchase in each currency that reconciles exactly, with an exact margin. */
function reconciling(siteId: string, currency: string): Obj {
  if (currency === 'EUR') return purchase(siteId);
  if (currency === 'JPY') {
    // lines 3960 + 500; discount 100; revenue 4360 + 396 tax; margin 4360 − (2 × 700 + 300)
    return purchase(siteId, {
      currency: 'JPY',
      revenue: 4756,
      commissionable_subtotal: 3500,
      tax: 396,
      shipping: 0,
      discount: 100,
      lines: [
        { line_id: 'l1', sku: 'A', quantity: 2, unit_price: 1980, subtotal: 3960, discount: 100, commissionable_amount: 3000, item_cost: 700 },
        { line_id: 'l2', sku: 'B', quantity: 1, unit_price: 500, subtotal: 500, discount: 0, commissionable_amount: 500, item_cost: 300 },
      ],
      margin: { amount: 2660, basis: 'exact', source: 'order_costs' },
    });
  }
  // KWD: lines 3.345 + 0.250; discount 0.045; revenue 3.550 + 0.250 + 1.500; margin 3.550 − (1.500 + 0.100)
  return purchase(siteId, {
    currency: 'KWD',
    revenue: 5.3,
    commissionable_subtotal: 3.5,
    tax: 0.25,
    shipping: 1.5,
    discount: 0.045,
    lines: [
      { line_id: 'l1', sku: 'A', quantity: 3, unit_price: 1.115, subtotal: 3.345, discount: 0.045, commissionable_amount: 3.3, item_cost: 0.5 },
      { line_id: 'l2', sku: 'B', quantity: 1, unit_price: 0.25, subtotal: 0.25, discount: 0, commissionable_amount: 0.2, item_cost: 0.1 },
    ],
    margin: { amount: 1.95, basis: 'exact', source: 'order_costs' },
  });
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

forEachEngine('contract §4 partner attribution', (t) => {
  const setup = async () => {
    const site = await t().createSite();
    const key = await t().createKey(site.siteId);
    return { ...site, server: { 'x-api-key': key.apiKey }, browser: { ...bearer(await t().runtimeToken(site.siteId)), origin: ORIGIN } };
  };
  const send = (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: URL_, headers, payload: payload as object });
  const buy = (headers: Record<string, string>, p: Obj) => send(headers, { event_type: 'purchase', conversion: p });
  const adjust = (headers: Record<string, string>, a: Obj) => send(headers, { event_type: 'adjustment', adjustment: a });
  const cancel = (headers: Record<string, string>, c: Obj) => send(headers, { event_type: 'cancellation', cancellation: c });
  const conversions = async (siteId: string) =>
    (await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversions WHERE site_id = $1', [siteId])).rows[0]!.n;

  for (const currency of ['EUR', 'JPY', 'KWD']) {
    it(`names each reconciliation rule with 422 reconciliation_failed, in ${currency}`, async () => {
      const { siteId, server } = await setup();
      const ok = await buy(server, reconciling(siteId, currency));
      assert.equal(ok.statusCode, 201, `the reference order reconciles: ${ok.body}`);
      const cases: [string, (p: Obj) => void, string][] = [
        ['line_subtotal', (p) => (p.lines[0].subtotal = plus(p.lines[0].subtotal, 1, currency)), '/conversion/lines/0/subtotal'],
        ['line_commissionable', (p) => (p.lines[1].commissionable_amount = plus(p.lines[1].subtotal, 1, currency)), '/conversion/lines/1/commissionable_amount'],
        ['order_discount', (p) => (p.discount = plus(p.discount, 1, currency)), '/conversion/discount'],
        ['order_commissionable_subtotal', (p) => (p.commissionable_subtotal = plus(p.commissionable_subtotal, -1, currency)), '/conversion/commissionable_subtotal'],
        ['order_revenue', (p) => (p.revenue = plus(p.revenue, 1, currency)), '/conversion/revenue'],
        ['margin_costs', (p) => delete p.lines[1].item_cost, '/conversion/lines/1/item_cost'],
        ['margin_amount', (p) => (p.margin.amount = plus(p.margin.amount, -1, currency)), '/conversion/margin/amount'],
      ];
      for (const [rule, mutate, path] of cases) {
        const p = clone(reconciling(siteId, currency));
        mutate(p);
        const res = await buy(server, p);
        assert.equal(res.statusCode, 422, `${rule}: ${res.body}`);
        assert.equal(res.json().error.code, 'reconciliation_failed', rule);
        assert.ok(
          res.json().error.details.some((d: { code: string; path: string }) => d.code === rule && d.path === path),
          `${rule} at ${path}: ${JSON.stringify(res.json().error.details)}`,
        );
      }
      // One minor unit too many decimals, on each kind of amount: 400, not 422.
      const tooPrecise: [string, (p: Obj) => void, string][] = [
        ['tax', (p) => (p.tax = p.tax + 10 ** -(DIGITS[currency]! + 1)), '/conversion/tax'],
        ['unit_price', (p) => (p.lines[0].unit_price = p.lines[0].unit_price + 10 ** -(DIGITS[currency]! + 1)), '/conversion/lines/0/unit_price'],
        ['margin', (p) => (p.margin.amount = p.margin.amount + 10 ** -(DIGITS[currency]! + 1)), '/conversion/margin/amount'],
      ];
      for (const [name, mutate, path] of tooPrecise) {
        const p = clone(reconciling(siteId, currency));
        mutate(p);
        const res = await buy(server, p);
        assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
        assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), `${name}: ${res.body}`);
      }
      assert.equal(await conversions(siteId), 1, 'nothing stored from the refused requests');
    });
  }

  it('refuses negative amounts as schema rules (400) wherever they cannot be negative', async () => {
    const { siteId, server } = await setup();
    const cases: [string, (p: Obj) => void, string][] = [
      ['quantity', (p) => (p.lines[0].quantity = -1), '/conversion/lines/0/quantity'],
      ['unit_price', (p) => (p.lines[0].unit_price = -19.99), '/conversion/lines/0/unit_price'],
      ['line subtotal', (p) => (p.lines[0].subtotal = -39.98), '/conversion/lines/0/subtotal'],
      ['line discount', (p) => (p.lines[0].discount = -1), '/conversion/lines/0/discount'],
      ['line commissionable', (p) => (p.lines[0].commissionable_amount = -1), '/conversion/lines/0/commissionable_amount'],
      ['item_cost', (p) => (p.lines[0].item_cost = -8), '/conversion/lines/0/item_cost'],
      ['tax', (p) => (p.tax = -3.5), '/conversion/tax'],
      ['shipping', (p) => (p.shipping = -4.95), '/conversion/shipping'],
      ['discount', (p) => (p.discount = -1), '/conversion/discount'],
      ['commissionable_subtotal', (p) => (p.commissionable_subtotal = -42.98), '/conversion/commissionable_subtotal'],
      ['revenue', (p) => (p.revenue = -52.43), '/conversion/revenue'],
    ];
    for (const [name, mutate, path] of cases) {
      const p = clone(purchase(siteId));
      mutate(p);
      const res = await buy(server, p);
      assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
      assert.equal(res.json().error.code, 'validation_failed');
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path === path), `${name}: ${res.body}`);
    }
    assert.equal(await conversions(siteId), 0);
  });

  it('scopes idempotency keys and order ids by site', async () => {
    const a = await setup();
    const b = await setup();
    const shared = { idempotency_key: 'erp-1', order_id: 'ORDER-1' };
    const inA = await buy(a.server, purchase(a.siteId, shared));
    const inB = await buy(b.server, purchase(b.siteId, shared));
    assert.equal(inA.statusCode, 201, inA.body);
    assert.equal(inB.statusCode, 201, `the same key and order on another site: ${inB.body}`);
    assert.notEqual(inA.json().data.conversion_id, inB.json().data.conversion_id);
    const orderAgainInB = await buy(b.server, purchase(b.siteId, { order_id: 'ORDER-2' }));
    assert.equal(orderAgainInB.statusCode, 201);
    const orderExists = await buy(b.server, purchase(b.siteId, { order_id: 'ORDER-1', idempotency_key: 'erp-2' }));
    assert.equal(orderExists.statusCode, 409);
    assert.equal(orderExists.json().error.code, 'order_exists');
  });

  it('answers changed replays of adjustments and cancellations with 409 idempotency_conflict, and keys are shared across types', async () => {
    const { siteId, server } = await setup();
    const p = purchase(siteId);
    assert.equal((await buy(server, p)).statusCode, 201);
    const o = p.order_id as string;
    const refund = adjustment(siteId, o);
    const first = await adjust(server, refund);
    assert.equal(first.statusCode, 201, first.body);
    const same = await adjust(server, clone(refund));
    assert.equal(same.statusCode, 200);
    assert.deepEqual(same.json().data, { deduplicated: true, conversion_id: first.json().data.conversion_id, entry_id: first.json().data.entry_id });
    const changed = await adjust(server, { ...refund, revenue_delta: -6 });
    assert.equal(changed.statusCode, 409, changed.body);
    assert.equal(changed.json().error.code, 'idempotency_conflict');
    const purchaseKeyAsAdjustment = await adjust(server, adjustment(siteId, o, { idempotency_key: p.idempotency_key, occurred_at: '2026-11-21T12:00:00Z' }));
    assert.equal(purchaseKeyAsAdjustment.statusCode, 409, purchaseKeyAsAdjustment.body);
    assert.equal(purchaseKeyAsAdjustment.json().error.code, 'idempotency_conflict');
    const adjustmentKeyAsCancellation = await cancel(server, cancellation(siteId, o, { idempotency_key: refund.idempotency_key }));
    assert.equal(adjustmentKeyAsCancellation.statusCode, 409);
    assert.equal(adjustmentKeyAsCancellation.json().error.code, 'idempotency_conflict');

    const c = cancellation(siteId, o);
    const cancelled = await cancel(server, c);
    assert.equal(cancelled.statusCode, 201, cancelled.body);
    assert.equal(cancelled.json().data.state, 'cancelled');
    const cancelChanged = await cancel(server, { ...c, reason: 'fraud' });
    assert.equal(cancelChanged.statusCode, 409, `idempotency comes first, even on a cancelled order: ${cancelChanged.body}`);
    assert.equal(cancelChanged.json().error.code, 'idempotency_conflict');
    const { rows } = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversion_entries WHERE site_id = $1', [siteId]);
    assert.equal(rows[0]!.n, 3, 'purchase, refund, cancellation');
  });

  it('refuses a cancellation with no purchase (422 purchase_not_found) and a cancellation of another site’s order', async () => {
    const a = await setup();
    const none = await cancel(a.server, cancellation(a.siteId, 'never-bought'));
    assert.equal(none.statusCode, 422, none.body);
    assert.equal(none.json().error.code, 'purchase_not_found');
    const b = await setup();
    const p = purchase(b.siteId);
    assert.equal((await buy(b.server, p)).statusCode, 201);
    const foreign = await cancel(a.server, cancellation(a.siteId, p.order_id as string));
    assert.equal(foreign.statusCode, 422, 'site A sees no purchase of site B');
    assert.equal(foreign.json().error.code, 'purchase_not_found');
    const foreignWebsite = await cancel(a.server, cancellation(b.siteId, p.order_id as string));
    assert.equal(foreignWebsite.statusCode, 403, 'website_id of another site');
    const foreignAdjust = await adjust(a.server, adjustment(b.siteId, p.order_id as string));
    assert.equal(foreignAdjust.statusCode, 403);
  });

  it('requires schema_version 1 and the named fields on adjustments and cancellations', async () => {
    const { siteId, server } = await setup();
    const p = purchase(siteId);
    await buy(server, p);
    const o = p.order_id as string;
    const cases: [unknown, string][] = [
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, o, { schema_version: 2 }) }, '/adjustment/schema_version'],
      [{ event_type: 'cancellation', cancellation: cancellation(siteId, o, { schema_version: 0 }) }, '/cancellation/schema_version'],
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, o, { idempotency_key: undefined }) }, '/adjustment/idempotency_key'],
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, o, { currency: undefined }) }, '/adjustment/currency'],
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, o, { revenue_delta: undefined }) }, '/adjustment/revenue_delta'],
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, o, { occurred_at: 'tomorrow' }) }, '/adjustment/occurred_at'],
      [{ event_type: 'adjustment', adjustment: adjustment(siteId, o, { revenue_delta: -5.001 }) }, '/adjustment/revenue_delta'],
      [{ event_type: 'cancellation', cancellation: cancellation(siteId, o, { reason: 'refund' }) }, '/cancellation/reason'],
      [{ event_type: 'cancellation', cancellation: cancellation(siteId, o, { order_id: undefined }) }, '/cancellation/order_id'],
      [{ event_type: 'cancellation', adjustment: adjustment(siteId, o) }, '/cancellation'],
      [{ conversion: purchase(siteId) }, '/event_type'],
    ];
    for (const [body, path] of cases) {
      const res = await send(server, clone(body));
      assert.equal(res.statusCode, 400, `${path}: ${res.body}`);
      assert.ok(res.json().error.details?.some((d: { path: string }) => d.path === path), `${path}: ${res.body}`);
    }
    const { rows } = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversion_entries WHERE site_id = $1', [siteId]);
    assert.equal(rows[0]!.n, 1);
  });

  it('requires every touch field of the contract, takes the optional ones, and names every conflicting touch', async () => {
    const { siteId, browser } = await setup();
    const post = (payload: unknown) => t().inject({ method: 'POST', url: TOUCHES, headers: browser, payload: payload as object });
    for (const field of ['schema_version', 'touch_id', 'provider', 'direction', 'provider_click_id', 'occurred_at', 'provenance']) {
      const body = touch();
      delete body[field];
      const res = await post({ touches: [body] });
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.ok(res.json().error.details.some((d: { path: string }) => d.path === `/touches/0/${field}`), `${field}: ${res.body}`);
    }
    for (const [field, bad] of [['partner_id', ''], ['session_id', ''], ['landing_path', 'products/shoe'], ['landing_path', '/p#frag']] as const) {
      const res = await post({ touches: [touch({ [field]: bad })] });
      assert.equal(res.statusCode, 400, `${field}=${JSON.stringify(bad)}: ${res.body}`);
    }
    const a = touch({ session_id: 'sess-9', provenance: 'native_sdk' });
    const b = touch({ provider: 'cj', provider_click_id: 'A'.repeat(128), provenance: 'custom_runtime', partner_id: undefined, landing_path: undefined });
    delete b.partner_id;
    delete b.landing_path;
    const ok = await post({ touches: [a, b] });
    assert.equal(ok.statusCode, 201, ok.body);
    const conflict = await post({ touches: [{ ...a, session_id: 'sess-10' }, touch(), { ...b, occurred_at: new Date(Date.now() - 5_000).toISOString() }] });
    assert.equal(conflict.statusCode, 409, conflict.body);
    assert.equal(conflict.json().error.code, 'touch_conflict');
    assert.deepEqual(conflict.json().error.details.map((d: { path: string }) => d.path), ['/touches/0/touch_id', '/touches/2/touch_id']);
    const messages = conflict.json().error.details.map((d: { message: string }) => d.message).join('\n');
    assert.ok(messages.includes(a.touch_id as string) && messages.includes(b.touch_id as string), messages);
    const { rows } = await t().database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM touches WHERE site_id = $1', [siteId]);
    assert.equal(rows[0]!.n, 2, 'all or nothing');
  });

  it('leaves another site’s touch unresolved in a purchase', async () => {
    const a = await setup();
    const b = await setup();
    const theirs = touch();
    assert.equal((await t().inject({ method: 'POST', url: TOUCHES, headers: b.browser, payload: { touches: [theirs] } })).statusCode, 201);
    const mine = touch();
    assert.equal((await t().inject({ method: 'POST', url: TOUCHES, headers: a.browser, payload: { touches: [mine] } })).statusCode, 201);
    const p = purchase(a.siteId, { touch_ids: [mine.touch_id, theirs.touch_id] });
    const res = await buy(a.server, p);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.unresolved_touch_ids, [theirs.touch_id]);
    const view = await t().inject({ method: 'GET', url: `${URL_}/${p.order_id}?website_id=${a.siteId}`, headers: bearer(await t().idToken(a.member)) });
    assert.deepEqual(view.json().data.unresolved_touch_ids, [theirs.touch_id]);
  });

  it('shows the ledger view with the contract’s fields, entries in order, purchase first', async () => {
    const { siteId, server, member } = await setup();
    const p = purchase(siteId, { experiment_assignment_ids: ['asg-x'], touch_ids: ['t-x'] });
    assert.equal((await buy(server, p)).statusCode, 201);
    assert.equal((await adjust(server, adjustment(siteId, p.order_id as string))).statusCode, 201);
    const res = await t().inject({ method: 'GET', url: `${URL_}/${p.order_id}?website_id=${siteId}`, headers: bearer(await t().idToken(member)) });
    assert.equal(res.statusCode, 200, res.body);
    const v = res.json().data;
    for (const field of ['order_id', 'currency', 'state', 'net_revenue', 'net_commissionable', 'net_margin', 'touch_ids', 'assignment_ids', 'entries']) {
      assert.ok(field in v, `${field} missing: ${Object.keys(v)}`);
    }
    assert.deepEqual([v.order_id, v.currency, v.state, v.net_revenue, v.net_commissionable, v.net_margin], [p.order_id, 'EUR', 'open', 47.43, 38.98, 22.98]);
    assert.deepEqual(v.touch_ids, ['t-x']);
    assert.deepEqual(v.assignment_ids, ['asg-x']);
    assert.deepEqual(v.entries.map((e: { type: string }) => e.type), ['purchase', 'adjustment']);
    for (const e of v.entries) {
      for (const field of ['entry_id', 'type', 'occurred_at', 'received_at', 'revenue_delta', 'commissionable_delta', 'margin_delta']) assert.ok(field in e, `entry.${field}`);
      assert.match(e.occurred_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.match(e.received_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    assert.deepEqual(v.entries.map((e: { revenue_delta: number; commissionable_delta: number }) => [e.revenue_delta, e.commissionable_delta]), [[52.43, 42.98], [-5, -4]]);
    assert.equal(v.entries[1].reason, 'refund');
  });
});
