// Campaigns (CONTRACT §9): overlays, chatbots and recommendation slots a member sets up, gated by an
// experiment when they name one (the kernel's experiment gate), using media items (the media module
// asks before deleting one); the public configuration browsers read (GET /runtime/config); the forms
// of live campaigns for the submissions module (the kernel's campaign forms).
import { defineModule } from '../module.js';
import { createCampaignsService } from './campaigns-service.js';
import { createDemoCampaigns } from './demo-campaigns.js';
import { campaignRoutes } from './routes.js';

export const campaignsModule = defineModule({
  name: 'campaigns',
  services: (ctx) =>
    createCampaignsService({
      db: ctx.db,
      secrets: ctx.secrets,
      sites: ctx.kernel.siteDirectory,
      gate: ctx.experimentGate,
      media: ctx.mediaLibrary,
      publicBaseUrl: ctx.config.publicBaseUrl,
      limits: ctx.config.limits,
    }),
  routes: (campaigns, ctx) => [{ prefix: '/api/v1', plugin: campaignRoutes(campaigns, ctx.config.publicBaseUrl) }],
  mediaUser: (campaigns) => ({ usesMedia: campaigns.usesMedia }),
  campaignForms: (campaigns) => campaigns.forms,
  recommendationSlots: (campaigns) => campaigns.slots,
  firstStart: (campaigns, start) => createDemoCampaigns(campaigns, start),
});
