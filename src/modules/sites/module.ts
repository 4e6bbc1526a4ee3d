// Sites and members over HTTP (CONTRACT §1): the kernel's sites service, for merchants.
import { defineModule } from '../module.js';
import { sitesRoutes } from './routes.js';

export const sitesModule = defineModule({
  name: 'sites',
  services: (ctx) => ctx.kernel.sites,
  routes: (sites) => [{ prefix: '/api/v1', plugin: sitesRoutes(sites) }],
});
