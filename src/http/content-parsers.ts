// Body parsing. JSON through Fastify's own secure parser, keeping the raw text for platform
// signatures. text/plain holding JSON only on the beacon routes (what navigator.sendBeacon sends
// without a CORS preflight); anywhere else it is 415.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** Accepts text/plain JSON and a credential in the body (CONTRACT §1, beacon routes). */
    beacon?: { credentialField: 'api_key' | 'runtime_token' };
  }
}

export function registerContentParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parse = (request: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void) => {
    request.rawBody = body;
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body, done);
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  app.addContentTypeParser(/^application\/[a-z0-9.+-]*\+json$/, { parseAs: 'string' }, parse);
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (!request.routeOptions.config.beacon) {
      return done(new AppError('unsupported_media_type', 'text/plain is accepted only on beacon routes; send application/json'));
    }
    parse(request, body as string, done);
  });
}
