// GET /credentials/current: what the presented credential is, without side effects.
import { defineModule } from '../module.js';
import { credentialsRoutes } from './routes.js';

export const credentialsModule = defineModule({
  name: 'credentials',
  services: () => ({}),
  routes: () => [{ prefix: '/api/v1', plugin: credentialsRoutes }],
});
