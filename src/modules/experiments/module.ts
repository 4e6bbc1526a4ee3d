// Partner experiments (experiments.md): management, sticky assignment, results; their running sums
// follow the order ledger (a listener of the kernel's extension point).
import { defineModule } from '../module.js';
import { experimentLedger } from './experiment-ledger.js';
import { createExperimentsService } from './experiments-service.js';
import { experimentsRoutes } from './routes.js';

export const experimentsModule = defineModule({
  name: 'experiments',
  services: (ctx) => createExperimentsService(ctx.db, ctx.secrets, ctx.workflowTriggers),
  routes: (experiments) => [{ prefix: '/api/v1', plugin: experimentsRoutes(experiments) }],
  orderLedgerListener: () => experimentLedger,
  experimentGate: (experiments) => experiments.gate,
  // The demo site runs an experiment, so that the demo storefront shows every part.
  async firstStart(experiments, start) {
    const experiment = await experiments.create(start.owner, start.site.site_id, {
      name: 'Demo overlay',
      hypothesis: 'A bolder welcome overlay leads to more purchases',
      surfaces: [{ type: 'overlay', campaign_id: 'demo-welcome' }],
    });
    await experiments.start(start.owner, experiment.experiment_id);
    start.made.experimentId = experiment.experiment_id;
  },
});
