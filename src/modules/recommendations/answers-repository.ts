// All SQL of stored answers: each answer with its items in order, so that impression and click
// events tie back to it. Answers of concurrent requests are written together in one statement.
import type { Queryable } from '../../db/types.js';
import type { Answer, Ask } from './recommendation.js';

export async function insertAnswers(q: Queryable, answers: readonly { ask: Ask; answer: Answer }[]): Promise<void> {
  if (answers.length === 0) return;
  await q.query(
    `INSERT INTO recommendation_answers (site_id, recommendation_id, campaign_id, strategy, session_id, anchor_product_id, items)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[])`,
    [
      answers.map((a) => a.ask.siteId),
      answers.map((a) => a.answer.recommendationId),
      answers.map((a) => a.answer.campaignId),
      answers.map((a) => a.answer.strategy),
      answers.map((a) => a.ask.sessionId),
      answers.map((a) => a.ask.anchorProductId),
      answers.map((a) => JSON.stringify(a.answer.items.map((p, i) => ({ product_id: p.productId, position: i + 1 })))),
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
