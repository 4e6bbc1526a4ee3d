// Partner attribution routes (CONTRACT §4): browser touches, trusted conversions, and the ledger
// read back by members of the site.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { NonEmpty, SiteId, Timestamp } from '../../http/common-schemas.js';
import { bodyRule } from '../../http/validation.js';
import { merchantActor, principalOf } from '../../http/principals.js';
import { consentSignalsOf } from '../../http/consent-signals.js';
import { siteInQuery, type SiteLocator } from '../../http/site-access.js';
import { checkConversionRequest } from './conversion-request.js';
import { CONVERSION_TYPES, ConversionBody, ConversionEnvelope } from './conversion-schemas.js';
import { TouchesBody, TouchesResult } from './touch-schemas.js';
import type { ConversionsService } from './conversions-service.js';
import type { TouchesService } from './touches-service.js';

const tags = ['partner attribution'];
const Money = Type.Number({ description: 'In the currency, with its decimals' });

/**
 * The website_id of the object the envelope's event_type names (`/conversion/website_id`, …). It reads
 * the body before the schema, so event_type may be anything: only an own name of CONVERSION_TYPES
 * selects an object (an object as event_type cannot even become a property key).
 */
const siteOfConversion: SiteLocator = (r) => {
  const body = r.body as Record<string, unknown> | undefined;
  const type = body?.event_type;
  const key = typeof type === 'string' && Object.hasOwn(CONVERSION_TYPES, type) ? CONVERSION_TYPES[type as keyof typeof CONVERSION_TYPES] : undefined;
  const object = key ? body![key] : undefined;
  if (typeof object !== 'object' || object === null) return undefined;
  return { id: (object as Record<string, unknown>).website_id, at: `/${key}/website_id` };
};

/** The envelope, then exactly one matching object checked with its own schema: the handler gets the typed request. */
const ConversionRequestBody = bodyRule(ConversionEnvelope, checkConversionRequest, { message: 'The conversion is not valid' });

const ConversionResult = Type.Object({
  authoritative: Type.Optional(Type.Literal(true)),
  deduplicated: Type.Optional(Type.Literal(true)),
  conversion_id: Type.String(),
  entry_id: Type.String(),
  unresolved_touch_ids: Type.Optional(Type.Array(Type.String(), { description: 'Named touches not (yet) recorded; they resolve when they arrive' })),
  unresolved_assignment_ids: Type.Optional(Type.Array(Type.String())),
  state: Type.Optional(Type.Enum(['open', 'cancelled'])),
  net_revenue: Type.Optional(Money),
  net_commissionable: Type.Optional(Money),
  net_margin: Type.Optional(Type.Union([Money, Type.Null()])),
});

const ConversionView = Type.Object({
  order_id: Type.String(),
  conversion_id: Type.String(),
  currency: Type.String(),
  state: Type.Enum(['open', 'cancelled']),
  net_revenue: Money,
  net_commissionable: Money,
  net_margin: Type.Union([Money, Type.Null()]),
  touch_ids: Type.Array(Type.String()),
  unresolved_touch_ids: Type.Array(Type.String()),
  assignment_ids: Type.Array(Type.String()),
  unresolved_assignment_ids: Type.Array(Type.String()),
  entries: Type.Array(
    Type.Object({
      entry_id: Type.String(),
      type: Type.Enum(['purchase', 'adjustment', 'cancellation']),
      occurred_at: Timestamp,
      received_at: Timestamp,
      revenue_delta: Money,
      commissionable_delta: Money,
      margin_delta: Type.Union([Money, Type.Null()]),
      reason: Type.Optional(Type.String()),
    }),
  ),
});

export const attributionRoutes = ({ touches, conversions }: { touches: TouchesService; conversions: ConversionsService }): FastifyPluginAsyncTypebox => async (app) => {

  app.post('/partner-attribution/touches', {
    config: { auth: { runtime: true }, browser: true, beacon: { credentialField: 'runtime_token' } },
    schema: {
      operationId: 'recordTouches',
      tags,
      summary: 'Record 1–20 affiliate touches, all or nothing: 201 if any is new, 200 if all are unchanged replays, 409 on a reused touch_id',
      description:
        'Runtime tokens only, so every touch is browser-class evidence. Raw click ids are encrypted before storage and never returned. During unload the body may be text/plain with `runtime_token` in it and no credential header. Touches are marketing: `consent` is what the page had in force, and under the site’s consent policy (opt_in: only a visitor’s banner or API decision grants; cookieless: never; opt_out with honor_gpc: `Sec-GPC: 1` objects) a request without marketing consent is 403 consent_required and nothing is stored.',
      body: TouchesBody,
      response: responses({ 200: Envelope(TouchesResult), 201: Envelope(TouchesResult) }, [401, 403, 409]),
    },
  }, async (request, reply) => {
    const principal = principalOf(request, 'runtime');
    const result = await touches.recordTouches(principal.siteId, request.body.touches, consentSignalsOf(request, request.body.consent));
    return reply.code(result.created ? 201 : 200).send(ok(request, { results: result.results }));
  });

  app.post('/partner-attribution/conversions', {
    config: { auth: { apiKey: { scopes: ['partner_attribution:convert'] } }, siteAccess: { site: siteOfConversion } },
    validatorCompiler: ConversionRequestBody.validatorCompiler,
    schema: {
      operationId: 'recordConversion',
      tags,
      summary: 'Record a trusted purchase, adjustment or cancellation of an order',
      description:
        'Amounts are reconciled exactly in minor units of the currency (422 reconciliation_failed names the rule). Idempotent per site: an identical replay answers 200 deduplicated, a changed one 409 idempotency_conflict.',
      body: ConversionBody,
      response: responses({ 200: Envelope(ConversionResult), 201: Envelope(ConversionResult) }, [401, 403, 409, 422]),
    },
  }, async (request, reply) => {
    const principal = principalOf(request, 'apiKey');
    const { outcome, data } = await conversions.recordConversion(principal.siteId, ConversionRequestBody.of(request.body));
    return reply.code(outcome === 'created' ? 201 : 200).send(ok(request, data));
  });

  app.get('/partner-attribution/conversions/:orderId', {
    config: { auth: { merchant: true }, siteAccess: { role: 'member', site: siteInQuery } },
    schema: {
      operationId: 'getConversion',
      description:
        'The order’s ledger entries (purchase, adjustments, cancellation) with their deltas, its net amounts and state, and the touches and assignments it names (resolved or not). Members of the site named by website_id.',
      tags,
      summary: 'An order’s ledger and current state (members of the site)',
      params: Type.Object({ orderId: NonEmpty(255) }),
      querystring: Type.Object({ website_id: SiteId }),
      response: responses({ 200: Envelope(ConversionView) }, [401, 403, 404]),
    },
  }, async (request) => ok(request, await conversions.getConversion(merchantActor(request), request.query.website_id, request.params.orderId)));
};
