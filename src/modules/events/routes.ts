// Event routes (CONTRACT §3): track and batch call the same ingestion function; reading an event
// back is for members of its site.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { merchantActor, principalOf } from '../../http/principals.js';
import { quotaHeaders } from '../../rate-limit/hourly-limiter.js';
import { toIso } from '../../time.js';
import { isGpcSignal } from '../../kernel/index.js';
import type { FastifyRequest } from 'fastify';
import type { EventsService } from './events-service.js';
import type { BrowserRequest, IngestService } from './ingest-service.js';
import { BatchBody, BatchEvents, BatchResult, Event, EventParams, StoredEvent, TrackedEvent, TrackResult } from './schemas.js';

const tags = ['events'];
/** What ingestion reads of a browser request: the address and user agent anonymous sessions hash, the GPC signal. */
const browserOf = (request: FastifyRequest): BrowserRequest => ({
  address: request.ip,
  ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
  gpc: isGpcSignal(request.headers['sec-gpc']),
});

const ingestAuth = { runtime: true, apiKey: { scopes: ['events:write' as const], missingScopeStatus: 401 as const } };

export const eventsRoutes = ({ ingest, events }: { ingest: IngestService; events: EventsService }): FastifyPluginAsyncTypebox => async (app) => {

  app.post('/events/track', {
    config: { auth: ingestAuth, browser: true, quotaHeaders: true },
    validatorCompiler: TrackedEvent.validatorCompiler,
    schema: {
      operationId: 'trackEvent',
      description:
        'Runtime token (browser trust, with its Origin) or API key with events:write (server trust). The event is validated against its type; the deduplication key makes a replay 200 with the original event_id. Every answer carries the hourly quota in RateLimit-* headers. A browser event may carry `context.consent` ({ analytics, marketing, source, policy_version? }); under the site’s consent policy an event without analytics consent is stored with no device_id and no user_id and with the server’s own anon_ session (server-trust events are not gated).',
      tags,
      summary: 'Track one event: 201 stored, 200 duplicate (deduplicated: true, the original event_id)',
      body: Event,
      response: responses({ 200: Envelope(TrackResult), 201: Envelope(TrackResult) }, [401, 413, 429]),
    },
  }, async (request, reply) => {
    const principal = principalOf(request, 'runtime', 'apiKey');
    const bytes = Buffer.byteLength(request.rawBody ?? '');
    const { outcomes, quota } = await ingest.ingestEvents(principal, [{ ...TrackedEvent.of(request.body), bytes }], browserOf(request));
    reply.headers(quotaHeaders(quota));
    const outcome = outcomes[0]!;
    if (!outcome.ok) throw new AppError(outcome.code, outcome.message, outcome.details);
    return reply.code(outcome.deduplicated ? 200 : 201).send(
      ok(request, { event_id: outcome.eventId, timestamp: toIso(outcome.occurredAt), deduplicated: outcome.deduplicated }),
    );
  });

  app.post('/events/batch', {
    config: { auth: ingestAuth, browser: true, beacon: { credentialField: 'api_key' }, quotaHeaders: true },
    validatorCompiler: BatchEvents.validatorCompiler,
    schema: {
      operationId: 'trackEvents',
      tags,
      summary: '1–100 events, each validated alone: 201 when all succeed, 207 when any fails (the good ones are stored)',
      description: 'Also the beacon route: during page unload a browser may send `{ api_key: <runtime token>, events }` as text/plain without a credential header.',
      body: BatchBody,
      response: responses({ 201: Envelope(BatchResult), 207: Envelope(BatchResult) }, [401, 413, 429]),
    },
  }, async (request, reply) => {
    const principal = principalOf(request, 'runtime', 'apiKey');
    const { outcomes, quota } = await ingest.ingestEvents(principal, BatchEvents.of(request.body), browserOf(request));
    reply.headers(quotaHeaders(quota));
    let accepted = 0;
    let duplicates = 0;
    const results = outcomes.map((o, index) => {
      if (!o.ok) return { index, success: false, error: { code: o.code, message: o.message, details: o.details } };
      if (o.deduplicated) duplicates += 1;
      else accepted += 1;
      return { index, success: true, event_id: o.eventId, timestamp: toIso(o.occurredAt), deduplicated: o.deduplicated };
    });
    const failed = results.length - accepted - duplicates;
    return reply.code(failed > 0 ? 207 : 201).send(ok(request, { results, accepted, deduplicated: duplicates, failed }));
  });

  app.get('/events/:eventId', {
    config: { auth: { merchant: true } },
    schema: {
      operationId: 'getEvent',
      description: 'The stored event with its properties, trust class, received time and the source of its deduplication key. Members of the event’s site; another site’s event is 404.',
      tags,
      summary: 'An event as stored, with its trust class and deduplication key source (members of its site)',
      params: EventParams,
      response: responses({ 200: Envelope(StoredEvent) }, [401, 403, 404]),
    },
  }, async (request) => ok(request, await events.getEvent(merchantActor(request), request.params.eventId)));
};
