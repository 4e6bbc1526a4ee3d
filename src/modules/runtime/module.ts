// POST /runtime/token: a public site id exchanged for a runtime token, from an allowed origin only.
import { defineModule } from '../module.js';
import { runtimeRoutes } from './routes.js';
import { createRuntimeService } from './runtime-service.js';

export const runtimeModule = defineModule({
  name: 'runtime',
  services: (ctx) => createRuntimeService(ctx.kernel.sites, ctx.runtimeTokens),
  routes: (runtime, ctx) => [{ prefix: '/api/v1', plugin: runtimeRoutes(runtime, ctx.runtimeLimits) }],
});
