// SQL of product activity: per product, its views, add-to-carts and purchases since a time (any
// trust class). A purchase names its products in `product_id`, or in `items` / `products` (arrays
// of objects with a `product_id`). Read through the partial index of product events.
import type { Queryable } from '../../db/types.js';
import type { ProductCounts } from '../../kernel/index.js';

const COUNTS = `
  WITH named AS (
    SELECT e.event_type, e.properties->>'product_id' AS product_id
      FROM events e
     WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.event_type IN ('product_view', 'add_to_cart', 'purchase')
    UNION ALL
    SELECT 'purchase', line->>'product_id'
      FROM events e, jsonb_array_elements(
             CASE WHEN jsonb_typeof(e.properties->'items') = 'array' THEN e.properties->'items'
                  WHEN jsonb_typeof(e.properties->'products') = 'array' THEN e.properties->'products'
                  ELSE '[]'::jsonb END) AS line
     WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.event_type = 'purchase' AND jsonb_typeof(line) = 'object'
  )
  SELECT product_id,
         count(*) FILTER (WHERE event_type = 'product_view')::int AS views,
         count(*) FILTER (WHERE event_type = 'add_to_cart')::int AS carts,
         count(*) FILTER (WHERE event_type = 'purchase')::int AS purchases
    FROM named
   WHERE product_id IS NOT NULL AND length(product_id) BETWEEN 1 AND 128
   GROUP BY product_id
   ORDER BY count(*) DESC, product_id COLLATE "C"
   LIMIT $3`;

export async function productCountsSince(q: Queryable, siteId: string, since: Date, limit: number): Promise<ProductCounts[]> {
  const { rows } = await q.query<{ product_id: string; views: number; carts: number; purchases: number }>(COUNTS, [siteId, since, limit]);
  return rows.map((r) => ({ productId: r.product_id, views: r.views, carts: r.carts, purchases: r.purchases }));
}
