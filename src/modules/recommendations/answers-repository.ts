// All SQL of stored answers: each answer with its items in order, so that impression and click
// events tie back to it.
import type { Queryable } from '../../db/types.js';
import type { Answer, Ask } from './recommendation.js';

export async function insertAnswer(q: Queryable, ask: Ask, answer: Answer): Promise<void> {
  await q.query(
    `INSERT INTO recommendation_answers (site_id, recommendation_id, campaign_id, strategy, session_id, anchor_product_id, items)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      ask.siteId,
      answer.recommendationId,
      answer.campaignId,
      answer.strategy,
      ask.sessionId,
      ask.anchorProductId,
      JSON.stringify(answer.items.map((p, i) => ({ product_id: p.productId, position: i + 1 }))),
    ],
  );
}

/** A stored answer's items (product ids in order), or undefined. */
export async function findAnswer(q: Queryable, siteId: string, recommendationId: string): Promise<{ campaignId: string; strategy: string; productIds: string[] } | undefined> {
  const { rows } = await q.query<{ campaign_id: string; strategy: string; items: { product_id: string }[] }>(
    'SELECT campaign_id, strategy, items FROM recommendation_answers WHERE site_id = $1 AND recommendation_id = $2',
    [siteId, recommendationId],
  );
  const r = rows[0];
  return r && { campaignId: r.campaign_id, strategy: r.strategy, productIds: r.items.map((i) => i.product_id) };
}
