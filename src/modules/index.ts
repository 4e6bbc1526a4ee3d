// The registry: every module, one line each, in the order their routes are registered and their
// first-start steps run. Deleting a module is removing its folder and its line here.
import { adminModule } from './admin/module.js';
import { analyticsModule } from './analytics/module.js';
import { apiKeysModule } from './api-keys/module.js';
import { attributionModule } from './attribution/module.js';
import { campaignsModule } from './campaigns/module.js';
import { catalogModule } from './catalog/module.js';
import { consentModule } from './consent/module.js';
import { credentialsModule } from './credentials/module.js';
import { dashboardModule } from './dashboard/module.js';
import { demoModule } from './demo/module.js';
import { eventsModule } from './events/module.js';
import { experimentsModule } from './experiments/module.js';
import { healthModule } from './health/module.js';
import { integrationsModule } from './integrations/module.js';
import { mediaModule } from './media/module.js';
import { publisherModule } from './publisher/module.js';
import { recommendationsModule } from './recommendations/module.js';
import { runtimeModule } from './runtime/module.js';
import { sdkModule } from './sdk/module.js';
import { sitesModule } from './sites/module.js';
import { submissionsModule } from './submissions/module.js';
import { workflowsModule } from './workflows/module.js';
import type { ModuleContext } from './module.js';

export const MODULES = [
  healthModule,
  runtimeModule,
  sitesModule,
  apiKeysModule,
  credentialsModule,
  eventsModule,
  attributionModule,
  experimentsModule,
  publisherModule,
  mediaModule,
  catalogModule,
  campaignsModule,
  recommendationsModule,
  submissionsModule,
  consentModule,
  analyticsModule,
  workflowsModule,
  integrationsModule,
  adminModule,
  sdkModule,
  demoModule,
  dashboardModule,
] as const;

type AnyModule = (typeof MODULES)[number];

/** Every module's services, by module name (`services.publisher.reports`). */
export type ModuleServices = { [M in AnyModule as M['name']]: ReturnType<M['services']> };

export function createModuleServices(ctx: ModuleContext): ModuleServices {
  const entries = MODULES.map((m) => [m.name, m.services(ctx)] as const);
  // One object keyed by name: what the mapped type above says, entry by entry.
  return Object.fromEntries(entries) as ModuleServices;
}
