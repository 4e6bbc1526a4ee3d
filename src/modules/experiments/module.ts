// Partner experiments (experiments.md): management, sticky assignment, results; their running sums
// follow the order ledger (a listener of the kernel's extension point).
import { defineModule } from '../module.js';
import { experimentLedger } from './experiment-ledger.js';
import { createExperimentsService } from './experiments-service.js';
import { experimentsRoutes } from './routes.js';

export const experimentsModule = defineModule({
  name: 'experiments',
  services: (ctx) => createExperimentsService(ctx.db, ctx.secrets, ctx.workflowTriggers, ctx.config.limits),
  routes: (experiments) => [{ prefix: '/api/v1', plugin: experimentsRoutes(experiments) }],
  orderLedgerListener: () => experimentLedger,
  experimentGate: (experiments) => experiments.gate,
  // The demo site runs an experiment, so that the demo storefront shows every part: made a draft
  // here, it names the campaigns it gates (made by the campaigns' step, after this one) and starts
  // once every step has run.
  async firstStart(experiments, start) {
    const site = start.demoSite;
    if (!site) return;
    const experiment = await experiments.create(start.owner, site.site_id, {
      name: 'Welcome offer',
      hypothesis: 'Offering 10% off to new visitors (treatment sees the welcome modal, control does not) leads to more purchases',
    });
    start.made.experimentId = experiment.experiment_id;
    start.later.push(async () => {
      const gated = start.made.gatedCampaignIds ?? [];
      if (gated.length > 0) await experiments.update(start.owner, experiment.experiment_id, { surfaces: gated.map((id) => ({ type: 'overlay', campaign_id: id })) });
      await experiments.start(start.owner, experiment.experiment_id);
    });
  },
});
