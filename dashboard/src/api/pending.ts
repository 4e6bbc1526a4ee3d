// The two §12 analytics reads the overview uses (summary and timeseries), declared by hand in
// openapi-typescript's shape until the routes are in the OpenAPI document: when they are, `npm run
// gen:api` puts them in schema.d.ts and this file goes (PendingPaths becomes `{}`).
type Money = number | { [currency: string]: number };

export interface SummaryFigures {
  visitors: number;
  sessions: number;
  page_views: number;
  product_views: number;
  add_to_carts: number;
  browser_purchases: number;
  conversions: { count: number; revenue: Money; commissionable: Money };
  conversion_rate: number;
  average_order_value: Money;
}

interface AnalyticsQuery {
  from?: string;
  to?: string;
  tz?: string;
}

interface Envelope<T> {
  success: true;
  data: T;
  meta: { timestamp: string; request_id: string };
}

interface Operation<Q, T> {
  parameters: { query?: Q; header?: never; path: { siteId: string }; cookie?: never };
  requestBody?: never;
  responses: {
    200: { headers: { [name: string]: unknown }; content: { 'application/json': Envelope<T> } };
    400: { headers: { [name: string]: unknown }; content: { 'application/json': { success: false; error: { code: string; message: string } } } };
  };
}

interface PathItem<Q, T> {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  get: Operation<Q, T>;
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
}

export interface PendingPaths {
  '/api/v1/sites/{siteId}/analytics/summary': PathItem<AnalyticsQuery, SummaryFigures & { previous: SummaryFigures }>;
  '/api/v1/sites/{siteId}/analytics/timeseries': PathItem<
    AnalyticsQuery & { metric: string; interval?: 'hour' | 'day' | 'week'; currency?: string },
    { bucket_start: string; value: number }[]
  >;
}
