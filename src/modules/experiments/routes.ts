// Partner experiment routes (experiments.md): management and results for members of the site,
// assignment for the browser (runtime token) before the campaigns it governs load.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { Page, PageQuery, page, pageRequestOf } from '../../http/pagination.js';
import { SiteId } from '../../http/common-schemas.js';
import { merchantActor, principalOf } from '../../http/principals.js';
import { siteInBody, siteInQuery, type SiteLocator } from '../../http/site-access.js';
import {
  Assignments,
  AssignmentsBody,
  CreateExperimentBody,
  Experiment,
  EXPERIMENT_ID_PATTERN,
  ExperimentId,
  Results,
  UpdateExperimentBody,
} from './schemas.js';
import type { ExperimentsService } from './experiments-service.js';

const tags = ['partner experiments'];
const merchant = { auth: { merchant: true } } as const;
const Params = Type.Object({ experimentId: ExperimentId });
const EXPERIMENT_ID = new RegExp(EXPERIMENT_ID_PATTERN);

export const experimentsRoutes = (experiments: ExperimentsService): FastifyPluginAsyncTypebox => async (app) => {
  // The site of the experiment in the path (null: no such experiment); a malformed id is the schema's to name.
  const siteOfExperiment: SiteLocator = async (r) => {
    const params: unknown = r.params;
    const id = typeof params === 'object' && params !== null && 'experimentId' in params ? params.experimentId : undefined;
    if (typeof id !== 'string' || !EXPERIMENT_ID.test(id)) return undefined;
    return { id: (await experiments.siteOf(id)) ?? null };
  };

  app.post('/partner-experiments', {
    config: { ...merchant, siteAccess: { role: 'member', site: siteInBody } },
    schema: {
      operationId: 'createExperiment',
      description: 'A draft experiment with its arms, for the site named by website_id (members of it). Start it to begin assigning sessions. A site holds at most LIMIT_EXPERIMENTS_PER_SITE experiments (default 200) in any state: past it, 422 limit_reached, its message naming the number.',
      tags, summary: 'Create an experiment (draft)', body: CreateExperimentBody, response: responses({ 201: Envelope(Experiment) }, [401, 403, 404, 422]) },
  }, async (request, reply) => {
    const { website_id, ...input } = request.body;
    return reply.code(201).send(ok(request, await experiments.create(merchantActor(request), website_id, input)));
  });

  app.get('/partner-experiments', {
    config: { ...merchant, siteAccess: { role: 'member', site: siteInQuery } },
    schema: {
      operationId: 'listExperiments',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor), for the site named by website_id (members of it).',
      tags,
      summary: 'The site’s experiments, newest first',
      querystring: Type.Object({ website_id: SiteId, ...PageQuery }),
      response: responses({ 200: Page(Experiment) }, [401, 403, 404]),
    },
  }, async (request) =>
    page(request, await experiments.list(merchantActor(request), request.query.website_id, pageRequestOf(request.query))));

  app.get('/partner-experiments/:experimentId', {
    config: merchant,
    schema: {
      operationId: 'getExperiment',
      description: 'The experiment with its arms and status; to anyone but a member of its site it does not exist (404).',
      tags, summary: 'One experiment', params: Params, response: responses({ 200: Envelope(Experiment) }, [401, 404]) },
  }, async (request) => ok(request, await experiments.get(merchantActor(request), request.params.experimentId)));

  app.patch('/partner-experiments/:experimentId', {
    // Access before the schema: to a non-member the experiment does not exist (404 whatever the body).
    config: { ...merchant, siteAccess: { role: 'member', resource: 'Experiment', site: siteOfExperiment } },
    schema: {
      operationId: 'updateExperiment',
      description: 'Only a draft may change; a running or stopped experiment answers 409 invalid_state.',
      tags, summary: 'Change a draft (409 invalid_state otherwise)', params: Params, body: UpdateExperimentBody, response: responses({ 200: Envelope(Experiment) }, [401, 404, 409]) },
  }, async (request) => ok(request, await experiments.update(merchantActor(request), request.params.experimentId, request.body)));

  app.post('/partner-experiments/:experimentId/start', {
    config: merchant,
    schema: {
      operationId: 'startExperiment',
      description: 'From then on sessions are assigned to its arms; any other state answers 409 invalid_state.',
      tags, summary: 'draft → running (409 invalid_state otherwise)', params: Params, response: responses({ 200: Envelope(Experiment) }, [401, 404, 409]) },
  }, async (request) => ok(request, await experiments.start(merchantActor(request), request.params.experimentId)));

  app.post('/partner-experiments/:experimentId/stop', {
    config: merchant,
    schema: {
      operationId: 'stopExperiment',
      description: 'Assignment stops; results stay readable. Any state but running answers 409 invalid_state.',
      tags, summary: 'running → stopped (409 invalid_state otherwise)', params: Params, response: responses({ 200: Envelope(Experiment) }, [401, 404, 409]) },
  }, async (request) => ok(request, await experiments.stop(merchantActor(request), request.params.experimentId)));

  readRoutes(app, experiments);
};

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** Results for members; the browser's assignment of its session. */
function readRoutes(app: App, experiments: ExperimentsService): void {
  app.get('/partner-experiments/:experimentId/results', {
    config: merchant,
    schema: {
      operationId: 'getExperimentResults',
      tags,
      summary: 'Results: four metrics per arm with effects, and the sample-ratio, power, late-conversion and refund states',
      description:
        'Unit: the session; denominator: every assigned session (intent-to-treat). Only trusted purchases count (browser purchase events never do), net of adjustments and cancellations. Money figures are in the experiment’s currency.',
      params: Params,
      response: responses({ 200: Envelope(Results) }, [401, 404]),
    },
  }, async (request) => ok(request, await experiments.results(merchantActor(request), request.params.experimentId)));

  app.post('/partner-experiments/assignments', {
    config: { auth: { runtime: true }, browser: true },
    schema: {
      operationId: 'assignSession',
      description: 'Sticky per session: the same session always gets the same variant of an experiment. Runtime token only (browser).',
      tags,
      summary: 'The session’s sticky variant in the site’s running experiments, before the campaigns they govern load',
      body: AssignmentsBody,
      response: responses({ 200: Envelope(Assignments) }, [401, 404]),
    },
  }, async (request) => {
    const principal = principalOf(request, 'runtime');
    return ok(request, await experiments.assign(principal.siteId, request.body.session_id, request.body.experiment_ids));
  });
}
