// Recommendations (CONTRACT §10): answers for recommendation campaigns' slots, each stored with its
// recommendation_id, from an item-to-item model learned from product events (refreshed in the
// server by a periodic job, or now with `recommendations refresh`) and measured with
// `recommendations evaluate`. It reads the catalog, product activity and campaign slots through
// the kernel.
import { str } from '../../cli/command.js';
import { UsageError } from '../../cli/usage.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import { defineModule } from '../module.js';
import type { EvaluationResult } from './evaluation.js';
import { createRecommendationsService } from './recommendations-service.js';
import { recommendationRoutes } from './routes.js';

/** The evaluation as lines for people: one a strategy. */
const readable = (r: EvaluationResult) => ({
  split: r.split,
  sessions: r.sessions,
  questions: r.questions,
  ...Object.fromEntries(Object.entries(r.strategies).map(([name, s]) => [name, `HitRate@10 ${s.hit_rate_at_10.toFixed(4)}  NDCG@10 ${s.ndcg_at_10.toFixed(4)}`])),
});

export const recommendationsModule = defineModule({
  name: 'recommendations',
  services: (ctx) =>
    createRecommendationsService({
      db: ctx.db,
      shelf: ctx.productShelf,
      activity: ctx.productActivity,
      slots: ctx.recommendationSlots,
      sites: ctx.kernel.siteDirectory,
      refreshSeconds: ctx.config.recommendationsRefreshSeconds,
    }),
  background: (recommendations) => recommendations.job,
  routes: (recommendations, ctx) => [{ prefix: '/api/v1', plugin: recommendationRoutes(recommendations, ctx.mediaLibrary, ctx.config.publicBaseUrl) }],
  commands: {
    'recommendations refresh': {
      kind: 'database',
      usage: `recommendations refresh --site SITE [--paced]
                                                learn the site's new product events into its recommendation model now,
                                                flat out (--paced: as the server's job does, a quarter of the time in
                                                pieces of 1,000 events, so that a server beside it keeps its speed)`,
      options: { site: { type: 'string' }, paced: { type: 'boolean' } },
      async run(recommendations, o) {
        return { ...(await recommendations.refresh(str(o, 'site')!, { paced: o.paced === true })) };
      },
    },
    'recommendations evaluate': {
      kind: 'database',
      usage: `recommendations evaluate --site SITE --split T
                                                HitRate@10 and NDCG@10 of each strategy and of popularity: a model
                                                trained on the site's events before T (ISO 8601) asked about the
                                                sessions after it (it is held in memory)`,
      options: { site: { type: 'string' }, split: { type: 'string' } },
      async run(recommendations, o) {
        const split = parseIsoTimestamp(str(o, 'split')!);
        if (split === null) throw new UsageError('--split must be an ISO 8601 timestamp with an offset, such as 2026-03-01T00:00:00Z');
        const result = await recommendations.evaluate(str(o, 'site')!, new Date(split));
        return o.json === true ? { ...result } : readable(result);
      },
    },
  },
});
