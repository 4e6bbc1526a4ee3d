// The demo storefront (DEMO=1; on by default on the embedded engine): a shop page that loads the
// SDK with the bootstrap site, and a read-only feed of that one site's latest events for its live
// panel. Nothing here serves any other site.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/types.js';
import { Type } from 'typebox';
import { toIso } from '../../time.js';
import { HTML_PAGE_HELMET } from '../../plugins/security-headers.js';
import { attributionCounts, getDemoState, latestEvents, type DemoState } from './demo-repository.js';

const PAGE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../demo/index.html');

// The SDK on this page needs only same-origin scripts (the renderer module) and fetches, and styles
// its shadow roots with constructed style sheets (no inline <style> to allow); recommended products'
// images may live on any https host (a catalog's CDN).
const csp = HTML_PAGE_HELMET.contentSecurityPolicy;
const DEMO_PAGE_HELMET: typeof HTML_PAGE_HELMET = typeof csp === 'object'
  ? { ...HTML_PAGE_HELMET, contentSecurityPolicy: { ...csp, directives: { ...csp.directives, imgSrc: ["'self'", 'data:', 'https:'] } } }
  : HTML_PAGE_HELMET;

export const demoRoutes = (db: Database): FastifyPluginAsyncTypebox => async (app) => {
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
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        template
          .replaceAll('{{SITE_ID}}', state.site_id)
          .replaceAll('{{EXPERIMENT_ID}}', state.experiment_id)
          .replaceAll('{{SCRIPT_NONCE}}', reply.cspNonce.script)
          .replaceAll('{{STYLE_NONCE}}', reply.cspNonce.style),
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
    const [events, counts] = await Promise.all([latestEvents(db, state.site_id, 25), attributionCounts(db, state.site_id)]);
    return {
      site_id: state.site_id,
      ...counts,
      events: events.map((e) => ({ ...e, occurred_at: toIso(e.occurred_at), received_at: toIso(e.received_at) })),
    };
  });
};
