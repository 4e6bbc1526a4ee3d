// The pure part of campaign analytics: attribution to answers, CTR, each order once, the ledger's
// word on revenue over the event's, which campaigns are listed and in what order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { campaignReport, orderRevenue, type CampaignActivity, type CampaignRow, type TrustedPurchase } from '../../../src/modules/analytics/campaign-figures.js';

const row = (campaignId: string, extra: Partial<CampaignRow> = {}): CampaignRow => ({ campaignId, name: campaignId, kind: 'recommendation', status: 'active', experimentId: null, ...extra });
const act = (campaignId: string, eventType: string, events: number, unattributed = 0): CampaignActivity => ({ campaignId, eventType, events, unattributed });
const buy = (orderId: string, p: Partial<TrustedPurchase> = {}): TrustedPurchase => ({ orderId, amount: 10, currency: 'EUR', ledger: null, ...p });

describe('orderRevenue', () => {
  const cases: { name: string; p: TrustedPurchase; want: { currency: string; minor: number } | null }[] = [
    { name: 'the event’s amount in its currency', p: buy('o', { amount: 19.99 }), want: { currency: 'EUR', minor: 1999 } },
    { name: 'a decimal string, rounded once half up', p: buy('o', { amount: '7.785' }), want: { currency: 'EUR', minor: 779 } },
    { name: 'a zero-decimal currency', p: buy('o', { amount: 1500, currency: 'JPY' }), want: { currency: 'JPY', minor: 1500 } },
    { name: 'a lower-case code', p: buy('o', { currency: 'eur' }), want: { currency: 'EUR', minor: 1000 } },
    { name: 'the ledger wins (net of a refund)', p: buy('o', { amount: 52.43, ledger: { currency: 'EUR', revenue: 4743 } }), want: { currency: 'EUR', minor: 4743 } },
    { name: 'a cancelled order is 0 in the ledger', p: buy('o', { ledger: { currency: 'EUR', revenue: 0 } }), want: { currency: 'EUR', minor: 0 } },
    { name: 'no currency: no value as money', p: buy('o', { currency: undefined }), want: null },
    { name: 'an unknown currency', p: buy('o', { currency: 'XYZ' }), want: null },
    { name: 'a negative amount', p: buy('o', { amount: -5 }), want: null },
    { name: 'an amount that is not one', p: buy('o', { amount: '12,50' }), want: null },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(orderRevenue(c.p), c.want));
});

describe('campaignReport', () => {
  it('counts attributed impressions and clicks, the rest apart; CTR; submissions; revenue per currency, each order once', () => {
    const report = campaignReport(
      [row('cmp_a', { experimentId: 'exp_1' }), row('cmp_b', { kind: 'overlay' })],
      [act('cmp_a', 'recommendation_impression', 10, 2), act('cmp_a', 'recommendation_click', 3, 1), act('cmp_b', 'overlay_impression', 4), act('cmp_b', 'overlay_click', 1), act('cmp_x', 'recommendation_impression', 5, 5)],
      [{ campaignId: 'cmp_a', addToCarts: 2, purchases: [buy('o1'), buy('o1'), buy('o2', { amount: 5, currency: 'USD' }), buy('o3', { currency: null })] }],
      new Map([['cmp_b', 3]]),
    );
    assert.deepEqual(report.unattributed, { impressions: 7, clicks: 1 });
    const [a, b] = report.campaigns;
    assert.equal(a!.campaignId, 'cmp_a');
    assert.deepEqual({ i: a!.impressions, c: a!.clicks, ctr: a!.ctr, carts: a!.addToCarts, orders: a!.orders, revenue: a!.revenue }, { i: 8, c: 2, ctr: 0.25, carts: 2, orders: 3, revenue: { EUR: 1000, USD: 500 } });
    assert.deepEqual(a!.experiment, { experimentId: 'exp_1', arm: 'treatment' });
    assert.deepEqual({ i: b!.impressions, c: b!.clicks, ctr: b!.ctr, s: b!.submissions, e: b!.experiment }, { i: 4, c: 1, ctr: 0.25, s: 3, e: null });
  });

  it('lists every campaign not archived, an archived one only with figures; most impressions first, then by id', () => {
    const report = campaignReport(
      [row('cmp_c'), row('cmp_a'), row('cmp_old', { status: 'archived' }), row('cmp_gone', { status: 'archived' }), row('cmp_b')],
      [act('cmp_b', 'recommendation_impression', 2), act('cmp_old', 'recommendation_impression', 1)],
      [],
      new Map(),
    );
    assert.deepEqual(report.campaigns.map((c) => c.campaignId), ['cmp_b', 'cmp_old', 'cmp_a', 'cmp_c']);
    assert.equal(report.campaigns[2]!.ctr, 0, 'no impressions: CTR 0');
  });

  it('laws: attributed plus unattributed is every event; CTR is clicks over impressions', () => {
    const activity = fc.array(
      fc.record({ campaignId: fc.constantFrom('cmp_a', 'cmp_b', 'cmp_z'), eventType: fc.constantFrom('recommendation_impression', 'recommendation_click'), events: fc.nat(50) }).chain((a) => fc.nat(a.events).map((unattributed) => ({ ...a, unattributed }))),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(activity, (acts) => {
        const r = campaignReport([row('cmp_a'), row('cmp_b')], acts, [], new Map());
        const total = (type: string) => acts.filter((a) => a.eventType === type && a.campaignId !== 'cmp_z').reduce((s, a) => s + a.events, 0);
        const unknown = (type: string) => acts.filter((a) => a.eventType === type && a.campaignId === 'cmp_z').reduce((s, a) => s + a.unattributed, 0);
        const sum = (f: (c: (typeof r.campaigns)[number]) => number) => r.campaigns.reduce((s, c) => s + f(c), 0);
        return (
          sum((c) => c.impressions) + r.unattributed.impressions - unknown('recommendation_impression') === total('recommendation_impression') &&
          sum((c) => c.clicks) + r.unattributed.clicks - unknown('recommendation_click') === total('recommendation_click') &&
          r.campaigns.every((c) => c.ctr === (c.impressions === 0 ? 0 : c.clicks / c.impressions))
        );
      }),
    );
  });
});
