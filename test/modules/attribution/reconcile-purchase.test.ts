// Reconciliation rules, table-driven, in EUR (2 decimals), JPY (0) and KWD (3).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizePurchase } from '../../../src/modules/attribution/normalize-conversion.js';
import { reconcilePurchase } from '../../../src/modules/attribution/reconcile-purchase.js';
import type { PurchaseInput } from '../../../src/modules/attribution/conversion-schemas.js';
import {
  currencyDigits,
  decimalToString,
  fromMinorUnits,
  fromMinorUnitsOf,
  lineAmount,
  parseDecimalString,
  roundHalfUp,
  sum,
  toDecimal,
  toMinorUnits,
} from '../../../src/domain/money.js';

interface Case {
  currency: string;
  /** One unit of the currency's smallest step, in major units. */
  step: number;
  lines: { quantity: number; unit_price: number; subtotal: number; discount: number; commissionable_amount: number; item_cost: number }[];
  tax: number;
  shipping: number;
}

const CASES: Case[] = [
  {
    currency: 'EUR',
    step: 0.01,
    lines: [
      { quantity: 3, unit_price: 0.35, subtotal: 1.05, discount: 0.05, commissionable_amount: 1, item_cost: 0.1 },
      { quantity: 1.5, unit_price: 3.33, subtotal: 5, discount: 0, commissionable_amount: 4.5, item_cost: 1.01 }, // 4.995 → 5.00 half up
    ],
    tax: 1.2,
    shipping: 4.9,
  },
  {
    currency: 'JPY',
    step: 1,
    lines: [
      { quantity: 2, unit_price: 1980, subtotal: 3960, discount: 100, commissionable_amount: 3000, item_cost: 700 },
      { quantity: 0.5, unit_price: 999, subtotal: 500, discount: 0, commissionable_amount: 500, item_cost: 301 }, // 499.5 → 500
    ],
    tax: 396,
    shipping: 0,
  },
  {
    currency: 'KWD',
    step: 0.001,
    lines: [
      { quantity: 3, unit_price: 1.115, subtotal: 3.345, discount: 0.045, commissionable_amount: 3.3, item_cost: 0.5 },
      { quantity: 2.5, unit_price: 0.333, subtotal: 0.833, discount: 0, commissionable_amount: 0.8, item_cost: 0.101 }, // 0.8325 → 0.833
    ],
    tax: 0.25,
    shipping: 1.5,
  },
];

const digits = (c: Case) => currencyDigits(c.currency)!;
const major = (minor: number, c: Case) => fromMinorUnits(minor, digits(c));
const m = (v: number, c: Case) => toMinorUnits(v, digits(c))!;

function build(c: Case): PurchaseInput {
  const subtotal = sum(c.lines.map((l) => m(l.subtotal, c)));
  const discount = sum(c.lines.map((l) => m(l.discount, c)));
  const commissionable = sum(c.lines.map((l) => m(l.commissionable_amount, c)));
  const cost = sum(c.lines.map((l) => lineAmount(toDecimal(l.quantity)!, m(l.item_cost, c))));
  return {
    schema_version: 1,
    idempotency_key: 'k',
    website_id: 'site_test',
    order_id: 'o',
    occurred_at: '2026-11-20T10:00:00Z',
    currency: c.currency,
    revenue: major(subtotal - discount + m(c.tax, c) + m(c.shipping, c), c),
    commissionable_subtotal: major(commissionable, c),
    tax: c.tax,
    shipping: c.shipping,
    discount: major(discount, c),
    lines: c.lines.map((l, i) => ({ line_id: `l${i}`, ...l })),
    margin: { amount: major(subtotal - discount - cost, c), basis: 'exact', source: 'order_costs' },
  };
}

function violations(p: PurchaseInput): string[] {
  const n = normalizePurchase(p, '/conversion');
  assert.ok(n.ok, JSON.stringify(!n.ok && n.details));
  return reconcilePurchase(n.value).map((v) => `${v.code} ${v.path}`);
}

describe('money', () => {
  it('knows the decimals of each currency', () => {
    assert.deepEqual(['EUR', 'JPY', 'KWD', 'XAU', 'EURO', 'eur'].map(currencyDigits), [2, 0, 3, undefined, undefined, undefined]);
    for (const c of CASES) assert.equal(fromMinorUnits(1, digits(c)), c.step);
  });
  it('converts JSON numbers to minor units exactly, refusing extra decimals', () => {
    assert.equal(toMinorUnits(19.99, 2), 1999);
    assert.equal(toMinorUnits(0.1 + 0.2, 2), null, '0.30000000000000004 has more than 2 decimals');
    assert.equal(toMinorUnits(1.005, 2), null);
    assert.equal(toMinorUnits(1.5, 0), null);
    assert.equal(toMinorUnits(1980, 0), 1980);
    assert.equal(toMinorUnits(1.115, 3), 1115);
    assert.equal(toMinorUnits(1e-7, 3), null);
    assert.equal(toMinorUnits(2e21, 2), null);
    assert.equal(fromMinorUnits(1999, 2), 19.99);
    assert.equal(fromMinorUnits(-5, 3), -0.005);
    assert.equal(fromMinorUnits(7, 0), 7);
    assert.equal(fromMinorUnitsOf(12345, 'KWD'), 12.345);
    assert.equal(fromMinorUnitsOf(12345, 'JPY'), 12345);
  });
  it('writes quantities as exact decimal text and reads them back', () => {
    for (const [n, text] of [[1.5, '1.5'], [0.000001, '0.000001'], [-2.25, '-2.25'], [3, '3'], [1e6, '1000000']] as const) {
      assert.equal(decimalToString(toDecimal(n)!), text);
      assert.deepEqual(parseDecimalString(text), toDecimal(n));
    }
  });
  it('rounds half up (away from zero) in one place', () => {
    assert.equal(roundHalfUp(4995n, 10n), 500n);
    assert.equal(roundHalfUp(4994n, 10n), 499n);
    assert.equal(roundHalfUp(-4995n, 10n), -500n);
    assert.equal(lineAmount(toDecimal(1.5)!, 333), 500);
  });
});

for (const c of CASES) {
  describe(`reconciliation in ${c.currency}`, () => {
    it('accepts an order that reconciles exactly', () => {
      assert.deepEqual(violations(build(c)), []);
    });

    const offByOne: [string, (p: PurchaseInput) => void, string][] = [
      ['line subtotal', (p) => (p.lines[0]!.subtotal = p.lines[0]!.subtotal + c.step), 'line_subtotal /conversion/lines/0/subtotal'],
      ['rounded line subtotal', (p) => (p.lines[1]!.subtotal = major(m(p.lines[1]!.subtotal, c) - 1, c)), 'line_subtotal /conversion/lines/1/subtotal'],
      [
        'line commissionable',
        (p) => (p.lines[0]!.commissionable_amount = major(m(p.lines[0]!.subtotal, c) - m(p.lines[0]!.discount ?? 0, c) + 1, c)),
        'line_commissionable /conversion/lines/0/commissionable_amount',
      ],
      ['order discount', (p) => (p.discount = major(m(p.discount!, c) + 1, c)), 'order_discount /conversion/discount'],
      ['commissionable subtotal', (p) => (p.commissionable_subtotal = major(m(p.commissionable_subtotal, c) - 1, c)), 'order_commissionable_subtotal /conversion/commissionable_subtotal'],
      ['revenue', (p) => (p.revenue = major(m(p.revenue, c) + 1, c)), 'order_revenue /conversion/revenue'],
      ['margin', (p) => (p.margin!.amount = major(m(p.margin!.amount, c) - 1, c)), 'margin_amount /conversion/margin/amount'],
      ['missing cost', (p) => delete p.lines[1]!.item_cost, 'margin_costs /conversion/lines/1/item_cost'],
    ];
    for (const [name, mutate, expected] of offByOne) {
      it(`names the rule when ${name} is off by one minor unit`, () => {
        const p = build(c);
        mutate(p);
        assert.ok(violations(p).includes(expected), `${violations(p)}`);
      });
    }

    it('refuses amounts with more decimals than the currency has', () => {
      const p = build(c);
      p.tax = c.tax + c.step / 10;
      const n = normalizePurchase(p, '/conversion');
      assert.equal(n.ok, false);
      if (!n.ok) assert.deepEqual(n.details.map((d) => `${d.code} ${d.path}`), ['too_many_decimals /conversion/tax']);
    });
  });
}

describe('reconciliation without exact margin', () => {
  it('checks no costs when the margin basis is not exact, or there is no margin', () => {
    const p = build(CASES[0]!);
    p.lines.forEach((l) => delete l.item_cost);
    p.margin = { amount: 1, basis: 'estimated' };
    assert.deepEqual(violations(p), []);
    delete p.margin;
    assert.deepEqual(violations(p), []);
  });
});
