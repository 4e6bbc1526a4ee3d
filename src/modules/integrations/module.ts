// Integrations (CONTRACT §11): owners connect an Awin or CJ account; a durable schedule runs each
// one every every_minutes, reading the network's API over a trailing window (within the network's
// call budget) and importing through the publisher import (the kernel's report imports), each run
// recorded. Endpoints are configuration (AWIN_API_URL, CJ_API_URL).
import { defineModule } from '../module.js';
import { createIntegrationsService } from './integrations-service.js';
import { networkEndpoints } from './network-http.js';
import { integrationRoutes } from './routes.js';
import { INTEGRATION_TOKENS } from './sealed-tokens.js';

export const integrationsModule = defineModule({
  name: 'integrations',
  services: (ctx) =>
    createIntegrationsService({
      db: ctx.db,
      secrets: ctx.secrets,
      keyring: ctx.keyring,
      jobs: ctx.jobs,
      sites: ctx.kernel.siteDirectory,
      imports: ctx.reportImports,
      endpoints: networkEndpoints({ AWIN_API_URL: ctx.config.awinApiUrl, CJ_API_URL: ctx.config.cjApiUrl }),
      limits: ctx.config.limits,
    }),
  routes: (integrations) => [{ prefix: '/api/v1', plugin: integrationRoutes(integrations) }],
  sealedColumns: INTEGRATION_TOKENS,
  jobs: (integrations) => integrations.jobs,
});
