// Security headers on every response (CONTRACT §7), by @fastify/helmet: nosniff, a referrer policy,
// a CSP that lets a JSON answer load nothing and be framed nowhere, HTML pages (the demo, /docs) a
// CSP of their own that still forbids framing, and HSTS when HSTS=1 (behind TLS).
// Browser routes and the SDK are read from shops' own origins, so their resources may be embedded
// cross-origin (Cross-Origin-Resource-Policy), which the SDK's <script> tag needs.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

type RouteHelmet = Omit<FastifyHelmetOptions, 'global'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route-level helmet options (merged over the global ones). */
    helmet?: RouteHelmet;
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

export async function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // helmet joins CSP directives with ";" alone; the contract writes them "; "-separated (the same policy).
  app.addHook('onSend', async (_request, reply) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && /;\S/.test(csp)) reply.header('content-security-policy', csp.replace(/;(?=\S)/g, '; '));
  });
}
