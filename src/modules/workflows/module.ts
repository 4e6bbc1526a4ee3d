// Workflows (CONTRACT §11): members' webhooks on server events, trusted conversions, publisher report
// imports and experiment changes; each delivery recorded in the transaction of its cause (the
// kernel's workflow triggers) and sent by a durable job, signed by Standard Webhooks v1, to public
// https destinations only (checked on the address connected to).
import { createOutboundSender } from '../../outbound/safe-fetch.js';
import { defineModule } from '../module.js';
import { workflowRoutes } from './routes.js';
import { createWorkflowsService } from './workflows-service.js';

export const workflowsModule = defineModule({
  name: 'workflows',
  services: (ctx) => {
    const sender = createOutboundSender({ allowPrivate: ctx.config.allowPrivateWebhooks });
    return createWorkflowsService({
      db: ctx.db,
      secrets: ctx.secrets,
      keyring: ctx.keyring,
      jobs: ctx.jobs,
      allowPrivate: ctx.config.allowPrivateWebhooks,
      retryScale: ctx.config.webhookRetryScale,
      send: (r) => sender.send({ ...r, method: 'POST' }),
    });
  },
  routes: (workflows) => [{ prefix: '/api/v1', plugin: workflowRoutes(workflows) }],
  workflowTriggers: (workflows) => workflows.triggers,
  jobs: (workflows) => workflows.jobs,
});
