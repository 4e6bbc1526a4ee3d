// Security headers on every response (CONTRACT §7), by helmet: nosniff, a referrer policy,
// a CSP that lets a JSON answer load nothing and be framed nowhere, HTML pages (the demo, /docs) a
// CSP of their own that still forbids framing, and HSTS when HSTS=1 (behind TLS).
// Browser routes and the SDK are read from shops' own origins, so their resources may be embedded
// cross-origin (Cross-Origin-Resource-Policy), which the SDK's <script> tag needs. Answers Fastify
// sends before any hook (a URL it cannot route) get the global set through applySecurityHeaders.
// helmet's headers are computed once per set of options (global, or a route's merged over them) and
// replayed on each reply, not recomputed on every request as @fastify/helmet does; only a page with
// CSP nonces computes its set per request.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmetHeaders, { type HelmetOptions } from 'helmet';

export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A route's helmet options, merged over the global ones; `enableCSPNonces` adds a nonce per reply to script-src and style-src. */
type RouteHelmet = HelmetOptions & { enableCSPNonces?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route-level helmet options (merged over the global ones). */
    helmet?: RouteHelmet;
  }
  interface FastifyReply {
    /** The reply's CSP nonces, on routes with `enableCSPNonces`. */
    cspNonce: { script: string; style: string };
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
 * Headers that only mean something for an HTML document (window isolation, legacy browser
 * switches). helmet sets them by default; JSON answers go without them (six fewer headers to
 * write on every API response) and HTML pages ask for them back.
 */
const DOCUMENT_ONLY_OFF = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const satisfies HelmetOptions;
export const HTML_DOCUMENT_HEADERS = {
  crossOriginOpenerPolicy: true,
  originAgentCluster: true,
  xDnsPrefetchControl: true,
  xDownloadOptions: true,
  xPermittedCrossDomainPolicies: true,
  xXssProtection: true,
} as const satisfies HelmetOptions;

/**
 * For an HTML page with inline <script>/<style> blocks that carry the reply's nonce
 * (`reply.cspNonce.script` / `.style`): same-origin scripts, styles and fetches, no framing.
 */
export const HTML_PAGE_HELMET: RouteHelmet = {
  ...HTML_DOCUMENT_HEADERS,
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

type Middleware = ReturnType<typeof helmetHeaders>;
type HeaderList = [name: string, value: string][];

/** The headers a helmet middleware sets, captured once (helmet only calls setHeader and removeHeader), CSP "; "-spaced. */
function headersOf(middleware: Middleware): HeaderList {
  const out = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => void out.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void out.delete(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return [...out].map(([name, value]) => [name, name === 'content-security-policy' ? (spaced(value) ?? value) : value]);
}

/**
 * Through Fastify's reply headers, not the raw response's: Node then writes the status line from
 * Fastify's one header object instead of merging it into a per-header map.
 */
const setAll = (reply: FastifyReply, headers: HeaderList) => {
  for (let i = 0; i < headers.length; i += 1) reply.header(headers[i]![0], headers[i]![1]);
};

/** A route's options over the global ones (helmet's option type is a union of aliases a spread can't follow). */
const merged = (global: HelmetOptions, route: RouteHelmet): HelmetOptions => {
  const { enableCSPNonces: _, ...own } = route;
  return { ...global, ...own } as HelmetOptions;
};

/** The options with nonces added to script-src and style-src. */
function withNonces(options: HelmetOptions, nonce: { script: string; style: string }): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  const directives = { ...(typeof csp === 'object' ? csp.directives : {}) } as Record<string, Iterable<string>>;
  directives.scriptSrc = [...(directives.scriptSrc ?? []), `'nonce-${nonce.script}'`];
  directives.styleSrc = [...(directives.styleSrc ?? []), `'nonce-${nonce.style}'`];
  return { ...options, contentSecurityPolicy: { ...(typeof csp === 'object' ? csp : {}), directives } };
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): Promise<void> {
  const global: HelmetOptions = {
    ...DOCUMENT_ONLY_OFF,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  // helmet computes the headers; they are the same for every reply of a route, so each set is
  // captured once (global, or per route option object: routes share the exported constants) and
  // replayed, instead of running helmet's middleware chain and a CSP rewrite on every request.
  const globalHeaders = headersOf(helmetHeaders(global));
  const byRoute = new WeakMap<RouteHelmet, HeaderList>();
  const headersFor = (route: RouteHelmet | undefined): HeaderList => {
    if (!route) return globalHeaders;
    let made = byRoute.get(route);
    if (!made) {
      made = headersOf(helmetHeaders(merged(global, route)));
      byRoute.set(route, made);
    }
    return made;
  };
  app.decorateReply('cspNonce', null as unknown as { script: string; style: string });
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.config.helmet;
    if (route?.enableCSPNonces) {
      // A page with nonces: its CSP differs per reply.
      reply.cspNonce = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
      setAll(reply, headersOf(helmetHeaders(withNonces(merged(global, route), reply.cspNonce))));
    } else {
      setAll(reply, headersFor(route));
    }
    done();
  });
  app.decorate('applySecurityHeaders', (_request: FastifyRequest, reply: FastifyReply) => setAll(reply, globalHeaders));
}
