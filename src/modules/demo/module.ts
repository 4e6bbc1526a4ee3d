// The demo storefront (DEMO=1; on by default on the embedded engine): its page, its live panel, and
// the last step of the first start, which remembers the demo site and experiment for the page.
import { defineModule } from '../module.js';
import { setDemoState } from './demo-repository.js';
import { demoRoutes } from './routes.js';

export const demoModule = defineModule({
  name: 'demo',
  services: (ctx) => ({ db: ctx.db }),
  routes: ({ db }, ctx) => (ctx.config.demo ? [{ prefix: '', plugin: demoRoutes(db) }] : []),
  async firstStart({ db }, start) {
    await setDemoState(db, { site_id: start.site.site_id, experiment_id: start.made.experimentId ?? '' });
  },
});
