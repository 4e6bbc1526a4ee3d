// Request examples of the OpenAPI document, by operationId: each validates against its operation's
// body schema and, sent with a credential the operation accepts (and the example site id replaced
// by a real one), is accepted (test/plugins/openapi-examples.test.ts does both). Several examples of
// one operation are named; one is the media type's `example`.

/** The site id every example uses (the SiteId schema's own example). */
export const EXAMPLE_SITE_ID = 'site_4Tq9Zr2LmXc8VbN1wKp3';
/** The campaign id the submission example names (the overlay of the createCampaign example, once created). */
export const EXAMPLE_CAMPAIGN_ID = 'cmp_3Kq8Zt1VbN7x';

const SITE = EXAMPLE_SITE_ID;
const CONTEXT = { page_url: 'https://shop.example/products/trail-shoe', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' };
const CONVERSION_COMMON = { schema_version: 1, website_id: SITE, order_id: 'order-10045', currency: 'EUR' };

type Example = { summary: string; value: unknown };

export const REQUEST_EXAMPLES: Record<string, Record<string, Example>> = {
  signInLocally: { demo: { summary: 'Sign in as the demo site’s owner (local issuer on)', value: { user: 'demo' } } },
  createRuntimeToken: { token: { summary: 'A storefront page asks for its token', value: { site_id: SITE } } },
  createSite: {
    site: { summary: 'A shop with two origins', value: { name: 'Trail Shop', origins: ['https://shop.example', 'https://www.shop.example'], publisher_mode: false } },
  },
  updateSite: { rename: { summary: 'Rename the site', value: { name: 'Trail Shop Europe' } } },
  putMember: { member: { summary: 'Add a colleague as a member', value: { user: 'user-7f3a9c', role: 'member' } } },
  createApiKey: {
    key: {
      summary: 'A key for the order backend',
      value: { name: 'order backend', scopes: ['events:write', 'partner_attribution:convert'], rate_limit_per_hour: 10000 },
    },
  },
  trackEvent: {
    productView: {
      summary: 'A product view',
      value: { event_type: 'product_view', session_id: 'sess-5c1d7e', client_event_id: 'ce-5c1d7e-1', properties: { product_id: 'trail-shoe-42' }, context: CONTEXT },
    },
  },
  trackEvents: {
    batch: {
      summary: 'A page view and an add-to-cart',
      value: {
        events: [
          { event_type: 'page_view', session_id: 'sess-5c1d7e', client_event_id: 'ce-5c1d7e-2', context: CONTEXT },
          { event_type: 'add_to_cart', session_id: 'sess-5c1d7e', client_event_id: 'ce-5c1d7e-3', properties: { product_id: 'trail-shoe-42', quantity: 1 }, context: CONTEXT },
        ],
      },
    },
  },
  recordTouches: {
    touch: {
      summary: 'An Awin click landing on the shop',
      value: {
        touches: [
          {
            schema_version: 1,
            touch_id: 'touch-8e2b41',
            provider: 'awin',
            direction: 'inbound',
            provider_click_id: '1001_1732521600_8e2b41c9d0f7a6b5',
            occurred_at: '2026-11-20T09:58:00.000Z',
            provenance: 'browser_sdk',
            partner_id: 'p-42',
            landing_path: '/products/trail-shoe',
          },
        ],
      },
    },
  },
  recordConversion: {
    purchase: {
      summary: 'A purchase of two lines',
      value: {
        event_type: 'purchase',
        conversion: {
          ...CONVERSION_COMMON,
          idempotency_key: 'purchase-order-10045',
          occurred_at: '2026-11-20T10:00:00.000Z',
          revenue: 52.43,
          commissionable_subtotal: 42.98,
          tax: 3.5,
          shipping: 4.95,
          discount: 1,
          lines: [
            { line_id: 'l1', sku: 'SHOE', quantity: 2, unit_price: 19.99, subtotal: 39.98, discount: 1, commissionable_amount: 38.98 },
            { line_id: 'l2', sku: 'SOCK', quantity: 1, unit_price: 5, subtotal: 5, discount: 0, commissionable_amount: 4 },
          ],
          touch_ids: ['touch-8e2b41'],
        },
      },
    },
    adjustment: {
      summary: 'A partial refund of that order',
      value: {
        event_type: 'adjustment',
        adjustment: { ...CONVERSION_COMMON, idempotency_key: 'refund-order-10045-1', occurred_at: '2026-11-21T10:00:00.000Z', reason: 'refund', revenue_delta: -5, commissionable_delta: -4 },
      },
    },
    cancellation: {
      summary: 'The order is cancelled',
      value: {
        event_type: 'cancellation',
        cancellation: { ...CONVERSION_COMMON, idempotency_key: 'cancel-order-10045', occurred_at: '2026-11-22T10:00:00.000Z', reason: 'customer_request' },
      },
    },
  },
  createExperiment: {
    experiment: {
      summary: 'Does the exit overlay lift revenue?',
      value: {
        website_id: SITE,
        name: 'Exit overlay',
        hypothesis: 'An exit overlay with a discount lifts revenue per session',
        surfaces: [{ type: 'overlay', campaign_id: 'cmp-exit-overlay' }],
        weights: { control: 0.5, treatment: 0.5 },
        conversion_window_days: 7,
        refund_window_days: 30,
        currency: 'EUR',
      },
    },
  },
  updateExperiment: { rename: { summary: 'Rename a draft', value: { name: 'Exit overlay (10 % off)' } } },
  assignSession: { session: { summary: 'The session’s variants in every running experiment', value: { session_id: 'sess-5c1d7e' } } },
  recordClick: {
    click: {
      summary: 'A click on a decorated Awin link',
      value: {
        click_id: 'click-3f9a27',
        provider: 'awin',
        reference: 'R3f9a27b1c4d5e6f7',
        destination_url: 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref=R3f9a27b1c4d5e6f7',
        occurred_at: '2026-11-20T09:58:00.000Z',
        content_id: 'best-trail-shoes-2026',
        placement: 'header',
        session_id: 'sess-5c1d7e',
      },
    },
  },
  importReport: {
    canonical: {
      summary: 'One record in the canonical format',
      value: {
        provider: 'awin',
        format: 'canonical',
        records: [
          {
            provider_transaction_id: 'tx-700145',
            reference: 'R3f9a27b1c4d5e6f7',
            status: 'approved',
            sale_amount: 52.43,
            commission_amount: 4.3,
            currency: 'EUR',
            transaction_at: '2026-11-20T10:00:00.000Z',
            updated_at: '2026-11-21T08:00:00.000Z',
            order_ref: 'order-10045',
          },
        ],
      },
    },
  },
  putProduct: {
    product: {
      summary: 'A shoe in stock',
      value: {
        title: 'Trail shoe',
        url: 'https://shop.example/products/trail-shoe',
        price: { amount: 119.9, currency: 'EUR' },
        availability: 'in_stock',
        categories: ['Shoes > Trail'],
        attributes: { color: 'blue' },
        brand: 'Peak',
      },
    },
  },
  putProducts: {
    products: {
      summary: 'Two products at once',
      value: {
        products: [
          { product_id: 'trail-shoe-42', title: 'Trail shoe', url: 'https://shop.example/products/trail-shoe', price: { amount: 119.9, currency: 'EUR' }, availability: 'in_stock' },
          { product_id: 'wool-sock-7', title: 'Wool sock', url: 'https://shop.example/products/wool-sock', price: { amount: 12.5, currency: 'EUR' }, availability: 'preorder' },
        ],
      },
    },
  },
  createCampaign: {
    overlay: {
      summary: 'A newsletter overlay with a form',
      value: {
        name: 'Newsletter overlay',
        kind: 'overlay',
        status: 'active',
        content: { template: 'modal', title: 'Get 10 % off', form: { form_id: 'newsletter', fields: [{ name: 'email', type: 'email', label: 'Email', required: true }] } },
        targeting: { url_include: ['/products/*'], devices: ['desktop'] },
        trigger: { on: 'delay', delay_ms: 5000 },
      },
    },
  },
  updateCampaign: { pause: { summary: 'Rename a campaign', value: { name: 'Newsletter overlay (autumn)' } } },
  submitForm: {
    submission: {
      summary: 'An email from the newsletter overlay',
      value: { campaign_id: EXAMPLE_CAMPAIGN_ID, form_id: 'newsletter', client_submission_id: 'cs-5c1d7e-1', session_id: 'sess-5c1d7e', fields: { email: 'ada@shop.example' } },
    },
  },
  createWorkflow: {
    webhook: {
      summary: 'Call a webhook on every purchase',
      value: { name: 'Purchases to the ERP', trigger: { on: 'conversion', event_types: ['purchase'] }, action: { type: 'webhook', url: 'https://hooks.shop.example/storefront' } },
    },
  },
  updateWorkflow: { pause: { summary: 'Pause a workflow', value: { status: 'paused' } } },
  createIntegration: {
    awin: {
      summary: 'An Awin publisher account, imported every hour',
      value: { kind: 'awin', credentials: { api_token: 'awin-oauth-token-example', account_id: '123456' }, currency: 'EUR', every_minutes: 60, lookback_days: 30, status: 'active' },
    },
  },
  updateIntegration: { pause: { summary: 'Pause the imports', value: { status: 'paused' } } },
};
