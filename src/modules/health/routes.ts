// Liveness and readiness for orchestrators.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../errors.js';
import { Envelope, ok, responses } from '../../http/envelope.js';
import type { Readiness } from '../module.js';

/** `idSuffix` keeps the operation ids unique: the routes are served at the root and under /api/v1. */
export const healthRoutes = (readiness: () => Promise<Readiness>, idSuffix = ''): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/health', {
    config: { auth: 'public' },
    schema: {
      operationId: `checkLiveness${idSuffix}`,
      description: 'Answers 200 as long as the process runs; it does not touch the database (see the readiness route for that).',
      tags: ['health'],
      summary: 'Liveness: the process answers',
      response: responses({ 200: Envelope(Type.Object({ status: Type.Literal('ok') })) }, []),
    },
  }, async (request) => ok(request, { status: 'ok' as const }));

  app.get('/ready', {
    config: { auth: 'public' },
    schema: {
      operationId: `checkReadiness${idSuffix}`,
      description: 'Answers 200 when the database answers and every migration is applied, else 503 unavailable with the reason.',
      tags: ['health'],
      summary: 'Readiness: the database answers and every migration is applied',
      response: responses(
        { 200: Envelope(Type.Object({ status: Type.Literal('ready'), engine: Type.String(), migrations: Type.Integer() })) },
        [],
      ),
    },
  }, async (request) => {
    const state = await readiness();
    if (!state.ready) throw new AppError('unavailable', state.reason);
    return ok(request, { status: 'ready' as const, engine: state.engine, migrations: state.migrations });
  });
};
