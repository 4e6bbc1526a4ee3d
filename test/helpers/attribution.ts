// Payloads for partner attribution tests, and a client for the conversions route.
import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.js';

export const AWC = () => `12345_${Date.now()}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

export function touch(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schema_version: 1,
    touch_id: `t-${randomUUID()}`,
    provider: 'awin',
    direction: 'inbound',
    provider_click_id: AWC(),
    occurred_at: new Date(Date.now() - 60_000).toISOString(),
    provenance: 'browser_sdk',
    partner_id: 'p-42',
    landing_path: '/products/shoe',
    ...overrides,
  };
}

/** The fields every conversion object carries: a fresh idempotency key, the order, EUR. */
const common = (siteId: string, orderId: string, keyPrefix: string, occurredAt: string) => ({
  schema_version: 1,
  idempotency_key: `${keyPrefix}-${randomUUID()}`,
  website_id: siteId,
  order_id: orderId,
  occurred_at: occurredAt,
  currency: 'EUR',
});

/** A purchase of two EUR lines that reconciles: 2 × 19.99 and 1 × 5.00, 1.00 discount, 3.50 tax, 4.95 shipping. */
export function purchase(siteId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...common(siteId, `order-${randomUUID()}`, 'purchase', '2026-11-20T10:00:00.000Z'),
    revenue: 52.43, // 39.98 + 5.00 − 1.00 + 3.50 + 4.95
    commissionable_subtotal: 42.98, // 38.98 + 4.00
    tax: 3.5,
    shipping: 4.95,
    discount: 1,
    lines: [
      { line_id: 'l1', sku: 'SHOE', quantity: 2, unit_price: 19.99, subtotal: 39.98, discount: 1, commissionable_amount: 38.98, item_cost: 8 },
      { line_id: 'l2', sku: 'SOCK', quantity: 1, unit_price: 5, subtotal: 5, discount: 0, commissionable_amount: 4, item_cost: 1.25 },
    ],
    margin: { amount: 26.73, basis: 'exact', source: 'order_costs' }, // (44.98 − 1.00) − (16.00 + 1.25)
    ...overrides,
  };
}

export function adjustment(siteId: string, orderId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...common(siteId, orderId, 'adj', '2026-11-21T10:00:00.000Z'),
    reason: 'refund',
    revenue_delta: -5,
    commissionable_delta: -4,
    margin_delta: -3.75,
    ...overrides,
  };
}

export function cancellation(siteId: string, orderId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...common(siteId, orderId, 'cancel', '2026-11-22T10:00:00.000Z'),
    reason: 'customer_request',
    ...overrides,
  };
}

export const CONVERSIONS_URL = '/api/v1/partner-attribution/conversions';

/** A site with a secret key of every scope (`server` headers), and a sender of conversion requests. */
export function conversionsClient(t: () => TestApp) {
  return {
    async setup() {
      const site = await t().createSite();
      const key = await t().createKey(site.siteId);
      return { ...site, server: { 'x-api-key': key.apiKey } };
    },
    send: (headers: Record<string, string>, payload: unknown) => t().inject({ method: 'POST', url: CONVERSIONS_URL, headers, payload: payload as object }),
  };
}
