// Products for the catalog's tests, and a client of its routes on a test app.
import type { LightMyRequestResponse } from 'fastify';
import { bearer, countRows, type TestApp } from '../../helpers/app.js';

/** A valid product (without its id, which PUT takes from the path). */
export function product(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Trail running shoe',
    url: 'https://shop.example/products/trail',
    price: { amount: 89.95, currency: 'EUR' },
    availability: 'in_stock',
    ...over,
  };
}

export const item = (productId: string, over: Record<string, unknown> = {}) => ({ product_id: productId, ...product(over) });

/** A site, its member's and owner's ID-token headers, and a key of the site with catalog:write. */
export async function catalogSite(t: TestApp) {
  const site = await t.createSite();
  const key = await t.createKey(site.siteId, ['catalog:write']);
  return {
    ...site,
    member: bearer(await t.idToken(site.member)),
    owner: bearer(await t.idToken(site.owner)),
    key: { 'x-api-key': key.apiKey },
  };
}

/** The catalog routes of one site with one credential. */
export function catalogClient(t: () => TestApp, siteId: string, headers: Record<string, string>) {
  const base = `/api/v1/sites/${siteId}/products`;
  const at = (productId: string) => `${base}/${encodeURIComponent(productId)}`;
  return {
    put: (productId: string, body: unknown): Promise<LightMyRequestResponse> => t().inject({ method: 'PUT', url: at(productId), headers, payload: body as object }),
    get: (productId: string) => t().inject({ method: 'GET', url: at(productId), headers }),
    archive: (productId: string) => t().inject({ method: 'DELETE', url: at(productId), headers }),
    list: (query: Record<string, string | number> = {}) =>
      t().inject({ method: 'GET', url: `${base}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, headers }),
    bulk: (products: unknown[]) => t().inject({ method: 'POST', url: `${base}/bulk`, headers, payload: { products } }),
    count: () => countRows(t(), 'products', siteId),
  };
}

/** Every product id of a list, following its cursors. */
export async function allIds(list: (query: Record<string, string | number>) => Promise<LightMyRequestResponse>, query: Record<string, string | number> = {}): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list({ ...query, ...(cursor ? { cursor } : {}) });
    if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
    const body = res.json();
    ids.push(...body.data.map((p: { product_id: string }) => p.product_id));
    cursor = body.meta.next_cursor;
  } while (cursor);
  return ids;
}
