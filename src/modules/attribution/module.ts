// Partner attribution (CONTRACT §4): touches from the browser, trusted conversions from the
// merchant's backend reconciled into an order ledger that other modules may follow (the kernel's
// order-ledger listeners).
import { defineModule } from '../module.js';
import { createConversionsService } from './conversions-service.js';
import { attributionRoutes } from './routes.js';
import { TOUCH_CLICK_IDS } from './sealed-touches.js';
import { createTouchesService } from './touches-service.js';

export const attributionModule = defineModule({
  name: 'attribution',
  services: (ctx) => ({
    touches: createTouchesService({ db: ctx.db, keyring: ctx.keyring, sites: ctx.kernel.siteDirectory }),
    conversions: createConversionsService(ctx.db, ctx.orderLedger, ctx.workflowTriggers),
  }),
  routes: (services) => [{ prefix: '/api/v1', plugin: attributionRoutes(services) }],
  sealedColumns: [TOUCH_CLICK_IDS],
});
