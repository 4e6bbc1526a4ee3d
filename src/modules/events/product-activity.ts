// What visitors did with products (the kernel's product activity), for recommendations: per
// product, its views, add-to-carts and purchases since a time, from events of any trust class; and
// the stream of product events, read after a cursor up to a horizon that no late commit can pass
// (the model's refresh), or by time (the evaluation).
import type { Database } from '../../db/types.js';
import type { ProductActivity } from '../../kernel/index.js';
import { interactionsAfter, interactionsBetween, productCountsSince, sitesWithInteractions, streamFrontier, streamHorizon } from './activity-repository.js';

export function createProductActivity(db: Database): ProductActivity {
  return {
    countsSince: (siteId, since, limit) => productCountsSince(db, siteId, since, limit),
    horizon: (q = db) => streamHorizon(q),
    frontier: (q = db) => streamFrontier(q),
    interactionsAfter: (siteId, cursor, horizon, limit, q = db) => interactionsAfter(q, siteId, cursor, horizon, limit),
    sitesWithInteractions: (cursors, horizon, others) => sitesWithInteractions(db, cursors, horizon, others),
    interactionsBetween: (siteId, from, to, cursor, limit) => interactionsBetween(db, siteId, from, to, cursor, limit),
  };
}
