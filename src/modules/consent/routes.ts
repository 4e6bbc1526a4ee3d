// Consent routes (CONTRACT §13): a browser records each decision its visitor makes with a runtime
// token (its Origin), also as a beacon during unload; members read the site's records.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { Page, page, pageRequestOf } from '../../http/pagination.js';
import { merchantActor, principalOf } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { SiteParams } from '../../http/common-schemas.js';
import type { ConsentService } from './consent-service.js';
import { toConsentView } from './consent-view.js';
import { ConsentBody, ConsentRecordView, ConsentRecorded, ListQuery } from './schemas.js';

const tags = ['consent'];

const RECORD_DESCRIPTION = [
  'Runtime token only, with the Origin it was issued for (another or none: 401); a secret key or an ID token is 401. During page unload the body may be text/plain with `runtime_token` in it and no credential header (navigator.sendBeacon); a secret key in the body is 401.',
  'Every decision is a new record (the SDK sends one for each): nothing is updated or replaced, so the records are the history of what the visitor chose. Bad input (no choices, a choice that is not true/false, an unknown source, a policy_version over 64 characters or with a control character) is 400 at its pointer and nothing is stored.',
  'Stored with the token’s origin and the server’s time of receipt; the session and device ids are encrypted at rest and the device is also kept as a keyed hash for lookups. The client address is not stored.',
].join('\n\n');

export const consentRoutes = (consent: ConsentService): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/consent', {
    config: { auth: { runtime: true }, browser: true, beacon: { credentialField: 'runtime_token' } },
    schema: {
      operationId: 'recordConsent',
      tags,
      summary: 'Record a visitor’s consent decision: 201 { consent_id }',
      description: RECORD_DESCRIPTION,
      body: ConsentBody,
      response: responses({ 201: Envelope(ConsentRecorded, 'Recorded') }, [401]),
    },
  }, async (request, reply) => {
    const { siteId, origin } = principalOf(request, 'runtime');
    const b = request.body;
    const input = { sessionId: b.session_id, deviceId: b.device_id, choices: b.choices, source: b.source, policyVersion: b.policy_version };
    return reply.code(201).send(ok(request, { consent_id: await consent.record(siteId, origin, input) }));
  });

  app.get('/sites/:siteId/consents', {
    config: { auth: { merchant: true }, siteAccess: { role: 'member' as const, site: siteInParams } },
    schema: {
      operationId: 'listConsents',
      tags,
      summary: 'The site’s consent records, newest first',
      description:
        'Members of the site (a non-member 403, an unknown site 404); API keys are not accepted. device_id narrows to one device’s records; a cursor continues only the list it came from (another device_id refuses it, 400 at /cursor).',
      params: SiteParams,
      querystring: ListQuery,
      response: responses({ 200: Page(ConsentRecordView) }, [401, 403, 404]),
    },
  }, async (request) => {
    const result = await consent.list(merchantActor(request), request.params.siteId, request.query.device_id, pageRequestOf(request.query));
    return page(request, { items: result.items.map(toConsentView), nextCursor: result.nextCursor });
  });
};
