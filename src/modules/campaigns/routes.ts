// Campaign routes (CONTRACT §9): members of the site create, list, read and change campaigns under
// /sites/{siteId}/campaigns; browsers read the site's public configuration (GET /runtime/config,
// runtime token), cached per site in this process and served with its ETag (304 on If-None-Match).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors.js';
import { ifNoneMatchHits, NotModified } from '../../http/conditional.js';
import { Envelope, ok, responses, sendEnvelopeText, TextEnvelope } from '../../http/envelope.js';
import { Page, page, pageRequestOf } from '../../http/pagination.js';
import { merchantActor, principalOf } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { bodyBy } from '../../http/validation.js';
import { toCampaignView } from './campaign-view.js';
import type { CampaignsService } from './campaigns-service.js';
import { Campaign, CampaignParams, CreateBody, CreateCampaignBody, ListQuery, PatchCampaignBody, PublicConfig, SiteParams } from './schemas.js';

const tags = ['campaigns'];
const ofSite = { auth: { merchant: true }, siteAccess: { role: 'member' as const, site: siteInParams } };
const ofCampaign = { auth: { merchant: true }, siteAccess: { role: 'member' as const, site: siteInParams, resource: 'Campaign' } };

const RULES =
  '400: the content fails its kind’s schema (content of another kind), a form without fields or with duplicate names, a quiz without answers, a glob over 200 characters, delay_ms < 0, scroll_percent > 100, ends_at not after starts_at. 422 unknown_experiment / unknown_media: an id the site does not have; 422 experiment_not_running: going active with an experiment that is not running; 422 config_too_large: the public configuration would pass 64 KiB with every active campaign shown.';

export const campaignRoutes = (campaigns: CampaignsService, publicBaseUrl: string | undefined): FastifyPluginAsyncTypebox => async (app) => {
  const baseUrl = (request: FastifyRequest) => publicBaseUrl ?? `${request.protocol}://${request.host}`;

  app.post('/sites/:siteId/campaigns', {
    config: ofSite,
    validatorCompiler: bodyBy(CreateBody),
    schema: {
      operationId: 'createCampaign',
      tags,
      summary: 'Create a campaign (draft unless status says otherwise)',
      description: `${RULES} 422 limit_reached: the site holds LIMIT_CAMPAIGNS_PER_SITE campaigns (default 500) in any status, archived ones included; the message names the number.`,
      params: SiteParams,
      body: CreateCampaignBody,
      response: responses({ 201: Envelope(Campaign) }, [401, 403, 404, 422]),
    },
  }, async (request, reply) => {
    const created = await campaigns.create(merchantActor(request), request.params.siteId, CreateBody.of(request.body), baseUrl(request));
    return reply.code(201).send(ok(request, toCampaignView(created)));
  });

  app.get('/sites/:siteId/campaigns', {
    config: ofSite,
    schema: {
      operationId: 'listCampaigns',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor), optionally of one status or kind. Members of the site.',
      tags, summary: 'The site’s campaigns, newest first (of one status or kind)', params: SiteParams, querystring: ListQuery, response: responses({ 200: Page(Campaign) }, [401, 403, 404]) },
  }, async (request) => {
    const { status, kind, ...pageQuery } = request.query;
    const result = await campaigns.list(merchantActor(request), request.params.siteId, { status, kind }, pageRequestOf(pageQuery));
    return page(request, { items: result.items.map(toCampaignView), nextCursor: result.nextCursor });
  });

  app.get('/sites/:siteId/campaigns/:campaignId', {
    config: ofCampaign,
    schema: {
      operationId: 'getCampaign',
      description: 'The campaign as stored, with its version; another site’s campaign is 404.',
      tags, summary: 'A campaign', params: CampaignParams, response: responses({ 200: Envelope(Campaign) }, [401, 404]) },
  }, async (request) => ok(request, toCampaignView(await campaigns.get(merchantActor(request), request.params.siteId, request.params.campaignId))));

  app.patch('/sites/:siteId/campaigns/:campaignId', {
    config: ofCampaign,
    schema: {
      operationId: 'updateCampaign',
      tags,
      summary: 'Change a campaign: its status and any field (version + 1 when something changed)',
      description: `Content, targeting, trigger and frequency are replaced whole (null: the default); kind never changes. 409 invalid_state: any change to an archived campaign, or a move the status machine refuses (draft → active | archived; active ⇄ paused; any → archived). ${RULES}`,
      params: CampaignParams,
      body: PatchCampaignBody,
      response: responses({ 200: Envelope(Campaign) }, [401, 404, 409, 422]),
    },
  }, async (request) => {
    const { siteId, campaignId } = request.params;
    return ok(request, toCampaignView(await campaigns.change(merchantActor(request), siteId, campaignId, request.body, baseUrl(request))));
  });

  app.get('/runtime/config', {
    config: { auth: { runtime: true }, browser: true },
    schema: {
      operationId: 'getRuntimeConfig',
      tags,
      summary: 'The site’s public configuration for its storefront (runtime token, its Origin)',
      description: 'Live campaigns only (active, in their dates, their gating experiment running), without names or anything internal; media as absolute URLs. ETag with Cache-Control: private, max-age=60; 304 on If-None-Match. A change is served within 5 s by every process.',
      response: { ...responses({ 200: TextEnvelope(PublicConfig) }, [401, 429]), 304: NotModified },
    },
  }, async (request, reply) => {
    const siteId = principalOf(request, 'runtime').siteId;
    const served = await campaigns.publicConfig(siteId, baseUrl(request));
    reply.header('cache-control', 'private, max-age=60');
    if (!served) throw unauthorized('The runtime token belongs to a site that no longer exists');
    reply.header('etag', served.etag);
    if (ifNoneMatchHits(request.headers['if-none-match'], served.etag)) return reply.code(304).send();
    // The configuration is JSON already: the envelope is put around it as text.
    return sendEnvelopeText(request, reply, served.json);
  });
};
