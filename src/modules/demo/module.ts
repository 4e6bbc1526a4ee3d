// The demo storefront (DEMO=1; on by default on the embedded engine outside production): its page
// (its product grid drawn from the demo site's catalog), its live panel, and the last step of the
// first start, which remembers the demo site and experiment for the page.
import { defineModule } from '../module.js';
import { setDemoState } from './demo-repository.js';
import { demoRoutes } from './routes.js';

export const demoModule = defineModule({
  name: 'demo',
  services: (ctx) => ({
    db: ctx.db,
    shelf: ctx.productShelf,
    sites: ctx.kernel.siteDirectory,
    media: ctx.mediaLibrary,
    publicBaseUrl: ctx.config.publicBaseUrl,
  }),
  routes: (demo, ctx) => (ctx.config.demo ? [{ prefix: '', plugin: demoRoutes(demo) }] : []),
  async firstStart({ db }, start) {
    if (!start.demoSite) return;
    await setDemoState(db, { site_id: start.demoSite.site_id, experiment_id: start.made.experimentId ?? '' });
  },
});
