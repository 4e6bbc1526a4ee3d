// GET /app and every path under it (each view of the single-page app has its URL): the page, which
// loads /app/assets/app.js and app.css. The page has a CSP of its own: its script and style sheet
// only (no inline script), fetches to this origin and, with an identity provider, to the provider's
// (discovery and the token endpoint); images from https hosts (product images on a catalog's CDN).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import { HTML_PAGE_HELMET } from '../../plugins/security-headers.js';
import { notFound } from '../../errors.js';
import { ASSET_NAMES, dashboardBundle, type AssetName } from './bundle.js';

const PAGE = (js: string, css: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Storefront dashboard</title>
<link rel="stylesheet" href="/app/assets/app.css?v=${css}">
<script type="module" src="/app/assets/app.js?v=${js}"></script>
</head>
<body>
<div id="root"><main><p role="status">Loading the dashboard…</p></main></div>
<noscript><p>The Storefront dashboard needs JavaScript.</p></noscript>
</body>
</html>
`;

/** The page's helmet options: HTML_PAGE_HELMET's CSP, with https images and the identity provider's origin for fetches. */
export function dashboardHelmet(config: Pick<Config, 'idp'>): typeof HTML_PAGE_HELMET {
  const csp = HTML_PAGE_HELMET.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? csp.directives : {};
  const idpOrigins = config.idp ? [new URL(config.idp.issuer).origin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, imgSrc: ["'self'", 'data:', 'https:'], connectSrc: ["'self'", ...idpOrigins] },
    },
  };
}

const isAsset = (name: string): name is AssetName => (ASSET_NAMES as readonly string[]).includes(name);

export const dashboardPageRoutes = (config: Pick<Config, 'idp'>): FastifyPluginAsyncTypebox => async (app) => {
  const helmet = dashboardHelmet(config);
  const sendPage = async (_request: FastifyRequest, reply: FastifyReply) => {
    const bundle = await dashboardBundle();
    const version = (name: AssetName) => encodeURIComponent(bundle[name].etag.slice(1, 13));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(PAGE(version('app.js'), version('app.css')));
  };
  app.get('/app', { config: { auth: 'public', helmet }, schema: { hide: true } }, sendPage);
  app.get('/app/*', { config: { auth: 'public', helmet }, schema: { hide: true } }, sendPage);

  app.get('/app/assets/:name', {
    config: { auth: 'public' },
    schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 64 }) }) },
  }, async (request, reply) => {
    const { name } = request.params;
    if (!isAsset(name)) throw notFound('Dashboard asset');
    const file = (await dashboardBundle())[name];
    reply.type(file.contentType).header('cache-control', 'no-cache').header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.send(file.body);
  });
};
