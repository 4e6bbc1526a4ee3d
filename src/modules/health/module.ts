// Liveness and readiness, at the root (for orchestrators) and under /api/v1.
import { defineModule } from '../module.js';
import { healthRoutes } from './routes.js';

export const healthModule = defineModule({
  name: 'health',
  services: () => ({}),
  routes: (_services, ctx) => [
    { prefix: '', plugin: healthRoutes(ctx.readiness) },
    { prefix: '/api/v1', plugin: healthRoutes(ctx.readiness, 'V1') },
  ],
});
