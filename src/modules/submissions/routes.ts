// Submission routes (CONTRACT §9): a browser submits a campaign's form with a runtime token (its
// Origin; charged to its address and campaign before the schema); members read the site's
// submissions and erase one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { Page, page, pageRequestOf } from '../../http/pagination.js';
import { merchantActor, principalOf } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { SiteParams } from '../../http/common-schemas.js';
import { toIso } from '../../time.js';
import { Accepted, ErasedSubmission, ListQuery, SubmissionParams, Submission, SubmitBody } from './schemas.js';
import type { SubmissionsService } from './submissions-service.js';
import { toSubmissionView } from './submission-view.js';

const tags = ['submissions'];
const ofSite = { auth: { merchant: true }, siteAccess: { role: 'member' as const, site: siteInParams } };
/** To a non-member, or on another site, a submission does not exist (404, the body of an unknown id). */
const ofSubmission = { auth: { merchant: true }, siteAccess: { role: 'member' as const, site: siteInParams, resource: 'Submission' } };

/** The body's campaign_id as sent (before the schema: a refused body is charged too). */
const campaignIdOf = (body: unknown): unknown => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).campaign_id : undefined);

const SUBMIT_DESCRIPTION = [
  'Runtime token only, with the Origin it was issued for (another or none: 401); a secret key or an ID token is 401. Answers 202 { submission_id } once the submission is stored.',
  'Order: the token (401); the rate limit: per client address and campaign at most 10 requests a clock minute, replays and 400s included (429 rate_limited with Retry-After and RateLimit-* headers); the schema (400 at the path: at most 30 keys in fields, each value text ≤ 1,000 characters, true/false or null, U+0000 and unpaired surrogates refused anywhere); the campaign: 404 not_found unless it is active on the token’s site, within its dates, with a form (another site’s campaign is 404 alike); form_id must be that form’s (400 at /form_id); then the form’s rules (400 validation_failed, every problem at its pointer).',
  'Rules: a key the form does not name is 400 at /fields/<name>; required fields present and not empty; text stored trimmed; an email field a valid address (the browsers’ rule for type=email, a dotted domain) of ≤ 254 characters; a phone field 6–20 digits with spaces, hyphens, parentheses and a leading +; a choice one of its options; a consent field true or false, true when required. consent on a form without a consent text is 400 at /consent; consent.granted must agree with the form’s consent field, and be true when that field is required.',
  'Idempotency: the same client_submission_id on the site answers 202 with the first submission_id; so does the same email (trimmed, lower-cased) on the same campaign within 24 h. An erased submission no longer counts. A filled honeypot (fields.website) answers 202 like any other and is never listed, exported or counted. Fields are encrypted at rest; the consent is kept with the sha256 of the text shown and the server’s time. Submissions never trigger workflows.',
].join('\n\n');

export const submissionsRoutes = (submissions: SubmissionsService): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/submissions', {
    config: { auth: { runtime: true }, browser: true },
    // After the credential hooks (app-level), before the schema: every authenticated attempt counts.
    preValidation: async (request: FastifyRequest) => {
      await submissions.chargeAttempt(principalOf(request, 'runtime').siteId, request.ip, campaignIdOf(request.body));
    },
    schema: {
      operationId: 'submitForm',
      tags,
      summary: 'Submit a campaign’s form from the browser: 202 { submission_id }',
      description: SUBMIT_DESCRIPTION,
      body: SubmitBody,
      response: responses({ 202: Envelope(Accepted, 'Stored (or a replay of the first submission)') }, [401, 404, 429]),
    },
  }, async (request, reply) => {
    const { siteId } = principalOf(request, 'runtime');
    const b = request.body;
    const input = { campaignId: b.campaign_id, formId: b.form_id, clientSubmissionId: b.client_submission_id, sessionId: b.session_id, fields: b.fields, consent: b.consent };
    return reply.code(202).send(ok(request, { submission_id: await submissions.submit(siteId, input) }));
  });

  app.get('/sites/:siteId/submissions', {
    config: ofSite,
    schema: {
      operationId: 'listSubmissions',
      tags,
      summary: 'The site’s submissions, newest first, their fields decrypted',
      description:
        'Members of the site (a non-member 403, an unknown site 404). campaign_id narrows to one campaign; a cursor continues only the list it came from (another campaign_id refuses it, 400 at /cursor). Spam and erased submissions never appear.',
      params: SiteParams,
      querystring: ListQuery,
      response: responses({ 200: Page(Submission) }, [401, 403, 404]),
    },
  }, async (request) => {
    const result = await submissions.list(merchantActor(request), request.params.siteId, request.query.campaign_id, pageRequestOf(request.query));
    return page(request, { items: result.items.map(toSubmissionView), nextCursor: result.nextCursor });
  });

  app.get('/sites/:siteId/submissions/:submissionId', {
    config: ofSubmission,
    schema: {
      operationId: 'getSubmission',
      tags,
      summary: 'One submission, its fields decrypted',
      description: 'Members of the site. Spam, an erased submission, an unknown id, another site’s submission and a non-member are the same 404.',
      params: SubmissionParams,
      response: responses({ 200: Envelope(Submission) }, [401, 403, 404]),
    },
  }, async (request) => ok(request, toSubmissionView(await submissions.get(merchantActor(request), request.params.siteId, request.params.submissionId))));

  app.delete('/sites/:siteId/submissions/:submissionId', {
    config: ofSubmission,
    schema: {
      operationId: 'eraseSubmission',
      tags,
      summary: 'Erase a submission’s personal data: 200 { submission_id, erased_at }',
      description:
        'Members of the site. The encrypted fields, the email and phone hashes and the session are dropped at once; afterwards the submission is 404 to reads and to a second erasure, is no longer exported, and its email no longer dedupes. An unknown id, another site’s submission and a non-member are the same 404.',
      params: SubmissionParams,
      response: responses({ 200: Envelope(ErasedSubmission) }, [401, 403, 404]),
    },
  }, async (request) => {
    const erased = await submissions.erase(merchantActor(request), request.params.siteId, request.params.submissionId);
    return ok(request, { submission_id: erased.submissionId, erased_at: toIso(erased.erasedAt) });
  });
};
