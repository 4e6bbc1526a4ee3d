// Recommendations (CONTRACT §10): answers for recommendation campaigns' slots, each stored with its
// recommendation_id. It reads the catalog, product activity and campaign slots through the kernel.
import { defineModule } from '../module.js';
import { createRecommendationsService } from './recommendations-service.js';
import { recommendationRoutes } from './routes.js';

export const recommendationsModule = defineModule({
  name: 'recommendations',
  services: (ctx) => createRecommendationsService({ db: ctx.db, shelf: ctx.productShelf, activity: ctx.productActivity, slots: ctx.recommendationSlots }),
  routes: (recommendations, ctx) => [{ prefix: '/api/v1', plugin: recommendationRoutes(recommendations, ctx.mediaLibrary, ctx.config.publicBaseUrl) }],
});
