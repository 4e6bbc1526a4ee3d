// Integration routes (CONTRACT §11): owners' CRUD, the runs list, and a run on demand (202).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { SiteParams } from '../../http/common-schemas.js';
import { Page, page, pageRequestOf } from '../../http/pagination.js';
import { merchantActor } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { DEFAULT_EVERY_MINUTES, DEFAULT_LOOKBACK_DAYS, type Integration, type IntegrationRun } from './integration.js';
import type { IntegrationsService } from './integrations-service.js';
import { CreateIntegrationBody, IntegrationParams, IntegrationView, ListQuery, PatchIntegrationBody, RunView } from './schemas.js';

const tags = ['integrations'];
const ofOwner = { auth: { merchant: true }, siteAccess: { role: 'owner' as const, site: siteInParams } };

const integrationView = (i: Integration) => ({
  integration_id: i.integrationId,
  site_id: i.siteId,
  kind: i.kind,
  credentials: { account_id: i.accountId, website_id: i.websiteId, api_token_last4: i.tokenLast4 },
  currency: i.currency,
  every_minutes: i.everyMinutes,
  lookback_days: i.lookbackDays,
  status: i.status,
  next_run_at: toIsoOrNull(i.nextRunAt),
  watermark: toIsoOrNull(i.watermarkAt),
  version: i.version,
  created_at: toIso(i.createdAt),
  updated_at: toIso(i.updatedAt),
});

const runView = (r: IntegrationRun) => ({
  run_id: r.runId,
  integration_id: r.integrationId,
  started_by: r.startedBy,
  status: r.status,
  window: r.windowFrom && r.windowTo ? { from: toIso(r.windowFrom), to: toIso(r.windowTo) } : null,
  records: r.records,
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
  errors: r.errors,
  calls: r.calls,
  ...(r.error ? { error: r.error } : {}),
  queued_at: toIso(r.queuedAt),
  started_at: toIsoOrNull(r.startedAt),
  finished_at: toIsoOrNull(r.finishedAt),
});

const WRITE_RULES =
  'Owners only (members: 403). kind awin | cj; credentials { api_token, account_id, website_id? } (the token is stored encrypted and never shown again: api_token_last4 only; PATCH replaces credentials whole, and a change of kind needs them); currency (ISO 4217) is required for cj (400 at /currency); every_minutes ≥ 15 (default 60); lookback_days 1–90 (default 30). An active integration runs now and then every every_minutes; paused, it runs only when asked.';

export const integrationRoutes = (integrations: IntegrationsService): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/sites/:siteId/integrations', {
    config: ofOwner,
    schema: { operationId: 'createIntegration', tags, summary: 'Connect an Awin or CJ account: its reports are imported on a schedule', description: `${WRITE_RULES} A site holds at most LIMIT_INTEGRATIONS_PER_SITE integrations (default 50; deleting one frees room): past it, 422 limit_reached, its message naming the number.`, params: SiteParams, body: CreateIntegrationBody, response: responses({ 201: Envelope(IntegrationView) }, [401, 403, 404, 422]) },
  }, async (request, reply) => {
    const b = request.body;
    const created = await integrations.create(merchantActor(request), request.params.siteId, {
      ...b,
      currency: b.currency ?? null,
      every_minutes: b.every_minutes ?? DEFAULT_EVERY_MINUTES,
      lookback_days: b.lookback_days ?? DEFAULT_LOOKBACK_DAYS,
      status: b.status ?? 'active',
    });
    return reply.code(201).send(ok(request, integrationView(created)));
  });

  app.get('/sites/:siteId/integrations', {
    config: ofOwner,
    schema: {
      operationId: 'listIntegrations',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor); API tokens are never returned. Owners of the site.',
      tags, summary: 'The site’s integrations, newest first', params: SiteParams, querystring: ListQuery, response: responses({ 200: Page(IntegrationView) }, [401, 403, 404]) },
  }, async (request) => {
    const result = await integrations.list(merchantActor(request), request.params.siteId, pageRequestOf(request.query));
    return page(request, { items: result.items.map(integrationView), nextCursor: result.nextCursor });
  });

  app.get('/sites/:siteId/integrations/:integrationId', {
    config: ofOwner,
    schema: {
      operationId: 'getIntegration',
      description: 'The integration’s network, settings, schedule and status; its API token is never returned. Another site’s is 404.',
      tags, summary: 'One integration (never its token)', params: IntegrationParams, response: responses({ 200: Envelope(IntegrationView) }, [401, 403, 404]) },
  }, async (request) => ok(request, integrationView(await integrations.get(merchantActor(request), request.params.siteId, request.params.integrationId))));

  app.patch('/sites/:siteId/integrations/:integrationId', {
    config: ofOwner,
    schema: { operationId: 'updateIntegration', tags, summary: 'Change an integration (credentials, currency, schedule, window, status)', description: WRITE_RULES, params: IntegrationParams, body: PatchIntegrationBody, response: responses({ 200: Envelope(IntegrationView) }, [401, 403, 404]) },
  }, async (request) => ok(request, integrationView(await integrations.change(merchantActor(request), request.params.siteId, request.params.integrationId, request.body))));

  app.delete('/sites/:siteId/integrations/:integrationId', {
    config: ofOwner,
    schema: {
      operationId: 'deleteIntegration',
      description: 'Stops its schedule and deletes its runs; the records it imported stay in the publisher ledger.',
      tags, summary: 'Delete an integration and its runs (what it imported stays)', params: IntegrationParams, response: responses({ 200: Envelope(Type.Object({ deleted: Type.Literal(true) })) }, [401, 403, 404]) },
  }, async (request) => {
    await integrations.remove(merchantActor(request), request.params.siteId, request.params.integrationId);
    return ok(request, { deleted: true as const });
  });

  app.get('/sites/:siteId/integrations/:integrationId/runs', {
    config: ofOwner,
    schema: {
      operationId: 'listIntegrationRuns',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor). Owners of the site.',
      tags, summary: 'The integration’s runs, newest first: status, window, records read, created, updated, unchanged, errors, and why a failed run failed', params: IntegrationParams, querystring: ListQuery, response: responses({ 200: Page(RunView) }, [401, 403, 404]) },
  }, async (request) => {
    const result = await integrations.runs(merchantActor(request), request.params.siteId, request.params.integrationId, pageRequestOf(request.query));
    return page(request, { items: result.items.map(runView), nextCursor: result.nextCursor });
  });

  app.post('/sites/:siteId/integrations/:integrationId/run', {
    config: ofOwner,
    schema: {
      operationId: 'runIntegration',
      description: 'Queues a run at once (202). When a run is already queued or running it is answered instead of a new one.',
      tags, summary: 'Run now: 202 with the queued run, or with the run already queued or running', params: IntegrationParams, response: responses({ 202: Envelope(RunView) }, [401, 403, 404]) },
  }, async (request, reply) => {
    const run = await integrations.runNow(merchantActor(request), request.params.siteId, request.params.integrationId);
    return reply.code(202).send(ok(request, runView(run)));
  });
};
