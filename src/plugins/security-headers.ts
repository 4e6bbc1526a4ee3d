// Security headers on every response (CONTRACT §7), by @fastify/helmet: nosniff, a referrer policy,
// a CSP that lets a JSON answer load nothing and be framed nowhere, HTML pages (the demo, /docs) a
// CSP of their own that still forbids framing, and HSTS when HSTS=1 (behind TLS).
// Browser routes and the SDK are read from shops' own origins, so their resources may be embedded
// cross-origin (Cross-Origin-Resource-Policy), which the SDK's <script> tag needs. Answers Fastify
// sends before any hook (a URL it cannot route) get the global set through applySecurityHeaders.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmetHeaders from 'helmet';

export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

type RouteHelmet = Omit<FastifyHelmetOptions, 'global'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route-level helmet options (merged over the global ones). */
    helmet?: RouteHelmet;
  }
  interface FastifyInstance {
    /**
     * Sets the global security headers on a reply that no hook has seen: Fastify answers a URL it
     * cannot route (a bad percent-escape, an over-long parameter) before onRequest, so helmet never ran.
     */
    applySecurityHeaders?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
}

/** For routes that browsers on shops' origins call or load (CORS routes, the SDK). */
export const BROWSER_ROUTE_HELMET: RouteHelmet = { crossOriginResourcePolicy: { policy: 'cross-origin' } };

/**
 * For an HTML page with inline <script>/<style> blocks that carry the reply's nonce
 * (`reply.cspNonce.script` / `.style`): same-origin scripts, styles and fetches, no framing.
 */
export const HTML_PAGE_HELMET: RouteHelmet = {
  enableCSPNonces: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
};

/** swagger-ui's own CSP (script hashes of its page), but never framed and without forcing https. */
export const docsCsp = (header: string): string =>
  header
    .replace(/frame-ancestors [^;]*;/, "frame-ancestors 'none';")
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .trim();

// helmet joins CSP directives with ";" alone; the contract writes them "; "-separated (the same policy).
const spaced = (csp: unknown) => (typeof csp === 'string' && /;\S/.test(csp) ? csp.replace(/;(?=\S)/g, '; ') : undefined);

export async function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): Promise<void> {
  const global = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  } as const;
  await app.register(helmet, { global: true, ...global });
  app.addHook('onSend', async (_request, reply) => {
    const csp = spaced(reply.getHeader('content-security-policy'));
    if (csp) reply.header('content-security-policy', csp);
  });
  const setGlobalHeaders = helmetHeaders(global);
  app.decorate('applySecurityHeaders', (request: FastifyRequest, reply: FastifyReply) => {
    setGlobalHeaders(request.raw, reply.raw, () => undefined);
    const csp = spaced(reply.raw.getHeader('content-security-policy'));
    if (csp) reply.raw.setHeader('content-security-policy', csp);
  });
}
