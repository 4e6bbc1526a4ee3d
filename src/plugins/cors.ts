// CORS for the browser routes only (CONTRACT §1): preflights from any origin are answered (the
// origin echoed, Vary: Origin), and the site's origins are enforced on the request itself by the
// runtime-token rules, so a page on a wrong origin can read the 401/403 it gets. Merchant, key and
// admin routes send no CORS headers.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads it per route: false sends no CORS headers. */
    cors?: false | FastifyCorsOptions;
  }
}

const BROWSER: FastifyCorsOptions = {
  origin: true,
  methods: ['GET', 'POST', 'OPTIONS'],
  // If-None-Match and ETag: the SDK revalidates the public configuration (GET /runtime/config) itself.
  allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  exposedHeaders: ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Request-Id', 'ETag'],
  maxAge: 600,
};

/**
 * @fastify/cors with the browser routes' options, and `config.cors: false` on every other route
 * (set by `corsOff`, from the route declarations), so a merchant, key or admin request pays one
 * property check and gets no CORS headers. Preflights all reach the plugin's `OPTIONS *` route: one
 * for a path that is not a browser route is answered 404 before the plugin sees it.
 */
export async function registerCors(app: FastifyInstance, isBrowserPath: (path: string) => boolean): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'OPTIONS' && request.routeOptions.url === '*' && !isBrowserPath((request.url ?? '/').split('?')[0]!)) {
      reply.callNotFound();
      return;
    }
    done();
  });
  await app.register(cors, BROWSER);
}

/** Whether a route is the plugin's preflight route (which must keep CORS on). */
export const isPreflightRoute = (route: { method: string | string[]; url: string }) => route.url === '*' && [route.method].flat().includes('OPTIONS');

/** Collects the routes that declare `browser: true` into a path matcher (exact paths, and `/*` wildcards as prefixes). */
export function browserPathRegistry() {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  return {
    add(url: string) {
      if (url.endsWith('*')) prefixes.push(url.slice(0, -1));
      else exact.add(url.replace(/\/$/, ''));
    },
    matches(path: string) {
      return exact.has(path.replace(/\/$/, '')) || prefixes.some((p) => path.startsWith(p));
    },
  };
}
