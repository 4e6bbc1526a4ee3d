// What the demo's public feed keeps of an event: the demo page's own properties of its type, as
// scalars, and its page URL only when it is the demo page of the demo site, without query.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoPageProperties, demoPageUrl } from '../../../src/modules/demo/feed-event.js';

const ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];

describe('demoPageUrl', () => {
  const cases: [string | null, string | null][] = [
    ['http://localhost:3000/demo', 'http://localhost:3000/demo'],
    ['http://127.0.0.1:3000/demo?product=trail-runner', 'http://127.0.0.1:3000/demo'],
    ['http://localhost:3000/demo?email=jane%40example.com#phone', 'http://localhost:3000/demo'],
    ['http://localhost:3000/demo/jane@example.com', null],
    ['http://localhost:3000/account', null],
    ['http://jane:secret@localhost:3000/demo', null],
    ['https://shop.example/demo', null],
    ['http://localhost:4000/demo', null],
    ['not a url', null],
    [null, null],
  ];
  for (const [sent, shown] of cases) it(`${sent} → ${shown}`, () => assert.equal(demoPageUrl(sent, ORIGINS), shown));
});

describe('demoPageProperties', () => {
  const traits = { email: 'jane@example.com', phone: '+33 6 12 34 56 78' };
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['page_view', { section: 'demo', traits, email: traits.email }, { section: 'demo' }],
    ['product_view', { product_id: 'trail-runner', product_name: 'Trail runner', product_price: 129, currency: 'EUR', traits }, { product_id: 'trail-runner', product_name: 'Trail runner', product_price: 129, currency: 'EUR' }],
    ['add_to_cart', { product_id: 'p', quantity: 1, user_id: 'u-1' }, { product_id: 'p', quantity: 1 }],
    ['overlay_submit', { overlay_id: 'o', campaign_id: 'c', email: traits.email }, { overlay_id: 'o', campaign_id: 'c' }],
    ['chatbot_message', { message: 'x'.repeat(300), intent_id: 'shipping', campaign_id: 'c' }, { message: 'x'.repeat(200), intent_id: 'shipping', campaign_id: 'c' }],
    // Only scalars: an object or array under an allowed key carries what the page never sent.
    ['product_view', { product_id: { traits }, product_price: Number.NaN, currency: ['EUR'] }, {}],
    // A property the page sends for another type is not this type's.
    ['page_view', { product_id: 'p', message: 'hi' }, {}],
    ['identify', { traits }, {}],
    ['purchase', { order_id: 'o-1', total: 10 }, {}],
  ];
  for (const [type, sent, shown] of cases) it(`${type} ${JSON.stringify(sent).slice(0, 60)}`, () => assert.deepEqual(demoPageProperties(type, sent), shown));
});
