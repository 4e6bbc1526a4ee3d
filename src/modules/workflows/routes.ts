// Workflow routes (CONTRACT §11): members' CRUD, secret rotation, deliveries and replays.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { SiteParams } from '../../http/common-schemas.js';
import { Page, page, pageRequestOf } from '../../http/pagination.js';
import { merchantActor } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { CreateWorkflowBody, DeliveryListQuery, DeliveryParams, DeliveryView, PatchWorkflowBody, RotatedSecret, WorkflowListQuery, WorkflowParams, WorkflowView, WorkflowWithSecret } from './schemas.js';
import type { Delivery, Workflow } from './workflow.js';
import type { WorkflowsService } from './workflows-service.js';

const tags = ['workflows'];
const ofSite = { auth: { merchant: true }, siteAccess: { role: 'member' as const, site: siteInParams } };

const workflowView = (w: Workflow) => ({
  workflow_id: w.workflowId,
  site_id: w.siteId,
  name: w.name,
  status: w.status,
  trigger: { on: w.trigger.on, event_types: w.trigger.eventTypes, conditions: w.trigger.conditions },
  action: { type: 'webhook' as const, url: w.url },
  version: w.version,
  created_at: toIso(w.createdAt),
  updated_at: toIso(w.updatedAt),
});

const deliveryView = (d: Delivery) => ({
  delivery_id: d.deliveryId,
  webhook_id: d.webhookId,
  workflow_id: d.workflowId,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  next_attempt_at: toIsoOrNull(d.nextAttemptAt),
  response_body: d.responseBody,
  created_at: toIso(d.createdAt),
});

const WRITE_RULES =
  'Only server-class events, trusted conversions, publisher report imports and experiment changes trigger; browser events never. event_types filters within the trigger (unknown: 400 at /trigger/event_types/<i>); every condition must hold (path a JSON Pointer into the webhook data, `in` with an array, `exists` without a value: else 400 at the condition). action.url must be https on a public host, else 400 destination_not_allowed at /action/url (ALLOW_PRIVATE_WEBHOOKS=1 lifts it). At most 50 workflows a site: 422 too_many_workflows.';

export const workflowRoutes = (workflows: WorkflowsService): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/sites/:siteId/workflows', {
    config: ofSite,
    schema: { operationId: 'createWorkflow', tags, summary: 'Create a workflow: its signing secret (whsec_…) is shown once, here', description: WRITE_RULES, params: SiteParams, body: CreateWorkflowBody, response: responses({ 201: Envelope(WorkflowWithSecret) }, [401, 403, 404, 422]) },
  }, async (request, reply) => {
    const b = request.body;
    const { workflow, secret } = await workflows.create(merchantActor(request), request.params.siteId, { ...b, status: b.status ?? 'active' });
    return reply.code(201).send(ok(request, { ...workflowView(workflow), secret }));
  });

  app.get('/sites/:siteId/workflows', {
    config: ofSite,
    schema: {
      operationId: 'listWorkflows',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor); signing secrets are never shown after creation. Members of the site.',
      tags, summary: 'The site’s workflows, newest first', params: SiteParams, querystring: WorkflowListQuery, response: responses({ 200: Page(WorkflowView) }, [401, 403, 404]) },
  }, async (request) => {
    const result = await workflows.list(merchantActor(request), request.params.siteId, pageRequestOf(request.query));
    return page(request, { items: result.items.map(workflowView), nextCursor: result.nextCursor });
  });

  app.get('/sites/:siteId/workflows/:workflowId', {
    config: ofSite,
    schema: {
      operationId: 'getWorkflow',
      description: 'The workflow’s name, status, trigger and action (never its signing secret). Another site’s is 404.',
      tags, summary: 'One workflow (never its secret)', params: WorkflowParams, response: responses({ 200: Envelope(WorkflowView) }, [401, 403, 404]) },
  }, async (request) => ok(request, workflowView(await workflows.get(merchantActor(request), request.params.siteId, request.params.workflowId))));

  app.patch('/sites/:siteId/workflows/:workflowId', {
    config: ofSite,
    schema: { operationId: 'updateWorkflow', tags, summary: 'Change a workflow (name, status, trigger, action)', description: WRITE_RULES, params: WorkflowParams, body: PatchWorkflowBody, response: responses({ 200: Envelope(WorkflowView) }, [401, 403, 404]) },
  }, async (request) => ok(request, workflowView(await workflows.change(merchantActor(request), request.params.siteId, request.params.workflowId, request.body))));

  app.delete('/sites/:siteId/workflows/:workflowId', {
    config: ofSite,
    schema: {
      operationId: 'deleteWorkflow',
      description: 'Deletes the workflow with its deliveries, so no further attempt of them is sent.',
      tags, summary: 'Delete a workflow and its deliveries', params: WorkflowParams, response: responses({ 200: Envelope(Type.Object({ deleted: Type.Literal(true) })) }, [401, 403, 404]) },
  }, async (request) => {
    await workflows.remove(merchantActor(request), request.params.siteId, request.params.workflowId);
    return ok(request, { deleted: true as const });
  });

  app.post('/sites/:siteId/workflows/:workflowId/rotate-secret', {
    config: ofSite,
    schema: {
      operationId: 'rotateWorkflowSecret',
      description: 'The new secret (whsec_…) is in this response only. For 24 hours deliveries are signed with both secrets, so receivers can switch without losing any.',
      tags, summary: 'A new signing secret, shown once; the previous one signs too for 24 h', params: WorkflowParams, response: responses({ 200: Envelope(RotatedSecret) }, [401, 403, 404]) },
  }, async (request) => {
    const { secret, until } = await workflows.rotateSecret(merchantActor(request), request.params.siteId, request.params.workflowId);
    return ok(request, { secret, previous_valid_until: toIso(until) });
  });

  app.get('/sites/:siteId/workflows/:workflowId/deliveries', {
    config: ofSite,
    schema: {
      operationId: 'listDeliveries',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor). Members of the site.',
      tags, summary: 'The workflow’s deliveries, newest first: attempts, last status code, next attempt, the first 1 KiB of the answer', params: WorkflowParams, querystring: DeliveryListQuery, response: responses({ 200: Page(DeliveryView) }, [401, 403, 404]) },
  }, async (request) => {
    const q = request.query;
    const result = await workflows.deliveries(merchantActor(request), request.params.siteId, request.params.workflowId, q.status, pageRequestOf(q));
    return page(request, { items: result.items.map(deliveryView), nextCursor: result.nextCursor });
  });

  app.post('/sites/:siteId/workflows/:workflowId/deliveries/:deliveryId/replay', {
    config: ofSite,
    schema: {
      operationId: 'replayDelivery',
      description: 'Sends the delivery again now, with the same webhook-id so receivers can deduplicate; the attempt is added to its history.',
      tags, summary: 'One new attempt of a delivery (same webhook_id), now', params: DeliveryParams, response: responses({ 200: Envelope(DeliveryView) }, [401, 403, 404]) },
  }, async (request) => {
    const p = request.params;
    return ok(request, deliveryView(await workflows.replay(merchantActor(request), p.siteId, p.workflowId, p.deliveryId)));
  });
};
