// What visitors did with products (the kernel's product activity), for recommendations: per
// product, its views, add-to-carts and purchases since a time, from events of any trust class.
import type { Database } from '../../db/types.js';
import type { ProductActivity } from '../../kernel/index.js';
import { productCountsSince } from './activity-repository.js';

export function createProductActivity(db: Database): ProductActivity {
  return { countsSince: (siteId, since, limit) => productCountsSince(db, siteId, since, limit) };
}
