// The demo storefront (DEMO=1; on by default on the embedded engine outside production): a shop page
// that loads the SDK with the demo site and draws that site's catalog, and a read-only feed, without
// a credential, of what the page itself sent to that one site (feed-event.ts: browser events, the
// page's own properties) for its live panel. Nothing here serves any other site.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/types.js';
import type { MediaLibrary, ProductShelf, SiteDirectory } from '../../kernel/index.js';
import { Type } from 'typebox';
import { toIso } from '../../time.js';
import { HTML_PAGE_HELMET } from '../../plugins/security-headers.js';
import { attributionCounts, getDemoState, latestBrowserEvents, type DemoState } from './demo-repository.js';
import { DEMO_PAGE_EVENT_TYPES, demoPageProperties, demoPageUrl } from './feed-event.js';
import { pageProducts, productsJson } from './page-products.js';

export interface DemoDeps {
  db: Database;
  shelf: ProductShelf;
  sites: SiteDirectory;
  media: MediaLibrary;
  publicBaseUrl: string | undefined;
}

/** The most products the page's grid shows. */
const GRID_SIZE = 24;

const PAGE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../demo/index.html');

// The SDK on this page needs only same-origin scripts (the renderer module) and fetches, and styles
// its shadow roots with constructed style sheets (no inline <style> to allow); recommended products'
// images may live on any https host (a catalog's CDN).
const csp = HTML_PAGE_HELMET.contentSecurityPolicy;
const DEMO_PAGE_HELMET: typeof HTML_PAGE_HELMET = typeof csp === 'object'
  ? { ...HTML_PAGE_HELMET, contentSecurityPolicy: { ...csp, directives: { ...csp.directives, imgSrc: ["'self'", 'data:', 'https:'] } } }
  : HTML_PAGE_HELMET;

export const demoRoutes = ({ db, shelf, sites, media, publicBaseUrl }: DemoDeps): FastifyPluginAsyncTypebox => async (app) => {
  const template = readFileSync(PAGE, 'utf8');
  // The bootstrap writes the demo state once (possibly after this plugin is registered) and never
  // changes it: once found, it is not read again (the panel polls every 1.5 s).
  let known: DemoState | undefined;
  const demoState = async () => (known ??= await getDemoState(db));

  app.get('/demo', { config: { auth: 'public', helmet: DEMO_PAGE_HELMET }, schema: { hide: true } }, async (request, reply) => {
    const state = await demoState();
    if (!state) {
      return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>Storefront demo</title><p>There is no demo site: the demo is made on the first start of an empty database (without STOREFRONT_NO_BOOTSTRAP).</p>');
    }
    // Media on this server's own origin (relative) unless PUBLIC_BASE_URL says where it is served.
    const products = pageProducts(await shelf.newest(state.site_id, { limit: GRID_SIZE, inStockOnly: false }), (id) => media.publicUrl(publicBaseUrl ?? '', id));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        template
          .replaceAll('{{SITE_ID}}', state.site_id)
          .replaceAll('{{EXPERIMENT_ID}}', state.experiment_id)
          .replaceAll('{{SCRIPT_NONCE}}', reply.cspNonce.script)
          .replaceAll('{{STYLE_NONCE}}', reply.cspNonce.style)
          // Last: nothing a product's text holds is replaced after it.
          .replace('{{PRODUCTS_JSON}}', () => productsJson(products)),
      );
  });

  app.get('/demo/api/events', {
    config: { auth: 'public' },
    schema: {
      hide: true,
      response: {
        200: Type.Object({
          site_id: Type.String(),
          touches: Type.Integer(),
          publisher_clicks: Type.Integer(),
          events: Type.Array(
            Type.Object({
              event_id: Type.String(),
              event_type: Type.String(),
              trust_class: Type.String(),
              occurred_at: Type.String(),
              received_at: Type.String(),
              page_url: Type.Union([Type.String(), Type.Null()]),
              properties: Type.Record(Type.String(), Type.Unknown()),
            }),
          ),
        }),
        404: Type.Object({ error: Type.String() }),
      },
    },
  }, async (_request, reply) => {
    const state = await demoState();
    if (!state) return reply.code(404).send({ error: 'no demo site' });
    const [events, counts, site] = await Promise.all([
      latestBrowserEvents(db, state.site_id, DEMO_PAGE_EVENT_TYPES, 25),
      attributionCounts(db, state.site_id),
      sites.get(state.site_id),
    ]);
    const origins = site?.origins ?? [];
    return {
      site_id: state.site_id,
      ...counts,
      events: events.map((e) => ({
        event_id: e.event_id,
        event_type: e.event_type,
        trust_class: e.trust_class,
        occurred_at: toIso(e.occurred_at),
        received_at: toIso(e.received_at),
        page_url: demoPageUrl(e.page_url, origins),
        properties: demoPageProperties(e.event_type, e.properties),
      })),
    };
  });
};
