// CORS for the browser routes only (CONTRACT §1): preflights from any origin are answered (the
// origin echoed, Vary: Origin), and the site's origins are enforced on the request itself by the
// runtime-token rules, so a page on a wrong origin can read the 401/403 it gets. Merchant, key and
// admin routes send no CORS headers.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

const BROWSER: FastifyCorsOptions = {
  origin: true,
  methods: ['GET', 'POST', 'OPTIONS'],
  // If-None-Match and ETag: the SDK revalidates the public configuration (GET /runtime/config) itself.
  allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  exposedHeaders: ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Request-Id', 'ETag'],
  maxAge: 600,
};
const NONE: FastifyCorsOptions = { origin: false };

export async function registerCors(app: FastifyInstance, isBrowserPath: (path: string) => boolean): Promise<void> {
  await app.register(cors, {
    delegator: (req, callback) => {
      const path = (req.url ?? '/').split('?')[0]!;
      callback(null, isBrowserPath(path) ? BROWSER : NONE);
    },
  });
}

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
